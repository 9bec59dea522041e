import { describe, expect, it } from 'vitest';
import type { ChannelApi } from '../../src/admin/modules/sales-channels/channel-data.js';
import { checkForm, fieldErrors, formOf, newAccessKey, saveChannel, type ChannelRecord } from '../../src/admin/modules/sales-channels/channel-data.js';

const id = (n: number) => n.toString(16).padStart(32, '0');
const channel: ChannelRecord = {
  id: id(1),
  name: 'Harbour Goods',
  typeId: id(2),
  active: true,
  accessKey: 'SWSCAAAAAAAAAAAAAAAAAAAAAA',
  languageId: id(10),
  currencyId: id(20),
  countryId: id(30),
  paymentMethodId: id(40),
  shippingMethodId: id(50),
  navigationCategoryId: id(60),
  createdAt: '2026-11-28T00:00:00.000Z',
  updatedAt: '2026-11-29T00:00:00.000Z',
  domains: [
    { id: id(70), url: 'https://harbour.example', languageId: id(10), currencyId: id(20) },
    { id: id(71), url: 'https://old.example', languageId: id(10), currencyId: id(20) },
  ],
  languages: [{ id: id(10) }],
  currencies: [{ id: id(20) }, { id: id(21) }],
  countries: [{ id: id(30) }],
  paymentMethods: [{ id: id(40) }],
  shippingMethods: [{ id: id(50) }],
};
const brand = { shopName: '', logo: '', primaryColor: '', imprintPage: '', privacyPage: '', tosPage: '', shippingPaymentInfoPage: '' };

/** Records the calls a save makes. */
function recordingApi() {
  const calls: Array<[string, string, unknown]> = [];
  const api = {
    patch: async (url: string, body: unknown) => void calls.push(['PATCH', url, body]),
    delete: async (url: string) => void calls.push(['DELETE', url, undefined]),
    post: async (url: string, body: unknown) => void calls.push(['POST', url, body]),
  } as unknown as ChannelApi;
  return { api, calls };
}

describe('the sales channel form', () => {
  it('saves one PATCH with the added links and every domain, then removes what went away, then the look', async () => {
    const form = formOf(channel, brand);
    form.name = '  Harbour Goods & Co ';
    form.links.currencies = [id(20), id(22)]; // USD (21) out, 22 in
    form.domains = [form.domains[0]!, { url: 'https://new.example', languageId: id(10), currencyId: id(22) }]; // old.example out
    form.brand.primaryColor = '#7a1f5c';
    const { api, calls } = recordingApi();
    await saveChannel(api, channel, form, { brand: true });
    expect(calls[0]![0]).toBe('PATCH');
    expect(calls[0]![2]).toMatchObject({ name: 'Harbour Goods & Co', currencies: [{ id: id(22) }], domains: [{ id: id(70) }, { url: 'https://new.example' }] });
    expect(calls[0]![2]).not.toHaveProperty('languages');
    expect(calls.slice(1, 3).map(([method, url]) => `${method} ${url}`)).toEqual([
      `DELETE /api/sales-channel-domain/${id(71)}`,
      `DELETE /api/sales-channel/${id(1)}/currencies/${id(21)}`,
    ]);
    expect(calls[3]).toEqual(['POST', `/api/_action/system-config?salesChannelId=${id(1)}`, expect.objectContaining({ 'core.basicInformation.primaryColor': '#7a1f5c', 'core.basicInformation.logo': null })]);
  });

  it('without the configuration privileges the look is not written', async () => {
    const { api, calls } = recordingApi();
    await saveChannel(api, channel, formOf(channel, brand), { brand: false });
    expect(calls.map(([method]) => method)).toEqual(['PATCH']);
  });

  it('a default missing from its list is added to it; a default outside the list and a bad colour are refused before the API is asked', () => {
    const form = formOf({ ...channel, countries: [] }, brand);
    expect(form.links.countries).toEqual([id(30)]);
    form.links.currencies = [id(21)];
    form.brand.primaryColor = 'purple';
    form.name = ' ';
    expect(checkForm(form)).toEqual({
      name: 'A sales channel needs a name.',
      currencyId: "The default must be one of the channel's own.",
      'brand.primaryColor': 'Use a colour like #1a73e8 (# and six hex digits).',
    });
  });

  it('maps the API\'s pointers to the form\'s fields', () => {
    const body = {
      errors: [
        { status: '400', code: 'VIOLATION', detail: 'must be an http(s) URL', source: { pointer: '/domains/1/url' } },
        { status: '400', code: 'VIOLATION', detail: 'is too long', source: { pointer: '/name' } },
        { status: '400', code: 'VIOLATION', detail: 'not a media id', source: { pointer: '/core.basicInformation.logo' } },
        { status: '400', code: 'VIOLATION', detail: 'Something else.' },
      ],
    };
    expect(fieldErrors(body)).toEqual({ 'domains.1.url': 'must be an http(s) URL', name: 'is too long', 'brand.logo': 'not a media id', '': 'Something else.' });
  });

  it('makes access keys as the platform does', () => {
    const keys = new Set(Array.from({ length: 50 }, newAccessKey));
    expect(keys.size).toBe(50);
    for (const key of keys) expect(key).toMatch(/^SWSC[A-Z0-9]{22}$/);
  });
});
