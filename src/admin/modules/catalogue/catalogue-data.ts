import type { ApiClient } from '../../sdk';
import type { CurrencyChoice, CurrencyPrice } from '../../components/money-per-currency';

/** The lists a product form chooses from, read once per form. */
export interface ProductChoices {
  currencies: Array<CurrencyChoice & { isDefault: boolean }>;
  taxes: Array<{ id: string; name: string; taxRate: number }>;
  salesChannels: Array<{ id: string; name: string }>;
  categories: Array<{ id: string; name: string; level: number }>;
  manufacturers: Array<{ id: string; name: string }>;
  propertyGroups: PropertyGroup[];
  /** Rules an advanced price applies under (Shopware's availability rules). */
  rules: Array<{ id: string; name: string }>;
}

export interface PropertyGroup {
  id: string;
  name: string;
  options: Array<{ id: string; name: string; position?: number }>;
}

export interface ProductMediaRow {
  id: string;
  mediaId: string;
  position: number;
  media?: { url: string | null; fileName: string | null } | null;
}

/** A `product_price` row: the price per piece from `quantityStart` to `quantityEnd` (open-ended when null) while the rule matches. */
export interface AdvancedPriceRow {
  id: string;
  ruleId: string;
  quantityStart: number;
  quantityEnd: number | null;
  price: CurrencyPrice[];
}

export interface AssignedProductRow {
  id: string;
  productId: string;
  position: number;
}

/** A `product_cross_selling` group of type productList with its assigned products. */
export interface CrossSellingRow {
  id: string;
  name: string;
  position: number;
  active: boolean;
  type: 'productList';
  assignedProducts?: AssignedProductRow[];
}

/** A canonical `seo_url` of the product in one sales channel and language. */
export interface SeoUrlRow {
  id: string;
  salesChannelId: string;
  languageId: string;
  seoPathInfo: string;
  isModified: boolean;
  language?: { name: string } | null;
}

/** A storefront domain: where a SEO path is reached. */
export interface DomainRow {
  salesChannelId: string;
  languageId: string;
  url: string;
}

export interface ProductRecord {
  id: string;
  parentId: string | null;
  productNumber: string;
  name: string | null;
  description: string | null;
  metaTitle?: string | null;
  metaDescription?: string | null;
  keywords?: string | null;
  active: boolean | null;
  stock: number;
  taxId: string | null;
  manufacturerId: string | null;
  price: CurrencyPrice[] | null;
  coverId: string | null;
  updatedAt: string | null;
  categories?: Array<{ id: string; name: string }>;
  visibilities?: Array<{ id: string; salesChannelId: string; visibility: number }>;
  properties?: Array<{ id: string; name: string; groupId: string }>;
  options?: Array<{ id: string; name: string; groupId: string }>;
  media?: ProductMediaRow[];
  children?: ProductRecord[];
  prices?: AdvancedPriceRow[];
  crossSellings?: CrossSellingRow[];
}

const all = { limit: 500 };

export async function loadProductChoices(api: ApiClient): Promise<ProductChoices> {
  const [currencies, taxes, salesChannels, categories, manufacturers, groups, rules] = await Promise.all([
    api.search<{ id: string; isoCode: string; decimals?: number; factor: number }>('currency', { ...all, sort: [{ field: 'isoCode', order: 'ASC' }] }),
    api.search<{ id: string; name: string; taxRate: number }>('tax', { ...all, sort: [{ field: 'name', order: 'ASC' }] }),
    api.search<{ id: string; name: string }>('sales-channel', { ...all, sort: [{ field: 'name', order: 'ASC' }] }),
    api.search<{ id: string; name: string; level: number }>('category', { ...all, sort: [{ field: 'level', order: 'ASC' }, { field: 'name', order: 'ASC' }] }),
    api.search<{ id: string; name: string }>('product-manufacturer', { ...all, sort: [{ field: 'name', order: 'ASC' }] }),
    api.search<PropertyGroup>('property-group', { ...all, associations: { options: { sort: [{ field: 'position', order: 'ASC' }, { field: 'name', order: 'ASC' }] } }, sort: [{ field: 'name', order: 'ASC' }] }),
    // a role without rule:read still edits products: its advanced prices then name no rule to choose
    api.search<{ id: string; name: string }>('rule', { ...all, sort: [{ field: 'name', order: 'ASC' }] }, { quiet: [403] }).catch(() => ({ data: [] as Array<{ id: string; name: string }>, total: 0 })),
  ]);
  // the system currency (factor 1): the price every product must have, as in Shopware
  const defaultId = currencies.data.find((currency) => currency.factor === 1)?.id;
  return {
    currencies: currencies.data.map((currency) => ({ id: currency.id, isoCode: currency.isoCode, decimalPrecision: currency.decimals, isDefault: currency.id === defaultId })),
    taxes: taxes.data,
    salesChannels: salesChannels.data,
    categories: categories.data,
    manufacturers: manufacturers.data,
    propertyGroups: groups.data,
    rules: rules.data.map((rule) => ({ id: rule.id, name: rule.name })),
  };
}

export const PRODUCT_ASSOCIATIONS = {
  categories: {},
  visibilities: {},
  properties: {},
  options: {},
  media: { associations: { media: {} }, sort: [{ field: 'position', order: 'ASC' }] },
  children: { associations: { options: {} }, sort: [{ field: 'productNumber', order: 'ASC' }] },
  prices: { sort: [{ field: 'quantityStart', order: 'ASC' }] },
  crossSellings: { associations: { assignedProducts: { sort: [{ field: 'position', order: 'ASC' }] } }, sort: [{ field: 'position', order: 'ASC' }] },
};

/** The product's canonical SEO URLs (one per sales channel and language it is shown in) and the domains they are reached under. */
export async function loadProductSeoUrls(api: ApiClient, productId: string): Promise<{ urls: SeoUrlRow[]; domains: DomainRow[] }> {
  const none = { data: [], total: 0 };
  const urls = api.search<SeoUrlRow>(
    'seo-url',
    {
      limit: 100,
      associations: { language: {} },
      sort: [{ field: 'salesChannelId', order: 'ASC' }],
      filter: [
        { type: 'equals', field: 'foreignKey', value: productId },
        { type: 'equals', field: 'routeName', value: 'frontend.detail.page' },
        { type: 'equals', field: 'isCanonical', value: true },
        { type: 'equals', field: 'isDeleted', value: false },
      ],
    },
    { quiet: [403] },
  ).catch(() => none);
  const domains = api.search<DomainRow>('sales-channel-domain', { limit: 500 }, { quiet: [403] }).catch(() => none);
  const [found, reached] = await Promise.all([urls, domains]);
  return { urls: found.data, domains: reached.data };
}

export async function loadProduct(api: ApiClient, id: string): Promise<ProductRecord> {
  const answer = await api.search<ProductRecord>('product', { ids: [id], associations: PRODUCT_ASSOCIATIONS });
  const product = answer.data[0];
  if (!product) throw new Error('This product does not exist (any more).');
  return product;
}
