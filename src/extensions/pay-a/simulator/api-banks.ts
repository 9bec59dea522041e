import type { FastifyInstance } from 'fastify';
import type { SimulatorContext } from './context.js';
import { BANKS, bankItem, COUNTRIES, resolveAccount } from './banks.js';
import { MESSAGES, sendError, successBody } from './envelope.js';
import { modeOfKey } from './options.js';

const DEFAULT_PER_PAGE = 50;
const MAX_PER_PAGE = 100;

/** Cursors as the gateway gives them: base64 of `bank:<id>` of the last item. */
function cursorOf(id: number): string {
  return Buffer.from(`bank:${id}`).toString('base64');
}

function idOfCursor(cursor: string): number | undefined {
  const match = /^bank:(\d+)$/.exec(Buffer.from(cursor, 'base64').toString('utf8'));
  return match ? Number(match[1]) : undefined;
}

/** `GET /bank` with offset or cursor pagination and `GET /bank/resolve`. */
export function registerBankRoutes(app: FastifyInstance, _ctx: SimulatorContext): void {
  app.get<{ Querystring: Record<string, string | undefined> }>('/bank', async (request, reply) => {
    const { query } = request;
    const countryName = query.country === undefined ? 'Nigeria' : COUNTRIES[query.country.toLowerCase()];
    if (!countryName) return sendError(reply, `Invalid country. Use one of: ${Object.keys(COUNTRIES).join(', ')}`, { type: 'validation_error', code: 'invalid_params' });
    const perPage = query.perPage === undefined ? DEFAULT_PER_PAGE : Number(query.perPage);
    if (!Number.isInteger(perPage) || perPage < 1 || perPage > MAX_PER_PAGE) return sendError(reply, `perPage must be from 1 to ${MAX_PER_PAGE}`, { type: 'validation_error', code: 'invalid_params' });
    // ordered by id, as cursors walk the list
    const banks = BANKS.filter((bank) => bank.country === countryName && (query.currency === undefined || bank.currency === query.currency.toUpperCase())).sort((a, b) => a.id - b.id);

    if (query.use_cursor === 'true') {
      let start = 0;
      if (query.next !== undefined) {
        const after = idOfCursor(query.next);
        if (after === undefined) return sendError(reply, 'Invalid cursor', { type: 'validation_error', code: 'invalid_params' });
        start = banks.findIndex((bank) => bank.id > after);
        if (start === -1) start = banks.length;
      }
      const page = banks.slice(start, start + perPage);
      const hasMore = start + perPage < banks.length;
      return successBody('Banks retrieved', page.map(bankItem), {
        next: hasMore ? cursorOf(page.at(-1)!.id) : null,
        previous: start > 0 ? cursorOf(banks[start]!.id) : null,
        perPage,
      });
    }
    const page = query.page === undefined ? 1 : Number(query.page);
    if (!Number.isInteger(page) || page < 1) return sendError(reply, 'page must be a positive integer', { type: 'validation_error', code: 'invalid_params' });
    const items = banks.slice((page - 1) * perPage, page * perPage);
    return successBody('Banks retrieved', items.map(bankItem), {
      total: banks.length,
      skipped: (page - 1) * perPage,
      perPage,
      page,
      pageCount: Math.max(1, Math.ceil(banks.length / perPage)),
    });
  });

  app.get<{ Querystring: Record<string, string | undefined> }>('/bank/resolve', async (request, reply) => {
    const { account_number: accountNumber, bank_code: bankCode } = request.query;
    if (!accountNumber) return sendError(reply, MESSAGES.accountNumberRequired, { type: 'validation_error', code: 'missing_params' });
    if (!bankCode) return sendError(reply, MESSAGES.bankCodeRequired, { type: 'validation_error', code: 'missing_params' });
    const key = /^Bearer\s+(\S+)/i.exec(request.headers.authorization ?? '')![1]!;
    const name = resolveAccount(modeOfKey(key), accountNumber, bankCode);
    if (name === undefined) return sendError(reply, MESSAGES.accountNotResolved, {}, 422);
    return successBody('Account number resolved', { account_number: accountNumber, account_name: name, bank_id: BANKS.find((bank) => bank.code === bankCode)?.id ?? null });
  });
}
