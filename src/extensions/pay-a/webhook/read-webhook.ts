import { isPlainObject, type ExtensionHost, type WebhookAnswers, type WebhookRequest, type WebhookVerdict } from '../../../platform/sdk/index.js';
import { hmacHexMatches, jsonObjectOf } from '../../_gateway-kit/index.js';
import { readPayASettingsScopes, type PayASettingsScopes } from '../config.js';
import { isGatewayReference, orderTransactionIdOfReference } from '../payment/reference.js';
import { REFUND_EVENTS, refundEventOf } from './refund-event.js';

/** The header gateway A signs a webhook in: lowercase hex HMAC-SHA512 of the raw body. */
const SIGNATURE_HEADER = 'x-pay-a-signature';

const CHARGE_SUCCESS = 'charge.success';
/** Events the shop acts on; every other one is logged and answered 204. */
const HANDLED_EVENTS: ReadonlySet<string> = new Set([CHARGE_SUCCESS, ...REFUND_EVENTS]);

/** The only answers, without bodies: 204 handled or not handled, 400 not `{event, data}`, 403 signature, 500 for a retry (any 2xx counts as delivered). */
export const webhookAnswers: WebhookAnswers = { handled: { status: 204 }, badRequest: { status: 400 }, forbidden: { status: 403 }, internalError: { status: 500 } };

/**
 * Gateway A's webhook verdict: the signature first (nothing is read from an unauthenticated body), then
 * the body's shape, then the mode (an event whose `domain` is not the signing key's mode is logged and
 * acknowledged), then the event type. charge.success names only the reference, which the host verifies
 * through the API before anything is paid. Log lines carry events and references, never bodies.
 */
export async function readPayAWebhook(host: ExtensionHost, request: WebhookRequest): Promise<WebhookVerdict> {
  // every scope in one read (kept per process until the settings change)
  const key = signingKeyOf(await readPayASettingsScopes(host), request.rawBody, request.headers[SIGNATURE_HEADER]);
  if (!key) return { action: 'refuse', answer: 'forbidden', reason: 'pay-a: webhook refused, signature missing, wrong, or no secret key configured' };
  const body = jsonObjectOf(request.rawBody);
  if (!body || typeof body.event !== 'string' || body.event === '' || !isPlainObject(body.data)) {
    return { action: 'refuse', answer: 'badRequest', reason: 'pay-a: webhook refused, the body is not JSON with event and data' };
  }
  const { data } = body;
  const event = body.event.slice(0, 64);
  if (!HANDLED_EVENTS.has(body.event)) {
    host.logger.info({ event }, 'pay-a: webhook event type not handled; acknowledged');
    return { action: 'ignore' };
  }
  // `domain` names the mode: `test` is sandbox, `live` is live
  if ((data.domain === 'test' ? true : data.domain === 'live' ? false : null) !== key.sandbox) {
    host.logger.warn({ event, mode: key.sandbox ? 'test' : 'live' }, "pay-a: webhook event's domain does not match the mode of its key; ignored");
    return { action: 'ignore' };
  }
  if (body.event !== CHARGE_SUCCESS) {
    const refund = refundEventOf(body.event, data);
    return { action: 'refund', reference: refund.locator, refund };
  }
  if (!isGatewayReference(data.reference)) {
    host.logger.warn({ event }, 'pay-a: charge.success without a valid reference; ignored');
    return { action: 'ignore' };
  }
  // our references name their order transaction: an earlier attempt the customer paid in another tab still settles it
  return { action: 'charge', reference: data.reference, orderTransactionId: orderTransactionIdOfReference(data.reference), attempt: data.reference, successOnly: true };
}

/**
 * The mode of the secret key that signed the raw body (no separate webhook secret): the global key first, then each
 * sales channel's own (another gateway account signs its own events). Null when none matches (fails closed).
 */
function signingKeyOf(scopes: PayASettingsScopes, rawBody: Buffer | undefined, signature: string | string[] | undefined): { sandbox: boolean } | null {
  if (!rawBody || typeof signature !== 'string' || signature === '') return null;
  const global = scopes.forChannel(null);
  if (hmacHexMatches('sha512', global.secretKey, rawBody, signature)) return { sandbox: global.sandbox };
  for (const salesChannelId of scopes.channelIds) {
    const channel = scopes.forChannel(salesChannelId);
    if (channel.secretKey !== global.secretKey && hmacHexMatches('sha512', channel.secretKey, rawBody, signature)) return { sandbox: channel.sandbox };
  }
  return null;
}
