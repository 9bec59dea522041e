import { describe, expect, it } from 'vitest';
import { isMaskedSecretValue, maskSecretValue } from '../../../src/platform/custom-fields/secret-custom-fields.js';
import { SecretBox } from '../../../src/platform/security/secret-box.js';

describe('the masking format of secret custom fields', () => {
  it('hides every character but the last four, one * each; four characters or fewer are hidden whole', () => {
    expect(maskSecretValue('0690000031')).toBe('******0031');
    expect(maskSecretValue('22212345678')).toBe('*******5678');
    expect(maskSecretValue('12345')).toBe('*2345');
    expect(maskSecretValue('1234')).toBe('****');
    expect(maskSecretValue('')).toBe('');
  });

  it('recognises a mask sent back (so it never overwrites the stored value), never an account number', () => {
    for (const masked of ['******0031', '*******5678', '****', '*2345']) expect(isMaskedSecretValue(masked), masked).toBe(true);
    for (const plain of ['0690000031', '', '12*34', '**12345', 'abc']) expect(isMaskedSecretValue(plain), plain).toBe(false);
  });

  it('tells a sealed text by its form only', () => {
    const box = new SecretBox('an-app-secret-of-the-test');
    expect(SecretBox.isSealed(box.encrypt('0690000031'))).toBe(true);
    expect(SecretBox.isSealed(box.encrypt(''))).toBe(true);
    for (const text of ['0690000031', 'v1.abc.def.ghi', 'v2.' + box.encrypt('x').slice(3), '******0031']) expect(SecretBox.isSealed(text), text).toBe(false);
  });
});
