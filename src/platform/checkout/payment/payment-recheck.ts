import { sql } from 'kysely';
import type { Db } from '../../database/connection.js';
import type { ScheduledTaskDeclaration, ScheduledTaskRun } from '../../scheduled-task/scheduled-task.js';
import type { OrderTransactionView } from '../order-transaction/order-transaction-view.js';
import type { RefundHost } from '../refund/refund-host.js';
import { adoptLedgerRefunds } from '../refund/refund-ledger.js';
import { flagOrder, PAYMENT_FLAGS } from './payment-flags.js';
import type { PaymentProvider, ProviderRecheck, RecheckSettings, Verification } from './provider.js';
import { settlePayment, type SettlementServices } from './settlement.js';

/** Minutes after the payment started at which it is verified again: 2, 10 and 30 minutes, then 2, 6 and 24 hours. */
export const RECHECK_SCHEDULE_MINUTES: readonly number[] = [2, 10, 30, 120, 360, 1440];
/** How often the task looks for due payments; the first try comes at most this late. */
export const RECHECK_INTERVAL_SECONDS = 60;
/** A run stops starting gateway calls after this; the rest waits for the next run. */
export const RECHECK_TIME_LIMIT_SECONDS = 45;
/** Payments verified per run at most: a slow gateway never holds the task long. */
export const RECHECK_BATCH = 25;
/** The order transaction custom field holding the re-check's progress: `{ tries, lastTryAt }`. */
export const RECHECK_FIELD = 'payment_recheck';

/** States the re-check looks at: started and not settled, failed nor cancelled. */
const UNSETTLED_STATES = ['open', 'in_progress', 'unconfirmed', 'reminded'];

/**
 * Hours after the payment started at which the refund ledger of a paid transaction is read: 1, 6 and 24
 * hours, then daily until 14 days (16 reads a payment). Refunds the events never announced (made in the
 * gateway's dashboard, the webhook lost) are adopted at the next read.
 */
export const LEDGER_READ_HOURS: readonly number[] = [1, 6, ...Array.from({ length: 14 }, (_, day) => (day + 1) * 24)];
/** Ledgers read per run at most, after the unsettled payments. */
export const LEDGER_BATCH = 25;
/** The order transaction custom field holding when its refund ledger was last read: `{ readAt }`. */
export const LEDGER_FIELD = 'payment_refund_ledger';
/** States whose payment may have refunds the shop does not know of yet. */
const PAID_STATES = ['paid', 'paid_partially', 'refunded_partially'];

export interface RecheckServices extends SettlementServices {
  db: Db;
  /** The provider's refund host: with it (and the provider's `refunds`), paid transactions' refund ledgers are read too. */
  refunds?: RefundHost;
}

/** The tries of the schedule that fall before its end (at least the first). */
export function recheckTries(settings: RecheckSettings): readonly number[] {
  const tries = RECHECK_SCHEDULE_MINUTES.filter((minutes) => minutes <= settings.scheduleEndHours * 60);
  return tries.length > 0 ? tries : RECHECK_SCHEDULE_MINUTES.slice(0, 1);
}

/**
 * The scheduled re-check of a provider's unsettled payments (`payment.recheck.<provider>`): a payment
 * still open after its webhook was lost and its customer never came back is verified with the gateway
 * at each try of the schedule and applied by the settlement a webhook uses (row lock, exact amount,
 * processed events), so it is paid once however the answer arrives. A gateway error or a pending
 * answer counts as a try; once the last try passed without a final answer, the transaction and its order
 * are marked needs review.
 */
export function paymentRecheckTask(provider: PaymentProvider & { recheck: ProviderRecheck }, services: RecheckServices): ScheduledTaskDeclaration<void> {
  return {
    name: `payment.recheck.${provider.name}`,
    intervalSeconds: RECHECK_INTERVAL_SECONDS,
    timeLimitSeconds: RECHECK_TIME_LIMIT_SECONDS + 15,
    run: async (run) => {
      const startedAt = run.clock().getTime();
      await recheckDuePayments(provider, services, run);
      if (provider.refunds && services.refunds) await readDueLedgers(provider, services, run, startedAt);
    },
  };
}

