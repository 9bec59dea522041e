import { randomBytes } from 'node:crypto';
import { signedHeaders } from '../delivery/standard-webhooks.js';
import type { AcknowledgementInput } from './types.js';

/**
 * What a target sends back when it has processed (or refused) an export: `POST <callback>` with
 * `{correlationId, status, reference?, message?}`, signed like the deliveries (Standard Webhooks,
 * over "id.timestamp.body") with the target's signing secret.
 */
export async function sendAcknowledgement(input: AcknowledgementInput & { signingSecret: string }): Promise<{ status: number; body: string; messageId: string }> {
  const body = JSON.stringify({
    correlationId: input.correlationId,
    status: input.status,
    ...(input.reference !== undefined ? { reference: input.reference } : {}),
    ...(input.message !== undefined ? { message: input.message } : {}),
  });
  const messageId = input.messageId ?? `ack_${randomBytes(12).toString('hex')}`;
  const timestamp = input.timestamp ?? Math.floor(Date.now() / 1000);
  const response = await fetch(input.callbackUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...signedHeaders({ id: messageId, timestamp, body, secrets: [input.signingSecret] }) },
    body,
    redirect: 'manual',
  });
  return { status: response.status, body: await response.text(), messageId };
}
