import { isPlainObject, toMajorUnits, decimalsFor } from '../../../platform/sdk/index.js';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { SimulatorContext } from './context.js';
import { escapeHtml, htmlPage, messagePage } from '../../_gateway-kit/simulator/index.js';
import { PaymentFlowError } from './payment-flow.js';
import type { PaymentInit } from './state.js';
import type { PaymentOutcome } from './types.js';

/** Named in the simulator's page bar and title. */
const GATEWAY = 'Gateway D';

/** The buttons' `action` values (the outcome names are accepted too). */
const ACTIONS: Record<string, PaymentOutcome> = {
  pay: 'successful',
  successful: 'successful',
  fail: 'failed',
  failed: 'failed',
  cancel: 'cancelled',
  cancelled: 'cancelled',
};

/**
 * The gateway's hosted payment page: shows what is paid and lets the customer pay, fail or cancel; the
 * answer to the form is a 302 back to the shop's redirect_url with status, tx_ref and transaction_id.
 */
export function registerHostedPage(app: FastifyInstance, ctx: SimulatorContext): void {
  app.get<{ Params: { linkId: string } }>('/hosted/pay/:linkId', async (request, reply) => {
    const payment = ctx.ledger.paymentByLinkId(request.params.linkId);
    if (!payment) return sendPage(reply, 404, messagePage('Payment link not found', 'This payment link does not exist.', GATEWAY));
    const inactive = ctx.flow.inactiveReason(payment);
    if (inactive) return sendPage(reply, 400, messagePage('Payment unavailable', inactive, GATEWAY));
    return sendPage(reply, 200, paymentPage(payment));
  });

  app.post<{ Params: { linkId: string } }>('/hosted/pay/:linkId', async (request, reply) => {
    const payment = ctx.ledger.paymentByLinkId(request.params.linkId);
    if (!payment) return sendPage(reply, 404, messagePage('Payment link not found', 'This payment link does not exist.', GATEWAY));
    const action = isPlainObject(request.body) ? request.body.action : undefined;
    const outcome = typeof action === 'string' ? ACTIONS[action] : undefined;
    if (!outcome) return sendPage(reply, 400, messagePage('Invalid request', 'Choose Pay, Fail or Cancel.', GATEWAY));
    try {
      const { redirectUrl } = await ctx.flow.complete(payment, outcome);
      return reply.redirect(redirectUrl, 302);
    } catch (error) {
      if (error instanceof PaymentFlowError) return sendPage(reply, 400, messagePage('Payment unavailable', error.message, GATEWAY));
      throw error;
    }
  });

  // where the customer lands when the shop sent no redirect_url
  app.get<{ Querystring: Record<string, string | undefined> }>('/hosted/done', async (request, reply) => {
    const status = request.query.status ?? 'unknown';
    return sendPage(reply, 200, messagePage('Payment finished', `Status: ${status}. Reference: ${request.query.tx_ref ?? ''}`, GATEWAY));
  });
}

function paymentPage(payment: PaymentInit): string {
  const customizations = isPlainObject(payment.request.customizations) ? payment.request.customizations : {};
  const title = typeof customizations.title === 'string' && customizations.title !== '' ? customizations.title : 'Gateway D checkout';
  const description = typeof customizations.description === 'string' ? customizations.description : '';
  const logo = typeof customizations.logo === 'string' && /^https?:\/\//.test(customizations.logo) ? customizations.logo : undefined;
  const amount = toMajorUnits(payment.amountMinor, decimalsFor(payment.currency));
  const action = `/hosted/pay/${encodeURIComponent(payment.linkId)}`;
  return htmlPage(
    title,
    (logo ? `<img src="${escapeHtml(logo)}" alt="" height="48">` : '') +
      `<h1>${escapeHtml(title)}</h1>` +
      (description ? `<p>${escapeHtml(description)}</p>` : '') +
      `<p class="amount"><span data-amount>${escapeHtml(amount)}</span> <span data-currency>${escapeHtml(payment.currency)}</span></p>` +
      `<p>${escapeHtml(payment.customer.email)} &middot; reference ${escapeHtml(payment.txRef)}</p>` +
      `<form method="post" action="${escapeHtml(action)}">` +
      '<button type="submit" name="action" value="pay">Pay</button>' +
      '<button type="submit" name="action" value="fail">Fail</button>' +
      '<button type="submit" name="action" value="cancel">Cancel</button>' +
      '</form>',
    GATEWAY,
  );
}

function sendPage(reply: FastifyReply, status: number, html: string): FastifyReply {
  return reply.code(status).type('text/html; charset=utf-8').send(html);
}
