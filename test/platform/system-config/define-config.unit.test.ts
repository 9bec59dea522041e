import { describe, expect, it } from 'vitest';
import { defineConfig, setting } from '../../../src/platform/system-config/define-config.js';

const config = defineConfig('ExtDemo', {
  cards: { main: 'Main', more: 'More' },
  fields: {
    apiKey: setting.secret({ card: 'main', label: 'API key' }),
    enabled: setting.boolean({ card: 'main', label: 'Enabled', default: true }),
    baseUrl: setting.url({ card: 'main', label: 'Base URL', default: 'https://example.test' }),
    retries: setting.integer({ card: 'more', label: 'Retries', default: 3, min: 0, max: 10 }),
    mode: setting.select({ card: 'more', label: 'Mode', options: [{ value: 'fast', label: 'Fast' }, { value: 'safe', label: 'Safe' }], default: 'safe' }),
    title: setting.text({ card: 'more', label: 'Title', helpText: 'Shown to customers' }),
    hook: setting.secret({ card: 'more', label: 'Webhook secret', scope: 'global' }),
    minimum: setting.amountPerCurrency({ card: 'more', label: 'Minimum', default: { default: '1', NGN: '100' } }),
  },
});

const read = (effective: Record<string, unknown>, global: Record<string, unknown> = effective) => config.read({ effective, global });

describe('typed settings (defineConfig)', () => {
  it('yields the stored defaults and the secret keys', () => {
    expect(config.domain).toBe('ExtDemo.config');
    expect(config.defaults).toEqual({ enabled: true, baseUrl: 'https://example.test', retries: 3, mode: 'safe', minimum: { default: '1', NGN: '100' } });
    expect(config.secrets).toEqual(['apiKey', 'hook']);
    expect(config.key('apiKey')).toBe('ExtDemo.config.apiKey');
  });

  it('reads unset values as their defaults and odd values safely', () => {
    expect(read({})).toEqual({ apiKey: null, enabled: true, baseUrl: 'https://example.test', retries: 3, mode: 'safe', title: null, hook: null, minimum: { default: '1', NGN: '100' } });
    const odd = read({
      'ExtDemo.config.apiKey': '  sk_1  ',
      'ExtDemo.config.enabled': '0',
      'ExtDemo.config.baseUrl': 'ftp://nope',
      'ExtDemo.config.retries': 'many',
      'ExtDemo.config.mode': 'FAST',
      'ExtDemo.config.title': '   ',
      'ExtDemo.config.minimum': { ngn: '250', KES: 'ten', USD: 2 },
    });
    expect(odd).toMatchObject({ apiKey: 'sk_1', enabled: false, baseUrl: 'https://example.test', retries: null, mode: 'fast', title: null });
    expect(odd.minimum).toEqual({ default: '1', NGN: '250', USD: '2' });
    expect(read({ 'ExtDemo.config.baseUrl': 'http://127.0.0.1:9/api///', 'ExtDemo.config.retries': '7' })).toMatchObject({ baseUrl: 'http://127.0.0.1:9/api', retries: 7 });
    expect(read({ 'ExtDemo.config.retries': 11 }).retries).toBeNull();
  });

  it('global-scope settings ignore a sales channel value', () => {
    const values = read({ 'ExtDemo.config.hook': 'channel', 'ExtDemo.config.title': 'Channel shop' }, { 'ExtDemo.config.hook': 'global' });
    expect(values.hook).toBe('global');
    expect(values.title).toBe('Channel shop');
  });

  it('describes the form in cards of elements, as Shopware\'s system-config schema', () => {
    const [main, more] = config.schema();
    expect(main).toMatchObject({ name: 'main', title: { 'en-GB': 'Main' } });
    expect(main!.elements.map((e) => [e.name, e.type, e.secret])).toEqual([
      ['ExtDemo.config.apiKey', 'password', true],
      ['ExtDemo.config.enabled', 'bool', false],
      ['ExtDemo.config.baseUrl', 'url', false],
    ]);
    expect(more!.elements.find((e) => e.name === 'ExtDemo.config.mode')).toMatchObject({
      type: 'single-select',
      scope: 'channel',
      config: { label: { 'en-GB': 'Mode' }, defaultValue: 'safe', options: [{ id: 'fast', name: { 'en-GB': 'Fast' } }, { id: 'safe', name: { 'en-GB': 'Safe' } }] },
    });
    expect(more!.elements.find((e) => e.name === 'ExtDemo.config.hook')).toMatchObject({ type: 'password', secret: true, scope: 'global' });
    expect(more!.elements.find((e) => e.name === 'ExtDemo.config.title')!.config.helpText).toEqual({ 'en-GB': 'Shown to customers' });
  });

  it('refuses a field in an undeclared card', () => {
    expect(() => defineConfig('ExtBad', { cards: { a: 'A' }, fields: { x: setting.boolean({ card: 'b', label: 'X', default: false }) } })).toThrow('card "b" is not declared');
  });
});
