import { Link } from 'react-router';
import { Anchor, Group, Paper, SegmentedControl, Select, Stack, Switch, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedCallback, useMediaQuery } from '@mantine/hooks';
import { DateTime, EmptyState, LoadError, Loading, Money, PageHeader, StateBadge, useApi, useLoad, type Order } from '../../sdk';
import { ListPages } from '../../components/list-pages';
import { useListParams } from '../../components/list-params';
import { SortableTh } from '../../components/sortable-th';
import { liveOrderFilter, needsReviewFilter, OrderFlags, testOrderFilter } from './payment-flags';

const PAGE_SIZE = 25;

interface Option {
  value: string;
  label: string;
}

const latestTransaction = (order: Order) => [...(order.transactions ?? [])].sort((a, b) => String(b.createdAt).localeCompare(String(a.createdAt)))[0];
const customerName = (order: Order) => (order.orderCustomer ? `${order.orderCustomer.firstName} ${order.orderCustomer.lastName}` : '–');

/** The criteria filters of the URL's parameters. */
function filtersOf(get: (name: string) => string): unknown[] {
  const filters: unknown[] = [];
  if (get('state')) filters.push({ type: 'equals', field: 'stateMachineState.technicalName', value: get('state') });
  if (get('method')) filters.push({ type: 'equals', field: 'transactions.paymentMethodId', value: get('method') });
  if (get('from') || get('to')) {
    const parameters: Record<string, string> = {};
    if (get('from')) parameters.gte = `${get('from')}T00:00:00.000Z`;
    if (get('to')) parameters.lte = `${get('to')}T23:59:59.999Z`;
    filters.push({ type: 'range', field: 'orderDateTime', parameters });
  }
  if (get('review') === '1') filters.push(needsReviewFilter);
  if (get('test') === 'only') filters.push(testOrderFilter);
  if (get('test') === 'live') filters.push(liveOrderFilter);
  return filters;
}

