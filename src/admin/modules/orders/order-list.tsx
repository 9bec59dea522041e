import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Anchor, Group, Pagination, Paper, Select, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { DateTime, EmptyState, LoadError, Loading, Money, PageHeader, StateBadge, useApi, useLoad } from '../../sdk';

const PAGE_SIZE = 25;

interface Option {
  value: string;
  label: string;
}

export function OrderList() {
  const api = useApi();
  const navigate = useNavigate();
  const [term, setTerm] = useState('');
  const [debouncedTerm] = useDebouncedValue(term, 300);
  const [state, setState] = useState<string | null>(null);
  const [paymentMethod, setPaymentMethod] = useState<string | null>(null);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [page, setPage] = useState(1);

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

  const filters: unknown[] = [];
  if (state) filters.push({ type: 'equals', field: 'stateMachineState.technicalName', value: state });
  if (paymentMethod) filters.push({ type: 'equals', field: 'transactions.paymentMethodId', value: paymentMethod });
  if (from || to) {
    const parameters: Record<string, string> = {};
    if (from) parameters.gte = `${from}T00:00:00.000Z`;
    if (to) parameters.lte = `${to}T23:59:59.999Z`;
    filters.push({ type: 'range', field: 'orderDateTime', parameters });
  }
  const key = JSON.stringify([debouncedTerm, filters, page]);
  const orders = useLoad(
    () =>
      api.search('order', {
        page,
        limit: PAGE_SIZE,
        'total-count-mode': 1,
        ...(debouncedTerm ? { term: debouncedTerm } : {}),
        filter: filters,
        sort: [{ field: 'orderDateTime', order: 'DESC' }],
        associations: { orderCustomer: {}, currency: {}, stateMachineState: {}, transactions: { associations: { stateMachineState: {}, paymentMethod: {} } } },
      }),
    [key],
  );
  const resetPage = <T,>(set: (value: T) => void) => (value: T) => {
    set(value);
    setPage(1);
  };
  const pages = Math.max(1, Math.ceil((orders.data?.total ?? 0) / PAGE_SIZE));

  return (
    <>
      <PageHeader title="Orders" subtitle={orders.data ? `${orders.data.total} ${orders.data.total === 1 ? 'order' : 'orders'}` : undefined} />
      <Paper withBorder p="md" mb="md">
        <Group grow align="flex-end" wrap="wrap">
          <TextInput label="Search" placeholder="Order number, customer…" value={term} onChange={(e) => resetPage(setTerm)(e.currentTarget.value)} miw={180} />
          <Select label="Order state" placeholder="Any" data={choices.data?.states ?? []} value={state} onChange={resetPage(setState)} clearable miw={140} />
          <Select label="Payment method" placeholder="Any" data={choices.data?.methods ?? []} value={paymentMethod} onChange={resetPage(setPaymentMethod)} clearable miw={160} />
          <TextInput label="From" type="date" value={from} onChange={(e) => resetPage(setFrom)(e.currentTarget.value)} miw={130} />
          <TextInput label="To" type="date" value={to} onChange={(e) => resetPage(setTo)(e.currentTarget.value)} miw={130} />
        </Group>
      </Paper>
      <Paper withBorder>
        {orders.error ? (
          <LoadError error={orders.error} onRetry={orders.reload} />
        ) : !orders.data ? (
          <Loading />
        ) : orders.data.data.length === 0 ? (
          <EmptyState title="No orders found">{filters.length || debouncedTerm ? 'Change the search or the filters.' : 'Orders placed in the storefront appear here.'}</EmptyState>
        ) : (
          <Table.ScrollContainer minWidth={700}>
            <Table highlightOnHover verticalSpacing="sm" style={{ opacity: orders.loading ? 0.6 : 1 }}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Order</Table.Th>
                  <Table.Th>Date</Table.Th>
                  <Table.Th>Customer</Table.Th>
                  <Table.Th>Payment</Table.Th>
                  <Table.Th ta="right">Total</Table.Th>
                  <Table.Th>State</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {orders.data.data.map((order) => {
                  const transaction = [...(order.transactions ?? [])].sort((a, b) => String(b.createdAt).localeCompare(String(a.createdAt)))[0];
                  return (
                    <Table.Tr key={order.id} style={{ cursor: 'pointer' }} onClick={() => navigate(`/orders/${order.id}`)}>
                      <Table.Td>
                        <Anchor component="button" fw={600} onClick={() => navigate(`/orders/${order.id}`)}>
                          {order.orderNumber}
                        </Anchor>
                      </Table.Td>
                      <Table.Td>
                        <DateTime value={order.orderDateTime} />
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{order.orderCustomer ? `${order.orderCustomer.firstName} ${order.orderCustomer.lastName}` : '–'}</Text>
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
      {pages > 1 && (
        <Group justify="center" mt="md">
          <Pagination total={pages} value={page} onChange={setPage} />
        </Group>
      )}
    </>
  );
}
