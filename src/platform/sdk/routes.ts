import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  HTTPMethods,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
} from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { HandlerFor, StorefrontRouteOptions } from '../storefront/http/routes.js';
import type { StorefrontResponseKind } from '../storefront/http/types.js';
import type { ProfileSlot } from '../storefront/http/profile-slot.js';
import type { ExtensionHost } from './host.js';

/**
 * Extension routes are declared, not registered: an extension lists what it answers (method, path,
 * TypeBox schema, handler and the checks it needs) and the platform mounts the list in the extension's
 * own scope (404 while it is inactive, Admin API authentication under `/api/`, OpenAPI entries from the
 * schemas). See docs/adding-an-extension.md.
 */

/** A route's request: params, query and body typed by the route's TypeBox schema. */
export type RouteRequest<S extends FastifySchema = FastifySchema> = FastifyRequest<
  RouteGenericInterface,
  RawServerDefault,
  RawRequestDefaultExpression,
  S,
  TypeBoxTypeProvider
>;
export type RouteReply = FastifyReply;
/** The schema of a route: `params`, `querystring`, `body`, `response` (TypeBox) and its OpenAPI `tags`, `summary`, `description`. */
export type RouteSchema = FastifySchema;
export type RouteMethod = HTTPMethods;

/** One answer of a route that answers in a shape of its own (a gateway's); without a body the answer is empty. */
export interface RouteAnswer {
  status: number;
  body?: unknown;
}

interface RouteBasics {
  method: RouteMethod | RouteMethod[];
  url: string;
  /**
   * Runs first, before the body is read and before any CSRF, login or privilege check: throw to refuse,
   * e.g. a 404 while a setting of the request's sales channel is off.
   */
  gate?(request: RouteRequest): Promise<void> | void;
  /** Calls that are not XMLHttpRequests (`X-Requested-With: XMLHttpRequest`) get this error instead of the handler. */
  xhrOnly?(): Error;
}

/** An Admin API route (path under `/api/`) or a plain HTTP route. */
export interface DeclaredRoute<S extends RouteSchema = RouteSchema> extends RouteBasics {
  readonly kind: 'route';
  /** Validation and the OpenAPI entry both come from it; violations answer the platform's 400. */
  schema?: S;
  /** Admin API privileges, checked before the body is validated: a caller without them learns nothing about a valid request. */
  privileges?: readonly string[];
  /** The largest body in bytes (default: the platform's). */
  bodyLimit?: number;
  /**
   * The body arrives as raw bytes (a Buffer, whatever the content type): for a signature over the exact
   * bytes sent (webhooks). Malformed JSON is then the handler's business.
   */
  rawBody?: boolean;
  /**
   * Answers in the route's own shape instead of the platform's errors, for a caller that counts anything
   * else as a failure (a gateway's webhook): `badRequest` when the body cannot be read (too large, broken
   * length), `internalError` when the handler throws (logged with its reason only). The 404 of an
   * inactive extension stays the platform's.
   */
  errorAnswers?: { badRequest: RouteAnswer; internalError: RouteAnswer };
  handler(request: RouteRequest<S>, reply: RouteReply): unknown;
}

/** A storefront page, form post or XHR route: the visitor's session in `request.storefront`, CSRF-checked posts. */
export interface DeclaredStorefrontRoute<O extends StorefrontRouteOptions = StorefrontRouteOptions> extends RouteBasics {
  readonly kind: 'storefront';
  /** HTML pages and forms, or JSON (XHR); errors are answered the same way. */
  responds: StorefrontResponseKind;
  /** `requireCustomer` (guests go to the login or get 401), `schema`, `checksTextItself`. */
  options?: O;
  handler: HandlerFor<O>;
}

/** A template folder of the extension (`new URL('./views/', import.meta.url)`), searched after the core views. */
export interface DeclaredTemplateFolder {
  readonly kind: 'template-folder';
  folder: URL;
}

/** A section of the customer's profile page (shown only while the extension is active). */
export interface DeclaredProfileSlot {
  readonly kind: 'profile-slot';
  slot: ProfileSlot;
}

/** The raw HTTP application an escape hatch gets; nothing else of the platform hands it out. */
export type RawRouteApp = FastifyInstance;

/**
 * The escape hatch: a route that cannot be declared gets the extension's scope of the raw app. Give
 * the reason; docs/adding-an-extension.md says when it is acceptable.
 */
export interface RawRouteMount {
  readonly kind: 'raw';
  reason: string;
  mount(app: RawRouteApp): void | Promise<void>;
}

/** One entry of an extension's `routes`. */
export type RouteDeclaration = DeclaredRoute<any> | DeclaredStorefrontRoute<any> | DeclaredTemplateFolder | DeclaredProfileSlot | RawRouteMount;

/** What an extension's `routes` is: the list, or a function of its host returning it (called once at boot). */
export type ExtensionRoutes = readonly RouteDeclaration[] | ((host: ExtensionHost) => readonly RouteDeclaration[]);

/** An Admin API or plain route; the handler's request is typed by `schema`. */
export function defineRoute<S extends RouteSchema = RouteSchema>(route: Omit<DeclaredRoute<S>, 'kind'>): RouteDeclaration {
  return { ...route, kind: 'route' };
}

/** A storefront route; with `options: { requireCustomer: true }` the handler always has the customer. */
export function defineStorefrontRoute<const O extends StorefrontRouteOptions = StorefrontRouteOptions>(route: Omit<DeclaredStorefrontRoute<O>, 'kind'>): RouteDeclaration {
  return { ...route, kind: 'storefront' } as RouteDeclaration;
}

export function templateFolder(folder: URL): RouteDeclaration {
  return { kind: 'template-folder', folder };
}

export function profileSlot(slot: ProfileSlot): RouteDeclaration {
  return { kind: 'profile-slot', slot };
}

/** The escape hatch (see RawRouteMount): keep it rare and say why. */
export function rawRoutes(reason: string, mount: (app: RawRouteApp) => void | Promise<void>): RouteDeclaration {
  return { kind: 'raw', reason, mount };
}

/** Sends one of a route's own answers (`errorAnswers`, a gateway's verdict): JSON, or empty without a body. */
export function sendAnswer(reply: RouteReply, answer: RouteAnswer): RouteReply {
  return answer.body === undefined ? reply.code(answer.status).send() : reply.code(answer.status).type('application/json').send(answer.body);
}