export function OrderList() {
  const api = useApi();
  const list = useListParams({ field: 'orderDateTime', order: 'DESC' });
  const narrow = useMediaQuery('(max-width: 48em)');
  const term = list.get('q');
  const setTerm = useDebouncedCallback((value: string) => list.set({ q: value }), 300);

  // the filter choices; quiet: a user without these read privileges still sees the list
  const choices = useLoad(async () => {
    const [states, methods] = await Promise.all([
      api
        .search<{ technicalName: string; name: string }>('state-machine-state', { filter: [{ type: 'equals', field: 'stateMachine.technicalName', value: 'order.state' }], limit: 50 }, { quiet: [403] })
        .catch(() => ({ data: [] })),
      api.search<{ id: string; name: string }>('payment-method', { limit: 100, sort: [{ field: 'position', order: 'ASC' }] }, { quiet: [403] }).catch(() => ({ data: [] })),
    ]);
    return {
      states: states.data.map((s): Option => ({ value: s.technicalName, label: s.name })),
      methods: methods.data.map((m): Option => ({ value: m.id, label: m.name })),
    };
  }, []);

  const filters = filtersOf(list.get);
  const key = JSON.stringify([term, filters, list.page, list.sort]);
  const orders = useLoad(
    () =>
      api.search<Order>('order', {
        page: list.page,
        limit: PAGE_SIZE,
        'total-count-mode': 1,
        ...(term ? { term } : {}),
        filter: filters,
        sort: [list.sort],
        associations: { orderCustomer: {}, currency: {}, stateMachineState: {}, transactions: { associations: { stateMachineState: {}, paymentMethod: {} } } },
      }),
    [key],
    { keepPrevious: true },
  );
  const rows = orders.data?.data ?? [];

  return (
    <>
      <PageHeader title="Orders" subtitle={orders.data ? `${orders.data.total} ${orders.data.total === 1 ? 'order' : 'orders'}` : undefined} />
      <Paper withBorder p="md" mb="md">
        <Stack gap="sm">
          <Group grow align="flex-end" wrap="wrap">
            <TextInput label="Search" placeholder="Order number, customer…" defaultValue={term} onChange={(e) => setTerm(e.currentTarget.value)} miw={180} />
            <Select label="Order state" placeholder="Any" data={choices.data?.states ?? []} value={list.get('state') || null} onChange={(v) => list.set({ state: v })} clearable miw={140} />
            <Select label="Payment method" placeholder="Any" data={choices.data?.methods ?? []} value={list.get('method') || null} onChange={(v) => list.set({ method: v })} clearable miw={160} />
            <TextInput label="From" type="date" value={list.get('from')} onChange={(e) => list.set({ from: e.currentTarget.value })} miw={130} />
            <TextInput label="To" type="date" value={list.get('to')} onChange={(e) => list.set({ to: e.currentTarget.value })} miw={130} />
          </Group>
          <Group gap="lg" wrap="wrap">
            <Switch label="Needs review only" checked={list.get('review') === '1'} onChange={(e) => list.set({ review: e.currentTarget.checked ? '1' : null })} />
            <Group gap="xs" wrap="nowrap">
              <Text size="sm" id="test-orders-label">
                Test orders
              </Text>
              <SegmentedControl
                size="xs"
                aria-labelledby="test-orders-label"
                value={list.get('test') || 'all'}
                onChange={(v) => list.set({ test: v === 'all' ? null : v })}
                data={[
                  { value: 'all', label: 'All' },
                  { value: 'live', label: 'Without test' },
                  { value: 'only', label: 'Only test' },
                ]}
              />
            </Group>
          </Group>
        </Stack>
      </Paper>
      <Paper withBorder>
        {orders.error ? (
          <LoadError error={orders.error} onRetry={orders.reload} />
        ) : !orders.data ? (
          <Loading />
        ) : rows.length === 0 ? (
          <EmptyState title="No orders found">{filters.length || term ? 'Change the search or the filters.' : 'Orders placed in the storefront appear here.'}</EmptyState>
        ) : narrow ? (
          // narrow screens: one card per order instead of a table wider than the screen
          <Stack gap={0} data-testid="order-cards" style={{ opacity: orders.loading ? 0.6 : 1 }}>
            {rows.map((order) => {
              const transaction = latestTransaction(order);
              return (
                <Paper key={order.id} p="sm" radius={0} style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
                  <Group justify="space-between" wrap="nowrap" align="flex-start">
                    <div>
                      <Anchor component={Link} to={`/orders/${order.id}`} fw={600}>
                        {order.orderNumber}
                      </Anchor>
                      <Text size="xs" c="dimmed">
                        <DateTime value={order.orderDateTime} /> · {customerName(order)}
                      </Text>
                    </div>
                    <Text fw={600} size="sm">
                      <Money value={order.amountTotal} currency={order.currency?.isoCode} />
                    </Text>
                  </Group>
                  <Group gap={6} mt={4} wrap="wrap">
                    <StateBadge state={order.stateMachineState?.technicalName} label={order.stateMachineState?.name} />
                    {transaction && <StateBadge state={transaction.stateMachineState?.technicalName} label={transaction.stateMachineState?.name} />}
                    <OrderFlags order={order} transactions={order.transactions} />
                  </Group>
                </Paper>
              );
            })}
          </Stack>
        ) : (
          <Table.ScrollContainer minWidth={760}>
            <Table highlightOnHover verticalSpacing="sm" style={{ opacity: orders.loading ? 0.6 : 1 }} aria-label="Orders">
              <Table.Thead>
                <Table.Tr>
                  <SortableTh field="orderNumber" sort={list.sort} onSort={list.toggleSort}>Order</SortableTh>
                  <SortableTh field="orderDateTime" sort={list.sort} onSort={list.toggleSort}>Date</SortableTh>
                  <Table.Th>Customer</Table.Th>
                  <Table.Th>Payment</Table.Th>
                  <SortableTh field="amountTotal" sort={list.sort} onSort={list.toggleSort} ta="right">Total</SortableTh>
                  <Table.Th>State</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((order) => {
                  const transaction = latestTransaction(order);
                  return (
                    <Table.Tr key={order.id}>
                      <Table.Td>
                        <Anchor component={Link} to={`/orders/${order.id}`} fw={600}>
                          {order.orderNumber}
                        </Anchor>
                        <OrderFlags order={order} transactions={order.transactions} />
                      </Table.Td>
                      <Table.Td>
                        <DateTime value={order.orderDateTime} />
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{customerName(order)}</Text>
                        <Text size="xs" c="dimmed">
                          {order.orderCustomer?.email}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{transaction?.paymentMethod?.name ?? '–'}</Text>
                        {transaction && <StateBadge state={transaction.stateMachineState?.technicalName} label={transaction.stateMachineState?.name} />}
                      </Table.Td>
                      <Table.Td ta="right">
                        <Money value={order.amountTotal} currency={order.currency?.isoCode} />
                      </Table.Td>
                      <Table.Td miw={110}>
                        <StateBadge state={order.stateMachineState?.technicalName} label={order.stateMachineState?.name} />
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>
      <ListPages total={orders.data?.total ?? 0} pageSize={PAGE_SIZE} list={list} label="Order pages" siblings={narrow ? 0 : 1} />
    </>
  );
}
