import { refundHoldings } from '../../../platform/sdk/index.js';
import { gatewayAmountToMinor } from '../amounts.js';
import { isGatewayId, type PayBClient } from '../client.js';
import { chargeIdOfRefund, refundedAmountOf } from './gateway-refund-record.js';

/** More pages than this is no ledger we can trust to have read completely in time. */
export const MAX_LEDGER_PAGES = 100;

/** The already-refunded total could not be read (network, timeout, gateway error, malformed or runaway answer). */
export class RefundLedgerUnavailableError extends Error {
  constructor(reason: string, options?: { cause?: unknown }) {
    super(`The gateway's refund ledger could not be read: ${reason}`, options);
    this.name = 'RefundLedgerUnavailableError';
  }
}

/** One refund of the charge on the ledger; `completed`: status `completed` or `successful`, the gateway's final word. */
export interface LedgerRefund {
  gatewayRefundId: number;
  amountMinor: number;
  completed: boolean;
}

/**
 * The charge's refunds on the gateway's ledger (`GET /v3/refunds`, every page; failed ones left out: only
 * `failed` frees balance, an item without a status or an id still counts), their total and the total of
 * the completed ones, minor units.
 */
export async function readRefundLedger(
  client: PayBClient,
  gatewayTransactionId: number,
  decimals: number,
  options: { deadline?: number; since?: Date } = {},
): Promise<{ totalMinor: number; completedMinor: number; refunds: LedgerRefund[] }> {
  // a day early: the gateway may read the date in its own time zone
  const from = options.since && new Date(options.since.getTime() - 86_400_000).toISOString().slice(0, 10);
  const refunds = new Map<number, LedgerRefund>();
  const unnamed: Array<{ amountMinor: number; completed: boolean }> = [];
  for (let page = 1, totalPages = 1; page <= totalPages; page += 1) {
    if (options.deadline !== undefined && Date.now() > options.deadline) throw new RefundLedgerUnavailableError(`still paging at page ${page} when time ran out`);
    const result = await client.listRefunds({ page, id: gatewayTransactionId, ...(from ? { from } : {}) }).catch((error: unknown) => {
      throw new RefundLedgerUnavailableError(error instanceof Error ? error.message : 'the request failed', { cause: error });
    });
    if (result.currentPage !== page) throw new RefundLedgerUnavailableError(`asked for page ${page}, got page ${result.currentPage}`);
    totalPages = result.totalPages;
    if (totalPages > MAX_LEDGER_PAGES) throw new RefundLedgerUnavailableError(`${totalPages} pages exceed the limit of ${MAX_LEDGER_PAGES}`);
    for (const item of result.items) {
      const status = typeof item.status === 'string' ? item.status.trim().toLowerCase() : '';
      const amountMinor = gatewayAmountToMinor(refundedAmountOf(item), decimals);
      if (chargeIdOfRefund(item) !== gatewayTransactionId || status === 'failed' || amountMinor === null) continue;
      // the statuses refund.completed completes a refund with (webhook/refund-event.ts); anything else is pending
      const refund = { amountMinor, completed: status === 'completed' || status === 'successful' };
      if (!isGatewayId(item.id)) unnamed.push(refund);
      else if (!refunds.has(Number(item.id))) refunds.set(Number(item.id), { gatewayRefundId: Number(item.id), ...refund });
    }
  }
  // capped beyond any transaction amount: the results stay safe integers
  const held = refundHoldings([...refunds.values(), ...unnamed]);
  return { totalMinor: held.heldMinor, completedMinor: held.completedMinor, refunds: [...refunds.values()] };
}
