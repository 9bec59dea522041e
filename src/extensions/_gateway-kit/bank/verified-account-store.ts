import { isPlainObject, type CustomerSession, type ExtensionHost, type UnitOfWork } from '../../../platform/sdk/index.js';
import type { BankAccountInput } from './bank-account-validation.js';

/** A verification is good for saving this long: enough to fill in the form, short enough that a left-open tab cannot save much later. */
export const VERIFICATION_LIFETIME_MS = 30 * 60_000;

/** An account the gateway resolved for this customer in this session. */
export interface VerifiedAccount {
  customerId: string;
  bankCode: string;
  bankName: string;
  /** Plain in memory, sealed in the stored session record. */
  accountNumber: string;
  /** As the gateway resolved it: the name stored on save, never one from the form. */
  accountName: string;
  /** ISO-8601. */
  verifiedAt: string;
}

export type VerificationLookup =
  | { outcome: 'verified'; account: VerifiedAccount }
  | { outcome: 'missing' | 'other-customer' | 'different-account' | 'expired' };

/**
 * Keeps the last verified account server-side in the customer's session (host session values), never in
 * a cookie or the page: the save form can only store what the gateway resolved for this customer. One
 * verification per session and gateway; a new one replaces it. Logout drops the session, and with it the
 * verification.
 */
export class VerifiedAccountStore {
  constructor(
    private readonly host: ExtensionHost,
    /** The session key, namespaced per gateway, e.g. `ext_pay_b_bank_verification`. */
    readonly payloadKey: string,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /**
   * Remembers `account` as verified now; false when the session is not stored (nothing remembered). The
   * account number is sealed in the session record (host secrets): it rests in the database until saved.
   */
  async remember(session: CustomerSession, account: Omit<VerifiedAccount, 'customerId' | 'verifiedAt'>): Promise<boolean> {
    const record: VerifiedAccount = {
      ...account,
      accountNumber: this.host.secrets.encrypt(account.accountNumber),
      customerId: session.customerId,
      verifiedAt: this.now().toISOString(),
    };
    return this.host.sessions.put(session, this.payloadKey, record);
  }

  /**
   * Inside the save's unit of work: the session's verification, locked until commit, and whether it
   * covers `input` for this customer. A used, expired or foreign one is removed; one for a different
   * account stays, so the customer can correct the form and save.
   */
  async take(uow: UnitOfWork, session: CustomerSession, input: BankAccountInput): Promise<VerificationLookup> {
    const account = this.#opened(asVerifiedAccount(await this.host.sessions.getForUpdate(uow, session, this.payloadKey)));
    if (!account) return { outcome: 'missing' };
    if (account.customerId !== session.customerId) {
      // another customer's, carried over by a login in the same browser: never theirs to use
      await this.host.sessions.remove(uow, session.token, this.payloadKey);
      return { outcome: 'other-customer' };
    }
    const verifiedAt = Date.parse(account.verifiedAt);
    if (!(verifiedAt + VERIFICATION_LIFETIME_MS > this.now().getTime())) {
      await this.host.sessions.remove(uow, session.token, this.payloadKey);
      return { outcome: 'expired' };
    }
    if (account.bankCode !== input.bankCode || account.accountNumber !== input.accountNumber) return { outcome: 'different-account' };
    await this.host.sessions.remove(uow, session.token, this.payloadKey);
    return { outcome: 'verified', account };
  }

  /** The record with its account number opened; undefined when it does not open (not sealed by this shop's key). */
  #opened(account: VerifiedAccount | undefined): VerifiedAccount | undefined {
    if (!account) return undefined;
    try {
      return { ...account, accountNumber: this.host.secrets.decrypt(account.accountNumber) };
    } catch {
      return undefined;
    }
  }
}

/** A record as this module wrote it; anything else (a damaged or foreign value) counts as none. */
function asVerifiedAccount(value: unknown): VerifiedAccount | undefined {
  if (!isPlainObject(value)) return undefined;
  const fields = ['customerId', 'bankCode', 'bankName', 'accountNumber', 'accountName', 'verifiedAt'] as const;
  return fields.every((field) => typeof value[field] === 'string') ? (value as unknown as VerifiedAccount) : undefined;
}
