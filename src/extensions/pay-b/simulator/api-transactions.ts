import type { FastifyInstance } from 'fastify';
import type { SimulatorContext } from './context.js';
import { sendError, successBody, MESSAGES } from './envelope.js';
import { answered, transactionOrError } from './route-helpers.js';
import { chargeCompletedBody, verifyData } from './transaction-record.js';

/** Verify by id and by tx_ref, and resend-hook. */
export function registerTransactionRoutes(app: FastifyInstance, ctx: SimulatorContext): void {
  app.get<{ Params: { id: string } }>('/v3/transactions/:id/verify', async (request, reply) => {
    const transaction = transactionOrError(ctx, request.params.id, reply);
    if (!transaction) return reply;
    return successBody('Transaction fetched successfully', verifyData(transaction));
  });

  app.get<{ Querystring: Record<string, string | undefined> }>('/v3/transactions/verify_by_reference', async (request, reply) => {
    const txRef = request.query.tx_ref;
    if (typeof txRef !== 'string' || txRef === '') return sendError(reply, 'tx_ref is required');
    // several attempts may share a tx_ref: the latest one answers
    const latest = ctx.ledger.transactionsFor(txRef).at(-1);
    if (!latest) return sendError(reply, MESSAGES.transactionNotFound);
    return successBody('Transaction fetched successfully', verifyData(latest));
  });

  app.post<{ Params: { id: string } }>('/v3/transactions/:id/resend-hook', async (request, reply) => {
    const transaction = transactionOrError(ctx, request.params.id, reply);
    if (!transaction) return reply;
    // a merchant's explicit request: sent whatever autoWebhooks says, but held like any automatic webhook
    ctx.webhooks.sendAutomaticLater(chargeCompletedBody(transaction), { after: answered(reply) });
    return successBody('hook sent', 'hook sent');
  });
}
