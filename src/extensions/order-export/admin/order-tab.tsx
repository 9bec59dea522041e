import { useState } from 'react';
import { Alert, Badge, Button, Code, Group, Select, Stack, Table, Text } from '@mantine/core';
import { ApiError, DateTime, EmptyState, LoadError, Loading, Section, StateBadge, useApi, useCan, useLoad, type OrderDetailTabProps } from '../../../admin/sdk';

interface Revision {
  revision: number;
  correlationId: string;
  sentAt: string;
  payload: unknown;
  truncated: boolean;
}

interface Exchange {
  url?: string;
  method?: string;
  status?: number;
  headers: Record<string, string> | null;
  body: string | null;
  bodyTruncated: boolean;
}

interface Attempt {
  id: string;
  revision: number;
  trigger: string;
  outcome: string;
  startedAt: string;
  durationMs: number;
  request: Exchange | null;
  response: Exchange | null;
  error: string | null;
}

interface TargetView {
  id: string;
  name: string;
  active: boolean;
  paused: boolean;
  pauseReason: string | null;
  held: boolean;
  export: { id: string; status: string; revision: number; deliveredAt: string | null; ackStatus: string | null; lastError: string | null } | null;
  revisions: Revision[];
  attempts: Attempt[];
}

interface Change {
  path: string;
  change: 'added' | 'removed' | 'changed';
  old?: unknown;
  new?: unknown;
}

const show = (value: unknown) => (value === undefined ? '–' : JSON.stringify(value));

/** The order page's export tab: per target its last outcome, revisions with payloads and a diff, attempts with request and answer, and the actions. */
export function OrderExportTab({ order }: OrderDetailTabProps) {
  const api = useApi();
  const view = useLoad(() => api.get<{ targets: TargetView[] }>(`/api/_action/ext-order-export/order/${order.id}`), [order.id]);
  if (view.error) return <LoadError error={view.error} onRetry={view.reload} />;
  if (!view.data) return <Loading />;
  if (view.data.targets.length === 0) return <EmptyState title="No targets">Add a target under Order export first.</EmptyState>;
  return (
    <Stack>
      {view.data.targets.map((target) => (
        <TargetCard key={target.id} orderId={order.id} target={target} onChanged={view.reload} />
      ))}
    </Stack>
  );
}

function TargetCard({ orderId, target, onChanged }: { orderId: string; target: TargetView; onChanged: () => void }) {
  const api = useApi();
  const can = useCan();
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  async function act(name: string, path: string, body?: unknown) {
    setBusy(name);
    setMessage(null);
    try {
      const result = await api.post<{ outcome: string; revision: number }>(path, body, { quiet: [404, 409, 422, 502] });
      setMessage({ ok: result.outcome !== 'failed', text: `${name}: ${result.outcome.replace(/_/g, ' ')}, revision ${result.revision}` });
    } catch (error) {
      if (error instanceof ApiError) setMessage({ ok: false, text: `${name}: ${error.message}` });
    } finally {
      setBusy(null);
      onChanged();
    }
  }

  const exportNow = (force: boolean) => act(force ? 'Forced revision' : 'Export', '/api/_action/ext-order-export/export', { orderId, configId: target.id, forceReExport: force });
  const status = target.export?.status;
  const writable = can('ext_order_export:update') && target.active && !target.paused;
  return (
    <Section
      title={target.name}
      actions={
        <Group gap="xs">
          {target.paused && <Badge color="red">Paused</Badge>}
          {target.held && <Badge color="orange">Held until resumed</Badge>}
          {!target.active && <Badge color="gray">Inactive</Badge>}
          {status ? <StateBadge state={status} /> : <Badge color="gray" variant="light">Not exported</Badge>}
        </Group>
      }
    >
      <Stack gap="sm">
        {target.export && (
          <Text size="sm">
            Revision {target.export.revision}, delivered <DateTime value={target.export.deliveredAt} />
            {target.export.ackStatus ? `, ${target.export.ackStatus}` : ''}
            {target.export.lastError ? ` — ${target.export.lastError}` : ''}
          </Text>
        )}
        {can('ext_order_export:update') && (
          <Group gap="xs">
            <Button size="xs" onClick={() => exportNow(false)} loading={busy === 'Export'} disabled={!writable}>
              Export now
            </Button>
            <Button size="xs" variant="default" onClick={() => exportNow(true)} loading={busy === 'Forced revision'} disabled={!writable || !target.export}>
              Force a new revision
            </Button>
          </Group>
        )}
        {message && (
          <Alert color={message.ok ? 'green' : 'red'} data-testid="export-action-result">
            {message.text}
          </Alert>
        )}
        {target.export && <Revisions exportId={target.export.id} revisions={target.revisions} />}
        {target.attempts.length > 0 && <Attempts attempts={target.attempts} replay={writable ? (a) => act('Replay', `/api/_action/ext-order-export/attempt/${a.id}/replay`) : undefined} />}
      </Stack>
    </Section>
  );
}

