import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Anchor, Badge, Button, Grid, Group, Select, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { DateTime, EmptyState, KeyValue, LoadError, Loading, Money, PageHeader, Section, StateBadge, useApi, useCan, useLoad, type Order } from '../../sdk';
import { CustomFieldValues } from '../../components/custom-field-values';
import { OrderFlags } from '../orders/payment-flags';
import { AddressEditor, type CustomerAddress } from './address-editor';
import type { CustomerRow } from './customer-list';

interface Customer extends CustomerRow {
  groupId: string;
  company?: string | null;
  defaultBillingAddressId?: string | null;
  defaultShippingAddressId?: string | null;
  customFields?: Record<string, unknown> | null;
  addresses?: CustomerAddress[];
  salesChannel?: { name: string } | null;
  lastLogin?: string | null;
}

export function CustomerDetail() {
  const { id } = useParams();
  const api = useApi();
  const can = useCan();
  const [editing, setEditing] = useState<CustomerAddress | null>(null);
  const customer = useLoad(
    () => api.search<Customer>('customer', { ids: [id], associations: { group: {}, salesChannel: {}, addresses: { associations: { country: {} } } } }).then((a) => a.data[0] ?? null),
    [id],
  );
  const orders = useLoad(
    () =>
      api.search<Order>('order', {
        limit: 10,
        'total-count-mode': 1,
        filter: [{ type: 'equals', field: 'orderCustomer.customerId', value: id }],
        sort: [{ field: 'orderDateTime', order: 'DESC' }],
        associations: { currency: {}, stateMachineState: {}, transactions: { associations: { stateMachineState: {} } } },
      }),
    [id],
  );
  const choices = useLoad(async () => {
    const [groups, countries] = await Promise.all([
      api.search<{ id: string; name: string }>('customer-group', { limit: 100 }, { quiet: [403] }).then((a) => a.data).catch(() => []),
      api.search<{ id: string; name: string }>('country', { limit: 300, sort: [{ field: 'name', order: 'ASC' }] }, { quiet: [403] }).then((a) => a.data).catch(() => []),
    ]);
    return { groups: groups.map((g) => ({ value: g.id, label: g.name })), countries: countries.map((c) => ({ value: c.id, label: c.name })) };
  }, []);
  const [savingGroup, setSavingGroup] = useState(false);

  if (customer.error) return <LoadError error={customer.error} onRetry={customer.reload} />;
  if (!customer.data) return customer.loading ? <Loading /> : <EmptyState title="Customer not found" />;
  const data = customer.data;
  const writable = can('customer:update');

  async function changeGroup(groupId: string | null) {
    if (!groupId || groupId === data.groupId) return;
    setSavingGroup(true);
    try {
      await api.patch(`/api/customer/${data.id}`, { groupId });
      notifications.show({ color: 'green', message: 'Customer group changed' });
      customer.reload();
    } catch {
      // toast shown by the client
    } finally {
      setSavingGroup(false);
    }
  }

  return (
    <>
      <Anchor component={Link} to="/customers" size="sm">
        ← Customers
      </Anchor>
      <PageHeader
        title={`${data.firstName} ${data.lastName}`}
        subtitle={`${data.email} · customer ${data.customerNumber}`}
        actions={
          <Group gap={4}>
            {data.guest && <Badge color="gray" variant="light">Guest</Badge>}
            <Badge color={data.active ? 'green' : 'red'} variant="light">{data.active ? 'Active' : 'Inactive'}</Badge>
          </Group>
        }
      />
      <Grid>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack>
            <Section title="Addresses">
              {(data.addresses ?? []).length === 0 ? (
                <Text size="sm" c="dimmed">No address.</Text>
              ) : (
                <SimpleGrid cols={{ base: 1, sm: 2 }} data-testid="customer-addresses">
                  {(data.addresses ?? []).map((address) => (
                    <Stack key={address.id} gap={0} p="sm" style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8 }}>
                      <Group gap={4} mb={4}>
                        {address.id === data.defaultBillingAddressId && <Badge size="xs" variant="light">Default billing</Badge>}
                        {address.id === data.defaultShippingAddressId && <Badge size="xs" variant="light">Default shipping</Badge>}
                      </Group>
                      {address.company && <Text size="sm">{address.company}</Text>}
                      <Text size="sm">{address.firstName} {address.lastName}</Text>
                      <Text size="sm">{address.street}</Text>
                      {address.additionalAddressLine1 && <Text size="sm">{address.additionalAddressLine1}</Text>}
                      <Text size="sm">{address.zipcode} {address.city}</Text>
                      <Text size="sm">{address.country?.name}</Text>
                      {writable && (
                        <Button size="xs" variant="light" mt="xs" w="fit-content" onClick={() => setEditing(address)} aria-label={`Edit address ${address.street}, ${address.city}`}>
                          Edit
                        </Button>
                      )}
                    </Stack>
                  ))}
                </SimpleGrid>
              )}
            </Section>
            <Section title={`Orders${orders.data ? ` (${orders.data.total})` : ''}`}>
              {orders.error ? (
                <LoadError error={orders.error} onRetry={orders.reload} />
              ) : !orders.data ? (
                <Loading />
              ) : orders.data.data.length === 0 ? (
                <Text size="sm" c="dimmed">No orders yet.</Text>
              ) : (
                <Table.ScrollContainer minWidth={420}>
                  <Table aria-label="Orders of the customer">
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>Order</Table.Th>
                        <Table.Th>Date</Table.Th>
                        <Table.Th ta="right">Total</Table.Th>
                        <Table.Th>State</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {orders.data.data.map((order) => (
                        <Table.Tr key={order.id}>
                          <Table.Td>
                            <Anchor component={Link} to={`/orders/${order.id}`}>{order.orderNumber}</Anchor>
                            <OrderFlags order={order} transactions={order.transactions} />
                          </Table.Td>
                          <Table.Td><DateTime value={order.orderDateTime} /></Table.Td>
                          <Table.Td ta="right"><Money value={order.amountTotal} currency={order.currency?.isoCode} /></Table.Td>
                          <Table.Td><StateBadge state={order.stateMachineState?.technicalName} label={order.stateMachineState?.name} /></Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              )}
              {orders.data && orders.data.total > orders.data.data.length && (
                <Text size="xs" c="dimmed" mt="xs">The 10 newest of {orders.data.total} orders.</Text>
              )}
            </Section>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack>
            <Section title="Account">
              <KeyValue
                rows={[
                  ['Sales channel', data.salesChannel?.name ?? '–'],
                  ['Customer since', <DateTime key="s" value={data.createdAt} />],
                  ['Last login', <DateTime key="l" value={data.lastLogin} />],
                ]}
              />
              <Select
                mt="sm"
                label="Customer group"
                data={choices.data?.groups ?? (data.group ? [{ value: data.groupId, label: data.group.name }] : [])}
                value={data.groupId}
                onChange={changeGroup}
                disabled={!writable || savingGroup}
              />
            </Section>
            <Section title="Custom fields">
              <CustomFieldValues fields={data.customFields} />
            </Section>
          </Stack>
        </Grid.Col>
      </Grid>
      {editing && (
        <AddressEditor
          address={editing}
          countries={choices.data?.countries ?? []}
          onClose={() => {
            // read again: a refused save (someone else's change) must open on their version next time
            setEditing(null);
            customer.reload();
          }}
          onSaved={() => {
            setEditing(null);
            customer.reload();
          }}
        />
      )}
    </>
  );
}
