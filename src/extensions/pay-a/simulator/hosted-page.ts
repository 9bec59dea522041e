import type { FastifyInstance } from 'fastify';
import { escapeHtml, htmlPage, registerHostedPage as registerPage } from '../../_simulator/index.js';
import type { SimulatorContext } from './context.js';
import { displayAmount } from './currencies.js';
import type { SimTransaction } from './state.js';
import type { PaymentOutcome } from './types.js';

/** Named in the simulator's page bar and title. */
const GATEWAY = 'Gateway A';

/**
 * The gateway's hosted checkout page (`authorization_url`, `/checkout/<access code>`): shows what is paid and
 * lets the customer pay, fail or abandon; the answer to the form is a 302 back to the shop.
 */
export function registerHostedPage(app: FastifyInstance, ctx: SimulatorContext): void {
  registerPage<SimTransaction, PaymentOutcome>(app, {
    gateway: GATEWAY,
    path: '/checkout/',
    find: (accessCode) => ctx.ledger.byAccessCode(accessCode),
    notFound: { title: 'Page not found', message: 'This payment page does not exist.' },
    flow: ctx.payments,
    buttons: [['pay', 'Pay', 'success'], ['fail', 'Fail', 'failed'], ['abandon', 'Abandon', 'abandoned']],
    page: paymentPage,
    // where the customer lands when the shop sent no callback_url
    done: { path: '/checkout/done', message: (query) => `Reference: ${query.reference ?? ''}` },
  });
}

function paymentPage(transaction: SimTransaction, form: string): string {
  return htmlPage(
    'Gateway A checkout',
    '<h1>Gateway A checkout</h1>' +
      `<p class="amount" data-amount>${escapeHtml(displayAmount(transaction.currency, transaction.requestedAmount))}</p>` +
      `<p>${escapeHtml(transaction.email)} &middot; reference <span data-reference>${escapeHtml(transaction.reference)}</span>${transaction.mode === 'test' ? ' &middot; test mode' : ''}</p>` +
      form,
    GATEWAY,
  );
}
