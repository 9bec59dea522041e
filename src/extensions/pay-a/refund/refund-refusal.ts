import { COMMON_REFUND_MESSAGES } from '../../_gateway-kit/index.js';

export { RefundRefusal } from '../../_gateway-kit/index.js';

/** Gateway A's refusal messages, worded exactly as the refund route's clients expect them (amounts formatted by `formatRefundAmount`), then our own. */
export const REFUND_MESSAGES = {
  ...COMMON_REFUND_MESSAGES,
  referenceRequired: 'Transaction reference is required',
  // our own: a shop without a key for the mode cannot ask the gateway anything
  notConfigured: 'Gateway A has no secret key for the active mode; refunds cannot be sent.',
} as const;

/** The `reason` sent to the gateway when the merchant gives none. */
export const DEFAULT_REFUND_REASON = 'Refund initiated from shop administration';
