import type { TestPlatform } from '../../helpers/test-platform.js';

export interface StoredRefund {
  id: string;
  captureId: string;
  externalReference: string | null;
  captureExternalReference: string | null;
  state: string;
  captureState: string;
  /** totalPrice of the refund's CalculatedPrice JSON (major units) */
  amount: number;
  captureAmount: number;
  reason: string | null;
}

/** The platform refunds (with their captures) of an order transaction, oldest first. */
export async function storedRefunds(t: TestPlatform, orderTransactionId: string): Promise<StoredRefund[]> {
  const rows = await t.platform.db
    .selectFrom('order_transaction_capture as c')
    .leftJoin('order_transaction_capture_refund as r', 'r.capture_id', 'c.id')
    .leftJoin('state_machine_state as rs', 'rs.id', 'r.state_id')
    .innerJoin('state_machine_state as cs', 'cs.id', 'c.state_id')
    .select([
      'r.id',
      'c.id as capture_id',
      'r.external_reference',
      'c.external_reference as capture_external_reference',
      'rs.technical_name as state',
      'cs.technical_name as capture_state',
      'r.amount',
      'c.amount as capture_amount',
      'r.reason',
      'c.created_at',
    ])
    .where('c.order_transaction_id', '=', orderTransactionId)
    .orderBy('c.created_at')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    captureId: r.capture_id,
    externalReference: r.external_reference,
    captureExternalReference: r.capture_external_reference,
    state: r.state,
    captureState: r.capture_state,
    amount: r.amount?.totalPrice,
    captureAmount: r.capture_amount?.totalPrice,
    reason: r.reason,
  }));
}
