import { describe, expect, it } from 'vitest';
import { safeLocalPath } from '../../../src/platform/storefront/http/safe-local-path.js';

describe('safeLocalPath', () => {
  it('keeps local paths with query and fragment', () => {
    expect(safeLocalPath('/')).toBe('/');
    expect(safeLocalPath('/account/order?page=2#list', '/x')).toBe('/account/order?page=2#list');
    expect(safeLocalPath('/checkout/finish?orderId=abc')).toBe('/checkout/finish?orderId=abc');
  });

  it.each([
    ['protocol-relative', '//evil.com'],
    ['protocol-relative with path', '//evil.com/account'],
    ['absolute https', 'https://evil.com'],
    ['absolute http', 'http://evil.com/x'],
    ['backslash', '/\\evil.com'],
    ['backslash later', '/a\\b'],
    ['javascript', 'javascript:alert(1)'],
    ['relative', 'account'],
    ['tab trick', '/\t/evil.com'],
    ['newline', '/a\r\nSet-Cookie: x=1'],
    ['empty', ''],
  ])('refuses %s', (_name, input) => {
    expect(safeLocalPath(input, '/fallback')).toBe('/fallback');
  });

  it('percent-encodes characters a Location header cannot carry, and checks the encoded path again', () => {
    expect(safeLocalPath('/€')).toBe('/%E2%82%AC');
    expect(safeLocalPath('/suche?q=grüne tasse#ä', '/x')).toBe('/suche?q=gr%C3%BCne%20tasse#%C3%A4');
    // dot segments resolved while encoding must not produce a protocol-relative URL
    expect(safeLocalPath('/€/..//evil.com', '/fallback')).toBe('/fallback');
  });

  it('refuses non-strings and over-long input', () => {
    expect(safeLocalPath(undefined)).toBe('/');
    expect(safeLocalPath(['/a'])).toBe('/');
    expect(safeLocalPath(`/${'a'.repeat(3000)}`)).toBe('/');
  });
});
