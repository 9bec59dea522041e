import { isPlainObject } from '../../../platform/sdk/index.js';
import type { FastifyInstance } from 'fastify';
import { banksOf, resolveTestAccount } from './banks.js';
import { MESSAGES, sendError, successBody } from './envelope.js';

/** Bank list and account resolution (Nigerian banks only, as at the real gateway). */
export function registerBankRoutes(app: FastifyInstance): void {
  app.get<{ Params: { country: string } }>('/v3/banks/:country', async (request, reply) => {
    const banks = banksOf(request.params.country);
    if (!banks) return sendError(reply, `Banks are not available for country ${request.params.country}`);
    return successBody('Banks fetched successfully', banks.map((bank) => ({ ...bank })));
  });

  app.post('/v3/accounts/resolve', async (request, reply) => {
    const body = request.body;
    if (!isPlainObject(body)) return sendError(reply, 'Request body must be a JSON object');
    const { account_number: accountNumber, account_bank: accountBank, country } = body;
    if (typeof accountNumber !== 'string' || accountNumber === '') return sendError(reply, 'account_number is required');
    if (typeof accountBank !== 'string' || accountBank === '') return sendError(reply, 'account_bank is required');
    if (country !== undefined && country !== null && String(country).toUpperCase() !== 'NG') return sendError(reply, MESSAGES.nigeriaOnly);
    const accountName = resolveTestAccount(accountNumber, accountBank);
    if (accountName === undefined) return sendError(reply, MESSAGES.invalidAccount);
    return successBody('Account details fetched', { account_number: accountNumber, account_name: accountName });
  });
}
