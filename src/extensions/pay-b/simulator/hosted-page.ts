import { decimalsFor, isPlainObject, toMajorUnits } from '../../../platform/sdk/index.js';
import { escapeHtml, hostedPage, type HostedPageContent } from '../../_simulator/index.js';
import type { SimulatorContext } from './context.js';
import type { PaymentInit } from './state.js';
import type { PaymentOutcome } from './types.js';

/**
 * The gateway's hosted payment page (`/hosted/pay/<link id>`): shows what is paid and lets the customer pay,
 * fail or cancel; the answer to the form is a 302 back to the shop's redirect_url with status, tx_ref and
 * transaction_id.
 */
export const HOSTED_PAGE = hostedPage<SimulatorContext, PaymentInit, PaymentOutcome>({
  gateway: 'Gateway D',
  path: '/hosted/pay/',
  // where the customer lands when the shop sent no redirect_url
  done: { path: '/hosted/done', message: (query) => `Status: ${query.status ?? 'unknown'}. Reference: ${query.tx_ref ?? ''}` },
  flow: (ctx) => ctx.flow,
  notFound: { title: 'Payment link not found', message: 'This payment link does not exist.' },
  buttons: [['pay', 'Pay', 'successful'], ['fail', 'Fail', 'failed'], ['cancel', 'Cancel', 'cancelled']],
  page: paymentPage,
});

function paymentPage(payment: PaymentInit, form: string): HostedPageContent {
  const customizations = isPlainObject(payment.request.customizations) ? payment.request.customizations : {};
  const title = typeof customizations.title === 'string' && customizations.title !== '' ? customizations.title : 'Gateway D checkout';
  const description = typeof customizations.description === 'string' ? customizations.description : '';
  const logo = typeof customizations.logo === 'string' && /^https?:\/\//.test(customizations.logo) ? customizations.logo : undefined;
  const amount = toMajorUnits(payment.amountMinor, decimalsFor(payment.currency));
  return {
    title,
    body:
      (logo ? `<img src="${escapeHtml(logo)}" alt="" height="48">` : '') +
      `<h1>${escapeHtml(title)}</h1>` +
      (description ? `<p>${escapeHtml(description)}</p>` : '') +
      `<p class="amount"><span data-amount>${escapeHtml(amount)}</span> <span data-currency>${escapeHtml(payment.currency)}</span></p>` +
      `<p>${escapeHtml(payment.customer.email)} &middot; reference ${escapeHtml(payment.txRef)}</p>` +
      form,
  };
}
