import { AppError, isPlainObject, maskSecretValue, throwProblems } from '../../../platform/sdk/index.js';

/** A bank account as the customer entered it, checked for form only (not yet resolved at the gateway). */
export interface BankAccountInput {
  bankCode: string;
  accountNumber: string;
}

/** The names of the two input fields in a verify body and the save form (a gateway may use its own, e.g. gateway A's `bank_code`). */
export interface BankInputFields {
  bankCode: string;
  accountNumber: string;
}

export const DEFAULT_BANK_INPUT_FIELDS: BankInputFields = Object.freeze({ bankCode: 'bankCode', accountNumber: 'accountNumber' });

const NIGERIA = 'NG';
// Nigerian accounts are 10-digit NUBANs; elsewhere lengths vary by bank, so only a sane range is enforced
const NUBAN_LENGTH = 10;
const OTHER_MIN_LENGTH = 6;
const OTHER_MAX_LENGTH = 20;
const BVN_LENGTH = 11;
// the longest bank code of the gateways' lists is 8 characters (Ghana); anything much longer is not a code
const MAX_BANK_CODE_LENGTH = 20;

function invalid(code: string, pointer: string, detail: string): AppError {
  return new AppError(400, code, detail, { pointer });
}

/** The body of a verify request or the fields of the save form: both fields checked, every problem reported. */
export function validateBankAccountInput(body: unknown, bankCountry: string, codePrefix: string, fields: BankInputFields = DEFAULT_BANK_INPUT_FIELDS): BankAccountInput {
  if (!isPlainObject(body)) {
    throw invalid(`${codePrefix}__INVALID_BANK_DETAILS`, '/', 'Send the bank code and the account number as a JSON object.');
  }
  const problems: AppError[] = [];
  const bankCode = bankCodeOf(body[fields.bankCode], codePrefix, `/${fields.bankCode}`, problems);
  const accountNumber = accountNumberOf(body[fields.accountNumber], bankCountry, codePrefix, `/${fields.accountNumber}`, problems);
  throwProblems(problems);
  return { bankCode: bankCode!, accountNumber: accountNumber! };
}

function bankCodeOf(value: unknown, codePrefix: string, pointer: string, problems: AppError[]): string | undefined {
  const code = `${codePrefix}__INVALID_BANK_CODE`;
  if (value === undefined || value === null || value === '') {
    problems.push(invalid(code, pointer, 'Choose your bank.'));
    return undefined;
  }
  if (typeof value !== 'string' || value.trim() === '' || value.trim().length > MAX_BANK_CODE_LENGTH) {
    problems.push(invalid(code, pointer, 'Choose your bank from the list.'));
    return undefined;
  }
  return value.trim();
}

function accountNumberOf(value: unknown, bankCountry: string, codePrefix: string, pointer: string, problems: AppError[]): string | undefined {
  const problem = (detail: string) => problems.push(invalid(`${codePrefix}__INVALID_ACCOUNT_NUMBER`, pointer, detail));
  if (value === undefined || value === null || value === '') return void problem('Enter your account number.');
  // a JSON number would lose leading zeros, which account numbers have
  if (typeof value !== 'string') return void problem('The account number must be sent as text of digits.');
  const number = value.trim();
  if (!/^[0-9]+$/.test(number)) return void problem('The account number may contain digits only.');
  if (bankCountry === NIGERIA) {
    if (number.length !== NUBAN_LENGTH) return void problem(`The account number must have exactly ${NUBAN_LENGTH} digits.`);
  } else if (number.length < OTHER_MIN_LENGTH || number.length > OTHER_MAX_LENGTH) {
    return void problem(`The account number must have ${OTHER_MIN_LENGTH} to ${OTHER_MAX_LENGTH} digits.`);
  }
  return number;
}

/** The optional BVN (Nigeria's Bank Verification Number) of a save form: null when left empty, else exactly 11 digits. */
export function validateBvn(value: unknown, codePrefix: string): string | null {
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) return null;
  if (typeof value !== 'string' || !new RegExp(`^[0-9]{${BVN_LENGTH}}$`).test(value.trim())) {
    throw invalid(`${codePrefix}__INVALID_BVN`, '/bvn', `The BVN must have exactly ${BVN_LENGTH} digits.`);
  }
  return value.trim();
}

/**
 * For logs: every digit but the last four hidden (`******0031`), the platform's one masking format of
 * secret values (the Admin API, the Store API and the profile page show the same).
 */
export function maskAccountNumber(accountNumber: string): string {
  return maskSecretValue(accountNumber);
}

/** A gateway message may echo the account number: long digit runs never reach the log. */
export function withoutDigitRuns(message: string | undefined): string | undefined {
  return message?.replace(/[0-9]{6,}/g, '[digits]');
}
