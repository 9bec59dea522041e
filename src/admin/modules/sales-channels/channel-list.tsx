import { Link } from 'react-router';
import { Anchor, Badge, Paper, Table, Text } from '@mantine/core';
import { EmptyState, LoadError, Loading, PageHeader, useApi, useLoad } from '../../sdk';

const STOREFRONT_TYPE = '8a243080f92e4c719546314b577cf82b';

interface ChannelRow {
  id: string;
  name: string;
  typeId: string;
  active: boolean;
  domains: Array<{ url: string }>;
  currency: { isoCode: string } | null;
  language: { name: string } | null;
}

/** Every sales channel: name, kind, its first domain, default language and currency, active or not. */
export function ChannelList() {
  const api = useApi();
  const channels = useLoad(
    () => api.search<ChannelRow>('sales-channel', { limit: 100, sort: [{ field: 'name', order: 'ASC' }], associations: { domains: {}, currency: {}, language: {} }, 'total-count-mode': 1 }),
    [],
  );
  if (channels.error) return <LoadError error={channels.error} onRetry={channels.reload} />;
  if (!channels.data) return <Loading />;
  const rows = channels.data.data;
  return (
    <>
      <PageHeader title="Sales channels" subtitle={`${channels.data.total} ${channels.data.total === 1 ? 'channel' : 'channels'}: each is a shop of its own`} />
      {rows.length === 0 ? (
        <EmptyState title="No sales channels" />
      ) : (
        <Paper withBorder>
          <Table.ScrollContainer minWidth={560}>
            <Table striped highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Type</Table.Th>
                  <Table.Th>Domain</Table.Th>
                  <Table.Th>Language, currency</Table.Th>
                  <Table.Th>Status</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((channel) => (
                  <Table.Tr key={channel.id}>
                    <Table.Td>
                      <Anchor component={Link} to={`/sales-channels/${channel.id}`} fw={600}>
                        {channel.name}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{channel.typeId === STOREFRONT_TYPE ? 'Storefront' : 'Headless'}</Table.Td>
                    <Table.Td>
                      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                        {channel.domains[0]?.url ?? '–'}
                        {channel.domains.length > 1 ? ` (+${channel.domains.length - 1})` : ''}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      {channel.language?.name ?? '–'}, {channel.currency?.isoCode ?? '–'}
                    </Table.Td>
                    <Table.Td>
                      <Badge color={channel.active ? 'green' : 'gray'} variant="light">
                        {channel.active ? 'Active' : 'Inactive'}
                      </Badge>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
    </>
  );
}
