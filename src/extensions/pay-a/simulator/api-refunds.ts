import type { FastifyInstance } from 'fastify';
import { isPlainObject } from '../../../platform/sdk/index.js';
import { answered } from '../../_simulator/index.js';
import type { SimulatorContext } from './context.js';
import { parseWireAmount } from './currencies.js';
import { MESSAGES, sendError, successBody } from './envelope.js';
import { refundCreatedData, refundFetchData } from './refund-record.js';
import type { SimTransaction } from './state.js';

/** Create a refund (`POST /refund`), fetch and list refunds (`GET /refund/:id`, `GET /refund`). */
export function registerRefundRoutes(app: FastifyInstance, ctx: SimulatorContext): void {
  app.post('/refund', async (request, reply) => {
    const body = request.body;
    if (!isPlainObject(body)) return sendError(reply, MESSAGES.transactionNotFound, { type: 'validation_error', code: 'missing_params' });
    const transaction = transactionOf(ctx, body.transaction);
    if (!transaction) return sendError(reply, MESSAGES.transactionNotFound, { type: 'validation_error', code: 'transaction_not_found' });
    if (transaction.status === 'reversed' || (transaction.status === 'success' && ctx.ledger.unrefunded(transaction) <= 0)) {
      return sendError(reply, MESSAGES.fullyReversed, { type: 'api_error', code: 'transaction_reversed' });
    }
    if (transaction.status !== 'success') return sendError(reply, MESSAGES.notRefundable, { type: 'api_error', code: 'invalid_transaction' });
    if (body.currency !== undefined && body.currency !== null && body.currency !== transaction.currency) {
      return sendError(reply, MESSAGES.refundCurrencyMismatch, { type: 'validation_error', code: 'invalid_currency' });
    }

    const remaining = ctx.ledger.unrefunded(transaction);
    const parsed = parseWireAmount(body.amount);
    let amount: number;
    if (parsed === 'missing') amount = remaining;
    else if (parsed === 'not-integer' || parsed <= 0) return sendError(reply, MESSAGES.amountNotInteger, { type: 'validation_error', code: 'invalid_amount' });
    else if (parsed > remaining) return sendError(reply, MESSAGES.refundExceedsBalance, { type: 'validation_error', code: 'invalid_amount' });
    else amount = parsed;

    const refund = ctx.ledger.addRefund({
      transactionId: transaction.id,
      amount,
      currency: transaction.currency,
      status: 'pending',
      customerNote: typeof body.customer_note === 'string' ? body.customer_note : null,
      merchantNote: typeof body.merchant_note === 'string' ? body.merchant_note : null,
    });
    const answer = successBody('Refund has been queued for processing', refundCreatedData(refund, transaction));
    ctx.refunds.announce(refund, answered(reply));
    return answer;
  });

  app.get<{ Params: { id: string } }>('/refund/:id', async (request, reply) => {
    const refund = /^\d{1,15}$/.test(request.params.id) ? ctx.ledger.refund(Number(request.params.id)) : undefined;
    const transaction = refund && ctx.ledger.byId(refund.transactionId);
    if (!refund || !transaction) return sendError(reply, MESSAGES.refundNotFound, { type: 'validation_error', code: 'not_found' }, 404);
    return successBody('Refund retrieved', refundFetchData(refund, transaction));
  });

  app.get<{ Querystring: Record<string, string | undefined> }>('/refund', async (request, reply) => {
    const { query } = request;
    const page = query.page === undefined ? 1 : Number(query.page);
    const perPage = query.perPage === undefined ? 50 : Number(query.perPage);
    if (!Number.isInteger(page) || page < 1 || !Number.isInteger(perPage) || perPage < 1 || perPage > 100) {
      return sendError(reply, 'page and perPage must be positive integers (perPage at most 100)', { type: 'validation_error', code: 'invalid_params' });
    }
    // `transaction` (id or reference) and `currency` filter, as many SDKs send them
    const filtered = query.transaction === undefined ? undefined : transactionOf(ctx, query.transaction);
    const all = ctx.ledger
      .allRefunds()
      .filter((refund) => query.transaction === undefined || refund.transactionId === filtered?.id)
      .filter((refund) => query.currency === undefined || refund.currency === query.currency.toUpperCase());
    const items = all.slice((page - 1) * perPage, page * perPage).map((refund) => refundFetchData(refund, ctx.ledger.byId(refund.transactionId)!));
    return successBody('Refunds retrieved', items, {
      total: all.length,
      skipped: (page - 1) * perPage,
      perPage,
      page,
      pageCount: Math.max(1, Math.ceil(all.length / perPage)),
      failedRefundCount: all.filter((refund) => refund.status === 'failed').length,
    });
  });
}

/** `transaction` is a reference or a numeric id; the gateway takes either. */
function transactionOf(ctx: SimulatorContext, value: unknown): SimTransaction | undefined {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return ctx.ledger.byId(value);
  if (typeof value !== 'string' || value === '') return undefined;
  return ctx.ledger.byReference(value) ?? (/^\d{1,15}$/.test(value) ? ctx.ledger.byId(Number(value)) : undefined);
}
