import { useEffect, useState } from 'react';
import { Alert, Badge, Button, Group, Modal, Progress, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { ApiError, useApi } from '../../../admin/sdk';

/** The health fields of a target as the entity API reads them. */
export interface TargetHealth {
  id: string;
  name: string;
  paused: boolean;
  pausedAt: string | null;
  pauseReason: string | null;
  consecutiveFailures: number;
  failingSince: string | null;
  pauseAfterFailures: number;
}

interface ReplayRun {
  id: string;
  status: string;
  total: number;
  processed: number;
  succeeded: number;
  failed: number;
  skipped: number;
  lastError: string | null;
}

/** Paused (why), failing (how often in a row), or healthy. */
export function HealthBadge({ target }: { target: TargetHealth }) {
  if (target.paused)
    return (
      <Tooltip label={target.pauseReason ?? 'paused'}>
        <Badge color="red">Paused</Badge>
      </Tooltip>
    );
  if (target.consecutiveFailures > 0)
    return (
      <Badge color="orange" variant="light">
        Failing ({target.consecutiveFailures} of {target.pauseAfterFailures})
      </Badge>
    );
  return (
    <Badge color="green" variant="light">
      Healthy
    </Badge>
  );
}

/** Polls a run until it ends, showing its progress. */
function RunProgress({ runId }: { runId: string }) {
  const api = useApi();
  const [run, setRun] = useState<ReplayRun | null>(null);
  useEffect(() => {
    let stopped = false;
    const poll = async () => {
      const next = await api.get<ReplayRun>(`/api/_action/ext-order-export/replay-run/${runId}`).catch(() => null);
      if (stopped) return;
      if (next) setRun(next);
      if (!next || next.status === 'queued' || next.status === 'running') setTimeout(poll, 1000);
    };
    void poll();
    return () => {
      stopped = true;
    };
  }, [api, runId]);
  if (!run) return <Text size="sm">Queued…</Text>;
  return (
    <Stack gap={4} data-testid="replay-progress">
      <Progress value={run.total === 0 ? 100 : (100 * run.processed) / run.total} aria-label="Replay progress" />
      <Text size="sm">
        {run.status}: {run.processed} of {run.total} ({run.succeeded} exported, {run.failed} failed, {run.skipped} skipped){run.lastError ? ` — ${run.lastError}` : ''}
      </Text>
    </Stack>
  );
}

/** Resume a paused target (its held orders are replayed) and replay its failed exports over a time range. */
export function HealthActions({ target, onChanged }: { target: TargetHealth; onChanged: () => void }) {
  const api = useApi();
  const [open, setOpen] = useState(false);
  const [since, setSince] = useState(() => new Date(Date.now() - 24 * 3600_000).toISOString().slice(0, 16));
  const [runId, setRunId] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  async function resume() {
    const result = await api.post<{ runId: string | null }>(`/api/_action/ext-order-export/target/${target.id}/resume`);
    if (result.runId) {
      setRunId(result.runId);
      setOpen(true);
    }
    onChanged();
  }

  async function replay() {
    setFailure(null);
    try {
      const run = await api.post<ReplayRun>('/api/_action/ext-order-export/replay-run', { configId: target.id, since: new Date(since).toISOString() }, { quiet: [400, 404, 409] });
      setRunId(run.id);
    } catch (error) {
      if (error instanceof ApiError) setFailure(error.message);
    }
  }

  return (
    <>
      {target.paused && (
        <Button size="compact-xs" color="red" variant="light" onClick={resume}>
          Resume
        </Button>
      )}
      <Button size="compact-xs" variant="default" onClick={() => setOpen(true)}>
        Replay failed
      </Button>
      <Modal
        opened={open}
        onClose={() => {
          setOpen(false);
          setRunId(null);
          onChanged();
        }}
        title={`Replay failed exports to ${target.name}`}
      >
        <Stack>
          <Text size="sm">Sends every export to this target that failed since the given time again, once per order, at the target's rate.</Text>
          <Group align="flex-end">
            <TextInput type="datetime-local" label="Failed since" value={since} onChange={(e) => setSince(e.currentTarget.value)} />
            <Button onClick={replay} disabled={target.paused || !since}>
              Start replay
            </Button>
          </Group>
          {target.paused && <Alert color="orange">Resume the target first.</Alert>}
          {failure && <Alert color="red">{failure}</Alert>}
          {runId && <RunProgress runId={runId} />}
        </Stack>
      </Modal>
    </>
  );
}
