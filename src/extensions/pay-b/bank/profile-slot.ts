import type { Platform } from '../../../platform/kernel.js';
import { isPlainObject } from '../../../platform/entities/write-validation.js';
import type { ProfileSlot } from '../../../platform/storefront/http/index.js';
import { EXTENSION_NAME } from '../config.js';
import { CUSTOMER_BANK_FIELDS } from '../custom-fields.js';
import { bankSettingsOf } from './bank-collection-gate.js';
import { maskAccountNumber } from './bank-details-validation.js';

/** The saved details as the profile page may show them: the number masked, the BVN only as "on file". */
export interface SavedBankDetailsView {
  bankName: string;
  maskedAccountNumber: string;
  accountName: string;
  bvnOnFile: boolean;
}

/**
 * The bank details section of the profile page (`/account`): saved details and the form. Renders
 * nothing while bank data collection is off for the request's sales channel.
 */
export function bankProfileSlot(platform: Platform, scriptUrl: string): ProfileSlot {
  return {
    id: 'pay-b-bank-account',
    owner: EXTENSION_NAME,
    template: 'pay-b/profile-bank-account.njk',
    data: async (request) => {
      const { settings } = await bankSettingsOf(platform, request);
      if (!settings.collectBankData || !request.storefront.customer) return { enabled: false };
      const row = await platform.db.selectFrom('customer').select('custom_fields').where('id', '=', request.storefront.customer.id).executeTakeFirst();
      return {
        enabled: true,
        saved: savedDetails(row?.custom_fields),
        nigeria: settings.bankCountry === 'NG',
        scriptUrl,
      };
    },
  };
}

function savedDetails(customFields: unknown): SavedBankDetailsView | null {
  if (!isPlainObject(customFields)) return null;
  const text = (name: string) => (typeof customFields[name] === 'string' ? (customFields[name] as string) : '');
  const accountNumber = text(CUSTOMER_BANK_FIELDS.accountNumber);
  if (accountNumber === '') return null;
  return {
    bankName: text(CUSTOMER_BANK_FIELDS.bankName),
    maskedAccountNumber: maskAccountNumber(accountNumber),
    accountName: text(CUSTOMER_BANK_FIELDS.accountName),
    bvnOnFile: text(CUSTOMER_BANK_FIELDS.bvn) !== '',
  };
}
