import { describe, expect, it } from 'vitest';
import { bodyForStorage, redactHeaders, redactSecrets } from '../../../../src/extensions/order-export/delivery/redaction.js';

describe('redaction', () => {
  it('redacts credential headers, named secret headers and any value containing a secret', () => {
    const headers = {
      Authorization: 'Bearer s3cr3t-token',
      'X-Api-Key': 'key-123456',
      'X-Echo': 'prefix key-123456 suffix',
      Cookie: 'session=abc',
      'Content-Type': 'application/json',
      'Webhook-Id': 'corr1',
      Multi: ['a', 'b'],
    };
    expect(redactHeaders(headers, { secretHeaderNames: ['x-api-key'], secrets: ['key-123456'] })).toEqual({
      authorization: '[redacted]',
      'x-api-key': '[redacted]',
      'x-echo': '[redacted]',
      cookie: '[redacted]',
      'content-type': 'application/json',
      'webhook-id': 'corr1',
      multi: 'a, b',
    });
  });

  it('ignores very short secrets that would match ordinary text', () => {
    expect(redactHeaders({ accept: 'application/json' }, { secrets: ['a'] })).toEqual({ accept: 'application/json' });
  });

  it('redacts every occurrence of a secret in a body, leaving short values alone', () => {
    expect(redactSecrets('{"error":"key key-123456 unknown","echo":"key-123456"}', ['key-123456', 'ab'])).toBe('{"error":"key [redacted] unknown","echo":"[redacted]"}');
    expect(redactSecrets('nothing here', [])).toBe('nothing here');
  });

  it('cuts bodies at 64 KiB on a character boundary', () => {
    expect(bodyForStorage('{"a":1}')).toEqual({ text: '{"a":1}', truncated: false, bytes: 7 });
    expect(bodyForStorage(undefined)).toEqual({ text: '', truncated: false, bytes: 0 });
    const long = 'ä'.repeat(40_000); // 80 000 bytes
    const stored = bodyForStorage(long);
    expect(stored.truncated).toBe(true);
    expect(stored.bytes).toBe(80_000);
    expect(Buffer.byteLength(stored.text)).toBe(64 * 1024);
    expect(stored.text).toBe('ä'.repeat(32 * 1024));
    const odd = bodyForStorage(`x${'ä'.repeat(40_000)}`);
    expect(Buffer.byteLength(odd.text)).toBe(64 * 1024 - 1);
    expect(odd.text.endsWith('ä')).toBe(true);
  });
});
