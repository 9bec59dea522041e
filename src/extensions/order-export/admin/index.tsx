import { useState } from 'react';
import { Alert, Button, Checkbox, Group, Select, Stack, Table, Text } from '@mantine/core';
import {
  ApiError,
  DateTime,
  defineModule,
  EmptyState,
  LoadError,
  Loading,
  PageHeader,
  Section,
  StateBadge,
  useApi,
  useCan,
  useLoad,
  type OrderDetailTabProps,
} from '../../../admin/sdk';
import { CredentialsSection, MappingsSection, TargetsSection, type Target } from './setup-pages';


interface ExportRecord {
  id: string;
  configId: string;
  revision: number;
  status: string;
  deliveredAt: string | null;
  ackStatus: string | null;
  lastError: string | null;
  updatedAt: string | null;
  createdAt: string;
}

interface Attempt {
  id: string;
  exportId: string;
  revision: number;
  trigger: string;
  outcome: string;
  startedAt: string;
  durationMs: number | null;
  responseStatus: number | null;
  error: string | null;
}

interface ExportResult {
  outcome: string;
  orderExportId: string;
  revision: number;
  correlationId: string;
  attemptId: string | null;
}

/** The order detail's export tab: send the order to a target, and what was sent before. */
function ExportPanel({ order }: OrderDetailTabProps) {
  const api = useApi();
  const can = useCan();
  const [target, setTarget] = useState<string | null>(null);
  const [force, setForce] = useState(false);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ExportResult | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const history = useLoad(async () => {
    const targets = (await api.search<Target>('ext-order-export-config', { limit: 100, sort: [{ field: 'name', order: 'ASC' }] })).data;
    const exports = (await api.search<ExportRecord>('ext-order-export', { filter: [{ type: 'equals', field: 'orderId', value: order.id }], limit: 100 })).data;
    const attempts = exports.length
      ? (
          await api.search<Attempt>('ext-order-export-attempt', {
            filter: [{ type: 'equalsAny', field: 'exportId', value: exports.map((e) => e.id) }],
            sort: [{ field: 'startedAt', order: 'DESC' }],
            limit: 50,
          })
        ).data
      : [];
    return { targets, exports, attempts };
  }, [order.id]);

  async function exportNow() {
    if (!target) return;
    setBusy(true);
    setFailure(null);
    setResult(null);
    try {
      setResult(await api.post<ExportResult>('/api/_action/ext-order-export/export', { orderId: order.id, configId: target, forceReExport: force }, { quiet: [409, 422, 502] }));
    } catch (error) {
      if (error instanceof ApiError) setFailure(error.message);
    } finally {
      setBusy(false);
      history.reload();
    }
  }

  if (history.error) return <LoadError error={history.error} onRetry={history.reload} />;
  if (!history.data) return <Loading />;
  const { targets, exports, attempts } = history.data;
  const targetName = (id: string) => targets.find((t) => t.id === id)?.name ?? id;

  return (
    <Stack>
      {can('ext_order_export:update') && (
        <Section title="Export this order">
          {targets.length === 0 ? (
            <EmptyState title="No targets">Add a target under Order export first.</EmptyState>
          ) : (
            <Stack gap="sm">
              <Group align="flex-end">
                <Select
                  label="Target"
                  placeholder="Choose a target"
                  data={targets.map((t) => ({ value: t.id, label: t.active ? t.name : `${t.name} (inactive)`, disabled: !t.active }))}
                  value={target}
                  onChange={setTarget}
                  w={280}
                />
                <Checkbox label="Force a new revision" checked={force} onChange={(e) => setForce(e.currentTarget.checked)} mb={8} />
                <Button onClick={exportNow} loading={busy} disabled={!target}>
                  Export
                </Button>
              </Group>
              {result && (
                <Alert color={result.outcome === 'failed' ? 'red' : 'green'} title="Export finished" data-testid="export-result">
                  Outcome <b>{result.outcome.replace(/_/g, ' ')}</b>, revision {result.revision}, correlation id {result.correlationId}
                </Alert>
              )}
              {failure && <Alert color="red">{failure}</Alert>}
            </Stack>
          )}
        </Section>
      )}
      <Section title="Exports">
        {exports.length === 0 ? (
          <EmptyState title="Not exported yet" />
        ) : (
          <Table.ScrollContainer minWidth={600}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Target</Table.Th>
                  <Table.Th>Revision</Table.Th>
                  <Table.Th>Outcome</Table.Th>
                  <Table.Th>Acknowledgement</Table.Th>
                  <Table.Th>Delivered</Table.Th>
                  <Table.Th>Last error</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {exports.map((e) => (
                  <Table.Tr key={e.id}>
                    <Table.Td>{targetName(e.configId)}</Table.Td>
                    <Table.Td>{e.revision}</Table.Td>
                    <Table.Td><StateBadge state={e.status} /></Table.Td>
                    <Table.Td>{e.ackStatus ? <StateBadge state={e.ackStatus} /> : '–'}</Table.Td>
                    <Table.Td><DateTime value={e.deliveredAt} /></Table.Td>
                    <Table.Td><Text size="xs">{e.lastError ?? '–'}</Text></Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Section>
      {attempts.length > 0 && (
        <Section title="Attempts">
          <Table.ScrollContainer minWidth={600}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Started</Table.Th>
                  <Table.Th>Revision</Table.Th>
                  <Table.Th>Trigger</Table.Th>
                  <Table.Th>Outcome</Table.Th>
                  <Table.Th>HTTP</Table.Th>
                  <Table.Th>Duration</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {attempts.map((a) => (
                  <Table.Tr key={a.id}>
                    <Table.Td><DateTime value={a.startedAt} /></Table.Td>
                    <Table.Td>{a.revision}</Table.Td>
                    <Table.Td>{a.trigger}</Table.Td>
                    <Table.Td><StateBadge state={a.outcome} /></Table.Td>
                    <Table.Td>{a.responseStatus ?? '–'}</Table.Td>
                    <Table.Td>{a.durationMs === null ? '–' : `${a.durationMs} ms`}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Section>
      )}
    </Stack>
  );
}

/** Targets, credentials and mappings; each section needs its own read privilege. */
function OrderExportPage() {
  const can = useCan();
  return (
    <>
      <PageHeader title="Order export" subtitle="Targets (ERPs) orders are sent to, their credentials and mappings." />
      <Stack>
        <TargetsSection />
        {can('ext_order_export_credential:read') && <CredentialsSection />}
        {can('ext_order_export_mapping:read') && <MappingsSection />}
      </Stack>
    </>
  );
}

export default defineModule({
  id: 'order-export',
  navigation: [{ label: 'Order export', path: '/order-export', privilege: 'ext_order_export_config:read', position: 50 }],
  routes: [{ path: '/order-export', component: OrderExportPage, privilege: 'ext_order_export_config:read' }],
  orderDetailTabs: [{ id: 'order-export', label: 'Export', privilege: 'ext_order_export:read', component: ExportPanel }],
  settings: [{ domain: 'ExtOrderExport.config', title: 'Order export' }],
});
