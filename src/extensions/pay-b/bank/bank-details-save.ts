import type { FastifyReply } from 'fastify';
import { systemContext } from '../../../platform/acl/context.js';
import { transaction } from '../../../platform/database/transaction.js';
import type { Platform } from '../../../platform/kernel.js';
import { addFlash, redirectWithFlash, type CustomerContext, type StorefrontRequest } from '../../../platform/storefront/http/index.js';
import { clientErrorMessages, formFields } from '../../../platform/storefront/pages/form-input.js';
import { CUSTOMER_BANK_FIELDS } from '../custom-fields.js';
import type { BankRequestSettings } from './bank-collection-gate.js';
import { maskAccountNumber, validateBankAccountInput, validateBvn, type BankAccountInput } from './bank-details-validation.js';
import type { VerificationLookup, VerifiedAccountStore } from './verified-account-store.js';

/** Where the form lives and the customer returns to. */
export const PROFILE_PATH = '/account';

const REFUSALS: Record<Exclude<VerificationLookup['outcome'], 'verified'>, string> = {
  missing: 'Please verify your account number before saving.',
  'other-customer': 'Please verify your account number before saving.',
  'different-account': 'The bank details do not match the account you verified. Please verify them again.',
  expired: 'Your account verification has expired. Please verify the account again.',
};

/**
 * `POST /pay-b/bank/save`: stores the account verified in this session (same customer, bank and number,
 * not expired) on the customer's custom fields; the account name is the gateway's, never the form's.
 * A BVN left empty keeps the one on file (it is never shown back, so it cannot be re-entered easily).
 * Every refusal returns to the profile page with a message and stores nothing.
 */
export async function saveBankDetails(
  platform: Platform,
  store: VerifiedAccountStore,
  { salesChannelId, settings }: BankRequestSettings,
  request: StorefrontRequest<CustomerContext>,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const fields = formFields(request.body);
  const problems: string[] = [];
  let input: BankAccountInput | undefined;
  let bvn: string | null = null;
  try {
    input = validateBankAccountInput(fields, settings.bankCountry);
  } catch (error) {
    problems.push(...clientErrorMessages(error));
  }
  try {
    bvn = validateBvn(fields.bvn);
  } catch (error) {
    problems.push(...clientErrorMessages(error));
  }
  if (!input || problems.length > 0) {
    for (const message of problems) addFlash(reply, 'danger', message);
    return reply.redirect(PROFILE_PATH, 302);
  }

  const customerId = request.storefront.customer.id;
  const session = { token: request.storefront.sessionToken, salesChannelId, customerId };
  const outcome = await transaction(platform.db, async (uow) => {
    const lookup = await store.take(uow, session, input);
    if (lookup.outcome !== 'verified') return lookup.outcome;
    const { account } = lookup;
    const customFields: Record<string, string> = {
      [CUSTOMER_BANK_FIELDS.bankName]: account.bankName,
      [CUSTOMER_BANK_FIELDS.bankCode]: account.bankCode,
      [CUSTOMER_BANK_FIELDS.accountNumber]: account.accountNumber,
      [CUSTOMER_BANK_FIELDS.accountName]: account.accountName,
    };
    if (bvn !== null) customFields[CUSTOMER_BANK_FIELDS.bvn] = bvn;
    // customFields of an update merge into the stored ones: other extensions' fields stay
    await platform.repositories.get('customer').update([{ id: customerId, customFields }], systemContext, uow);
    return 'saved' as const;
  });

  const logged = { customerId, bankCode: input.bankCode, account: maskAccountNumber(input.accountNumber) };
  if (outcome !== 'saved') {
    request.log.info({ ...logged, outcome }, 'pay-b: bank details refused');
    return redirectWithFlash(reply, PROFILE_PATH, 'danger', REFUSALS[outcome]);
  }
  request.log.info({ ...logged, bvnGiven: bvn !== null }, 'pay-b: bank details saved');
  return redirectWithFlash(reply, PROFILE_PATH, 'success', 'Your bank details were saved.');
}
