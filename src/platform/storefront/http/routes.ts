import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema, HTTPMethods } from 'fastify';
import { AppError } from '../../errors/app-error.js';
import { frameworkOf } from './framework.js';
import { invalidCsrfToken, submittedCsrfToken } from './csrf.js';
import { addFlash } from './flash.js';
import { safeLocalPath } from './safe-local-path.js';
import { loadStorefrontContext, readSessionToken } from './session.js';
import { wantsJson } from './request-kind.js';
import type { BuyerContext, CustomerContext, StorefrontContext, StorefrontHandler, StorefrontRequest, StorefrontResponseKind } from './types.js';

export interface StorefrontRouteOptions {
  /** Guests are sent to the login page (HTML) or answered 401 (JSON) before the handler runs. */
  requireCustomer?: boolean;
  /** Like requireCustomer, but a guest who gave their details for checkout passes too (the checkout's pages). */
  requireBuyer?: boolean;
  /**
   * TypeBox schemas of params, querystring or body (see http/schemas): the handler's request is typed by
   * them, and violations answer 400 (an error page for HTML routes) after the CSRF check.
   */
  schema?: FastifySchema;
  /** The handler answers NUL characters in form fields itself (see http/input-guard.ts). */
  checksTextItself?: boolean;
}

/** The visitor context a handler gets: with `{ requireCustomer: true }` the customer is always there. */
export type ContextFor<O extends StorefrontRouteOptions> = O extends { requireCustomer: true } ? CustomerContext : O extends { requireBuyer: true } ? BuyerContext : StorefrontContext;

/** The schema a handler's request is typed by. */
export type SchemaFor<O extends StorefrontRouteOptions> = O extends { schema: infer S extends FastifySchema } ? S : FastifySchema;

/** The handler of a route registered with options `O`. */
export type HandlerFor<O extends StorefrontRouteOptions> = StorefrontHandler<ContextFor<O>, SchemaFor<O>>;

export interface StorefrontRouteDefinition<O extends StorefrontRouteOptions = StorefrontRouteOptions> {
  method: HTTPMethods | HTTPMethods[];
  url: string;
  /** HTML pages and forms, or JSON (XHR); errors are answered the same way. */
  responds: StorefrontResponseKind;
  handler: HandlerFor<O>;
  options?: O;
}

export interface StorefrontRoutes {
  /** A GET page (HEAD too). */
  page<const O extends StorefrontRouteOptions = StorefrontRouteOptions>(url: string, handler: HandlerFor<O>, options?: O): void;
  /** A POST of an HTML form; the `_csrf_token` field is verified. */
  formPost<const O extends StorefrontRouteOptions = StorefrontRouteOptions>(url: string, handler: HandlerFor<O>, options?: O): void;
  /** A POST from script answering JSON; the `x-csrf-token` header (or a `_csrf_token` body field) is verified. */
  jsonPost<const O extends StorefrontRouteOptions = StorefrontRouteOptions>(url: string, handler: HandlerFor<O>, options?: O): void;
  /** Any other method; POST, PUT, PATCH and DELETE are CSRF-verified. */
  route<const O extends StorefrontRouteOptions = StorefrontRouteOptions>(definition: StorefrontRouteDefinition<O>): void;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Who a route lets through to its handler. */
type Requirement = 'nobody' | 'customer' | 'buyer';
/** Where guests are sent from routes with `requireCustomer` (the shop's login page). */
export const LOGIN_PATH = '/account/login';
const LOGIN_REQUIRED_MESSAGE = 'Please log in to continue.';

/**
 * Registers storefront routes on `app` (the root instance or any scope, e.g. an extension's). Every
 * route gets the visitor context in `request.storefront`; state-changing methods must carry the CSRF
 * token of the visitor's session.
 */
export function storefrontRoutes(app: FastifyInstance): StorefrontRoutes {
  frameworkOf(app); // fail at registration, not at the first request
  const register = <O extends StorefrontRouteOptions>(definition: StorefrontRouteDefinition<O>): void => {
    const requires: Requirement = definition.options?.requireCustomer === true ? 'customer' : definition.options?.requireBuyer === true ? 'buyer' : 'nobody';
    const handler = definition.handler;
    app.route({
      method: definition.method,
      url: definition.url,
      schema: definition.options?.schema,
      config: { storefrontResponds: definition.responds, checksTextItself: definition.options?.checksTextItself === true },
      // preValidation: the body is parsed (the form field may carry the token) and a forged request is
      // refused before schema validation can tell anything about the route
      preValidation: (request, reply) => prepareRequest(request, reply, definition.responds, requires),
      // prepareRequest has set `storefront` (with the customer where required) and fastify validated the
      // request against `schema`: the handler's request type holds from here
      handler: (request, reply) => handler(request as StorefrontRequest<ContextFor<O>, SchemaFor<O>>, reply),
    });
  };
  return {
    page: (url, handler, options) => register({ method: 'GET', url, responds: 'html', handler, options }),
    formPost: (url, handler, options) => register({ method: 'POST', url, responds: 'html', handler, options }),
    jsonPost: (url, handler, options) => register({ method: 'POST', url, responds: 'json', handler, options }),
    route: register,
  };
}

async function prepareRequest(
  request: FastifyRequest,
  reply: FastifyReply,
  responds: StorefrontResponseKind,
  requires: Requirement,
): Promise<FastifyReply | undefined> {
  if (!SAFE_METHODS.has(request.method)) {
    // only a token the visitor already holds counts: a request without the cookie cannot be genuine
    const sessionToken = readSessionToken(request);
    if (!sessionToken || !frameworkOf(request.server).csrf.verify(sessionToken, submittedCsrfToken(request))) throw invalidCsrfToken();
  }
  const context = await loadStorefrontContext(request, reply);
  if (requires === 'nobody' || (requires === 'customer' ? context.customer : context.buyer)) return undefined;
  if (responds === 'json' || wantsJson(request)) throw customerNotLoggedIn();
  addFlash(reply, 'info', LOGIN_REQUIRED_MESSAGE);
  const target = loginReturnPath(request);
  return reply.redirect(target ? `${LOGIN_PATH}?redirectTo=${encodeURIComponent(target)}` : LOGIN_PATH, 302);
}

export function customerNotLoggedIn(): AppError {
  return new AppError(401, 'CHECKOUT__CUSTOMER_NOT_LOGGED_IN', 'The customer is not logged in.');
}

/**
 * Where to go after login: a page comes back to itself; a form post cannot be replayed by a redirect,
 * so it comes back to the page the form was on (its Referer, when that is this shop).
 */
function loginReturnPath(request: FastifyRequest): string | undefined {
  if (request.method === 'GET' || request.method === 'HEAD') return safeLocalPath(request.url, '/');
  const referer = request.headers.referer;
  if (!referer) return undefined;
  try {
    const url = new URL(referer);
    // through URL on both sides, so a default port written out (`:80`) compares equal to none
    if (url.origin !== new URL(`${request.protocol}://${request.host}`).origin) return undefined;
    return safeLocalPath(url.pathname + url.search, '/');
  } catch {
    return undefined;
  }
}
