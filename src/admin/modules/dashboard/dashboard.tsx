import { Link } from 'react-router';
import { Anchor, Badge, Grid, Group, Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { BarChart } from '@mantine/charts';
import '@mantine/charts/styles.css';
import { DateTime, EmptyState, LoadError, Loading, Money, PageHeader, Section, StateBadge, useApi, useCan, useLoad, type ApiClient } from '../../sdk';
import { useModules } from '../../module-context';
import { NEEDS_REVIEW_KEY, OrderFlags } from '../orders/payment-flags';
import { figuresSince, ordersPerDay, startOfDay, startOfWeek, type CountedOrder, type PeriodFigures } from './figures';

const CHART_DAYS = 14;
const PAGE = 500;
/** Payment states that still wait for money or a decision. */
const UNSETTLED = ['open', 'in_progress', 'authorized', 'unconfirmed', 'reminded'];

/** Every order since `since`, page by page (the Admin API has no aggregations; a fortnight of orders is a few pages). */
async function ordersSince(api: ApiClient, since: Date): Promise<CountedOrder[]> {
  const all: CountedOrder[] = [];
  for (let page = 1; ; page++) {
    const answer = await api.search<CountedOrder>('order', {
      page,
      limit: PAGE,
      filter: [{ type: 'range', field: 'orderDateTime', parameters: { gte: since.toISOString() } }],
      associations: { currency: {}, stateMachineState: {} },
      sort: [{ field: 'orderDateTime', order: 'ASC' }],
    });
    all.push(...answer.data);
    if (answer.data.length < PAGE) return all;
  }
}

type AttentionPayment = {
  id: string;
  createdAt: string;
  amount: { totalPrice?: number };
  customFields?: Record<string, unknown> | null;
  stateMachineState?: { technicalName: string; name: string } | null;
  paymentMethod?: { name: string } | null;
  order?: { id: string; orderNumber: string; customFields?: Record<string, unknown> | null; currency?: { isoCode: string } | null } | null;
};

interface PendingRefund {
  id: string;
  createdAt: string;
  amount: { totalPrice?: number } | null;
  stateMachineState?: { technicalName: string; name: string } | null;
  transactionCapture?: { transaction?: { order?: { id: string; orderNumber: string; currency?: { isoCode: string } | null } | null } | null } | null;
}

function Revenue({ figures }: { figures: PeriodFigures }) {
  const currencies = Object.entries(figures.revenue).sort(([a], [b]) => a.localeCompare(b));
  if (currencies.length === 0) return <Text size="sm" c="dimmed">No revenue</Text>;
  return (
    <Stack gap={0}>
      {currencies.map(([currency, thousandths]) => (
        <Text key={currency} fw={700} size="lg" data-testid={`revenue-${currency}`}>
          <Money value={thousandths / 1000} currency={currency} />
        </Text>
      ))}
    </Stack>
  );
}

function PeriodCard({ title, figures, testId }: { title: string; figures: PeriodFigures; testId: string }) {
  return (
    <Paper withBorder p="md" radius="md" data-testid={testId}>
      <Text size="sm" c="dimmed">{title}</Text>
      <Text fw={700} size="xl" data-testid={`${testId}-orders`}>
        {figures.orders} {figures.orders === 1 ? 'order' : 'orders'}
      </Text>
      <Revenue figures={figures} />
    </Paper>
  );
}

/** The merchant's first page: how the shop did today and this week, and what needs someone's attention. */
export function Dashboard() {
  const api = useApi();
  const can = useCan();
  // cards the installed modules contribute (the order export's failed exports), for users holding their privilege
  const cards = useModules().flatMap((module) => module.dashboardCards ?? []).filter((card) => can(card.privilege));
  const now = new Date();
  const chartStart = startOfDay(now);
  chartStart.setDate(chartStart.getDate() - (CHART_DAYS - 1));
  const since = new Date(Math.min(chartStart.getTime(), startOfWeek(now).getTime()));
  const orders = useLoad(() => ordersSince(api, since), []);

  const attention = useLoad(async () => {
    const payments = await api.search<AttentionPayment>('order-transaction', {
      limit: 50,
      filter: [
        {
          type: 'multi',
          operator: 'or',
          queries: [
            { type: 'equalsAny', field: 'stateMachineState.technicalName', value: [...UNSETTLED, 'failed'] },
            { type: 'equals', field: `customFields.${NEEDS_REVIEW_KEY}`, value: true },
          ],
        },
      ],
      associations: { stateMachineState: {}, paymentMethod: {}, order: { associations: { currency: {} } } },
      sort: [{ field: 'createdAt', order: 'DESC' }],
      'total-count-mode': 1,
    });
    const refunds = await api
      .search<PendingRefund>(
        'order-transaction-capture-refund',
        {
          limit: 20,
          filter: [{ type: 'equalsAny', field: 'stateMachineState.technicalName', value: ['open', 'in_progress'] }],
          associations: { stateMachineState: {}, transactionCapture: { associations: { transaction: { associations: { order: { associations: { currency: {} } } } } } } },
          sort: [{ field: 'createdAt', order: 'DESC' }],
        },
        { quiet: [403] },
      )
      .then((answer) => answer.data)
      .catch(() => [] as PendingRefund[]);
    return { payments: payments.data, paymentsTotal: payments.total, refunds };
  }, []);

  if (orders.error) return <LoadError error={orders.error} onRetry={orders.reload} />;
  if (!orders.data) return <Loading />;
  const today = figuresSince(orders.data, startOfDay(now));
  const week = figuresSince(orders.data, startOfWeek(now));
  const chart = ordersPerDay(orders.data, CHART_DAYS, now);

  return (
    <>
      <PageHeader title="Dashboard" subtitle="Test orders and cancelled orders are left out of the figures." />
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <PeriodCard title="Today" figures={today} testId="today" />
          <PeriodCard title="This week (since Monday)" figures={week} testId="week" />
        </SimpleGrid>
        <Section title={`Orders per day, last ${CHART_DAYS} days`}>
          <div role="img" aria-label={`Orders per day: ${chart.map((d) => `${d.day}: ${d.orders}`).join(', ')}`} data-testid="orders-chart">
            <BarChart h={220} data={chart} dataKey="day" series={[{ name: 'orders', label: 'Orders', color: 'blue.6' }]} tickLine="y" yAxisProps={{ allowDecimals: false }} />
          </div>
        </Section>
        <Grid>
          <Grid.Col span={{ base: 12, lg: 7 }}>
            <Section title="Payments that need attention" actions={attention.data ? <Badge variant="light">{attention.data.paymentsTotal}</Badge> : null}>
              {attention.error ? (
                <LoadError error={attention.error} onRetry={attention.reload} />
              ) : !attention.data ? (
                <Loading />
              ) : attention.data.payments.length === 0 ? (
                <EmptyState title="Nothing waits">No unsettled, failed or flagged payment.</EmptyState>
              ) : (
                <Table.ScrollContainer minWidth={460}>
                  <Table data-testid="attention-payments" aria-label="Payments that need attention">
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>Order</Table.Th>
                        <Table.Th>Method</Table.Th>
                        <Table.Th ta="right">Amount</Table.Th>
                        <Table.Th>State</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {attention.data.payments.map((payment) => (
                        <Table.Tr key={payment.id}>
                          <Table.Td>
                            {payment.order ? (
                              <Anchor component={Link} to={`/orders/${payment.order.id}`}>
                                {payment.order.orderNumber}
                              </Anchor>
                            ) : (
                              '–'
                            )}
                            <Text size="xs" c="dimmed"><DateTime value={payment.createdAt} /></Text>
                          </Table.Td>
                          <Table.Td>{payment.paymentMethod?.name ?? '–'}</Table.Td>
                          <Table.Td ta="right"><Money value={payment.amount?.totalPrice} currency={payment.order?.currency?.isoCode} /></Table.Td>
                          <Table.Td>
                            <Group gap={4}>
                              <StateBadge state={payment.stateMachineState?.technicalName} label={payment.stateMachineState?.name} />
                              <OrderFlags order={payment.order} transactions={[payment]} />
                            </Group>
                          </Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              )}
            </Section>
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 5 }}>
            <Stack>
              <Section title="Refunds pending">
                {!attention.data ? (
                  <Loading />
                ) : attention.data.refunds.length === 0 ? (
                  <Text size="sm" c="dimmed">No refund waits for its gateway.</Text>
                ) : (
                  <Stack gap={6} data-testid="pending-refunds">
                    {attention.data.refunds.map((refund) => {
                      const order = refund.transactionCapture?.transaction?.order;
                      return (
                        <Group key={refund.id} justify="space-between" wrap="nowrap">
                          {order ? <Anchor component={Link} to={`/orders/${order.id}`} size="sm">{order.orderNumber}</Anchor> : <Text size="sm">–</Text>}
                          <Text size="sm"><Money value={refund.amount?.totalPrice} currency={order?.currency?.isoCode} /></Text>
                          <StateBadge state={refund.stateMachineState?.technicalName} label={refund.stateMachineState?.name} />
                        </Group>
                      );
                    })}
                  </Stack>
                )}
              </Section>
              {cards.map(({ id, component: Card }) => (
                <Card key={id} />
              ))}
            </Stack>
          </Grid.Col>
        </Grid>
      </Stack>
    </>
  );
}
