import { hmacHexMatches } from '../../_gateway-kit/index.js';
import type { PayASettingsScopes } from '../config.js';

/** The header gateway A signs a webhook in: lowercase hex HMAC-SHA512 of the raw body. */
export const SIGNATURE_HEADER = 'x-pay-a-signature';

/** The key a delivery was signed with, and the mode it belongs to. */
export interface SigningKey {
  sandbox: boolean;
}

/**
 * Which configured secret key signed the raw body (the active mode's key: the gateway signs with
 * the merchant's secret key, there is no separate webhook secret). The global scope's key is tried
 * first; a sales channel with keys or a mode of its own (another gateway account) signs its own events,
 * so its active key is tried next. Every scope comes from one read, which the caller passes on to the
 * handler. Null when none matches or none is configured (fails closed).
 */
export function signingKeyOf(scopes: PayASettingsScopes, rawBody: Buffer | undefined, signature: string | string[] | undefined): SigningKey | null {
  if (!rawBody || typeof signature !== 'string' || signature === '') return null;
  const global = scopes.forChannel(null);
  if (hmacHexMatches('sha512', global.secretKey, rawBody, signature)) return { sandbox: global.sandbox };
  for (const salesChannelId of scopes.channelIds) {
    const channel = scopes.forChannel(salesChannelId);
    if (channel.secretKey === global.secretKey) continue;
    if (hmacHexMatches('sha512', channel.secretKey, rawBody, signature)) return { sandbox: channel.sandbox };
  }
  return null;
}
