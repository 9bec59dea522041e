import { Stack } from '@mantine/core';
import { defineModule, EmptyState, RefundPanel, Section, StateBadge, type Order, type OrderDetailTabProps } from '../../../admin/sdk';

const METHOD = 'ext_pay_b_payment';

const transactionsOf = (order: Order) =>
  [...(order.transactions ?? [])].filter((t) => t.paymentMethod?.technicalName === METHOD).sort((a, b) => String(b.createdAt).localeCompare(String(a.createdAt)));

/** Gateway D refunds of an order: one panel per transaction paid with Gateway D. */
function RefundTab({ order, reload }: OrderDetailTabProps) {
  const transactions = transactionsOf(order);
  if (transactions.length === 0) return <EmptyState title="No Gateway D payment" />;
  return (
    <Stack>
      {transactions.map((transaction) => (
        <Section key={transaction.id} title="Gateway D payment" actions={<StateBadge state={transaction.stateMachineState?.technicalName} label={transaction.stateMachineState?.name} />}>
          <RefundPanel
            transaction={transaction}
            currency={order.currency?.isoCode ?? 'EUR'}
            refundUrl="/api/_action/pay-b/refund"
            balanceUrl="/api/_action/pay-b/refundable"
            privilege="pay_b.refund"
            onRefunded={reload}
          />
        </Section>
      ))}
    </Stack>
  );
}

export default defineModule({
  id: 'pay-b',
  orderDetailTabs: [
    { id: 'pay-b-refunds', label: 'Gateway D refunds', privilege: 'order_transaction_capture_refund:read', appliesTo: (order) => transactionsOf(order).length > 0, component: RefundTab },
  ],
  settings: [{ domain: 'ExtPayB.config', title: 'Gateway D' }],
});
