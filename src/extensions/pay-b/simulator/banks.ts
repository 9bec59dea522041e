/** Bank lists of GET /v3/banks/:country and the accounts the sandbox's POST /v3/accounts/resolve knows. */

export interface Bank {
  id: number;
  code: string;
  name: string;
}

export const BANKS_BY_COUNTRY: Readonly<Record<string, readonly Bank[]>> = {
  NG: [
    { id: 191, code: '044', name: 'Access Bank' },
    { id: 137, code: '011', name: 'First Bank of Nigeria' },
    { id: 150, code: '058', name: 'Guaranty Trust Bank' },
    { id: 149, code: '057', name: 'Zenith Bank' },
    { id: 146, code: '033', name: 'United Bank for Africa' },
    { id: 152, code: '070', name: 'Fidelity Bank' },
    { id: 176, code: '232', name: 'Sterling Bank' },
    { id: 132, code: '560', name: 'Page MFBank' },
  ],
  GH: [
    { id: 423, code: 'GH280100', name: 'Access Bank Ghana' },
    { id: 424, code: 'GH130100', name: 'Ecobank Ghana' },
    { id: 425, code: 'GH040100', name: 'GCB Bank' },
    { id: 426, code: 'GH190100', name: 'Stanbic Bank Ghana' },
    { id: 427, code: 'MTN', name: 'MTN Mobile Money' },
  ],
  KE: [
    { id: 520, code: '68', name: 'Equity Bank' },
    { id: 521, code: '01', name: 'Kenya Commercial Bank' },
    { id: 522, code: '11', name: 'Co-operative Bank of Kenya' },
    { id: 523, code: '07', name: 'NCBA Bank' },
    { id: 524, code: '31', name: 'Stanbic Bank Kenya' },
  ],
  UG: [
    { id: 610, code: '240', name: 'Stanbic Bank Uganda' },
    { id: 611, code: '241', name: 'Centenary Bank' },
    { id: 612, code: '242', name: 'dfcu Bank' },
    { id: 613, code: '243', name: 'Absa Bank Uganda' },
  ],
  ZA: [
    { id: 710, code: '632005', name: 'Absa Bank' },
    { id: 711, code: '250655', name: 'First National Bank' },
    { id: 712, code: '051001', name: 'Standard Bank' },
    { id: 713, code: '198765', name: 'Nedbank' },
    { id: 714, code: '470010', name: 'Capitec Bank' },
  ],
  TZ: [
    { id: 810, code: '003', name: 'CRDB Bank' },
    { id: 811, code: '015', name: 'NMB Bank' },
    { id: 812, code: '008', name: 'Stanbic Bank Tanzania' },
    { id: 813, code: '013', name: 'Exim Bank Tanzania' },
  ],
};

/** Access Bank (044) sandbox accounts 0690000031-0690000041 and the names they resolve to. */
export const ACCESS_BANK_CODE = '044';
export const TEST_ACCOUNT_NAMES: Readonly<Record<string, string>> = {
  '0690000031': 'Forrest Green',
  '0690000032': 'Pastor Bright',
  '0690000033': 'Adaeze Okafor',
  '0690000034': 'Kemi Lawal',
  '0690000035': 'Chidi Nwosu',
  '0690000036': 'Amina Bello',
  '0690000037': 'Tunde Ojo',
  '0690000038': 'Ngozi Eze',
  '0690000039': 'Yemi Desola',
  '0690000040': 'Femi Adeyemi',
  '0690000041': 'Zainab Musa',
};

export function banksOf(country: string): readonly Bank[] | undefined {
  return BANKS_BY_COUNTRY[country.toUpperCase()];
}

/** The account holder's name, or undefined when the sandbox does not know the account. */
export function resolveTestAccount(accountNumber: string, bankCode: string): string | undefined {
  return bankCode === ACCESS_BANK_CODE ? TEST_ACCOUNT_NAMES[accountNumber] : undefined;
}
