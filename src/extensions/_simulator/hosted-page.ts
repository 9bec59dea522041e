import type { FastifyInstance, FastifyReply } from 'fastify';
import { isPlainObject } from '../../platform/sdk/index.js';
import { escapeHtml, htmlPage, messagePage } from './html.js';
import { PaymentFlowError } from './records.js';

/** What the hosted page asks of a gateway's payment flow. */
export interface HostedPaymentFlow<P, O extends string> {
  /** The payment behind a page's handle (access code, link id), or undefined for an unknown one. */
  find(handle: string): P | undefined;
  /** Why the payment cannot be made any more, or undefined. */
  inactiveReason(payment: P): string | undefined;
  /** Records the outcome; returns where the customer's browser goes. Throws PaymentFlowError when it cannot. */
  complete(payment: P, outcome: O): Promise<{ redirectUrl: string }>;
}

/** What a hosted page shows of one payment: its title and its content (escaped HTML) around the form of buttons. */
export interface HostedPageContent {
  title: string;
  body: string;
}

/**
 * One gateway's hosted payment page, as its simulator folder declares it: what it is called, where it lives,
 * what it shows, what its buttons do. `C` is the simulator's route context, which holds the payment flow.
 */
export interface HostedPageDeclaration<C, P, O extends string> {
  /** Named in the page bar and titles, e.g. `Gateway A`. */
  gateway: string;
  /** The page's path prefix; the payment's handle follows it, e.g. `/checkout/` → `/checkout/:handle`. */
  path: string;
  /** Where the customer lands when the shop sent no return URL: its path and the message for its query. */
  done: { path: string; message(query: Record<string, string | undefined>): string };
  /** The payment flow the page drives. */
  flow(context: C): HostedPaymentFlow<P, O>;
  /** The page for an unknown handle. */
  notFound: { title: string; message: string };
  /** `[action value, label, outcome]`; the outcome names are accepted as actions too. */
  buttons: ReadonlyArray<readonly [value: string, label: string, outcome: O]>;
  /** What the page shows of a payment; `form` is its form of buttons. */
  page(payment: P, form: string): HostedPageContent;
}

/** A declared hosted page, as the harness registers it and hands out its URLs. */
export interface HostedPage<C> {
  /** e.g. `/checkout/`: the page of a handle is this path and the handle. */
  readonly path: string;
  /** The page the customer lands on without a return URL, e.g. `/checkout/done`. */
  readonly donePath: string;
  /**
   * GET shows what is paid with the buttons, POST records the outcome and answers a 302 back to the shop;
   * unknown payments 404, used or inactive ones 400, as HTML in the simulator's look.
   */
  register(app: FastifyInstance, context: C): void;
}

/** Declares a gateway's hosted payment page; the simulator registers it (`hostedPage` of startSimulator). */
export function hostedPage<C, P, O extends string>(declaration: HostedPageDeclaration<C, P, O>): HostedPage<C> {
  return {
    path: declaration.path,
    donePath: declaration.done.path,
    register: (app, context) => registerHostedPage(app, declaration, declaration.flow(context)),
  };
}

function registerHostedPage<C, P, O extends string>(app: FastifyInstance, declaration: HostedPageDeclaration<C, P, O>, flow: HostedPaymentFlow<P, O>): void {
  const { gateway, buttons } = declaration;
  const route = `${declaration.path}:handle`;
  const actions = new Map<string, O>(buttons.flatMap(([value, , outcome]): Array<[string, O]> => [[value, outcome], [outcome, outcome]]));
  const labels = buttons.map(([, label]) => label);
  const chooseMessage = `Choose ${labels.slice(0, -1).join(', ')} or ${labels.at(-1)}.`;
  const notFound = (reply: FastifyReply) => sendPage(reply, 404, messagePage(declaration.notFound.title, declaration.notFound.message, gateway));
  const unavailable = (reply: FastifyReply, message: string) => sendPage(reply, 400, messagePage('Payment unavailable', message, gateway));

  app.get<{ Params: { handle: string } }>(route, async (request, reply) => {
    const payment = flow.find(request.params.handle);
    if (payment === undefined) return notFound(reply);
    const inactive = flow.inactiveReason(payment);
    if (inactive) return unavailable(reply, inactive);
    const form = paymentButtons(`${declaration.path}${encodeURIComponent(request.params.handle)}`, buttons);
    const { title, body } = declaration.page(payment, form);
    return sendPage(reply, 200, htmlPage(title, body, gateway));
  });

  app.post<{ Params: { handle: string } }>(route, async (request, reply) => {
    const payment = flow.find(request.params.handle);
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

  app.get<{ Querystring: Record<string, string | undefined> }>(declaration.done.path, async (request, reply) =>
    sendPage(reply, 200, messagePage('Payment finished', declaration.done.message(request.query), gateway)),
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