function Revisions({ exportId, revisions }: { exportId: string; revisions: Revision[] }) {
  const api = useApi();
  const options = revisions.map((r) => ({ value: String(r.revision), label: `Revision ${r.revision}` }));
  const [shown, setShown] = useState<string | null>(String(revisions.at(-1)?.revision ?? ''));
  const [from, setFrom] = useState<string | null>(revisions.length > 1 ? String(revisions.at(-2)!.revision) : null);
  const [to, setTo] = useState<string | null>(revisions.length > 1 ? String(revisions.at(-1)!.revision) : null);
  const [changes, setChanges] = useState<Change[] | null>(null);
  const payload = revisions.find((r) => String(r.revision) === shown);

  async function compare() {
    if (!from || !to) return;
    const diff = await api.get<{ changes: Change[] }>(`/api/_action/ext-order-export/export/${exportId}/diff?from=${from}&to=${to}`);
    setChanges(diff.changes);
  }

  return (
    <Stack gap="xs">
      <Group align="flex-end">
        <Select label="Payload of" data={options} value={shown} onChange={setShown} w={180} allowDeselect={false} />
        {payload && (
          <Text size="xs" c="dimmed" mb={8}>
            sent <DateTime value={payload.sentAt} />
          </Text>
        )}
      </Group>
      {payload && (payload.truncated ? <Text size="sm">Stored cut at 64 KiB.</Text> : <Code block data-testid="revision-payload">{JSON.stringify(payload.payload, null, 2)}</Code>)}
      {revisions.length > 1 && (
        <Group align="flex-end">
          <Select label="Compare" data={options} value={from} onChange={setFrom} w={160} allowDeselect={false} />
          <Select label="with" data={options} value={to} onChange={setTo} w={160} allowDeselect={false} />
          <Button size="xs" variant="default" onClick={compare} mb={4}>
            Show changes
          </Button>
        </Group>
      )}
      {changes &&
        (changes.length === 0 ? (
          <Text size="sm">No field changed.</Text>
        ) : (
          <Table data-testid="revision-diff" striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Field</Table.Th>
                <Table.Th>Change</Table.Th>
                <Table.Th>Revision {from}</Table.Th>
                <Table.Th>Revision {to}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {changes.map((c) => (
                <Table.Tr key={c.path}>
                  <Table.Td>
                    <Code>{c.path}</Code>
                  </Table.Td>
                  <Table.Td>{c.change}</Table.Td>
                  <Table.Td>{show(c.old)}</Table.Td>
                  <Table.Td>{show(c.new)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ))}
    </Stack>
  );
}

function Attempts({ attempts, replay }: { attempts: Attempt[]; replay?: (attempt: Attempt) => void }) {
  const [open, setOpen] = useState<string | null>(null);
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Started</Table.Th>
            <Table.Th>Revision</Table.Th>
            <Table.Th>Trigger</Table.Th>
            <Table.Th>Outcome</Table.Th>
            <Table.Th>HTTP</Table.Th>
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {attempts.map((a) => [
            <Table.Tr key={a.id}>
              <Table.Td>
                <DateTime value={a.startedAt} />
              </Table.Td>
              <Table.Td>{a.revision}</Table.Td>
              <Table.Td>{a.trigger}</Table.Td>
              <Table.Td>
                <StateBadge state={a.outcome} />
              </Table.Td>
              <Table.Td>{a.response?.status ?? '–'}</Table.Td>
              <Table.Td>
                <Group gap={4}>
                  <Button size="compact-xs" variant="subtle" onClick={() => setOpen(open === a.id ? null : a.id)} aria-expanded={open === a.id}>
                    {open === a.id ? 'Hide' : 'Request and answer'}
                  </Button>
                  {replay && a.request && (
                    <Button size="compact-xs" variant="subtle" onClick={() => replay(a)}>
                      Replay
                    </Button>
                  )}
                </Group>
              </Table.Td>
            </Table.Tr>,
            open === a.id && (
              <Table.Tr key={`${a.id}-detail`}>
                <Table.Td colSpan={6}>
                  <Stack gap={4} data-testid="attempt-detail">
                    {a.error && <Text size="xs">Error: {a.error}</Text>}
                    {a.request && <Code block style={WRAPPED}>{`${a.request.method} ${a.request.url}\n${headerLines(a.request.headers)}\n\n${a.request.body ?? ''}`}</Code>}
                    {a.response && <Code block style={WRAPPED}>{`${a.response.status}\n${headerLines(a.response.headers)}\n\n${a.response.body ?? ''}`}</Code>}
                  </Stack>
                </Table.Td>
              </Table.Tr>
            ),
          ])}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** A request or answer wraps inside its row: a long body line would widen the table and push the actions out of view. */
const WRAPPED = { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' } as const;

const headerLines = (headers: Record<string, string> | null) =>
  Object.entries(headers ?? {})
    .map(([name, value]) => `${name}: ${value}`)
    .join('\n');
