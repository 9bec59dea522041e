import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import {
  generateSigningSecret,
  InvalidSigningSecretError,
  isValidSigningSecret,
  signatureHeader,
  signedHeaders,
  signingKey,
  verifySignedMessage,
} from '../../../../src/extensions/order-export/delivery/standard-webhooks.js';

// the example of the Standard Webhooks reference libraries
const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const ID = 'msg_p5jXN8AQM9LWM0D4loKWxJek';
const TIMESTAMP = 1614265330;
const BODY = '{"test": 2432232314}';
const SIGNATURE = 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=';

const verify = (headers: Record<string, string>, options: { body?: string | Buffer; secrets?: string[]; now?: number } = {}) =>
  verifySignedMessage({ headers, body: options.body ?? BODY, secrets: options.secrets ?? [SECRET], now: options.now ?? TIMESTAMP });

describe('Standard Webhooks signing', () => {
  it('signs the reference example as the reference library does', () => {
    expect(signatureHeader({ id: ID, timestamp: TIMESTAMP, body: BODY, secrets: [SECRET] })).toBe(SIGNATURE);
    expect(new Webhook(SECRET).sign(ID, new Date(TIMESTAMP * 1000), BODY)).toBe(SIGNATURE);
  });

  it('produces headers the reference library verifies, and verifies what it signs', () => {
    const secret = generateSigningSecret();
    const body = JSON.stringify({ orderNumber: '10042', total: 12.5, note: 'Grüße' });
    const timestamp = Math.floor(Date.now() / 1000);
    const headers = signedHeaders({ id: 'corr1', timestamp, body, secrets: [secret] });
    expect(new Webhook(secret).verify(body, { ...headers })).toEqual(JSON.parse(body));

    const theirs = new Webhook(secret).sign('corr2', new Date(timestamp * 1000), body);
    const result = verifySignedMessage({
      headers: { 'webhook-id': 'corr2', 'webhook-timestamp': String(timestamp), 'webhook-signature': theirs },
      body,
      secrets: [secret],
    });
    expect(result).toEqual({ ok: true, id: 'corr2', timestamp });
  });

  it('accepts a timestamp within five minutes either way and refuses one beyond', () => {
    const headers = { 'webhook-id': ID, 'webhook-timestamp': String(TIMESTAMP), 'webhook-signature': SIGNATURE };
    expect(verify(headers, { now: TIMESTAMP + 300 }).ok).toBe(true);
    expect(verify(headers, { now: TIMESTAMP - 300 }).ok).toBe(true);
    expect(verify(headers, { now: TIMESTAMP + 301 })).toEqual({ ok: false, reason: 'timestamp_too_old' });
    expect(verify(headers, { now: TIMESTAMP - 301 })).toEqual({ ok: false, reason: 'timestamp_too_new' });
  });

  it('accepts any matching entry of a space-separated list, during a rotation too', () => {
    const other = generateSigningSecret();
    const both = signatureHeader({ id: ID, timestamp: TIMESTAMP, body: BODY, secrets: [other, SECRET] });
    expect(both.split(' ')).toHaveLength(2);
    const headers = { 'webhook-id': ID, 'webhook-timestamp': String(TIMESTAMP), 'webhook-signature': both };
    expect(verify(headers).ok).toBe(true);
    expect(verify(headers, { secrets: [other] }).ok).toBe(true);
    expect(verify(headers, { secrets: [generateSigningSecret()] })).toEqual({ ok: false, reason: 'no_matching_signature' });
    // unknown versions and broken entries are skipped, not fatal
    const mixed = { ...headers, 'webhook-signature': `v1a,abc v1,not*base64 v2,xyz ${SIGNATURE}` };
    expect(verify(mixed).ok).toBe(true);
  });

  it('refuses tampered bodies, ids and timestamps', () => {
    const headers = { 'webhook-id': ID, 'webhook-timestamp': String(TIMESTAMP), 'webhook-signature': SIGNATURE };
    expect(verify(headers, { body: '{"test": 2432232315}' })).toEqual({ ok: false, reason: 'no_matching_signature' });
    expect(verify({ ...headers, 'webhook-id': 'msg_other' })).toEqual({ ok: false, reason: 'no_matching_signature' });
    expect(verify({ ...headers, 'webhook-timestamp': String(TIMESTAMP + 1) }, { now: TIMESTAMP })).toEqual({ ok: false, reason: 'no_matching_signature' });
    expect(verify({ ...headers, 'webhook-id': 'a.b' })).toEqual({ ok: false, reason: 'invalid_id' });
    expect(verify({ ...headers, 'webhook-timestamp': '1614265330abc' })).toEqual({ ok: false, reason: 'invalid_timestamp' });
    expect(verify({ 'webhook-id': ID, 'webhook-timestamp': String(TIMESTAMP) })).toEqual({ ok: false, reason: 'missing_headers' });
  });

  it('reads header names in any case and repeated signature headers as one list', () => {
    const result = verifySignedMessage({
      headers: { 'Webhook-Id': ID, 'WEBHOOK-TIMESTAMP': String(TIMESTAMP), 'webhook-signature': ['v1,AAAA', SIGNATURE] },
      body: BODY,
      secrets: [SECRET],
      now: TIMESTAMP,
    });
    expect(result.ok).toBe(true);
  });

  it('signs the exact bytes, also when they are not valid UTF-8', () => {
    const body = Buffer.from([0x7b, 0xff, 0xfe, 0x7d]);
    const headers = signedHeaders({ id: ID, timestamp: TIMESTAMP, body, secrets: [SECRET] });
    expect(verify({ ...headers }, { body }).ok).toBe(true);
    expect(verify({ ...headers }, { body: body.toString('utf8') }).ok).toBe(false);
  });

  it('generates secrets in the whsec_ format with 24 to 64 random bytes', () => {
    const secret = generateSigningSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    expect(signingKey(secret)).toHaveLength(32);
    expect(signingKey(generateSigningSecret(24))).toHaveLength(24);
    expect(signingKey(generateSigningSecret(64))).toHaveLength(64);
    expect(generateSigningSecret()).not.toBe(secret);
    expect(() => generateSigningSecret(23)).toThrow(RangeError);
    expect(() => generateSigningSecret(65)).toThrow(RangeError);
  });

  it('refuses malformed secrets without repeating them', () => {
    for (const bad of ['MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', 'whsec_', 'whsec_c2hvcnQ=', 'whsec_%%%%not-base64%%%%%%%%%%%%%%%%']) {
      expect(isValidSigningSecret(bad)).toBe(false);
      expect(() => signingKey(bad)).toThrow(InvalidSigningSecretError);
      // one fixed text, whatever the secret was
      expect(() => signingKey(bad)).toThrow(/^a signing secret is "whsec_" followed by the base64 of 24 to 64 random bytes$/);
    }
    expect(() => signatureHeader({ id: ID, timestamp: TIMESTAMP, body: BODY, secrets: [] })).toThrow(InvalidSigningSecretError);
    expect(() => signatureHeader({ id: 'a.b', timestamp: TIMESTAMP, body: BODY, secrets: [SECRET] })).toThrow('no "."');
  });
});
