import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SecretBox } from '../../security/secret-box.js';
import { CsrfTokens } from './csrf.js';
import { TemplateViews, type TemplateFilter } from './template-views.js';
import type { ProfileSlot } from './profile-slot.js';
import type { CartCountProvider, CustomerResolver, NavigationProvider, SalesChannelResolver } from './types.js';

export interface StorefrontFrameworkOptions {
  appSecret: string;
  /** The shop's public base URL; cookies are `secure` when it is https. */
  appUrl: string;
  viewsFolder: string;
  /** Template globals, e.g. `asset(file)`. */
  templateGlobals?: Record<string, unknown>;
  /** The shop name shown in every page (system config `core.basicInformation.shopName`). */
  shopName(): Promise<string>;
  isExtensionActive(name: string): boolean;
}

/** The channel's own look around every page: brand, switchers and footer (see pages/shop-layout.ts). */
export interface ShopLayout {
  shopName: string;
  /** The header's logo; absent: the name as text. */
  logo?: { url: string; alt: string };
  /** URL of the channel's brand colour stylesheet; absent: the stock colours. */
  brandStylesheet?: string;
  /** The channel's currencies, only when there is a choice (2+). */
  currencies?: Array<{ id: string; isoCode: string; symbol: string; name: string; selected: boolean }>;
  /** The channel's languages, only when there is a choice (2+): product and category texts follow the chosen one. */
  languages?: Array<{ id: string; name: string; localeCode: string; selected: boolean }>;
  /** The delivery countries a visitor without an address may choose (2+), for taxes before checkout. */
  countries?: Array<{ id: string; name: string; selected: boolean }>;
  footerLinks?: Array<{ name: string; url: string }>;
  /** Product ids on the logged-in customer's wishlist ([] for guests); absent when the channel has no wishlist. */
  wishlist?: string[];
}

export type ShopLayoutProvider = (request: FastifyRequest) => Promise<ShopLayout>;

/** The storefront's shared state: templates, keys, and what other modules and extensions plug in. */
export class StorefrontFramework {
  readonly views: TemplateViews;
  readonly csrf: CsrfTokens;
  /** Signs the flash cookie; derived from the app secret with its own purpose label. */
  readonly cookieSecret: Buffer;
  readonly secureCookies: boolean;
  readonly shopName: () => Promise<string>;
  readonly isExtensionActive: (name: string) => boolean;
  navigation: NavigationProvider = async () => [];
  cartCount: CartCountProvider = async () => 0;
  resolveCustomer: CustomerResolver = async () => undefined;
  resolveSalesChannelId: SalesChannelResolver = async () => undefined;
  shopLayout: ShopLayoutProvider = async () => ({ shopName: await this.shopName() });
  readonly profileSlots: ProfileSlot[] = [];

  constructor(options: StorefrontFrameworkOptions) {
    this.views = new TemplateViews(options.viewsFolder, options.templateGlobals);
    this.csrf = new CsrfTokens(options.appSecret);
    this.cookieSecret = Buffer.from(SecretBox.deriveKey(options.appSecret, 'storefront-cookie-signature'));
    this.secureCookies = new URL(options.appUrl).protocol === 'https:';
    this.shopName = options.shopName;
    this.isExtensionActive = options.isExtensionActive;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Set by registerStorefrontFramework on the root instance; every scope inherits it. */
    storefrontFramework?: StorefrontFramework;
  }
}

export function frameworkOf(app: FastifyInstance): StorefrontFramework {
  const framework = app.storefrontFramework;
  if (!framework) throw new Error('The storefront framework is not registered: call registerStorefrontFramework(app, platform) first');
  return framework;
}

/** Where the navigation categories of every page come from (default: none). */
export function setNavigationProvider(app: FastifyInstance, provider: NavigationProvider): void {
  frameworkOf(app).navigation = provider;
}

/** The header's cart badge (default: always 0). */
export function setCartCountProvider(app: FastifyInstance, provider: CartCountProvider): void {
  frameworkOf(app).cartCount = provider;
}

/** Who the visitor is, given their session token (default: always a guest). */
export function setCustomerResolver(app: FastifyInstance, resolver: CustomerResolver): void {
  frameworkOf(app).resolveCustomer = resolver;
}

/** The channel's brand, switchers and footer (default: the global shop name only). */
export function setShopLayoutProvider(app: FastifyInstance, provider: ShopLayoutProvider): void {
  frameworkOf(app).shopLayout = provider;
}

/** Which sales channel a request is for (default: none known). */
export function setSalesChannelResolver(app: FastifyInstance, resolver: SalesChannelResolver): void {
  frameworkOf(app).resolveSalesChannelId = resolver;
}

/** The id of the request's sales channel, for settings that differ per channel (e.g. an extension's). */
export function salesChannelIdOf(request: FastifyRequest): Promise<string | undefined> {
  return frameworkOf(request.server).resolveSalesChannelId(request);
}

/** Another folder of templates (an extension's), searched after the core views. */
export function addTemplateFolder(app: FastifyInstance, folder: string): void {
  frameworkOf(app).views.addFolder(folder);
}

/** A template filter for every storefront template, e.g. `money` for prices; names are unique. */
export function addTemplateFilter(app: FastifyInstance, name: string, filter: TemplateFilter): void {
  frameworkOf(app).views.addFilter(name, filter);
}
