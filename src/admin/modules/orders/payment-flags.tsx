import { Badge, Group } from '@mantine/core';

/*
 * The payment extensions mark orders in custom fields (the contract with them): a test-mode order carries
 * `payment_test_mode: true` on the order and its transaction; a payment a person must look at carries
 * `payment_needs_review: true` on its transaction.
 */
/** Anything carrying custom fields (an order, a transaction). */
interface WithCustomFields {
  customFields?: Record<string, unknown> | null;
  [field: string]: unknown;
}

export const TEST_MODE_KEY = 'payment_test_mode';
export const NEEDS_REVIEW_KEY = 'payment_needs_review';

export const isTestOrder = (order: WithCustomFields) => order.customFields?.[TEST_MODE_KEY] === true;
export const needsReview = (transaction: WithCustomFields) => transaction.customFields?.[NEEDS_REVIEW_KEY] === true;

/** Criteria filters for the list and the dashboard. */
export const testOrderFilter = { type: 'equals', field: `customFields.${TEST_MODE_KEY}`, value: true };
/** Orders without the test mark (no key, or false). */
export const liveOrderFilter = {
  type: 'multi',
  operator: 'or',
  queries: [
    { type: 'equals', field: `customFields.${TEST_MODE_KEY}`, value: null },
    { type: 'equals', field: `customFields.${TEST_MODE_KEY}`, value: false },
  ],
};
export const needsReviewFilter = { type: 'equals', field: `transactions.customFields.${NEEDS_REVIEW_KEY}`, value: true };

/** The "Test" and "Needs review" badges of an order (or of one transaction when given). */
export function OrderFlags({ order, transactions }: { order?: WithCustomFields | null; transactions?: WithCustomFields[] }) {
  const test = (order && isTestOrder(order)) || (transactions ?? []).some((t) => t.customFields?.[TEST_MODE_KEY] === true);
  const review = (transactions ?? []).some(needsReview);
  if (!test && !review) return null;
  return (
    <Group gap={4} wrap="nowrap">
      {test && (
        <Badge color="orange" variant="outline" size="sm" title="Paid in the gateway's test mode: no real money; left out of revenue">
          Test
        </Badge>
      )}
      {review && (
        <Badge color="red" variant="light" size="sm" title="The payment extension asks a person to check this payment">
          Needs review
        </Badge>
      )}
    </Group>
  );
}
