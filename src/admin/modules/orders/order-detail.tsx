import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Anchor, Button, Code, Grid, Group, Menu, Stack, Table, Tabs, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { DateTime, EmptyState, KeyValue, LoadError, Loading, Money, PageHeader, Section, StateBadge, useApi, useCan, useLoad, type Order, type OrderTransaction } from '../../sdk';
import { useModules } from '../../module-context';
import { CustomFieldValues } from '../../components/custom-field-values';
import { OrderFlags } from './payment-flags';

interface Transition {
  actionName: string;
  name?: string;
  toStateName: string;
}

/** The transitions leaving a transaction's state, as a menu; hidden without order_transaction:update. */
function TransactionTransitions({ transaction, onChanged }: { transaction: OrderTransaction; onChanged: () => void }) {
  const api = useApi();
  const can = useCan();
  const transitions = useLoad(
    () => api.get<{ transitions: Transition[] }>(`/api/_action/state-machine/order_transaction/${transaction.id}/state`).then((answer) => answer.transitions),
    [transaction.id, transaction.stateMachineState?.technicalName],
  );
  const [busy, setBusy] = useState(false);
  if (!can('order_transaction:update')) return null;
  if (!transitions.data?.length) return null;

  async function apply(action: string) {
    setBusy(true);
    try {
      await api.post(`/api/_action/order_transaction/${transaction.id}/state/${action}`);
      notifications.show({ color: 'green', message: `Payment moved: ${action.replace(/_/g, ' ')}` });
      onChanged();
    } catch {
      // toast shown by the client
    } finally {
      setBusy(false);
    }
  }

  return (
    <Menu position="bottom-end">
      <Menu.Target>
        <Button size="xs" variant="light" loading={busy}>
          Change state
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {transitions.data.map((transition) => (
          <Menu.Item key={transition.actionName} onClick={() => apply(transition.actionName)}>
            {transition.actionName.replace(/_/g, ' ')} → {transition.toStateName}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

function Address({ address }: { address: Record<string, any> | undefined }) {
  if (!address) return <Text c="dimmed">–</Text>;
  return (
    <Stack gap={0}>
      {address.company && <Text size="sm">{address.company}</Text>}
      <Text size="sm">
        {address.firstName} {address.lastName}
      </Text>
      <Text size="sm">{address.street}</Text>
      {address.additionalAddressLine1 && <Text size="sm">{address.additionalAddressLine1}</Text>}
      <Text size="sm">
        {address.zipcode} {address.city}
      </Text>
      <Text size="sm">{address.country?.name}</Text>
    </Stack>
  );
}

/** The payment method as merchants named it, with its technical name (what extensions and logs use) explained once. */
function PaymentMethodName({ method }: { method: OrderTransaction['paymentMethod'] }) {
  if (!method) return <>Payment</>;
  return (
    <Tooltip label="The technical name identifies the method to extensions, logs and the API; merchants and customers see the name." multiline w={260}>
      <span>
        {method.name}{' '}
        <Text span size="xs" c="dimmed" fw={400} ff="monospace">
          technical name {method.technicalName}
        </Text>
      </span>
    </Tooltip>
  );
}

export function OrderDetail() {
  const modules = useModules();
  const { id } = useParams();
  const api = useApi();
  const can = useCan();
  const order = useLoad(
    () =>
      api
        .search<Order>('order', {
          ids: [id],
          associations: {
            currency: {},
            stateMachineState: {},
            orderCustomer: {},
            salesChannel: {},
            lineItems: {},
            addresses: { associations: { country: {} } },
            deliveries: { associations: { stateMachineState: {}, shippingMethod: {} } },
            transactions: { associations: { stateMachineState: {}, paymentMethod: {} } },
          },
        })
        .then((answer) => answer.data[0] ?? null),
    [id],
  );
  const [tab, setTab] = useState<string | null>('general');

  if (order.error) return <LoadError error={order.error} onRetry={order.reload} />;
  if (!order.data) return order.loading ? <Loading /> : <EmptyState title="Order not found" />;
  const data = order.data;
  const currency = data.currency?.isoCode ?? 'EUR';
  const transactions = [...(data.transactions ?? [])].sort((a, b) => String(b.createdAt).localeCompare(String(a.createdAt)));
  const lineItems = [...(data.lineItems ?? [])].sort((a, b) => (a.position ?? 0) - (b.position ?? 0));
  const billing = (data.addresses ?? []).find((address: { id: string }) => address.id === data.billingAddressId);
  const delivery = data.deliveries?.[0];
  const shipping = (data.addresses ?? []).find((address: { id: string }) => address.id === delivery?.shippingOrderAddressId);
  // extension tabs that apply to this order and that the user may see
  const extensionTabs = modules.flatMap((module) => module.orderDetailTabs ?? []).filter((t) => can(t.privilege) && (t.appliesTo?.(data) ?? true));

  return (
    <>
      <Anchor component={Link} to="/orders" size="sm">
        ← Orders
      </Anchor>
      <PageHeader
        title={`Order ${data.orderNumber}`}
        subtitle={
          <>
            <DateTime value={data.orderDateTime} /> · {data.salesChannel?.name ?? ''}
          </>
        }
        actions={
          <Group gap="xs">
            <OrderFlags order={data} transactions={data.transactions} />
            <StateBadge state={data.stateMachineState?.technicalName} label={data.stateMachineState?.name} />
          </Group>
        }
      />
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="general">General</Tabs.Tab>
          <Tabs.Tab value="payments">Payments</Tabs.Tab>
          <Tabs.Tab value="custom-fields">Custom fields</Tabs.Tab>
          {extensionTabs.map((t) => (
            <Tabs.Tab key={t.id} value={t.id}>
              {t.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>

        <Tabs.Panel value="general">
          <Grid>
            <Grid.Col span={{ base: 12, md: 8 }}>
              <Section title="Line items">
                <Table.ScrollContainer minWidth={480}>
                  <Table>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>Item</Table.Th>
                        <Table.Th ta="right">Quantity</Table.Th>
                        <Table.Th ta="right">Unit price</Table.Th>
                        <Table.Th ta="right">Total</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {lineItems.map((item) => (
                        <Table.Tr key={item.id}>
                          <Table.Td>
                            <Text size="sm">{item.label}</Text>
                            {item.payload?.productNumber && (
                              <Text size="xs" c="dimmed">
                                {item.payload.productNumber}
                              </Text>
                            )}
                          </Table.Td>
                          <Table.Td ta="right">{item.quantity}</Table.Td>
                          <Table.Td ta="right">
                            <Money value={item.unitPrice} currency={currency} />
                          </Table.Td>
                          <Table.Td ta="right">
                            <Money value={item.totalPrice} currency={currency} />
                          </Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
                <Group justify="flex-end" mt="sm" gap="xl">
                  <Text size="sm" c="dimmed">
                    Shipping <Money value={data.shippingTotal} currency={currency} />
                  </Text>
                  <Text fw={700}>
                    Total <Money value={data.amountTotal} currency={currency} />
                  </Text>
                </Group>
              </Section>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 4 }}>
              <Stack>
                <Section title="Customer">
                  <Text size="sm">
                    {data.orderCustomer?.firstName} {data.orderCustomer?.lastName}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {data.orderCustomer?.email}
                  </Text>
                </Section>
                <Section title="Billing address">
                  <Address address={billing} />
                </Section>
                <Section title="Shipping">
                  <Address address={shipping} />
                  {delivery && (
                    <Group mt="xs" gap="xs">
                      <Text size="sm">{delivery.shippingMethod?.name}</Text>
                      <StateBadge state={delivery.stateMachineState?.technicalName} label={delivery.stateMachineState?.name} />
                    </Group>
                  )}
                </Section>
              </Stack>
            </Grid.Col>
          </Grid>
        </Tabs.Panel>

        <Tabs.Panel value="payments">
          <Stack>
            {transactions.length === 0 && <EmptyState title="No payments" />}
            {transactions.map((transaction) => (
              <Section
                key={transaction.id}
                title={<PaymentMethodName method={transaction.paymentMethod} />}
                actions={
                  <Group gap="xs">
                    <OrderFlags transactions={[transaction]} />
                    <StateBadge state={transaction.stateMachineState?.technicalName} label={transaction.stateMachineState?.name} />
                    <TransactionTransitions transaction={transaction} onChanged={order.reload} />
                  </Group>
                }
              >
                <KeyValue
                  rows={[
                    ['Amount', <Money key="a" value={(transaction.amount as { totalPrice?: number }).totalPrice} currency={currency} />],
                    ['Created', <DateTime key="c" value={transaction.createdAt} />],
                    ['Transaction id', <Code key="i">{transaction.id}</Code>],
                  ]}
                />
                <Text size="sm" fw={600} mt="sm">
                  Details stored with the payment
                </Text>
                <CustomFieldValues fields={transaction.customFields} />
              </Section>
            ))}
          </Stack>
        </Tabs.Panel>

        <Tabs.Panel value="custom-fields">
          <Section title="Order custom fields">
            <CustomFieldValues fields={data.customFields} />
          </Section>
        </Tabs.Panel>

        {extensionTabs.map((t) => {
          const Component = t.component;
          return (
            <Tabs.Panel key={t.id} value={t.id}>
              <Component order={data} reload={order.reload} />
            </Tabs.Panel>
          );
        })}
      </Tabs>
    </>
  );
}
