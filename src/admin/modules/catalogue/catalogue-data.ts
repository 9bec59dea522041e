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

export interface ProductRecord {
  id: string;
  parentId: string | null;
  productNumber: string;
  name: string | null;
  description: string | null;
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
}

const all = { limit: 500 };

export async function loadProductChoices(api: ApiClient): Promise<ProductChoices> {
  const [currencies, taxes, salesChannels, categories, manufacturers, groups] = await Promise.all([
    api.search<{ id: string; isoCode: string; decimals?: number; factor: number }>('currency', { ...all, sort: [{ field: 'isoCode', order: 'ASC' }] }),
    api.search<{ id: string; name: string; taxRate: number }>('tax', { ...all, sort: [{ field: 'name', order: 'ASC' }] }),
    api.search<{ id: string; name: string }>('sales-channel', { ...all, sort: [{ field: 'name', order: 'ASC' }] }),
    api.search<{ id: string; name: string; level: number }>('category', { ...all, sort: [{ field: 'level', order: 'ASC' }, { field: 'name', order: 'ASC' }] }),
    api.search<{ id: string; name: string }>('product-manufacturer', { ...all, sort: [{ field: 'name', order: 'ASC' }] }),
    api.search<PropertyGroup>('property-group', { ...all, associations: { options: { sort: [{ field: 'position', order: 'ASC' }, { field: 'name', order: 'ASC' }] } }, sort: [{ field: 'name', order: 'ASC' }] }),
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
  };
}

export const PRODUCT_ASSOCIATIONS = {
  categories: {},
  visibilities: {},
  properties: {},
  options: {},
  media: { associations: { media: {} }, sort: [{ field: 'position', order: 'ASC' }] },
  children: { associations: { options: {} }, sort: [{ field: 'productNumber', order: 'ASC' }] },
};

export async function loadProduct(api: ApiClient, id: string): Promise<ProductRecord> {
  const answer = await api.search<ProductRecord>('product', { ids: [id], associations: PRODUCT_ASSOCIATIONS });
  const product = answer.data[0];
  if (!product) throw new Error('This product does not exist (any more).');
  return product;
}