/** One run: the due payments of the batch, oldest first, until the time limit. Returns how many were asked about. */
export async function recheckDuePayments(provider: PaymentProvider & { recheck: ProviderRecheck }, services: RecheckServices, run: Pick<ScheduledTaskRun, 'now' | 'clock' | 'signal'>): Promise<number> {
  const startedAt = run.clock().getTime();
  const settingsOf = channelSettings(provider);
  let asked = 0;
  for (const id of await candidateIds(services.db, provider.paymentMethodId, run.now)) {
    if (asked >= RECHECK_BATCH || run.signal.aborted || run.clock().getTime() - startedAt > RECHECK_TIME_LIMIT_SECONDS * 1000) break;
    const transaction = await services.orderTransactions.load(id);
    if (!transaction || !UNSETTLED_STATES.includes(transaction.state)) continue;
    const settings = await settingsOf(transaction.salesChannelId);
    if (!settings.enabled) continue;
    const tries = recheckTries(settings);
    const done = triesOf(transaction);
    if (done >= tries.length) {
      await markNeedsReview(services, transaction.id);
      continue;
    }
    if (transaction.createdAt.getTime() + tries[done]! * 60_000 > run.now.getTime()) continue;
    asked += 1;
    await tryOnce(provider, services, transaction, run.now);
    if (done + 1 >= tries.length) await markNeedsReview(services, transaction.id);
  }
  return asked;
}

/** The re-check settings per sales channel, read once a run. */
function channelSettings(provider: PaymentProvider & { recheck: ProviderRecheck }): (salesChannelId: string) => Promise<RecheckSettings> {
  const settingsByChannel = new Map<string, Promise<RecheckSettings>>();
  return (salesChannelId) => {
    if (!settingsByChannel.has(salesChannelId)) settingsByChannel.set(salesChannelId, provider.recheck.settings(salesChannelId));
    return settingsByChannel.get(salesChannelId)!;
  };
}

/**
 * After the unsettled payments, within the same time limit: the refund ledgers of the provider's paid
 * transactions whose read is due (LEDGER_READ_HOURS), least recently read first. A gateway that cannot be
 * read leaves the read due (tried at the next run); a transaction whose refund is in progress is skipped.
 * Returns how many ledgers were read.
 */
export async function readDueLedgers(
  provider: PaymentProvider & { recheck: ProviderRecheck },
  services: RecheckServices,
  run: Pick<ScheduledTaskRun, 'now' | 'clock' | 'signal'>,
  startedAt = run.clock().getTime(),
): Promise<number> {
  const { refunds: refundHost } = services;
  const refunds = provider.refunds;
  if (!refundHost || !refunds) return 0;
  const settingsOf = channelSettings(provider);
  let read = 0;
  for (const id of await ledgerCandidateIds(services.db, provider.paymentMethodId, run.now)) {
    if (read >= LEDGER_BATCH || run.signal.aborted || run.clock().getTime() - startedAt > RECHECK_TIME_LIMIT_SECONDS * 1000) break;
    const transaction = await services.orderTransactions.load(id);
    if (!transaction || !PAID_STATES.includes(transaction.state) || !isLedgerReadDue(transaction, run.now)) continue;
    if (!(await settingsOf(transaction.salesChannelId)).enabled) continue;
    read += 1;
    let result;
    try {
      result = await adoptLedgerRefunds(refundHost, refunds, transaction);
    } catch (error) {
      services.logger.warn({ orderTransactionId: id, reason: error instanceof Error ? error.message : String(error) }, `${provider.name}: the refund ledger could not be read; read again at the next run`);
      continue;
    }
    if (result.outcome === 'read' || result.outcome === 'unsupported' || result.outcome === 'no-payment') {
      await services.orderTransactions.mergeCustomFields(services.db, id, { [LEDGER_FIELD]: { readAt: run.now.toISOString(), nextReadAt: nextLedgerReadAt(transaction, run.now).toISOString() } });
    } else {
      services.logger.info({ orderTransactionId: id, outcome: result.outcome }, `${provider.name}: the refund ledger was not read; read again at the next run`);
    }
  }
  return read;
}

/** Whether a scheduled ledger read (LEDGER_READ_HOURS after the payment started) has passed since the last read. */
export function isLedgerReadDue(transaction: Pick<OrderTransactionView, 'createdAt' | 'customFields'>, now: Date): boolean {
  const started = transaction.createdAt.getTime();
  const passed = LEDGER_READ_HOURS.filter((hours) => started + hours * 3_600_000 <= now.getTime());
  if (passed.length === 0) return false;
  const progress = transaction.customFields[LEDGER_FIELD];
  const readAt = progress && typeof progress === 'object' ? Date.parse(String((progress as { readAt?: unknown }).readAt)) : Number.NaN;
  return Number.isNaN(readAt) || readAt < started + passed.at(-1)! * 3_600_000;
}

/** The schedule's next read after `now` (the end of the window once the last read is done). */
function nextLedgerReadAt(transaction: Pick<OrderTransactionView, 'createdAt'>, now: Date): Date {
  const started = transaction.createdAt.getTime();
  const next = LEDGER_READ_HOURS.find((hours) => started + hours * 3_600_000 > now.getTime()) ?? LEDGER_READ_HOURS.at(-1)! + 24;
  return new Date(started + next * 3_600_000);
}

