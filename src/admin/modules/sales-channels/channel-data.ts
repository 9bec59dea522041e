/**
 * What this module asks of the Admin API client (the SDK's ApiClient has it): named here so the save plan
 * can be tested without a browser.
 */
export interface ChannelApi {
  get<T = unknown>(url: string, options?: { quiet?: number[] }): Promise<T>;
  post<T = unknown>(url: string, body?: unknown, options?: { quiet?: number[] }): Promise<T>;
  patch<T = unknown>(url: string, body: unknown, options?: { quiet?: number[]; version?: string }): Promise<T>;
  delete<T = unknown>(url: string, options?: { quiet?: number[] }): Promise<T>;
  search<T = Record<string, any>>(entity: string, criteria: Record<string, unknown>, options?: { quiet?: number[] }): Promise<{ data: T[]; total: number }>;
}

/** The sales channel as this module reads it (`POST /api/search/sales-channel` with its associations). */
export interface ChannelRecord {
  id: string;
  name: string;
  typeId: string;
  active: boolean;
  accessKey: string;
  languageId: string;
  currencyId: string;
  countryId: string;
  paymentMethodId: string;
  shippingMethodId: string;
  navigationCategoryId: string;
  createdAt: string;
  updatedAt: string | null;
  domains: DomainRow[];
  languages: Array<{ id: string }>;
  currencies: Array<{ id: string }>;
  countries: Array<{ id: string }>;
  paymentMethods: Array<{ id: string }>;
  shippingMethods: Array<{ id: string }>;
}

export interface DomainRow {
  /** Absent for a domain added in the form and not saved yet. */
  id?: string;
  url: string;
  languageId: string;
  currencyId: string;
}

/** The many-to-many lists of a channel, by association name (also the unlink route's path segment in kebab case). */
export const LINKS = ['languages', 'currencies', 'countries', 'paymentMethods', 'shippingMethods'] as const;
export type LinkName = (typeof LINKS)[number];

/** The default each list must contain (Shopware refuses a default that is not among the channel's own). */
export const DEFAULT_OF: Record<LinkName, 'languageId' | 'currencyId' | 'countryId' | 'paymentMethodId' | 'shippingMethodId'> = {
  languages: 'languageId',
  currencies: 'currencyId',
  countries: 'countryId',
  paymentMethods: 'paymentMethodId',
  shippingMethods: 'shippingMethodId',
};

/**
 * The storefront's per-channel look (system config of the channel's scope, read by the storefront's
 * shop layout): name, logo media id, colour and the service pages' landing page ids.
 */
export const BRAND_CONFIG = {
  shopName: 'core.basicInformation.shopName',
  logo: 'core.basicInformation.logo',
  primaryColor: 'core.basicInformation.primaryColor',
  imprintPage: 'core.basicInformation.imprintPage',
  privacyPage: 'core.basicInformation.privacyPage',
  tosPage: 'core.basicInformation.tosPage',
  shippingPaymentInfoPage: 'core.basicInformation.shippingPaymentInfoPage',
} as const;
export type BrandField = keyof typeof BRAND_CONFIG;

/** What the form edits: the record's fields, its lists as id arrays and the brand settings. */
export interface ChannelForm {
  name: string;
  active: boolean;
  navigationCategoryId: string;
  languageId: string;
  currencyId: string;
  countryId: string;
  paymentMethodId: string;
  shippingMethodId: string;
  links: Record<LinkName, string[]>;
  domains: DomainRow[];
  brand: Record<BrandField, string>;
}

export interface Choice {
  value: string;
  label: string;
}

/** The records a channel can be linked to, as select choices. */
export type Choices = Record<LinkName | 'categories' | 'landingPages', Choice[]>;

const CHANNEL_ASSOCIATIONS = { domains: {}, languages: {}, currencies: {}, countries: {}, paymentMethods: {}, shippingMethods: {} };

