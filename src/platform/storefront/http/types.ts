import type { FastifyReply, FastifyRequest, FastifySchema, RawRequestDefaultExpression, RawServerDefault, RouteGenericInterface } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';

/** The visitor as the storefront shows them; who that is comes from the resolver set with setCustomerResolver. */
export interface StorefrontCustomer {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  /** A guest: gave their details for one order, has no password and no account pages. */
  guest?: boolean;
}

/** What every storefront route knows about its visitor. */
export interface StorefrontContext {
  /** The Store API context token of this visitor (cookie `sw-context-token`). */
  sessionToken: string;
  /** The logged-in registered customer; a guest is not one (no account menu, no account pages). */
  customer: StorefrontCustomer | undefined;
  /** Who orders: the registered customer, or a guest who gave their details for checkout. */
  buyer: StorefrontCustomer | undefined;
}

/** The context of a route registered with `{ requireCustomer: true }`: a guest never reaches its handler. */
export interface CustomerContext extends StorefrontContext {
  customer: StorefrontCustomer;
  buyer: StorefrontCustomer;
}

/** The context of a route registered with `{ requireBuyer: true }`: a registered customer or a guest with their details. */
export interface BuyerContext extends StorefrontContext {
  buyer: StorefrontCustomer;
}

/** A storefront route's request: params, query and body typed by the route's TypeBox schema (`options.schema`). */
export type StorefrontRequest<C extends StorefrontContext = StorefrontContext, S extends FastifySchema = FastifySchema> = FastifyRequest<
  RouteGenericInterface,
  RawServerDefault,
  RawRequestDefaultExpression,
  S,
  TypeBoxTypeProvider
> & { storefront: C };

export type StorefrontHandler<C extends StorefrontContext = StorefrontContext, S extends FastifySchema = FastifySchema> = (
  request: StorefrontRequest<C, S>,
  reply: FastifyReply,
) => unknown;

export interface NavigationItem {
  id: string;
  name: string;
  url: string;
  /** The next level (the header shows two). */
  children?: NavigationItem[];
}

/** How many items the visitor's cart holds (the header's cart badge). */
export type CartCountProvider = (request: FastifyRequest) => Promise<number>;

export type NavigationProvider = (request: FastifyRequest) => Promise<NavigationItem[]>;

export type CustomerResolver = (request: FastifyRequest, sessionToken: string) => Promise<StorefrontCustomer | undefined>;

/** The id of the sales channel a request is for (undefined: none known, e.g. without the shop pages). */
export type SalesChannelResolver = (request: FastifyRequest) => Promise<string | undefined>;

/** How a route answers: HTML pages and form posts, or JSON for XHR calls. Errors follow the same choice. */
export type StorefrontResponseKind = 'html' | 'json';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set for every route registered through storefrontRoutes (and for HTML error pages); null elsewhere. */
    storefront: StorefrontContext | null;
  }
  interface FastifyContextConfig {
    /** Marks a route registered through storefrontRoutes and how it answers. */
    storefrontResponds?: StorefrontResponseKind;
  }
}
