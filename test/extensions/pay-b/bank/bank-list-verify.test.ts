import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VERIFICATION_PAYLOAD_KEY } from '../../../../src/extensions/pay-b/bank.js';
import { BANKS_BY_COUNTRY } from '../../../../src/extensions/pay-b/simulator/banks.js';
import { freePort } from '../../../e2e/free-port.js';
import {
  ACCESS_BANK,
  FORREST_GREEN,
  PASTOR_BRIGHT,
  csrfOf,
  listBanks,
  loggedInCustomer,
  sessionPayloadOf,
  startBankTest,
  verifyAccount,
  type BankTest,
} from './bank-test-setup.js';

describe('ExtPayB bank list and account verification', () => {
  let bank: BankTest;
  beforeAll(async () => {
    bank = await startBankTest();
  });
  afterAll(() => bank.close());

  const resolveRequests = () => bank.sim.requests.filter((r) => r.method === 'POST' && r.path === '/v3/accounts/resolve');

  describe('GET /pay-b/bank/list', () => {
    it('answers 502 "Unable to load banks." while the gateway fails, and does not keep the failure', async () => {
      const { browser } = await loggedInCustomer(bank.t);
      await bank.setConfig('bankCountry', 'KE');
      try {
        bank.sim.injectFault({ method: 'GET', path: '/v3/banks/KE', status: 503 });
        const failed = await listBanks(browser);
        expect(failed.statusCode).toBe(502);
        expect(failed.json()).toEqual({
          errors: [{ status: '502', code: 'PAY_B__BANK_LIST_UNAVAILABLE', title: 'Bad Gateway', detail: 'Unable to load banks.' }],
        });
        const retried = await listBanks(browser);
        expect(retried.statusCode).toBe(200);
        expect(retried.json().banks.map((b: { code: string }) => b.code).sort()).toEqual(BANKS_BY_COUNTRY.KE!.map((b) => b.code).sort());
      } finally {
        await bank.setConfig('bankCountry', 'NG');
      }
    });

    it('lists the banks of the configured country sorted by name, {code, name} only, and reuses the list', async () => {
      const { browser } = await loggedInCustomer(bank.t);
      await bank.setConfig('bankCountry', 'GH');
      try {
        const before = bank.sim.requests.filter((r) => r.path === '/v3/banks/GH').length;
        const response = await listBanks(browser);
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual({
          banks: [
            { code: 'GH280100', name: 'Access Bank Ghana' },
            { code: 'GH130100', name: 'Ecobank Ghana' },
            { code: 'GH040100', name: 'GCB Bank' },
            { code: 'MTN', name: 'MTN Mobile Money' },
            { code: 'GH190100', name: 'Stanbic Bank Ghana' },
          ],
        });
        const call = bank.sim.requests.filter((r) => r.path === '/v3/banks/GH').at(-1)!;
        expect(call.headers.authorization).toBe('Bearer FLWSECK_TEST-simulator');
        expect((await listBanks(browser)).json()).toEqual(response.json());
        expect(bank.sim.requests.filter((r) => r.path === '/v3/banks/GH').length).toBe(before + 1);
      } finally {
        await bank.setConfig('bankCountry', 'NG');
      }
    });
  });

  describe('POST /pay-b/bank/verify', () => {
    it('resolves a sandbox account and keeps the verification server-side in the session context', async () => {
      const customer = await loggedInCustomer(bank.t);
      const csrf = await csrfOf(customer.browser);
      const response = await verifyAccount(customer.browser, csrf, { bankCode: ACCESS_BANK, accountNumber: FORREST_GREEN.accountNumber });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ accountNumber: FORREST_GREEN.accountNumber, accountName: 'Forrest Green', bankCode: ACCESS_BANK, bankName: 'Access Bank' });
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers['set-cookie'] ?? '').not.toContain(FORREST_GREEN.accountNumber);
      expect(resolveRequests().at(-1)!.body).toEqual({ account_number: FORREST_GREEN.accountNumber, account_bank: ACCESS_BANK });

      const payload = await sessionPayloadOf(bank.t, customer);
      const record = payload[VERIFICATION_PAYLOAD_KEY] as Record<string, string>;
      expect(record).toMatchObject({ customerId: customer.id, bankCode: ACCESS_BANK, bankName: 'Access Bank', accountNumber: FORREST_GREEN.accountNumber, accountName: 'Forrest Green' });
      expect(Math.abs(Date.parse(record.verifiedAt!) - Date.now())).toBeLessThan(60_000);

      const again = await verifyAccount(customer.browser, csrf, { bankCode: ACCESS_BANK, accountNumber: ` ${PASTOR_BRIGHT.accountNumber} ` });
      expect(again.json().accountName).toBe('Pastor Bright');
      // one verification per session: the latest
      expect(((await sessionPayloadOf(bank.t, customer))[VERIFICATION_PAYLOAD_KEY] as Record<string, string>).accountNumber).toBe(PASTOR_BRIGHT.accountNumber);
    });

    it('answers 400 when the gateway cannot resolve the account, and remembers nothing', async () => {
      const customer = await loggedInCustomer(bank.t);
      const response = await verifyAccount(customer.browser, await csrfOf(customer.browser), { bankCode: ACCESS_BANK, accountNumber: '0690000099' });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual([
        {
          status: '400',
          code: 'PAY_B__ACCOUNT_NOT_RESOLVED',
          title: 'Bad Request',
          detail: 'We could not verify this account. Please check the bank and the account number.',
          source: { pointer: '/accountNumber' },
        },
      ]);
      expect(resolveRequests().at(-1)!.body).toEqual({ account_number: '0690000099', account_bank: ACCESS_BANK });
      expect((await sessionPayloadOf(bank.t, customer))[VERIFICATION_PAYLOAD_KEY]).toBeUndefined();
    });

    it('refuses malformed input with 400 and a message per field, without asking the gateway', async () => {
      const { browser } = await loggedInCustomer(bank.t);
      const csrf = await csrfOf(browser);
      const before = resolveRequests().length;
      const refused = async (body: unknown) => {
        const response = await verifyAccount(browser, csrf, body);
        expect(response.statusCode, JSON.stringify(body)).toBe(400);
        return (response.json().errors as Array<{ detail: string; source?: { pointer: string } }>).map((e) => `${e.source?.pointer}: ${e.detail}`);
      };
      expect(await refused({})).toEqual(['/bankCode: Choose your bank.', '/accountNumber: Enter your account number.']);
      expect(await refused([ACCESS_BANK])).toEqual(['/: Send the bank code and the account number as a JSON object.']);
      expect(await refused({ bankCode: 44, accountNumber: 690000031 })).toEqual([
        '/bankCode: Choose your bank from the list.',
        '/accountNumber: The account number must be sent as text of digits.',
      ]);
      expect(await refused({ bankCode: ACCESS_BANK, accountNumber: '06900000-1' })).toEqual(['/accountNumber: The account number may contain digits only.']);
      expect(await refused({ bankCode: ACCESS_BANK, accountNumber: '069000003' })).toEqual(['/accountNumber: The account number must have exactly 10 digits.']);
      expect(await refused({ bankCode: ACCESS_BANK, accountNumber: '06900000311' })).toEqual(['/accountNumber: The account number must have exactly 10 digits.']);
      expect(await refused({ bankCode: 'GH280100', accountNumber: FORREST_GREEN.accountNumber })).toEqual(['/bankCode: Choose your bank from the list of banks in NG.']);
      expect(resolveRequests().length).toBe(before);
    });

    it('outside Nigeria accepts 6 to 20 digits and checks the bank against that country', async () => {
      const { browser } = await loggedInCustomer(bank.t);
      const csrf = await csrfOf(browser);
      await bank.setConfig('bankCountry', 'ZA');
      try {
        const short = await verifyAccount(browser, csrf, { bankCode: '632005', accountNumber: '12345' });
        expect(short.json().errors[0].detail).toBe('The account number must have 6 to 20 digits.');
        const nigerianBank = await verifyAccount(browser, csrf, { bankCode: ACCESS_BANK, accountNumber: '123456' });
        expect(nigerianBank.json().errors[0].detail).toBe('Choose your bank from the list of banks in ZA.');
        // the gateway resolves Nigerian accounts only: a well-formed South African account is not resolved
        const southAfrican = await verifyAccount(browser, csrf, { bankCode: '632005', accountNumber: '12345678901' });
        expect(southAfrican.statusCode).toBe(400);
        expect(southAfrican.json().errors[0].code).toBe('PAY_B__ACCOUNT_NOT_RESOLVED');
      } finally {
        await bank.setConfig('bankCountry', 'NG');
      }
    });

    it('answers 502 when the gateway fails or cannot be reached', async () => {
      const { browser } = await loggedInCustomer(bank.t);
      const csrf = await csrfOf(browser);
      await listBanks(browser); // the NG list is kept: the resolution is what fails below
      bank.sim.injectFault({ method: 'POST', path: '/v3/accounts/resolve', status: 503 });
      const failed = await verifyAccount(browser, csrf, { bankCode: ACCESS_BANK, accountNumber: FORREST_GREEN.accountNumber });
      expect(failed.statusCode).toBe(502);
      expect(failed.json().errors[0]).toMatchObject({ code: 'PAY_B__ACCOUNT_VERIFICATION_UNAVAILABLE', detail: 'Unable to verify the account right now. Please try again later.' });

      await bank.setConfig('apiBaseUrl', `http://127.0.0.1:${await freePort()}`);
      try {
        const unreachable = await verifyAccount(browser, csrf, { bankCode: ACCESS_BANK, accountNumber: FORREST_GREEN.accountNumber });
        expect(unreachable.statusCode).toBe(502);
        // without a list from that gateway the bank cannot be checked either
        expect(unreachable.json().errors[0].detail).toBe('Unable to load banks.');
      } finally {
        await bank.setConfig('apiBaseUrl', bank.sim.baseUrl);
      }
    });

    it('allows 10 resolutions per customer and hour: the 11th attempt gets 429, other customers are not affected', async () => {
      const { browser } = await loggedInCustomer(bank.t);
      const csrf = await csrfOf(browser);
      for (let attempt = 1; attempt <= 10; attempt++) {
        const accountNumber = attempt % 2 === 0 ? FORREST_GREEN.accountNumber : `06900001${String(attempt).padStart(2, '0')}`;
        const response = await verifyAccount(browser, csrf, { bankCode: ACCESS_BANK, accountNumber });
        expect(response.statusCode, `attempt ${attempt}`).toBe(attempt % 2 === 0 ? 200 : 400);
      }
      // input refused before the gateway does not count, and is still answered as such
      expect((await verifyAccount(browser, csrf, { bankCode: ACCESS_BANK, accountNumber: '1' })).statusCode).toBe(400);
      const before = resolveRequests().length;
      const limited = await verifyAccount(browser, csrf, { bankCode: ACCESS_BANK, accountNumber: FORREST_GREEN.accountNumber });
      expect(limited.statusCode).toBe(429);
      expect(limited.json().errors[0]).toMatchObject({ code: 'PAY_B__TOO_MANY_VERIFICATIONS', detail: expect.stringMatching(/^Too many account verifications\. Please try again in \d+ minutes?\.$/) });
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect(resolveRequests().length).toBe(before);

      const other = await loggedInCustomer(bank.t);
      expect((await verifyAccount(other.browser, await csrfOf(other.browser), { bankCode: ACCESS_BANK, accountNumber: FORREST_GREEN.accountNumber })).statusCode).toBe(200);
    });
  });
});
