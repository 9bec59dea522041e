/** One column of a profile: `key` is the entity's field path, `mappedKey` the CSV header. */
export interface ProfileMapping {
  key: string;
  mappedKey: string;
}

export type ProfileType = 'import-export' | 'export';

export interface ProfileRecord {
  id: string;
  label: string;
  technicalName: string | null;
  sourceEntity: string;
  type: ProfileType;
  delimiter: string;
  enclosure: string;
  mapping: ProfileMapping[];
}

/** The entities a profile may name; orders are exported only (see docs/import-export.md). */
export const IMPORTABLE_ENTITIES = ['product', 'customer'] as const;
export const EXPORTABLE_ENTITIES = ['product', 'customer', 'order'] as const;

const columns = (pairs: Array<[key: string, mappedKey: string]>): ProfileMapping[] => pairs.map(([key, mappedKey]) => ({ key, mappedKey }));

/** Shopware's default profiles' shape (their labels and column names), with fixed ids so every shop has the same. */
export const DEFAULT_PROFILES: ProfileRecord[] = [
  {
    id: '0b7c1f3e6a0d4d2e9b8f1a2c3d4e5f01',
    label: 'Default product',
    technicalName: 'default_product',
    sourceEntity: 'product',
    type: 'import-export',
    delimiter: ';',
    enclosure: '"',
    mapping: columns([
      ['productNumber', 'product_number'],
      ['active', 'active'],
      ['stock', 'stock'],
      ['name', 'name'],
      ['description', 'description'],
      ['ean', 'ean'],
      ['price.DEFAULT.net', 'price_net'],
      ['price.DEFAULT.gross', 'price_gross'],
      ['tax.taxRate', 'tax_rate'],
      ['manufacturer.name', 'manufacturer_name'],
      ['categories', 'categories'],
      ['visibilities.all', 'sales_channel'],
    ]),
  },
  {
    id: '0b7c1f3e6a0d4d2e9b8f1a2c3d4e5f02',
    label: 'Default customer',
    technicalName: 'default_customer',
    sourceEntity: 'customer',
    type: 'import-export',
    delimiter: ';',
    enclosure: '"',
    mapping: columns([
      ['customerNumber', 'customer_number'],
      ['email', 'email'],
      ['firstName', 'first_name'],
      ['lastName', 'last_name'],
      ['title', 'title'],
      ['company', 'company'],
      ['birthday', 'birthday'],
      ['active', 'active'],
      ['group.name', 'customer_group'],
      ['salesChannel.name', 'sales_channel'],
      ['defaultBillingAddress.street', 'billing_street'],
      ['defaultBillingAddress.zipcode', 'billing_zipcode'],
      ['defaultBillingAddress.city', 'billing_city'],
      ['defaultBillingAddress.country.iso', 'billing_country'],
      ['defaultBillingAddress.phoneNumber', 'billing_phone_number'],
    ]),
  },
  {
    id: '0b7c1f3e6a0d4d2e9b8f1a2c3d4e5f03',
    label: 'Default orders',
    technicalName: 'default_orders',
    sourceEntity: 'order',
    type: 'export',
    delimiter: ';',
    enclosure: '"',
    mapping: columns([
      ['orderNumber', 'order_number'],
      ['orderDateTime', 'order_date'],
      ['stateMachineState.technicalName', 'order_state'],
      ['transactions.stateMachineState.technicalName', 'payment_state'],
      ['orderCustomer.customerNumber', 'customer_number'],
      ['orderCustomer.email', 'customer_email'],
      ['orderCustomer.firstName', 'customer_first_name'],
      ['orderCustomer.lastName', 'customer_last_name'],
      ['currency.isoCode', 'currency'],
      ['amountNet', 'amount_net'],
      ['amountTotal', 'amount_total'],
      ['shippingTotal', 'shipping_total'],
      ['lineItems', 'line_items'],
      ['salesChannel.name', 'sales_channel'],
    ]),
  },
];

export const DEFAULT_PRODUCT_PROFILE_ID = DEFAULT_PROFILES[0]!.id;
export const DEFAULT_CUSTOMER_PROFILE_ID = DEFAULT_PROFILES[1]!.id;
export const DEFAULT_ORDER_PROFILE_ID = DEFAULT_PROFILES[2]!.id;