export async function loadChannel(api: ChannelApi, id: string): Promise<ChannelRecord> {
  const found = await api.search<ChannelRecord>('sales-channel', { ids: [id], associations: CHANNEL_ASSOCIATIONS });
  const channel = found.data[0];
  if (!channel) throw new Error('This sales channel does not exist (any more).');
  return channel;
}

/** The channel's own brand settings (not the global values it inherits). */
export async function loadBrand(api: ChannelApi, id: string): Promise<Record<BrandField, string>> {
  const values = await api.get<Record<string, unknown>>(`/api/_action/system-config?domain=core.basicInformation&salesChannelId=${id}`, { quiet: [403] }).catch(() => ({}));
  const brand = {} as Record<BrandField, string>;
  for (const [field, key] of Object.entries(BRAND_CONFIG) as Array<[BrandField, string]>) {
    const value = (values as Record<string, unknown>)[key];
    brand[field] = typeof value === 'string' ? value : '';
  }
  return brand;
}

/**
 * Every record the channel could use. quiet 403: a user without one of these read privileges still
 * edits what they may, seeing only the channel's current choice of that kind.
 */
export async function loadChoices(api: ChannelApi): Promise<Choices> {
  const names = (entity: string, label: (record: Record<string, any>) => string, criteria: Record<string, unknown> = {}) =>
    api
      .search(entity, { limit: 500, ...criteria }, { quiet: [403] })
      .then((answer: { data: Array<Record<string, any>> }) => answer.data.map((record): Choice => ({ value: record.id as string, label: label(record) })))
      .catch((): Choice[] => []);
  const byName = (record: Record<string, any>) => String(record.name ?? record.id);
  const [languages, currencies, countries, paymentMethods, shippingMethods, categories, landingPages] = await Promise.all([
    names('language', byName),
    names('currency', (c) => `${c.isoCode} – ${c.name ?? c.isoCode}`, { sort: [{ field: 'isoCode', order: 'ASC' }] }),
    names('country', byName, { sort: [{ field: 'name', order: 'ASC' }] }),
    names('payment-method', byName, { sort: [{ field: 'position', order: 'ASC' }] }),
    names('shipping-method', byName),
    names('category', (c) => String(c.name ?? c.id), { filter: [{ type: 'range', field: 'level', parameters: { lte: 2 } }], sort: [{ field: 'level', order: 'ASC' }] }),
    names('landing-page', byName, { sort: [{ field: 'name', order: 'ASC' }] }),
  ]);
  return { languages, currencies, countries, paymentMethods, shippingMethods, categories, landingPages };
}

export function formOf(channel: ChannelRecord, brand: Record<BrandField, string>): ChannelForm {
  return {
    name: channel.name,
    active: channel.active,
    navigationCategoryId: channel.navigationCategoryId,
    languageId: channel.languageId,
    currencyId: channel.currencyId,
    countryId: channel.countryId,
    paymentMethodId: channel.paymentMethodId,
    shippingMethodId: channel.shippingMethodId,
    // a default missing from its list (a channel written without the link) is added to it: saving repairs the channel
    links: Object.fromEntries(LINKS.map((name) => [name, [...new Set([channel[DEFAULT_OF[name]], ...channel[name].map((record) => record.id)])]])) as Record<LinkName, string[]>,
    domains: channel.domains.map(({ id, url, languageId, currencyId }) => ({ id, url, languageId, currencyId })),
    brand,
  };
}

const HEX_COLOUR = /^#[0-9a-f]{6}$/i;

/** Problems the form can tell before asking the API (which checks everything again). */
export function checkForm(form: ChannelForm): Record<string, string> {
  const problems: Record<string, string> = {};
  if (form.name.trim() === '') problems.name = 'A sales channel needs a name.';
  if (form.brand.primaryColor !== '' && !HEX_COLOUR.test(form.brand.primaryColor)) problems['brand.primaryColor'] = 'Use a colour like #1a73e8 (# and six hex digits).';
  for (const name of LINKS) {
    const chosen = form[DEFAULT_OF[name]];
    if (!form.links[name].includes(chosen)) problems[DEFAULT_OF[name]] = 'The default must be one of the channel\'s own.';
  }
  return problems;
}

