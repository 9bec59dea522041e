import { describe, expect, it } from 'vitest';
import { channelDomainUrl } from '../../../src/extensions/demo-data/seed/families/sales-channels.js';

describe("a demo channel's domain", () => {
  it('is a subdomain of the host APP_URL names, with its scheme and port', () => {
    expect(channelDomainUrl('http://localhost:8000', '/fresh')).toBe('http://fresh.localhost:8000');
    expect(channelDomainUrl('https://shop.example.com/', '/trade')).toBe('https://trade.shop.example.com');
  });

  it('is <name>.localhost on the same port when APP_URL names an IP address, never the bare address the default channel has', () => {
    expect(channelDomainUrl('http://127.0.0.1:36515', '/fresh')).toBe('http://fresh.localhost:36515');
    expect(channelDomainUrl('http://[::1]:8000', '/outlet')).toBe('http://outlet.localhost:8000');
    expect(channelDomainUrl('http://192.168.1.20', '/fresh')).toBe('http://fresh.localhost');
  });
});
