import type { LookupAddress } from 'node:dns';
import { describe, expect, it } from 'vitest';
import { checkOutboundUrl, guardedLookup, isRefusedAddress } from '../../../../src/extensions/order-export/delivery/outbound-guard.js';

describe('outbound guard', () => {
  it.each([
    '127.0.0.1',
    '127.8.9.10',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '192.0.2.1',
    '::1',
    '::',
    'fe80::1',
    'fc00::1',
    'fd12:3456::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    '::ffff:169.254.169.254',
    'not-an-address',
  ])('refuses %s', (address) => {
    expect(isRefusedAddress(address)).toBe(true);
  });

  it.each(['8.8.8.8', '1.1.1.1', '172.32.0.1', '2606:4700:4700::1111', '2a00:1450:4001:80b::200e', '::ffff:8.8.8.8'])('allows %s', (address) => {
    expect(isRefusedAddress(address)).toBe(false);
  });

  it('accepts only absolute http(s) URLs without user info', () => {
    expect(checkOutboundUrl('https://erp.example.com/orders')).toMatchObject({ ok: true });
    expect(checkOutboundUrl('ftp://erp.example.com/')).toEqual({ ok: false, problem: 'must use http or https' });
    expect(checkOutboundUrl('file:///etc/passwd')).toEqual({ ok: false, problem: 'must use http or https' });
    expect(checkOutboundUrl('/relative')).toEqual({ ok: false, problem: 'must be an absolute http or https URL' });
    expect(checkOutboundUrl(42)).toEqual({ ok: false, problem: 'must be an absolute http or https URL' });
    expect(checkOutboundUrl('https://user:pw@erp.example.com/')).toEqual({ ok: false, problem: 'must not contain a user name or password (use a credential)' });
  });

  it('refuses literal private addresses in any spelling unless private targets are allowed', () => {
    for (const url of ['http://127.0.0.1:8000/', 'http://[::1]/', 'http://[::ffff:127.0.0.1]/', 'http://2130706433/', 'http://0x7f.1/', 'http://169.254.169.254/latest']) {
      expect(checkOutboundUrl(url)).toMatchObject({ ok: false, problem: expect.stringContaining('private, loopback or link-local') });
      expect(checkOutboundUrl(url, { allowPrivateTargets: true })).toMatchObject({ ok: true });
    }
  });

  describe('lookup at connect time', () => {
    const resolver = (table: Record<string, LookupAddress[]>) => (hostname: string, _options: unknown, callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void) =>
      callback(null, table[hostname] ?? []);
    const lookup = (hostname: string, all: boolean, table: Record<string, LookupAddress[]>) =>
      new Promise<{ error: Error | null; address: unknown; family?: number }>((resolve) =>
        guardedLookup(resolver(table))(hostname, { all }, (error, address, family) => resolve({ error, address, family })),
      );

    it('passes public addresses on, in both lookup forms', async () => {
      const table = { 'erp.example.com': [{ address: '93.184.216.34', family: 4 }, { address: '2606:2800:220:1::1', family: 6 }] };
      expect(await lookup('erp.example.com', false, table)).toEqual({ error: null, address: '93.184.216.34', family: 4 });
      expect(await lookup('erp.example.com', true, table)).toMatchObject({ error: null, address: table['erp.example.com'] });
    });

    it('refuses a name that resolves to a private address, even among public ones', async () => {
      const table = { 'rebind.example.com': [{ address: '93.184.216.34', family: 4 }, { address: '10.0.0.5', family: 4 }] };
      const { error } = await lookup('rebind.example.com', true, table);
      expect(error?.message).toBe('rebind.example.com resolves to 10.0.0.5, a private, loopback or link-local address; such targets are refused');
    });

    it('reports a name without addresses as not found', async () => {
      const { error } = await lookup('nothing.example.com', false, {});
      expect((error as NodeJS.ErrnoException).code).toBe('ENOTFOUND');
    });
  });
});
