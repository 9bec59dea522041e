import type { FastifyInstance } from 'fastify';
import { decimalsFor, isPlainObject, toMajorUnits } from '../../../platform/sdk/index.js';
import { escapeHtml, htmlPage, registerHostedPage as registerPage } from '../../_simulator/index.js';
import type { SimulatorContext } from './context.js';
import type { PaymentInit } from './state.js';
import type { PaymentOutcome } from './types.js';

/** Named in the simulator's page bar and title. */
const GATEWAY = 'Gateway D';

/**
 * The gateway's hosted payment page (`/hosted/pay/<link id>`): shows what is paid and lets the customer pay,
 * fail or cancel; the answer to the form is a 302 back to the shop's redirect_url with status, tx_ref and
 * transaction_id.
 */
export function registerHostedPage(app: FastifyInstance, ctx: SimulatorContext): void {
  registerPage<PaymentInit, PaymentOutcome>(app, {
    gateway: GATEWAY,
    path: '/hosted/pay/',
    find: (linkId) => ctx.ledger.paymentByLinkId(linkId),
    notFound: { title: 'Payment link not found', message: 'This payment link does not exist.' },
    flow: ctx.flow,
    buttons: [['pay', 'Pay', 'successful'], ['fail', 'Fail', 'failed'], ['cancel', 'Cancel', 'cancelled']],
    page: paymentPage,
    // where the customer lands when the shop sent no redirect_url
    done: { path: '/hosted/done', message: (query) => `Status: ${query.status ?? 'unknown'}. Reference: ${query.tx_ref ?? ''}` },
  });
}

function paymentPage(payment: PaymentInit, form: string): string {
  const customizations = isPlainObject(payment.request.customizations) ? payment.request.customizations : {};
  const title = typeof customizations.title === 'string' && customizations.title !== '' ? customizations.title : 'Gateway D checkout';
  const description = typeof customizations.description === 'string' ? customizations.description : '';
  const logo = typeof customizations.logo === 'string' && /^https?:\/\//.test(customizations.logo) ? customizations.logo : undefined;
  const amount = toMajorUnits(payment.amountMinor, decimalsFor(payment.currency));
  return htmlPage(
    title,
    (logo ? `<img src="${escapeHtml(logo)}" alt="" height="48">` : '') +
      `<h1>${escapeHtml(title)}</h1>` +
      (description ? `<p>${escapeHtml(description)}</p>` : '') +
      `<p class="amount"><span data-amount>${escapeHtml(amount)}</span> <span data-currency>${escapeHtml(payment.currency)}</span></p>` +
      `<p>${escapeHtml(payment.customer.email)} &middot; reference ${escapeHtml(payment.txRef)}</p>` +
      form,
    GATEWAY,
  );
}
