import { Link } from 'react-router';
import { Anchor, Group, Stack, Text } from '@mantine/core';
import { LoadError, Loading, Section, useApi, useLoad } from '../../../admin/sdk';

interface FailedExport {
  id: string;
  lastError?: string | null;
  order?: { id: string; orderNumber: string } | null;
  config?: { name: string } | null;
}

/** The dashboard's card of the newest failed exports, each linking its order. */
export function FailedExportsCard() {
  const api = useApi();
  const failed = useLoad(
    () =>
      api.search<FailedExport>('ext-order-export', {
        limit: 10,
        filter: [{ type: 'equals', field: 'status', value: 'failed' }],
        associations: { order: {}, config: {} },
        sort: [{ field: 'createdAt', order: 'DESC' }],
      }),
    [],
  );
  return (
    <Section title="Failed exports">
      {failed.error ? (
        <LoadError error={failed.error} onRetry={failed.reload} />
      ) : !failed.data ? (
        <Loading />
      ) : failed.data.data.length === 0 ? (
        <Text size="sm" c="dimmed">No export failed.</Text>
      ) : (
        <Stack gap={6} data-testid="failed-exports">
          {failed.data.data.map((record) => (
            <div key={record.id}>
              <Group justify="space-between" wrap="nowrap">
                {record.order ? <Anchor component={Link} to={`/orders/${record.order.id}`} size="sm">{record.order.orderNumber}</Anchor> : <Text size="sm">–</Text>}
                <Text size="sm" c="dimmed">{record.config?.name ?? ''}</Text>
              </Group>
              {record.lastError && <Text size="xs" c="red" lineClamp={2}>{record.lastError}</Text>}
            </div>
          ))}
        </Stack>
      )}
    </Section>
  );
}
