/** Banks of `GET /bank` (codes are strings with leading zeros) and the accounts `GET /bank/resolve` knows. */

export interface SimBank {
  id: number;
  name: string;
  code: string;
  country: string;
  currency: string;
  type: string;
  active: boolean;
  isDeleted: boolean;
}

const NIGERIA: Array<[number, string, string]> = [
  [174, 'Abbey Mortgage Bank', '801'],
  [1, 'Access Bank', '044'],
  [3, 'Access Bank (Diamond)', '063'],
  [2, 'Citibank Nigeria', '023'],
  [4, 'Ecobank Nigeria', '050'],
  [6, 'Fidelity Bank', '070'],
  [7, 'First Bank of Nigeria', '011'],
  [8, 'First City Monument Bank', '214'],
  [9, 'Guaranty Trust Bank', '058'],
  [10, 'Heritage Bank', '030'],
  [11, 'Keystone Bank', '082'],
  [12, 'Kuda Bank', '50211'],
  [13, 'Moniepoint MFB', '50515'],
  [14, 'OPay Digital Services', '999992'],
  [15, 'PalmPay', '999991'],
  [16, 'Polaris Bank', '076'],
  [17, 'Providus Bank', '101'],
  [18, 'Stanbic IBTC Bank', '221'],
  [19, 'Standard Chartered Bank', '068'],
  [20, 'Sterling Bank', '232'],
  [21, 'Suntrust Bank', '100'],
  [22, 'Union Bank of Nigeria', '032'],
  [23, 'United Bank For Africa', '033'],
  [24, 'Unity Bank', '215'],
  [25, 'Wema Bank', '035'],
  [26, 'Zenith Bank', '057'],
];

function bank(id: number, name: string, code: string, country: string, currency: string, type: string, extra: Partial<SimBank> = {}): SimBank {
  return { id, name, code, country, currency, type, active: true, isDeleted: false, ...extra };
}

export const BANKS: readonly SimBank[] = [
  ...NIGERIA.map(([id, name, code]) => bank(id, name, code, 'Nigeria', 'NGN', 'nuban')),
  // what a list also holds: a bank that is switched off and one that was removed
  bank(27, 'Inactive Test Bank', '999001', 'Nigeria', 'NGN', 'nuban', { active: false }),
  bank(28, 'Deleted Test Bank', '999002', 'Nigeria', 'NGN', 'nuban', { isDeleted: true }),
  bank(301, 'Absa Bank Ghana', '030100', 'Ghana', 'GHS', 'ghipss'),
  bank(302, 'GCB Bank', '040100', 'Ghana', 'GHS', 'ghipss'),
  bank(303, 'MTN Mobile Money', 'MTN', 'Ghana', 'GHS', 'mobile_money'),
  bank(401, 'Equity Bank', '68', 'Kenya', 'KES', 'kepss'),
  bank(402, 'Kenya Commercial Bank', '01', 'Kenya', 'KES', 'kepss'),
  bank(501, 'Absa Bank', '632005', 'South Africa', 'ZAR', 'basa'),
  bank(502, 'Capitec Bank', '470010', 'South Africa', 'ZAR', 'basa'),
];

/** `country` values of `GET /bank` and the currency each lists. */
export const COUNTRIES: Readonly<Record<string, string>> = { nigeria: 'Nigeria', ghana: 'Ghana', kenya: 'Kenya', 'south africa': 'South Africa' };

/** Named accounts at real bank codes, resolvable in both modes. */
export const KNOWN_ACCOUNTS: Readonly<Record<string, string>> = {
  '058:0123456789': 'ADAEZE OKAFOR',
  '058:0123456780': 'CHIDI NWOSU',
  '044:0690000031': 'FORREST GREEN',
  '033:2000000001': 'AMINA BELLO',
};

/** The sandbox's test bank: in test mode it resolves any 10-digit account, as the real sandbox does. */
export const SANDBOX_BANK_CODE = '001';

export function resolveAccount(mode: 'test' | 'live', accountNumber: string, bankCode: string): string | undefined {
  if (mode === 'test' && bankCode === SANDBOX_BANK_CODE && /^\d{10}$/.test(accountNumber)) return `TEST ACCOUNT ${accountNumber.slice(-4)}`;
  return KNOWN_ACCOUNTS[`${bankCode}:${accountNumber}`];
}

/** The list item as the gateway shows it. */
export function bankItem(bank: SimBank): Record<string, unknown> {
  return {
    name: bank.name,
    slug: bank.name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
    code: bank.code,
    longcode: '',
    gateway: null,
    pay_with_bank: false,
    supports_transfer: true,
    available_for_direct_debit: false,
    active: bank.active,
    is_deleted: bank.isDeleted,
    country: bank.country,
    currency: bank.currency,
    type: bank.type,
    id: bank.id,
    createdAt: '2020-12-07T16:19:09.000Z',
    updatedAt: '2020-12-07T16:19:19.000Z',
  };
}