/**
 * Paid transactions of the method within the ledger's window (and a day's slack) whose read is due: never
 * read and started at least an hour ago, or their `nextReadAt` (ISO 8601 in UTC, so text order is time
 * order) has passed; never read first, then the longest due.
 */
async function ledgerCandidateIds(db: Db, paymentMethodId: string, now: Date): Promise<string[]> {
  const since = new Date(now.getTime() - (LEDGER_READ_HOURS.at(-1)! + 24) * 3_600_000);
  const until = new Date(now.getTime() - LEDGER_READ_HOURS[0]! * 3_600_000);
  const result = await sql<{ id: string }>`
    SELECT t.id FROM order_transaction t JOIN state_machine_state s ON s.id = t.state_id
    WHERE t.payment_method_id = ${paymentMethodId} AND s.technical_name = ANY(${PAID_STATES}::text[])
      AND t.created_at >= ${since} AND t.created_at <= ${until}
      AND COALESCE(t.custom_fields -> ${LEDGER_FIELD} ->> 'nextReadAt', '') <= ${now.toISOString()}
    ORDER BY t.custom_fields -> ${LEDGER_FIELD} ->> 'nextReadAt' NULLS FIRST, t.created_at, t.id
    LIMIT ${LEDGER_BATCH * 4}`.execute(db);
  return result.rows.map((row) => row.id);
}

/** Transactions of the method that may be due: unsettled, not marked yet, started within the longest schedule (and a day's slack). */
async function candidateIds(db: Db, paymentMethodId: string, now: Date): Promise<string[]> {
  const since = new Date(now.getTime() - (RECHECK_SCHEDULE_MINUTES.at(-1)! + 24 * 60) * 60_000);
  const result = await sql<{ id: string }>`
    SELECT t.id FROM order_transaction t JOIN state_machine_state s ON s.id = t.state_id
    WHERE t.payment_method_id = ${paymentMethodId} AND s.technical_name = ANY(${UNSETTLED_STATES}::text[])
      AND t.created_at >= ${since} AND t.created_at <= ${now}
      AND COALESCE(t.custom_fields ->> ${PAYMENT_FLAGS.needsReview}, 'false') <> 'true'
    ORDER BY t.created_at, t.id
    LIMIT ${RECHECK_BATCH * 8}`.execute(db);
  return result.rows.map((row) => row.id);
}

function triesOf(transaction: OrderTransactionView): number {
  const progress = transaction.customFields[RECHECK_FIELD];
  const tries = progress && typeof progress === 'object' ? (progress as { tries?: unknown }).tries : undefined;
  return typeof tries === 'number' && Number.isInteger(tries) && tries >= 0 ? tries : 0;
}

/** Verifies the latest attempt and settles a verified answer; the try is counted whatever came back. */
async function tryOnce(provider: PaymentProvider & { recheck: ProviderRecheck }, services: RecheckServices, transaction: OrderTransactionView, now: Date): Promise<void> {
  let verification: Verification | null;
  try {
    verification = await provider.recheck.verifyLatest(transaction);
  } catch (error) {
    verification = { outcome: 'unreachable', log: { reason: error instanceof Error ? error.message : String(error) } };
  }
  const orderTransactionId = transaction.id;
  if (verification?.outcome === 'verified') {
    await settlePayment(services, { orderTransactionId, payment: verification.payment, processedEventsField: provider.processedEventsField, source: 'recheck' });
  } else {
    const log = verification === null ? { reason: 'no attempt was started' } : verification.outcome === 'not-configured' ? { reason: 'no secret key for the active mode' } : verification.log;
    services.logger.warn({ orderTransactionId, ...log }, `${provider.name}: re-check could not verify the payment; tried again later`);
  }
  await services.orderTransactions.mergeCustomFields(services.db, orderTransactionId, { [RECHECK_FIELD]: { tries: triesOf(transaction) + 1, lastTryAt: now.toISOString() } });
}

/** Under the row lock: only a transaction still unsettled is marked (a webhook may have paid it meanwhile). */
async function markNeedsReview(services: RecheckServices, orderTransactionId: string): Promise<void> {
  const marked = await services.transaction(async (uow) => {
    const current = await services.orderTransactions.loadForUpdate(uow, orderTransactionId);
    if (!current || !UNSETTLED_STATES.includes(current.state)) return false;
    const flag = { [PAYMENT_FLAGS.needsReview]: true };
    await services.orderTransactions.mergeCustomFields(uow, orderTransactionId, flag);
    await flagOrder(uow, current.orderId, flag);
    return true;
  });
  if (marked) services.logger.warn({ orderTransactionId }, 'the payment stayed unsettled after the last re-check; marked needs review');
}