function kebab(name: string): string {
  return name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
}

/**
 * Saves the form: one PATCH of the record with the links to add and the domains (new and changed),
 * then the links and domains that went away, then the brand settings. The PATCH goes first: its
 * violations (with pointers), or its 412 when someone else saved the channel since it was read (it
 * carries the version read), stop the save before anything else is written.
 */
export async function saveChannel(api: ChannelApi, channel: ChannelRecord, form: ChannelForm, options: { brand: boolean }): Promise<void> {
  const patch: Record<string, unknown> = {
    name: form.name.trim(),
    active: form.active,
    navigationCategoryId: form.navigationCategoryId,
    languageId: form.languageId,
    currencyId: form.currencyId,
    countryId: form.countryId,
    paymentMethodId: form.paymentMethodId,
    shippingMethodId: form.shippingMethodId,
  };
  for (const name of LINKS) {
    const before = new Set(channel[name].map((record) => record.id));
    const added = form.links[name].filter((id) => !before.has(id));
    if (added.length > 0) patch[name] = added.map((id) => ({ id }));
  }
  // every domain is sent, so a violation's pointer (/domains/2/url) is the row's index in the form
  patch.domains = form.domains;
  await api.patch(`/api/sales-channel/${channel.id}`, patch, { quiet: [400], version: channel.updatedAt ?? channel.createdAt });

  const kept = new Set(form.domains.map((domain) => domain.id).filter(Boolean));
  for (const domain of channel.domains) if (!kept.has(domain.id)) await api.delete(`/api/sales-channel-domain/${domain.id}`);
  for (const name of LINKS) {
    const now = new Set(form.links[name]);
    for (const record of channel[name]) if (!now.has(record.id)) await api.delete(`/api/sales-channel/${channel.id}/${kebab(name)}/${record.id}`);
  }

  if (options.brand) {
    const values = Object.fromEntries((Object.entries(BRAND_CONFIG) as Array<[BrandField, string]>).map(([field, key]) => [key, form.brand[field].trim() === '' ? null : form.brand[field].trim()]));
    await api.post(`/api/_action/system-config?salesChannelId=${channel.id}`, values, { quiet: [400] });
  }
}

/**
 * Field errors of a refused write, by form path: `/name` → `name`, `/domains/1/url` → `domains.1.url`,
 * a system config key → `brand.<field>`. What has no field lands under `''`.
 */
export function fieldErrors(body: unknown): Record<string, string> {
  const list = (body as { errors?: Array<{ detail?: string; title?: string; source?: { pointer?: string } }> } | null)?.errors ?? [];
  const keys = new Map<string, string>(Object.entries(BRAND_CONFIG).map(([field, key]) => [key, `brand.${field}`]));
  const result: Record<string, string> = {};
  for (const error of list) {
    const pointer = (error.source?.pointer ?? '').replace(/^\//, '');
    const path = keys.get(pointer) ?? pointer.split('/').join('.');
    const message = error.detail ?? error.title ?? 'Invalid value.';
    result[path] = result[path] ? `${result[path]} ${message}` : message;
  }
  return result;
}

const KEY_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** A new Store API access key as the platform makes them: `SWSC` and 22 upper-case letters or digits. */
export function newAccessKey(): string {
  const out: string[] = [];
  // rejection sampling keeps every character equally likely
  const limit = 256 - (256 % KEY_ALPHABET.length);
  while (out.length < 22) {
    for (const byte of crypto.getRandomValues(new Uint8Array(44))) if (byte < limit && out.length < 22) out.push(KEY_ALPHABET[byte % KEY_ALPHABET.length]!);
  }
  return `SWSC${out.join('')}`;
}
