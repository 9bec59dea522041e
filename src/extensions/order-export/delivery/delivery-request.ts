import type { AuthMaterial } from './auth/auth-headers.js';
import { signedHeaders } from './standard-webhooks.js';
import { DEFAULT_TARGET_TIMEOUT_MS, type DeliveryTarget } from './target-settings.js';
import type { OutboundRequest } from './transport.js';

export interface DeliveryRequestInput {
  target: DeliveryTarget;
  /** the rendered payload as JSON text: these exact bytes are signed and sent */
  body: string;
  /** the export revision's correlation id: idempotency key and webhook id alike */
  correlationId: string;
  /** Unix seconds */
  timestamp: number;
  auth: AuthMaterial;
}

/**
 * The request of one delivery attempt: the target's extra headers first, then what the export owns
 * (content type, idempotency key, Standard Webhooks signature), then the credential's auth.
 */
export function buildDeliveryRequest(input: DeliveryRequestInput): OutboundRequest {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(input.target.headers ?? {})) headers[name.toLowerCase()] = value;
  headers['content-type'] = 'application/json';
  headers['idempotency-key'] = input.correlationId;
  Object.assign(headers, signedHeaders({ id: input.correlationId, timestamp: input.timestamp, body: input.body, secrets: input.target.signingSecrets }));
  for (const [name, value] of Object.entries(input.auth.headers)) headers[name.toLowerCase()] = value;
  return {
    method: input.target.method,
    url: input.target.url,
    headers,
    body: input.body,
    timeoutMs: input.target.timeoutMs ?? DEFAULT_TARGET_TIMEOUT_MS,
  };
}
