import { AppError, throwProblems } from '../../../platform/errors/app-error.js';
import { isPlainObject } from '../../../platform/entities/write-validation.js';

/** A bank account as the customer entered it, checked for form only (not yet resolved at the gateway). */
export interface BankAccountInput {
  bankCode: string;
  accountNumber: string;
}

const NIGERIA = 'NG';
// Nigerian accounts are 10-digit NUBANs; elsewhere lengths vary by bank, so only a sane range is enforced
const NUBAN_LENGTH = 10;
const OTHER_MIN_LENGTH = 6;
const OTHER_MAX_LENGTH = 20;
const BVN_LENGTH = 11;
// the longest bank code of the gateway's lists is 8 characters (Ghana); anything much longer is not a code
const MAX_BANK_CODE_LENGTH = 20;

function invalid(code: string, pointer: string, detail: string): AppError {
  return new AppError(400, code, detail, { pointer });
}

/** The body of a verify request or the fields of the save form: both fields checked, every problem reported. */
export function validateBankAccountInput(body: unknown, bankCountry: string): BankAccountInput {
  if (!isPlainObject(body)) {
    throw invalid('PAY_B__INVALID_BANK_DETAILS', '/', 'Send the bank code and the account number as a JSON object.');
  }
  const problems: AppError[] = [];
  const bankCode = bankCodeOf(body.bankCode, problems);
  const accountNumber = accountNumberOf(body.accountNumber, bankCountry, problems);
  throwProblems(problems);
  return { bankCode: bankCode!, accountNumber: accountNumber! };
}

function bankCodeOf(value: unknown, problems: AppError[]): string | undefined {
  if (value === undefined || value === null || value === '') {
    problems.push(invalid('PAY_B__INVALID_BANK_CODE', '/bankCode', 'Choose your bank.'));
    return undefined;
  }
  if (typeof value !== 'string' || value.trim() === '' || value.trim().length > MAX_BANK_CODE_LENGTH) {
    problems.push(invalid('PAY_B__INVALID_BANK_CODE', '/bankCode', 'Choose your bank from the list.'));
    return undefined;
  }
  return value.trim();
}

function accountNumberOf(value: unknown, bankCountry: string, problems: AppError[]): string | undefined {
  const problem = (detail: string) => problems.push(invalid('PAY_B__INVALID_ACCOUNT_NUMBER', '/accountNumber', detail));
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

/** The optional BVN of the save form: null when left empty, else exactly 11 digits. */
export function validateBvn(value: unknown): string | null {
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) return null;
  if (typeof value !== 'string' || !new RegExp(`^[0-9]{${BVN_LENGTH}}$`).test(value.trim())) {
    throw invalid('PAY_B__INVALID_BVN', '/bvn', `The BVN must have exactly ${BVN_LENGTH} digits.`);
  }
  return value.trim();
}

/** For display and logs: every digit but the last four hidden (`******0031`). */
export function maskAccountNumber(accountNumber: string): string {
  const visible = accountNumber.slice(-4);
  return '*'.repeat(Math.max(0, accountNumber.length - visible.length)) + visible;
}
