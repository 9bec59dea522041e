import { isPlainObject, decimalsFor } from '../../../platform/sdk/index.js';
import type { FastifyInstance } from 'fastify';
import { describeAmountProblem, parseMajorAmount } from './amounts.js';
import { isHttpUrl } from '../../_simulator/index.js';
import type { SimulatorContext } from './context.js';
import { MESSAGES, sendError, successBody } from './envelope.js';

const DEFAULT_CURRENCY = 'NGN';

/** POST /v3/payments (hosted link) and POST /v3/payments/link/disable. */
export function registerPaymentRoutes(app: FastifyInstance, ctx: SimulatorContext): void {
  app.post('/v3/payments', async (request, reply) => {
    const body = request.body;
    if (!isPlainObject(body)) return sendError(reply, 'Request body must be a JSON object');
    const txRef = body.tx_ref;
    if (typeof txRef !== 'string' || txRef.trim() === '') return sendError(reply, 'tx_ref is required');
    if (body.amount === undefined || body.amount === null || body.amount === '') return sendError(reply, 'amount is required');

    let currency = DEFAULT_CURRENCY;
    if (body.currency !== undefined && body.currency !== null) {
      if (typeof body.currency !== 'string' || !/^[A-Za-z]{3}$/.test(body.currency)) return sendError(reply, 'currency is invalid');
      currency = body.currency.toUpperCase();
    }
    const decimals = decimalsFor(currency);
    const amount = parseMajorAmount(body.amount, decimals);
    if (!amount.ok) return sendError(reply, describeAmountProblem('amount', amount.problem, currency, decimals));

    const customer = body.customer;
    const email = isPlainObject(customer) ? customer.email : undefined;
    if (typeof email !== 'string' || email.trim() === '') return sendError(reply, 'customer.email is required');
    if (!/^[^\s@]+@[^\s@]+$/.test(email.trim())) return sendError(reply, 'customer.email is invalid');

    const redirectUrl = body.redirect_url;
    if (redirectUrl !== undefined && redirectUrl !== null && !isHttpUrl(redirectUrl)) return sendError(reply, 'redirect_url must be a valid URL');
    if (ctx.ledger.isPaid(txRef)) return sendError(reply, MESSAGES.alreadyPaid);

    const customerFields = customer as Record<string, unknown>;
    const phone = customerFields.phonenumber ?? customerFields.phone_number;
    const payment = ctx.ledger.addPayment(
      {
        txRef,
        request: structuredClone(body),
        amountMinor: amount.minor,
        currency,
        redirectUrl: typeof redirectUrl === 'string' ? redirectUrl : undefined,
        customer: {
          email: email.trim(),
          name: typeof customerFields.name === 'string' ? customerFields.name : null,
          phoneNumber: typeof phone === 'string' ? phone : null,
        },
      },
      ctx.hostedPageUrl,
    );
    return successBody('Hosted Link', { link: payment.link });
  });

  app.post('/v3/payments/link/disable', async (request, reply) => {
    const body = request.body;
    const link = isPlainObject(body) ? body.link : undefined;
    if (typeof link !== 'string' || link === '') return sendError(reply, 'link is required');
    const payment = ctx.ledger.paymentByLink(link);
    if (!payment) return sendError(reply, 'Payment link not found');
    if (payment.disabled) return sendError(reply, MESSAGES.linkInactive);
    payment.disabled = true;
    return successBody('Payment link disabled', true);
  });
}
