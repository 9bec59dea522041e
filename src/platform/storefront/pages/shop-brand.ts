import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { isId } from '../../ids.js';
import { shopNameOf } from '../../mail/mail-settings.js';
import { mediaUrl } from '../../media/media-url.js';
import type { ShopLayout } from '../http/framework.js';
import type { StorefrontServices } from './storefront-services.js';

/** Channel settings (system config, a channel's value over the global one) of the channel's look. */
export const BRAND_KEYS = {
  /** Media id of the header logo. */
  logo: 'core.basicInformation.logo',
  /** `#rrggbb` of the header bar and the buttons; anything else is ignored. */
  primaryColor: 'core.basicInformation.primaryColor',
} as const;

export const BRAND_STYLESHEET_PATH = '/assets/storefront/brand.css';
const HEX_COLOUR = /^#[0-9a-f]{6}$/i;

type BrandServices = Pick<StorefrontServices, 'platform'>;

/** The channel's brand: name (shared with its mails), logo and colour stylesheet. */
export async function brandOf(services: BrandServices, salesChannelId: string): Promise<Pick<ShopLayout, 'shopName' | 'logo' | 'brandStylesheet'>> {
  const { platform } = services;
  const [shopName, logoId, colour] = await Promise.all([
    shopNameOf(platform, salesChannelId),
    platform.systemConfig.getString(BRAND_KEYS.logo, salesChannelId),
    primaryColourOf(services, salesChannelId),
  ]);
  const logoUrl = logoId ? await logoUrlOf(services, logoId) : undefined;
  return {
    shopName,
    ...(logoUrl ? { logo: { url: logoUrl, alt: shopName } } : {}),
    ...(colour ? { brandStylesheet: `${BRAND_STYLESHEET_PATH}?v=${colourVersion(colour)}` } : {}),
  };
}

async function primaryColourOf(services: BrandServices, salesChannelId: string): Promise<string | undefined> {
  const value = (await services.platform.systemConfig.getString(BRAND_KEYS.primaryColor, salesChannelId))?.trim() ?? '';
  return HEX_COLOUR.test(value) ? value.toLowerCase() : undefined;
}

// origin-relative: the channel may answer on its own domain, and the CSP allows images of the page's origin
async function logoUrlOf(services: BrandServices, mediaId: string): Promise<string | undefined> {
  const id = mediaId.trim().toLowerCase();
  if (!isId(id)) return undefined;
  const row = await services.platform.db.selectFrom('media').select('path').where('id', '=', id).executeTakeFirst();
  return typeof row?.path === 'string' && row.path !== '' ? mediaUrl(row.path) : undefined;
}

function colourVersion(colour: string): string {
  return createHash('sha256').update(colour).digest('hex').slice(0, 12);
}

/** sRGB relative luminance of `#rrggbb` (WCAG 2.1). */
function luminance(colour: string): number {
  const [r, g, b] = [1, 3, 5].map((at) => {
    const channel = Number.parseInt(colour.slice(at, at + 2), 16) / 255;
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** `#rrggbb` moved `share` of the way towards `target` (0 black, 255 white). */
function mix(colour: string, target: number, share: number): string {
  return `#${[1, 3, 5]
    .map((at) => Math.round(Number.parseInt(colour.slice(at, at + 2), 16) * (1 - share) + target * share).toString(16).padStart(2, '0'))
    .join('')}`;
}

/**
 * The brand colour, the text colour on it (white or black, whichever contrasts more: always >= 4.5:1)
 * and a hover shade that moves away from the text colour, so the contrast only grows.
 */
export function brandCss(colour: string): string {
  const light = luminance(colour);
  const whiteText = 1.05 / (light + 0.05) >= (light + 0.05) / 0.05;
  const hover = whiteText ? mix(colour, 0, 0.15) : mix(colour, 255, 0.25);
  return `:root{--brand:${colour};--brand-text:${whiteText ? '#fff' : '#000'};--brand-hover:${hover}}\n`;
}

/**
 * GET /assets/storefront/brand.css: the request channel's colours. Inline styles are refused by the
 * Content-Security-Policy, so the colour comes as a stylesheet; its URL carries a hash of the colour,
 * so the versioned answer is cached for good and a new colour gets a new URL.
 */
export function registerBrandStylesheet(app: FastifyInstance, services: StorefrontServices): void {
  app.get<{ Querystring: { v?: string } }>(BRAND_STYLESHEET_PATH, async (request, reply) => {
    const { salesChannel } = await services.contexts.channelOf(request);
    const colour = await primaryColourOf(services, salesChannel.id);
    const current = colour ? colourVersion(colour) : '';
    reply
      .header('content-type', 'text/css; charset=utf-8')
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', current !== '' && request.query.v === current ? 'public, max-age=31536000, immutable' : 'public, no-cache');
    return colour ? brandCss(colour) : ':root{}\n';
  });
}
