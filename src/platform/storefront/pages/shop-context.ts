import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../errors/app-error.js';
import { DEFAULT_SALES_CHANNEL_ID } from '../../first-start/default-shop.js';
import type { CoreServices } from '../../core-services.js';
import type { ContextSalesChannel, SalesChannelContext } from '../../sales-channel/context/sales-channel-context.js';
import { salesChannelColumns } from '../../sales-channel/context/sales-channel-context-service.js';
import { SALES_CHANNEL_TYPE_STOREFRONT } from '../../sales-channel/entities.js';
import { setSessionToken } from '../http/index.js';

/** The sales channel a request is for, and the origin its absolute URLs (payment return URLs) use. */
export interface ShopChannel {
  salesChannel: ContextSalesChannel;
  /** The request origin when it is one of the channel's domains, else APP_URL's: never a Host header we do not know. */
  origin: string;
}

interface CachedContext {
  sessionToken: string;
  context: SalesChannelContext;
}

/**
 * The storefront's bridge to the Store API context: the storefront session token (cookie
 * `sw-context-token`) IS the context token. The sales channel is the active storefront channel with a
 * domain on the request's origin, else the default "Storefront" channel.
 *
 * Reading pages use `contextOf`: an unknown token gives a fresh guest context that is not stored (a
 * crawler leaves nothing behind). Anything that changes state uses `storedContextOf`, which stores that
 * fresh context and moves the cookie to its token (the service never adopts a token a client made up).
 */
export class ShopContexts {
  readonly #contexts = new WeakMap<FastifyRequest, CachedContext>();
  readonly #channels = new WeakMap<FastifyRequest, ShopChannel>();

  constructor(private readonly platform: Pick<CoreServices, 'db' | 'env' | 'salesChannelContexts'>) {}

  async channelOf(request: FastifyRequest): Promise<ShopChannel> {
    const cached = this.#channels.get(request);
    if (cached) return cached;
    const requestOrigin = originOf(`${request.protocol}://${request.host}`);
    const domains = await this.#activeChannelDomains();
    const matched = requestOrigin ? domains.find((row) => row.url !== null && originOf(row.url) === requestOrigin) : undefined;
    // a deactivated default channel is closed here as the Store API refuses its access key
    const salesChannel = matched?.salesChannel ?? domains.find((row) => row.salesChannel.id === DEFAULT_SALES_CHANNEL_ID)?.salesChannel;
    if (!salesChannel) throw new AppError(503, 'STOREFRONT__SALES_CHANNEL_NOT_FOUND', 'This shop is not available at the moment.');
    const channel: ShopChannel = { salesChannel, origin: matched && requestOrigin ? requestOrigin : (originOf(this.platform.env.appUrl) ?? this.platform.env.appUrl) };
    this.#channels.set(request, channel);
    return channel;
  }

  /** The visitor's context for reading: the stored one of `sessionToken`, else a fresh guest context. Loaded once per request. */
  async contextOf(request: FastifyRequest, sessionToken = request.storefront?.sessionToken): Promise<SalesChannelContext> {
    const cached = this.#contexts.get(request);
    if (cached && cached.sessionToken === sessionToken) return cached.context;
    const { salesChannel } = await this.channelOf(request);
    const context = await this.platform.salesChannelContexts.load(salesChannel, sessionToken);
    this.#remember(request, sessionToken ?? context.token, context);
    return context;
  }

  /**
   * The visitor's context, stored under the session token: call it before changing anything the
   * context owns (cart, payment method). A fresh context is stored and its new token becomes the session token.
   */
  async storedContextOf(request: FastifyRequest, reply: FastifyReply): Promise<SalesChannelContext> {
    const context = await this.contextOf(request);
    if (context.token === request.storefront?.sessionToken) return context;
    await this.platform.salesChannelContexts.persist(context);
    this.adopt(request, reply, context);
    return context;
  }

  /** After login, logout, registration or a switch: the context's token becomes the session token. */
  adopt(request: FastifyRequest, reply: FastifyReply, context: SalesChannelContext): void {
    if (request.storefront?.sessionToken !== context.token) setSessionToken(request, reply, context.token);
    this.#remember(request, context.token, context);
  }

  #remember(request: FastifyRequest, sessionToken: string, context: SalesChannelContext): void {
    this.#contexts.set(request, { sessionToken, context });
  }

  /**
   * In one query: the active storefront channels and the default channel, which has a row only while it
   * is active, each with one of its domains per row (url null without domains).
   */
  async #activeChannelDomains(): Promise<Array<{ salesChannel: ContextSalesChannel; url: string | null }>> {
    const rows = await this.platform.db
      .selectFrom('sales_channel as sc')
      .leftJoin('sales_channel_domain as d', 'd.sales_channel_id', 'sc.id')
      .select([...salesChannelColumns('sc'), 'd.url as domainUrl'])
      .where('sc.active', '=', true)
      .where((eb) => eb.or([eb('sc.type_id', '=', SALES_CHANNEL_TYPE_STOREFRONT), eb('sc.id', '=', DEFAULT_SALES_CHANNEL_ID)]))
      .orderBy('d.url')
      .execute();
    return rows.map(({ domainUrl, ...salesChannel }) => ({ salesChannel: salesChannel as ContextSalesChannel, url: (domainUrl as string | null) ?? null }));
  }
}

/** `scheme://host[:port]` with default ports dropped, or undefined for what is not a URL. */
function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}
