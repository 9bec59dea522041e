import { Stack } from '@mantine/core';
import { EmptyState, RefundPanel, Section, StateBadge, type RefundInput } from './components';
import type { Order, OrderDetailTab, OrderDetailTabProps, OrderTransaction } from './order-types';

export interface GatewayRefundTabOptions {
  /** The module's id: the tab is `<id>-refunds`. */
  id: string;
  /** The gateway as merchants know it, e.g. `Gateway A`. */
  gatewayName: string;
  /** The payment method's technical name; the tab shows for orders with such a transaction. */
  methodTechnicalName: string;
  refundUrl: string;
  balanceUrl: string;
  /** The privilege a refund needs. */
  privilege: string;
  /** The refund route's body when it is not the panel's default (the transaction id, amount and comment). */
  refundBody?: (transaction: OrderTransaction, input: RefundInput) => Record<string, unknown>;
  /** A comment field and its label, when the gateway stores one. */
  comment?: { label: string; maxLength: number };
}

/**
 * The order detail tab of a payment gateway's refunds: one refund panel per transaction paid with the gateway,
 * newest first. What differs between gateways is data (routes, privilege, body, comment), so they declare it.
 */
export function gatewayRefundTab(options: GatewayRefundTabOptions): OrderDetailTab {
  const transactionsOf = (order: Order) =>
    [...(order.transactions ?? [])].filter((t) => t.paymentMethod?.technicalName === options.methodTechnicalName).sort((a, b) => String(b.createdAt).localeCompare(String(a.createdAt)));

  function RefundTab({ order, reload }: OrderDetailTabProps) {
    const transactions = transactionsOf(order);
    if (transactions.length === 0) return <EmptyState title={`No ${options.gatewayName} payment`} />;
    return (
      <Stack>
        {transactions.map((transaction) => (
          <Section key={transaction.id} title={`${options.gatewayName} payment`} actions={<span data-testid="gateway-transaction-state"><StateBadge state={transaction.stateMachineState?.technicalName} label={transaction.stateMachineState?.name} /></span>}>
            <RefundPanel
              transaction={transaction}
              currency={order.currency?.isoCode ?? 'EUR'}
              refundUrl={options.refundUrl}
              balanceUrl={options.balanceUrl}
              {...(options.refundBody ? { refundBody: (input: RefundInput) => options.refundBody!(transaction, input) } : {})}
              {...(options.comment ? { comment: options.comment } : {})}
              privilege={options.privilege}
              onRefunded={reload}
            />
          </Section>
        ))}
      </Stack>
    );
  }

  return {
    id: `${options.id}-refunds`,
    label: `${options.gatewayName} refunds`,
    privilege: 'order_transaction_capture_refund:read',
    appliesTo: (order) => transactionsOf(order).length > 0,
    component: RefundTab,
  };
}
