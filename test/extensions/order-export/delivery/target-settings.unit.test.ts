import { describe, expect, it } from 'vitest';
import { validateTargetSettings } from '../../../../src/extensions/order-export/delivery/target-settings.js';

describe('target settings validation', () => {
  it('accepts a complete target', () => {
    expect(
      validateTargetSettings({ url: 'https://erp.example.com/orders', method: 'PUT', timeoutMs: 5000, headers: { 'X-Tenant': 'shop-1' }, signingSecret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw' }),
    ).toEqual([]);
  });

  it('names each problem', () => {
    expect(
      validateTargetSettings({
        url: 'http://10.0.0.8/orders',
        method: 'PATCH',
        timeoutMs: 120_000,
        headers: { Authorization: 'Bearer x', 'Idempotency-Key': 'k', 'X-Ok': 'fine', 'Bad Name': 'x', 'X-Multi': 'a\r\nb' },
        signingSecret: 'secret',
      }),
    ).toEqual([
      'url 10.0.0.8 is a private, loopback or link-local address; such targets are refused',
      'method must be POST or PUT',
      'timeoutMs must be a whole number of milliseconds from 1 to 60000',
      'headers.Authorization: set by the export itself (secrets belong in a credential)',
      'headers.Idempotency-Key: set by the export itself (secrets belong in a credential)',
      'headers["Bad Name"]: not a valid HTTP header name',
      'headers.X-Multi must be text without line breaks, at most 8192 characters',
      'signingSecret must be "whsec_" followed by the base64 of 24 to 64 bytes',
    ]);
    expect(validateTargetSettings({ url: 'http://10.0.0.8/orders' }, { allowPrivateTargets: true })).toEqual([]);
  });
});
