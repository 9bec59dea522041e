import type { FastifyReply } from 'fastify';
import type { CustomerContext, StorefrontRequest } from '../../../platform/storefront/http/index.js';
import { createPayBClient, PayBClientError } from '../client.js';
import type { BankRequestSettings } from './bank-collection-gate.js';
import { bankErrors } from './bank-errors.js';
import { maskAccountNumber, validateBankAccountInput } from './bank-details-validation.js';
import { STOREFRONT_GATEWAY_TIMEOUT_MS, type BankListCache } from './bank-list.js';
import type { VerificationRateLimit } from './verification-rate-limit.js';
import type { VerifiedAccountStore } from './verified-account-store.js';

/** The answer of `POST /pay-b/bank/verify`. */
export interface VerifiedAccountView {
  accountNumber: string;
  accountName: string;
  bankCode: string;
  bankName: string;
}

export interface AccountVerificationDeps {
  banks: BankListCache;
  rateLimit: VerificationRateLimit;
  store: VerifiedAccountStore;
}

/**
 * Resolves the account at the gateway and remembers it in the customer's session for the save. Order:
 * form of the input (400), bank of the configured country (400; 502 without a list), rate limit (429),
 * resolution (400 not resolved, 502 gateway unreachable).
 */
export async function verifyBankAccount(
  deps: AccountVerificationDeps,
  { salesChannelId, settings }: BankRequestSettings,
  request: StorefrontRequest<CustomerContext>,
  reply: FastifyReply,
): Promise<VerifiedAccountView> {
  const input = validateBankAccountInput(request.body, settings.bankCountry);
  const bank = (await deps.banks.banksOf(settings, request.log)).find((candidate) => candidate.code === input.bankCode);
  if (!bank) throw bankErrors.unknownBank(settings.bankCountry);

  const customerId = request.storefront.customer.id;
  const retryAfter = deps.rateLimit.retryAfter(customerId);
  if (retryAfter > 0) {
    reply.header('retry-after', String(retryAfter));
    throw bankErrors.tooManyVerifications(retryAfter);
  }
  deps.rateLimit.record(customerId);

  const logged = { customerId, bankCode: bank.code, account: maskAccountNumber(input.accountNumber) };
  let accountName: string;
  try {
    accountName = (await createPayBClient(settings, { timeoutMs: STOREFRONT_GATEWAY_TIMEOUT_MS }).resolveAccount(input.accountNumber, bank.code)).accountName;
  } catch (error) {
    if (isRefusedResolution(error)) {
      request.log.info({ ...logged, gatewayMessage: withoutDigitRuns(error.details.gatewayMessage) }, 'pay-b: bank account not resolved');
      throw bankErrors.accountNotResolved();
    }
    // the error's message may quote the gateway's, which may echo the account number: only what kind of failure
    const failure = error instanceof PayBClientError ? { kind: error.kind, httpStatus: error.details.httpStatus } : { kind: error instanceof Error ? error.name : 'unknown' };
    request.log.warn({ ...logged, ...failure }, 'pay-b: bank account verification failed');
    // no cause: the platform logs 5xx errors with their causes, and this one may quote the account number
    throw bankErrors.verificationUnavailable();
  }

  const remembered = await deps.store.remember(
    { token: request.storefront.sessionToken, salesChannelId, customerId },
    { bankCode: bank.code, bankName: bank.name, accountNumber: input.accountNumber, accountName },
  );
  // a logged-in customer always has a stored context: without one the save could never succeed
  if (!remembered) throw new Error('pay-b: the customer session is not stored; the verification cannot be kept');
  request.log.info(logged, 'pay-b: bank account verified');
  reply.header('cache-control', 'no-store');
  return { accountNumber: input.accountNumber, accountName, bankCode: bank.code, bankName: bank.name };
}

/**
 * The gateway answered and said no (unknown account, unsupported country): the customer's input. Not
 * when it refused our key (401/403), throttled us (429) or failed (5xx): those are ours to fix.
 */
function isRefusedResolution(error: unknown): error is PayBClientError {
  if (!(error instanceof PayBClientError) || error.kind !== 'gateway') return false;
  const status = error.details.httpStatus ?? 0;
  return status < 500 && status !== 401 && status !== 403 && status !== 429;
}

/** A gateway message may echo the account number: long digit runs never reach the log. */
function withoutDigitRuns(message: string | undefined): string | undefined {
  return message?.replace(/[0-9]{6,}/g, '[digits]');
}
