import { isPlainObject, decimalsFor } from '../../../platform/sdk/index.js';
import type { FastifyInstance } from 'fastify';
import { describeAmountProblem, parseMajorAmount } from './amounts.js';
import { answered, parseGatewayId, transactionOrError } from './route-helpers.js';
import type { SimulatorContext } from './context.js';
import { MESSAGES, sendError, successBody } from './envelope.js';
import { refundCompletedBody, refundCreatedData, refundListItem } from './refund-record.js';
import { isSuccessful, type RefundEntry } from './state.js';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DEFAULT_FROM = '2020-01-01';

/** Create a refund (POST /v3/transactions/:id/refund), list and fetch refunds (GET /v3/refunds[/:id]). */
export function registerRefundRoutes(app: FastifyInstance, ctx: SimulatorContext): void {
  app.post<{ Params: { id: string } }>('/v3/transactions/:id/refund', async (request, reply) => {
    const transaction = transactionOrError(ctx, request.params.id, reply);
    if (!transaction) return reply;
    const body = request.body ?? {};
    if (!isPlainObject(body)) return sendError(reply, 'Request body must be a JSON object');
    if (!isSuccessful(transaction.status)) return sendError(reply, MESSAGES.refundNotSuccessful);

    const remaining = transaction.amountMinor - ctx.ledger.refundedMinor(transaction.id);
    let amountMinor: bigint;
    if (body.amount === undefined || body.amount === null) {
      // no amount: the whole remaining balance
      if (remaining <= 0n) return sendError(reply, MESSAGES.fullyRefunded);
      amountMinor = remaining;
    } else {
      const decimals = decimalsFor(transaction.currency);
      const parsed = parseMajorAmount(body.amount, decimals);
      if (!parsed.ok) return sendError(reply, describeAmountProblem('amount', parsed.problem, transaction.currency, decimals));
      if (parsed.minor > remaining) return sendError(reply, MESSAGES.refundExceedsBalance);
      amountMinor = parsed.minor;
    }
    const comments = typeof body.comments === 'string' ? body.comments : null;

    const refund = ctx.ledger.addRefund({
      transactionId: transaction.id,
      amountMinor,
      currency: transaction.currency,
      status: ctx.settings.refundStatus,
      comments,
    });
    const { autoWebhooks, refundWebhooks, refundWebhookShape, refundWebhookDelayMs } = ctx.settings;
    if (autoWebhooks && refundWebhooks) {
      ctx.webhooks.sendAutomaticLater(refundCompletedBody(refund, refund.status, refundWebhookShape), {
        after: answered(reply),
        delayMs: refundWebhookDelayMs,
      });
    }
    return successBody('Transaction refund initiated', refundCreatedData(refund));
  });

  app.get<{ Querystring: Record<string, string | undefined> }>('/v3/refunds', async (request, reply) => {
    const query = request.query;
    const page = query.page === undefined ? 1 : Number(query.page);
    if (!Number.isInteger(page) || page < 1) return sendError(reply, 'page must be a positive integer');
    const from = query.from ?? DEFAULT_FROM;
    const to = query.to;
    if (!DATE.test(from)) return sendError(reply, 'from must be a date (YYYY-MM-DD)');
    if (to !== undefined && !DATE.test(to)) return sendError(reply, 'to must be a date (YYYY-MM-DD)');

    const matches = (refund: RefundEntry): boolean => {
      const day = refund.createdAt.slice(0, 10);
      if (day < from || (to !== undefined && day > to)) return false;
      if (query.status && refund.status.toLowerCase() !== query.status.toLowerCase()) return false;
      if (query.currency && refund.currency !== query.currency.toUpperCase()) return false;
      if (query.flw_ref && refund.flwRef !== query.flw_ref) return false;
      // the real gateway answers ?id= with the account-wide list, ignoring the filter
      if (query.id !== undefined && !ctx.settings.refundsIgnoreIdFilter && refund.transactionId !== parseGatewayId(query.id)) return false;
      return true;
    };
    const all = ctx.ledger.allRefunds().filter(matches);
    const pageSize = ctx.settings.refundsPageSize;
    const items = all.slice((page - 1) * pageSize, page * pageSize);
    return {
      status: 'success',
      message: 'Refunds fetched',
      meta: { page_info: { total: all.length, current_page: page, total_pages: Math.ceil(all.length / pageSize), page_size: pageSize } },
      data: items.map(refundListItem),
    };
  });

  app.get<{ Params: { id: string } }>('/v3/refunds/:id', async (request, reply) => {
    const id = parseGatewayId(request.params.id);
    const refund = id === undefined ? undefined : ctx.ledger.refund(id);
    if (!refund) return sendError(reply, MESSAGES.refundNotFound);
    return successBody('Refund fetched', refundListItem(refund));
  });
}
