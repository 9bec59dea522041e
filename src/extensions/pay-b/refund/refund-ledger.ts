import { MAX_MINOR_UNITS } from '../../../platform/sdk/index.js';
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

/** One refund of the charge as the gateway's ledger lists it. */
export interface LedgerRefund {
  gatewayRefundId: number;
  amountMinor: number;
  /** Its status is `completed` or `successful`: the gateway's final word (the re-check adopts it completed). */
  completed: boolean;
}

/**
 * The charge's refunds on the gateway's ledger (failed ones left out), their total and the total of the
 * completed ones among them (status `completed` or `successful`), minor units.
 */
export async function readRefundLedger(
  client: PayBClient,
  gatewayTransactionId: number,
  decimals: number,
  options: { deadline?: number; since?: Date } = {},
): Promise<{ totalMinor: number; completedMinor: number; refunds: LedgerRefund[] }> {
  // a day early: the gateway may read the date in its own time zone
  const from = options.since && new Date(options.since.getTime() - 86_400_000).toISOString().slice(0, 10);
  const counted = new Set<string>();
  const refunds: LedgerRefund[] = [];
  let total = 0n;
  let completed = 0n;
  let totalPages = 1;
  for (let page = 1; page <= totalPages; page += 1) {
    if (options.deadline !== undefined && Date.now() > options.deadline) throw new RefundLedgerUnavailableError(`still paging at page ${page} when time ran out`);
    let result;
    try {
      result = await client.listRefunds({ page, id: gatewayTransactionId, ...(from ? { from } : {}) });
    } catch (error) {
      throw new RefundLedgerUnavailableError(error instanceof Error ? error.message : 'the request failed', { cause: error });
    }
    if (result.currentPage !== page) throw new RefundLedgerUnavailableError(`asked for page ${page}, got page ${result.currentPage}`);
    totalPages = result.totalPages;
    if (totalPages > MAX_LEDGER_PAGES) throw new RefundLedgerUnavailableError(`${totalPages} pages exceed the limit of ${MAX_LEDGER_PAGES}`);

    for (const item of result.items) {
      if (!belongsTo(item, gatewayTransactionId) || isFailed(item)) continue;
      const minor = gatewayAmountToMinor(refundedAmountOf(item), decimals);
      if (minor === null) continue;
      if (isGatewayId(item.id)) {
        const key = String(item.id);
        if (counted.has(key)) continue;
        counted.add(key);
        refunds.push({ gatewayRefundId: Number(item.id), amountMinor: minor, completed: isCompleted(item) });
      }
      total += BigInt(minor);
      if (isCompleted(item)) completed += BigInt(minor);
    }
  }
  // beyond any transaction amount either way; keeps the results safe integers
  const capped = (sum: bigint) => (sum > BigInt(MAX_MINOR_UNITS) ? MAX_MINOR_UNITS : Number(sum));
  return { totalMinor: capped(total), completedMinor: capped(completed), refunds };
}

function belongsTo(item: Record<string, unknown>, gatewayTransactionId: number): boolean {
  return chargeIdOfRefund(item) === gatewayTransactionId;
}

/** Only `failed` frees balance; an item without a status is counted (the safe side). */
function isFailed(item: Record<string, unknown>): boolean {
  return statusOf(item) === 'failed';
}

/** The statuses refund.completed completes a refund with (webhook/refund-event.ts); anything else not failed is pending. */
function isCompleted(item: Record<string, unknown>): boolean {
  const status = statusOf(item);
  return status === 'completed' || status === 'successful';
}

function statusOf(item: Record<string, unknown>): string {
  return typeof item.status === 'string' ? item.status.trim().toLowerCase() : '';
}
