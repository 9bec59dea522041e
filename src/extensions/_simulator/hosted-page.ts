import type { FastifyInstance, FastifyReply } from 'fastify';
import { isPlainObject } from '../../platform/sdk/index.js';
import { escapeHtml, messagePage } from './html.js';
import { PaymentFlowError } from './records.js';

/** What the hosted page asks of a gateway's payment flow. */
export interface HostedPaymentFlow<P, O extends string> {
  /** Why the payment cannot be made any more, or undefined. */
  inactiveReason(payment: P): string | undefined;
  /** Records the outcome; returns where the customer's browser goes. Throws PaymentFlowError when it cannot. */
  complete(payment: P, outcome: O): Promise<{ redirectUrl: string }>;
}

/** One gateway's hosted payment page: where it lives, what it shows, what its buttons do. */
export interface HostedPageDefinition<P, O extends string> {
  /** Named in the page bar and titles, e.g. `Gateway A`. */
  gateway: string;
  /** The page's path prefix; the payment's handle follows it, e.g. `/checkout/` → `/checkout/:handle`. */
  path: string;
  /** The payment behind a handle (access code, link id), and the page for an unknown one. */
  find(handle: string): P | undefined;
  notFound: { title: string; message: string };
  flow: HostedPaymentFlow<P, O>;
  /** `[action value, label, outcome]`; the outcome names are accepted as actions too. */
  buttons: ReadonlyArray<readonly [value: string, label: string, outcome: O]>;
  /** The page's content (escaped HTML) around its form of buttons. */
  page(payment: P, form: string): string;
  /** Where the customer lands when the shop sent no return URL: its path and the message for its query. */
  done: { path: string; message(query: Record<string, string | undefined>): string };
}

/**
 * The gateway's hosted payment page: GET shows what is paid with the buttons, POST records the outcome and
 * answers a 302 back to the shop; unknown payments 404, used or inactive ones 400, as HTML in the
 * simulator's look.
 */
export function registerHostedPage<P, O extends string>(app: FastifyInstance, definition: HostedPageDefinition<P, O>): void {
  const { gateway, flow, buttons } = definition;
  const route = `${definition.path}:handle`;
  const actions = new Map<string, O>(buttons.flatMap(([value, , outcome]): Array<[string, O]> => [[value, outcome], [outcome, outcome]]));
  const labels = buttons.map(([, label]) => label);
  const chooseMessage = `Choose ${labels.slice(0, -1).join(', ')} or ${labels.at(-1)}.`;
  const notFound = (reply: FastifyReply) => sendPage(reply, 404, messagePage(definition.notFound.title, definition.notFound.message, gateway));
  const unavailable = (reply: FastifyReply, message: string) => sendPage(reply, 400, messagePage('Payment unavailable', message, gateway));

  app.get<{ Params: { handle: string } }>(route, async (request, reply) => {
    const payment = definition.find(request.params.handle);
    if (payment === undefined) return notFound(reply);
    const inactive = flow.inactiveReason(payment);
    if (inactive) return unavailable(reply, inactive);
    const form = paymentButtons(`${definition.path}${encodeURIComponent(request.params.handle)}`, buttons);
    return sendPage(reply, 200, definition.page(payment, form));
  });

  app.post<{ Params: { handle: string } }>(route, async (request, reply) => {
    const payment = definition.find(request.params.handle);
    if (payment === undefined) return notFound(reply);
    const action = isPlainObject(request.body) ? request.body.action : undefined;
    const outcome = typeof action === 'string' ? actions.get(action) : undefined;
    if (!outcome) return sendPage(reply, 400, messagePage('Invalid request', chooseMessage, gateway));
    try {
      const { redirectUrl } = await flow.complete(payment, outcome);
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
function paymentButtons(action: string, buttons: ReadonlyArray<readonly [value: string, label: string, ...rest: unknown[]]>): string {
  return (
    `<form method="post" action="${escapeHtml(action)}">` +
    buttons.map(([value, label]) => `<button type="submit" name="action" value="${escapeHtml(value)}">${escapeHtml(label)}</button>`).join('') +
    '</form>'
  );
}

function sendPage(reply: FastifyReply, status: number, html: string): FastifyReply {
  return reply.code(status).type('text/html; charset=utf-8').send(html);
}
