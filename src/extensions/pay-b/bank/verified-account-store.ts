import { sql } from 'kysely';
import type { Db } from '../../../platform/database/connection.js';
import { executorOf, type UnitOfWork } from '../../../platform/database/transaction.js';
import { isPlainObject } from '../../../platform/entities/write-validation.js';
import type { BankAccountInput } from './bank-details-validation.js';

/** The key in the session's context payload (`sales_channel_api_context.payload`); namespaced, beside the platform's choices. */
export const VERIFICATION_PAYLOAD_KEY = 'ext_pay_b_bank_verification';
/** A verification is good for saving this long: enough to fill in the form, short enough that a left-open tab cannot save much later. */
export const VERIFICATION_LIFETIME_MS = 30 * 60_000;

/** An account the gateway resolved for this customer in this session. */
export interface VerifiedAccount {
  customerId: string;
  bankCode: string;
  bankName: string;
  accountNumber: string;
  /** As the gateway resolved it: the name stored on save, never one from the form. */
  accountName: string;
  /** ISO-8601. */
  verifiedAt: string;
}

/** The customer's session: the storefront session token is the context token. */
export interface CustomerSession {
  token: string;
  salesChannelId: string | null;
  customerId: string;
}

export type VerificationLookup =
  | { outcome: 'verified'; account: VerifiedAccount }
  | { outcome: 'missing' | 'other-customer' | 'different-account' | 'expired' };

/**
 * Keeps the last verified account server-side in the customer's session (the stored sales channel
 * context), never in a cookie or the page: the save form can only store what the gateway resolved
 * for this customer. One verification per session; a new one replaces it. Logout drops the context,
 * and with it the verification.
 */
export class VerifiedAccountStore {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Remembers `account` as verified now; false when the session is not stored (nothing remembered). */
  async remember(session: CustomerSession, account: Omit<VerifiedAccount, 'customerId' | 'verifiedAt'>): Promise<boolean> {
    const record: VerifiedAccount = { ...account, customerId: session.customerId, verifiedAt: this.now().toISOString() };
    const result = await sql`
      UPDATE sales_channel_api_context
      SET payload = COALESCE(payload, '{}'::jsonb) || jsonb_build_object(${VERIFICATION_PAYLOAD_KEY}::text, ${JSON.stringify(record)}::jsonb)
      WHERE token = ${session.token} AND customer_id = ${session.customerId}
        ${session.salesChannelId ? sql`AND sales_channel_id = ${session.salesChannelId}` : sql``}`.execute(this.db);
    return Number(result.numAffectedRows ?? 0) > 0;
  }

  /**
   * Inside the save's unit of work: the session's verification, locked until commit, and whether it
   * covers `input` for this customer. A used, expired or foreign one is removed; one for a different
   * account stays, so the customer can correct the form and save.
   */
  async take(uow: UnitOfWork, session: CustomerSession, input: BankAccountInput): Promise<VerificationLookup> {
    const db = executorOf(uow);
    const result = await sql<{ verification: unknown }>`
      SELECT payload -> ${VERIFICATION_PAYLOAD_KEY}::text AS verification FROM sales_channel_api_context
      WHERE token = ${session.token}
        ${session.salesChannelId ? sql`AND sales_channel_id = ${session.salesChannelId}` : sql``}
      FOR UPDATE`.execute(db);
    const account = asVerifiedAccount(result.rows[0]?.verification);
    if (!account) return { outcome: 'missing' };
    if (account.customerId !== session.customerId) {
      // another customer's, carried over by a login in the same browser: never theirs to use
      await this.#forget(uow, session);
      return { outcome: 'other-customer' };
    }
    const verifiedAt = Date.parse(account.verifiedAt);
    if (!(verifiedAt + VERIFICATION_LIFETIME_MS > this.now().getTime())) {
      await this.#forget(uow, session);
      return { outcome: 'expired' };
    }
    if (account.bankCode !== input.bankCode || account.accountNumber !== input.accountNumber) return { outcome: 'different-account' };
    await this.#forget(uow, session);
    return { outcome: 'verified', account };
  }

  async #forget(uow: UnitOfWork, session: CustomerSession): Promise<void> {
    await sql`UPDATE sales_channel_api_context SET payload = payload - ${VERIFICATION_PAYLOAD_KEY}::text WHERE token = ${session.token}`.execute(executorOf(uow));
  }
}

/** A record as this module wrote it; anything else (a damaged or foreign value) counts as none. */
function asVerifiedAccount(value: unknown): VerifiedAccount | undefined {
  if (!isPlainObject(value)) return undefined;
  const fields = ['customerId', 'bankCode', 'bankName', 'accountNumber', 'accountName', 'verifiedAt'] as const;
  return fields.every((field) => typeof value[field] === 'string') ? (value as unknown as VerifiedAccount) : undefined;
}
