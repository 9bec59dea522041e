import type { FastifyInstance, FastifyReply } from 'fastify';
import { isPlainObject } from '../../platform/sdk/index.js';
import { escapeHtml, messagePage } from './html.js';
import { PaymentFlowError } from './records.js';

/** One gateway's hosted payment page: where it lives, what it shows, what its buttons do. */
export interface HostedPageDefinition<P, O extends string> {
  /** Named in the page bar and titles, e.g. `Gateway A`. */
  gateway: string;
  /** The page's path prefix; the payment's handle follows it, e.g. `/checkout/` → `/checkout/:handle`. */
  path: string;
  /** The payment behind a handle (access code, link id). */
  find(handle: string): P | undefined;
  /** The page for an unknown handle. */
  notFound: { title: string; message: string };
  /** Why the payment cannot be made any more, or undefined. */
  inactiveReason(payment: P): string | undefined;
  /** The page's content (escaped HTML); `paymentButtons` makes the form. */
  page(payment: P): string;
  /** The buttons' `action` values (the outcome names are accepted too). */
  actions: Readonly<Record<string, O>>;
  /** The answer to a form without a known action, e.g. `Choose Pay, Fail or Abandon.` */
  chooseMessage: string;
  /** Records the outcome; returns where the customer's browser goes. Throws PaymentFlowError when it cannot. */
  complete(payment: P, outcome: O): Promise<{ redirectUrl: string }>;
  /** Where the customer lands when the shop sent no return URL: its path and the message for its query. */
  done: { path: string; message(query: Record<string, string | undefined>): string };
}

/**
 * The gateway's hosted payment page: GET shows what is paid with the buttons, POST records the outcome and
 * answers a 302 back to the shop; unknown payments 404, used or inactive ones 400, as HTML in the
 * simulator's look.
 */
export function registerHostedPage<P, O extends string>(app: FastifyInstance, definition: HostedPageDefinition<P, O>): void {
  const { gateway } = definition;
  const route = `${definition.path}:handle`;
  const notFound = (reply: FastifyReply) => sendPage(reply, 404, messagePage(definition.notFound.title, definition.notFound.message, gateway));
  const unavailable = (reply: FastifyReply, message: string) => sendPage(reply, 400, messagePage('Payment unavailable', message, gateway));

  app.get<{ Params: { handle: string } }>(route, async (request, reply) => {
    const payment = definition.find(request.params.handle);
    if (payment === undefined) return notFound(reply);
    const inactive = definition.inactiveReason(payment);
    if (inactive) return unavailable(reply, inactive);
    return sendPage(reply, 200, definition.page(payment));
  });

  app.post<{ Params: { handle: string } }>(route, async (request, reply) => {
    const payment = definition.find(request.params.handle);
    if (payment === undefined) return notFound(reply);
    const action = isPlainObject(request.body) ? request.body.action : undefined;
    const outcome = typeof action === 'string' && Object.hasOwn(definition.actions, action) ? definition.actions[action] : undefined;
    if (!outcome) return sendPage(reply, 400, messagePage('Invalid request', definition.chooseMessage, gateway));
    try {
      const { redirectUrl } = await definition.complete(payment, outcome);
      return reply.redirect(redirectUrl, 302);
    } catch (error) {
      if (error instanceof PaymentFlowError) return unavailable(reply, error.message);
      throw error;
    }
  });

  app.get<{ Querystring: Record<string, string | undefined> }>(definition.done.path, async (request, reply) =>
    sendPage(reply, 200, messagePage('Payment finished', definition.done.message(request.query), gateway)),
  );
}

/** The page's form: one submit button per `[value, label]`, posted back to the page itself. */
export function paymentButtons(action: string, buttons: ReadonlyArray<[value: string, label: string]>): string {
  return (
    `<form method="post" action="${escapeHtml(action)}">` +
    buttons.map(([value, label]) => `<button type="submit" name="action" value="${escapeHtml(value)}">${escapeHtml(label)}</button>`).join('') +
    '</form>'
  );
}

function sendPage(reply: FastifyReply, status: number, html: string): FastifyReply {
  return reply.code(status).type('text/html; charset=utf-8').send(html);
}
