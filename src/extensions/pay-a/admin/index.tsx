import { Stack } from '@mantine/core';
import { defineModule, EmptyState, RefundPanel, Section, StateBadge, type Order, type OrderDetailTabProps, type OrderTransaction, type RefundInput } from '../../../admin/sdk';

const METHOD = 'ext_pay_a_payment';

const transactionsOf = (order: Order) =>
  [...(order.transactions ?? [])].filter((t) => t.paymentMethod?.technicalName === METHOD).sort((a, b) => String(b.createdAt).localeCompare(String(a.createdAt)));

/**
 * Gateway A's refund route names the payment by its gateway reference (`pay_a_reference`),
 * not by the order transaction id; the comment is its `reason`.
 */
const refundBody = (transaction: OrderTransaction, input: RefundInput) => ({
  transaction: transaction.customFields?.pay_a_reference,
  ...(input.amount === undefined ? {} : { amount: input.amount }),
  ...(input.comment === undefined ? {} : { reason: input.comment }),
});

/** Gateway A refunds of an order: one panel per transaction paid with Gateway A. */
function RefundTab({ order, reload }: OrderDetailTabProps) {
  const transactions = transactionsOf(order);
  if (transactions.length === 0) return <EmptyState title="No Gateway A payment" />;
  return (
    <Stack>
      {transactions.map((transaction) => (
        <Section key={transaction.id} title="Gateway A payment" actions={<StateBadge state={transaction.stateMachineState?.technicalName} label={transaction.stateMachineState?.name} />}>
          <RefundPanel
            transaction={transaction}
            currency={order.currency?.isoCode ?? 'EUR'}
            refundUrl="/api/_action/pay-a/refund"
            balanceUrl="/api/_action/pay-a/refundable"
            refundBody={(input) => refundBody(transaction, input)}
            comment={{ label: 'Reason (stored on the refund, sent to the gateway)', maxLength: 255 }}
            privilege="pay_a.refund"
            onRefunded={reload}
          />
        </Section>
      ))}
    </Stack>
  );
}

export default defineModule({
  id: 'pay-a',
  orderDetailTabs: [
    { id: 'pay-a-refunds', label: 'Gateway A refunds', privilege: 'order_transaction_capture_refund:read', appliesTo: (order) => transactionsOf(order).length > 0, component: RefundTab },
  ],
  settings: [{ domain: 'ExtPayA.config', title: 'Gateway A' }],
});
