import { describe, expect, it } from 'vitest';
import { SecretBox } from '../../../src/platform/security/secret-box.js';

describe('SecretBox', () => {
  const box = new SecretBox('an-app-secret-of-the-test');

  it('seals with a fresh IV each time and opens to the plain text, again and again', () => {
    const first = box.encrypt('sk_live_123');
    const second = box.encrypt('sk_live_123');
    expect(first).not.toBe(second);
    expect(first).not.toContain('sk_live_123');
    for (let i = 0; i < 3; i++) expect([box.decrypt(first), box.decrypt(second)]).toEqual(['sk_live_123', 'sk_live_123']);
  });

  it('refuses a tampered or foreign sealed text, also after the genuine one was opened', () => {
    const sealed = box.encrypt('whsec_abc');
    expect(box.decrypt(sealed)).toBe('whsec_abc');
    const [version, iv, tag, body] = sealed.split('.');
    const flipped = body!.slice(0, -2) + (body!.endsWith('AA') ? 'AB' : 'AA');
    expect(() => box.decrypt([version, iv, tag, flipped].join('.'))).toThrow();
    expect(() => new SecretBox('another-app-secret').decrypt(sealed)).toThrow();
    expect(() => box.decrypt('v2.x.y.z')).toThrow('Not a sealed secret');
  });

  it('opens every secret correctly past the number it keeps opened', () => {
    const sealed = Array.from({ length: 600 }, (_, i) => [box.encrypt(`secret-${i}`), `secret-${i}`] as const);
    for (let round = 0; round < 2; round++) for (const [text, plain] of sealed) expect(box.decrypt(text)).toBe(plain);
  });
});
