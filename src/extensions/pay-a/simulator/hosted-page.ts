import { escapeHtml, hostedPage, type HostedPageContent } from '../../_simulator/index.js';
import type { SimulatorContext } from './context.js';
import { displayAmount } from './currencies.js';
import type { SimTransaction } from './state.js';
import type { PaymentOutcome } from './types.js';

/**
 * The gateway's hosted checkout page (`authorization_url`, `/checkout/<access code>`): shows what is paid and
 * lets the customer pay, fail or abandon; the answer to the form is a 302 back to the shop.
 */
export const HOSTED_PAGE = hostedPage<SimulatorContext, SimTransaction, PaymentOutcome>({
  gateway: 'Gateway A',
  path: '/checkout/',
  // where the customer lands when the shop sent no callback_url
  done: { path: '/checkout/done', message: (query) => `Reference: ${query.reference ?? ''}` },
  flow: (ctx) => ctx.payments,
  notFound: { title: 'Page not found', message: 'This payment page does not exist.' },
  buttons: [['pay', 'Pay', 'success'], ['fail', 'Fail', 'failed'], ['abandon', 'Abandon', 'abandoned']],
  page: paymentPage,
});

function paymentPage(transaction: SimTransaction, form: string): HostedPageContent {
  return {
    title: 'Gateway A checkout',
    body:
      '<h1>Gateway A checkout</h1>' +
      `<p class="amount" data-amount>${escapeHtml(displayAmount(transaction.currency, transaction.requestedAmount))}</p>` +
      `<p>${escapeHtml(transaction.email)} &middot; reference <span data-reference>${escapeHtml(transaction.reference)}</span>${transaction.mode === 'test' ? ' &middot; test mode' : ''}</p>` +
      form,
  };
}
