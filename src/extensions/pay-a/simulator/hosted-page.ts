import type { FastifyInstance, FastifyReply } from 'fastify';
import { isPlainObject } from '../../../platform/sdk/index.js';
import { escapeHtml, htmlPage, messagePage } from '../../_gateway-kit/simulator/index.js';
import type { SimulatorContext } from './context.js';
import { displayAmount } from './currencies.js';
import { PaymentFlowError } from './payment-flow.js';
import type { SimTransaction } from './state.js';
import type { PaymentOutcome } from './types.js';

/** Named in the simulator's page bar and title. */
const GATEWAY = 'Gateway A';

/** The buttons' `action` values (the outcome names are accepted too). */
const ACTIONS: Record<string, PaymentOutcome> = { pay: 'success', success: 'success', fail: 'failed', failed: 'failed', abandon: 'abandoned', abandoned: 'abandoned' };

/**
 * The gateway's hosted checkout page (`authorization_url`): shows what is paid and lets the customer pay,
 * fail or abandon; the answer to the form is a 302 back to the shop.
 */
export function registerHostedPage(app: FastifyInstance, ctx: SimulatorContext): void {
  app.get<{ Params: { accessCode: string } }>('/checkout/:accessCode', async (request, reply) => {
    const transaction = ctx.ledger.byAccessCode(request.params.accessCode);
    if (!transaction) return sendPage(reply, 404, messagePage('Page not found', 'This payment page does not exist.', GATEWAY));
    const inactive = ctx.payments.inactiveReason(transaction);
    if (inactive) return sendPage(reply, 400, messagePage('Payment unavailable', inactive, GATEWAY));
    return sendPage(reply, 200, paymentPage(transaction));
  });

  app.post<{ Params: { accessCode: string } }>('/checkout/:accessCode', async (request, reply) => {
    const transaction = ctx.ledger.byAccessCode(request.params.accessCode);
    if (!transaction) return sendPage(reply, 404, messagePage('Page not found', 'This payment page does not exist.', GATEWAY));
    const action = isPlainObject(request.body) ? request.body.action : undefined;
    const outcome = typeof action === 'string' ? ACTIONS[action] : undefined;
    if (!outcome) return sendPage(reply, 400, messagePage('Invalid request', 'Choose Pay, Fail or Abandon.', GATEWAY));
    try {
      const { redirectUrl } = await ctx.payments.complete(transaction, outcome);
      return reply.redirect(redirectUrl, 302);
    } catch (error) {
      if (error instanceof PaymentFlowError) return sendPage(reply, 400, messagePage('Payment unavailable', error.message, GATEWAY));
      throw error;
    }
  });

  // where the customer lands when the shop sent no callback_url
  app.get<{ Querystring: Record<string, string | undefined> }>('/checkout/done', async (request, reply) =>
    sendPage(reply, 200, messagePage('Payment finished', `Reference: ${request.query.reference ?? ''}`, GATEWAY)),
  );
}

function paymentPage(transaction: SimTransaction): string {
  const action = `/checkout/${encodeURIComponent(transaction.accessCode)}`;
  return htmlPage(
    'Gateway A checkout',
    '<h1>Gateway A checkout</h1>' +
      `<p class="amount" data-amount>${escapeHtml(displayAmount(transaction.currency, transaction.requestedAmount))}</p>` +
      `<p>${escapeHtml(transaction.email)} &middot; reference <span data-reference>${escapeHtml(transaction.reference)}</span>${transaction.mode === 'test' ? ' &middot; test mode' : ''}</p>` +
      `<form method="post" action="${escapeHtml(action)}">` +
      '<button type="submit" name="action" value="pay">Pay</button>' +
      '<button type="submit" name="action" value="fail">Fail</button>' +
      '<button type="submit" name="action" value="abandon">Abandon</button>' +
      '</form>',
    GATEWAY,
  );
}

function sendPage(reply: FastifyReply, status: number, html: string): FastifyReply {
  return reply.code(status).type('text/html; charset=utf-8').send(html);
}
