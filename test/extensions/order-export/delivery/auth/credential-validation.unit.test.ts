import { describe, expect, it } from 'vitest';
import { validateCredentialInput } from '../../../../../src/extensions/order-export/delivery/auth/credential-validation.js';

const problemsOf = (input: unknown, options = {}) => validateCredentialInput(input, options).problems;

describe('credential save input validation', () => {
  it('accepts each auth type with what it needs', () => {
    const valid = [
      { name: 'Open', authType: 'none' },
      { name: 'Key', authType: 'api_key', secret: 'k-123' },
      { name: 'Key', authType: 'api_key', publicMeta: { headerName: 'X-Erp-Token' }, secret: 'k-123' },
      { name: 'Basic', authType: 'basic', publicMeta: { username: 'shop' }, secret: 'pw' },
      { name: 'Bearer', authType: 'bearer', publicMeta: {}, secret: 't' },
      { id: '0190a7b1c2d34e5f8a9b0c1d2e3f4a5b', name: 'OAuth', authType: 'oauth2', publicMeta: { tokenUrl: 'https://auth.example.com/token', clientId: 'shop', scope: 'orders:write' }, secret: 's' },
    ];
    for (const input of valid) expect(validateCredentialInput(input)).toEqual({ valid: true, problems: [] });
  });

  it('needs an object, a name and a known auth type', () => {
    expect(problemsOf(null)).toEqual(['credential must be an object']);
    expect(problemsOf({ authType: 'none' })).toEqual(['name must be a non-empty string']);
    expect(problemsOf({ name: 'x', authType: 'digest' })).toEqual(['authType must be one of none, api_key, basic, bearer, oauth2']);
    expect(problemsOf({ name: 'x', authType: 'none', id: 'ABC', color: 'red' })).toEqual(['color: unknown key', 'id must be 32 lowercase hexadecimal characters']);
  });

  it('needs the publicMeta keys of the type and refuses others', () => {
    expect(problemsOf({ name: 'x', authType: 'basic', secret: 'pw' })).toEqual(['publicMeta.username is required for authType basic']);
    expect(problemsOf({ name: 'x', authType: 'basic', publicMeta: { username: 'a:b' }, secret: 'pw' })).toEqual([
      'publicMeta.username must not contain ":" or control characters',
    ]);
    expect(problemsOf({ name: 'x', authType: 'oauth2', publicMeta: {}, secret: 's' })).toEqual([
      'publicMeta.tokenUrl is required for authType oauth2',
      'publicMeta.clientId is required for authType oauth2',
    ]);
    expect(problemsOf({ name: 'x', authType: 'oauth2', publicMeta: { tokenUrl: 'ftp://x', clientId: 7, scope: '' }, secret: 's' })).toEqual([
      'publicMeta.tokenUrl must use http or https',
      'publicMeta.clientId must be a non-empty string',
      'publicMeta.scope must be a non-empty string',
    ]);
    expect(problemsOf({ name: 'x', authType: 'bearer', publicMeta: { username: 'a' }, secret: 't' })).toEqual(['publicMeta.username: not used with authType bearer']);
    expect(problemsOf({ name: 'x', authType: 'api_key', publicMeta: { headerName: 'X Key' }, secret: 'k' })).toEqual([
      'publicMeta.headerName must be a valid HTTP header name',
    ]);
    expect(problemsOf({ name: 'x', authType: 'api_key', publicMeta: { headerName: 'Webhook-Signature' }, secret: 'k' })).toEqual([
      'publicMeta.headerName: Webhook-Signature is set by the export itself',
    ]);
    expect(problemsOf({ name: 'x', authType: 'none', publicMeta: [] })).toEqual(['publicMeta must be an object']);
  });

  it('refuses private token URLs unless private targets are allowed', () => {
    const input = { name: 'x', authType: 'oauth2', publicMeta: { tokenUrl: 'http://127.0.0.1:9000/token', clientId: 'c' }, secret: 's' };
    expect(problemsOf(input)[0]).toMatch(/^publicMeta\.tokenUrl 127\.0\.0\.1 is a private, loopback or link-local address/);
    expect(problemsOf(input, { allowPrivateTargets: true })).toEqual([]);
  });

  it('needs a secret on create, keeps the stored one on update, and never repeats it', () => {
    expect(problemsOf({ name: 'x', authType: 'bearer' })).toEqual(['secret is required for authType bearer']);
    expect(problemsOf({ name: 'x', authType: 'bearer' }, { secretSet: true })).toEqual([]);
    expect(problemsOf({ name: 'x', authType: 'bearer', secret: null }, { secretSet: true })).toEqual([]);
    expect(problemsOf({ name: 'x', authType: 'none', secret: 'unused' })).toEqual(['secret: not used with authType none']);
    expect(problemsOf({ name: 'x', authType: 'bearer', secret: 42 })).toEqual(['secret must be a non-empty string']);
    const injected = 'tok\r\nX-Evil: 1';
    const problems = problemsOf({ name: 'x', authType: 'bearer', secret: injected });
    expect(problems).toEqual(['secret must not contain line breaks or control characters']);
    expect(problems.join()).not.toContain('tok');
  });
});
