import { describe, expect, it } from 'vitest';
import { buildDeliveryRequest } from '../../../../src/extensions/order-export/delivery/delivery-request.js';
import { generateSigningSecret, verifySignedMessage } from '../../../../src/extensions/order-export/delivery/standard-webhooks.js';

describe('delivery request', () => {
  const secret = generateSigningSecret();
  const body = JSON.stringify({ orderNumber: '10042' });
  const request = buildDeliveryRequest({
    target: { url: 'https://erp.example.com/orders', method: 'PUT', headers: { 'X-Tenant': 'shop-1', 'X-API-Key': 'from-target' }, signingSecrets: [secret] },
    body,
    correlationId: '0190a7b1c2d34e5f8a9b0c1d2e3f4a5b',
    timestamp: 1_800_000_000,
    auth: { headers: { 'X-API-Key': 'k-123' }, secretHeaderNames: ['X-API-Key'], secrets: ['k-123'] },
  });

  it('sends the rendered bytes with the export headers, the target headers and the auth', () => {
    expect(request).toMatchObject({ method: 'PUT', url: 'https://erp.example.com/orders', body, timeoutMs: 10_000 });
    expect(request.headers).toEqual({
      'x-tenant': 'shop-1',
      'x-api-key': 'k-123',
      'content-type': 'application/json',
      'idempotency-key': '0190a7b1c2d34e5f8a9b0c1d2e3f4a5b',
      'webhook-id': '0190a7b1c2d34e5f8a9b0c1d2e3f4a5b',
      'webhook-timestamp': '1800000000',
      'webhook-signature': expect.stringMatching(/^v1,[A-Za-z0-9+/]{43}=$/),
    });
  });

  it('signs id, timestamp and body with the target secret', () => {
    expect(verifySignedMessage({ headers: request.headers, body, secrets: [secret], now: 1_800_000_000 })).toEqual({
      ok: true,
      id: '0190a7b1c2d34e5f8a9b0c1d2e3f4a5b',
      timestamp: 1_800_000_000,
    });
  });
});
