import { useEffect, useState } from 'react';
import { Alert, Badge, Box, Button, Group, Progress, Select, Stack, Switch, Table, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { DateTime, LoadError, Loading, PageHeader, Section, useApi, useCan, useLoad } from '../../sdk';

interface Profile {
  id: string;
  label: string;
  sourceEntity: string;
  type: 'import-export' | 'export';
}

interface RunLog {
  id: string;
  activity: 'import' | 'export';
  state: 'pending' | 'progress' | 'succeeded' | 'failed';
  dryRun: boolean;
  records: number;
  profileName: string | null;
  fileId: string | null;
  invalidRecordsFileId: string | null;
  createdAt: string;
  result: {
    rows: number;
    created: number;
    updated: number;
    rejected: number;
    encoding?: string;
    rejectedRows: Array<{ row: number; key?: string; reason: string }>;
    error?: { code: string; detail: string };
  };
}

const STATE_COLOR: Record<RunLog['state'], string> = { pending: 'gray', progress: 'blue', succeeded: 'green', failed: 'red' };

/** Choose a profile, drop a CSV (or export), dry run or not; the runs' log with tallies, rejected rows and downloads. */
export function ImportExportPage() {
  const api = useApi();
  const canRun = useCan()('import_export_log:create');
  const profiles = useLoad(() => api.search<Profile>('import-export-profile', { sort: [{ field: 'label', order: 'ASC' }] }).then((a) => a.data), []);
  const [profileId, setProfileId] = useState<string | null>(null);
  const [dryRun, setDryRun] = useState(false);
  const [busy, setBusy] = useState(false);
  const [round, setRound] = useState(0);
  const logs = useLoad(() => api.search<RunLog>('import-export-log', { limit: 20, sort: [{ field: 'createdAt', order: 'DESC' }] }).then((a) => a.data), [round]);
  const running = logs.data?.some((l) => l.state === 'pending' || l.state === 'progress');

  // poll while a run is queued or running
  useEffect(() => {
    if (!running) return;
    const timer = setTimeout(() => setRound((r) => r + 1), 1000);
    return () => clearTimeout(timer);
  }, [running, logs.data]);

  const profile = profiles.data?.find((p) => p.id === profileId);
  const start = async (file?: File) => {
    if (!profile) return;
    setBusy(true);
    try {
      const query = new URLSearchParams({ profileId: profile.id, ...(file ? { fileName: file.name } : {}) });
      const prepared = await api.request<{ log: RunLog }>('POST', `/api/_action/import-export/prepare?${query}`, file ? { body: file } : {});
      await api.post('/api/_action/import-export/process', { logId: prepared.log.id, dryRun: file ? dryRun : false });
      setRound((r) => r + 1);
    } finally {
      setBusy(false);
    }
  };

  const download = async (fileId: string, name: string) => {
    const text = await api.get<string>(`/api/_action/import-export/file/download?fileId=${fileId}`);
    const url = URL.createObjectURL(new Blob([typeof text === 'string' ? text : JSON.stringify(text)], { type: 'text/csv' }));
    const link = Object.assign(document.createElement('a'), { href: url, download: name });
    link.click();
    URL.revokeObjectURL(url);
  };

  if (profiles.error) return <LoadError error={profiles.error} onRetry={profiles.reload} />;
  if (!profiles.data) return <Loading />;
  return (
    <Stack>
      <PageHeader title="Import/export" subtitle="Products and customers from CSV; products, customers and orders to CSV" />
      {canRun && (
        <Section title="New run">
          <Stack>
            <Group align="end">
              <Select
                label="Profile"
                placeholder="Choose a profile"
                data={profiles.data.map((p) => ({ value: p.id, label: `${p.label} (${p.sourceEntity}${p.type === 'export' ? ', export only' : ''})` }))}
                value={profileId}
                onChange={setProfileId}
                w={360}
              />
              <Switch label="Dry run (check, write nothing)" checked={dryRun} onChange={(e) => setDryRun(e.currentTarget.checked)} disabled={profile?.type === 'export'} />
              <Button variant="outline" disabled={!profile || busy} onClick={() => void start()}>
                Export
              </Button>
            </Group>
            {profile && profile.type !== 'export' && (
              <Dropzone onDrop={(files) => files[0] && void start(files[0])} loading={busy} maxSize={32 * 1024 * 1024} multiple={false} aria-label="Upload a CSV file" inputProps={{ 'aria-label': 'CSV file' }}>
                <Text ta="center" py="md">
                  Drop a CSV file here or click to choose one ({profile.label}, {dryRun ? 'dry run' : 'import'})
                </Text>
              </Dropzone>
            )}
          </Stack>
        </Section>
      )}
      <Section title="Runs">
        {logs.error && <LoadError error={logs.error} onRetry={logs.reload} />}
        {logs.data?.length === 0 && <Text c="dimmed">No runs yet.</Text>}
        <Stack>
          {logs.data?.map((log) => (
            <RunCard key={log.id} log={log} onDownload={download} />
          ))}
        </Stack>
      </Section>
    </Stack>
  );
}

function RunCard({ log, onDownload }: { log: RunLog; onDownload: (fileId: string, name: string) => void }) {
  const { result } = log;
  const done = result.created + result.updated + result.rejected;
  return (
    <Stack gap="xs" p="sm" style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 4 }} data-testid="import-export-run">
      <Group justify="space-between">
        <Group gap="xs">
          <Badge color={STATE_COLOR[log.state]}>{log.state}</Badge>
          <Text fw={600}>
            {log.activity === 'import' ? (log.dryRun ? 'Dry run' : 'Import') : 'Export'} · {log.profileName}
          </Text>
          <Text c="dimmed" size="sm">
            <DateTime value={log.createdAt} />
          </Text>
        </Group>
        <Group gap="xs">
          {log.fileId && (
            <Button size="xs" variant="subtle" onClick={() => onDownload(log.fileId!, `${log.activity}-${log.id}.csv`)}>
              {log.activity === 'export' ? 'Download export' : 'Download file'}
            </Button>
          )}
          {log.invalidRecordsFileId && (
            <Button size="xs" variant="subtle" color="red" onClick={() => onDownload(log.invalidRecordsFileId!, `rejected-rows-${log.id}.csv`)}>
              Download rejected rows
            </Button>
          )}
        </Group>
      </Group>
      {(log.state === 'pending' || log.state === 'progress') && <Progress value={result.rows > 0 ? (done / result.rows) * 100 : 5} animated aria-label="Progress" />}
      {log.activity === 'import' ? (
        <Text data-testid="import-export-tally">
          {log.dryRun ? 'Would create' : 'Created'} {result.created}, {log.dryRun ? 'would update' : 'updated'} {result.updated}, rejected {result.rejected} of {result.rows} rows
          {result.encoding && result.encoding !== 'utf-8' ? ` (read as ${result.encoding})` : ''}
        </Text>
      ) : (
        <Text>{log.records} records</Text>
      )}
      {result.error && (
        <Alert color="red" title="The file was not imported">
          {result.error.detail}
        </Alert>
      )}
      {result.rejectedRows.length > 0 && (
        // long keys and reasons scroll inside this region (focusable, so a keyboard scrolls it too), never the page
        <Box style={{ overflowX: 'auto', maxWidth: 'calc(100vw - 2rem)' }} tabIndex={0} role="region" aria-label="Rejected rows">
        <Table striped withTableBorder miw={360}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Row</Table.Th>
              <Table.Th>Key</Table.Th>
              <Table.Th>Reason</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {result.rejectedRows.slice(0, 50).map((r) => (
              <Table.Tr key={`${r.row}-${r.reason}`}>
                <Table.Td>{r.row}</Table.Td>
                <Table.Td>{r.key ?? ''}</Table.Td>
                <Table.Td>{r.reason}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        </Box>
      )}
    </Stack>
  );
}
