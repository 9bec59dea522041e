import { COMMON_REFUND_MESSAGES } from '../../_gateway-kit/index.js';

export { RefundRefusal } from '../../_gateway-kit/index.js';

/** Gateway D's refusal messages, worded exactly as the refund route's clients expect them (amounts formatted by `formatRefundAmount`), then our own. */
export const REFUND_MESSAGES = {
  ...COMMON_REFUND_MESSAGES,
  idRequired: 'Order transaction id is required',
  notFound: 'Refundable transaction not found',
  ledgerUnavailable: 'Unable to verify the refundable balance. Please try again.',
} as const;
