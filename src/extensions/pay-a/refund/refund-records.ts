import type { RefundRecordScope } from '../../_gateway-kit/index.js';

/** Gateway A's refund records: capture and refund ids derive from this namespace and the gateway's refund id. */
export const PAY_A_REFUND_RECORDS: RefundRecordScope = { namespace: '4d7e2a913c5b4f60a8e1b2c3d4f5a6b7' };
