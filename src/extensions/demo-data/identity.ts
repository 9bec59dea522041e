import { deterministicId } from '../../platform/sdk/index.js';

/**
 * The namespace of every demo-data id. Fixed forever: changing it would mint new ids for every node
 * and make the next run create a second catalogue beside the first.
 */
export const DEMO_DATA_NAMESPACE = '5781f87893e9480c81e1f81064258f5d';

/** The entity types the seeder writes, named as the platform's entities are. */
export type DemoEntityType =
  | 'tax'
  | 'rule'
  | 'product_manufacturer'
  | 'property_group'
  | 'property_group_option'
  | 'tag'
  | 'customer_group'
  | 'sales_channel'
  | 'sales_channel_domain'
  | 'category'
  | 'product'
  | 'product_visibility'
  | 'product_price'
  | 'media'
  | 'product_media'
  | 'landing_page'
  | 'cms_page'
  | 'cms_section'
  | 'cms_block'
  | 'cms_slot'
  | 'customer'
  | 'customer_address'
  | 'order'
  | 'order_customer'
  | 'order_address'
  | 'order_line_item'
  | 'order_delivery'
  | 'order_transaction'
  | 'product_cross_selling'
  | 'product_cross_selling_assigned_products'
  | 'product_review';

/** A node's identity: the key stored with the row (custom field `ext_demo_data_source_key`) and its id. */
export interface NodeIdentity {
  key: string;
  id: string;
}

/**
 * `<entity type>:<blueprint path>`, e.g. `category:flagship/kitchen/knives`. Paths are NFC-normalised so
 * the same text typed on two systems (composed or decomposed umlauts) gives the same id.
 */
export function identityKey(entityType: DemoEntityType, path: string): string {
  const canonical = path.normalize('NFC');
  if (canonical === '' || canonical.startsWith('/') || canonical.endsWith('/') || canonical.includes('//')) {
    throw new Error(`identityKey: "${path}" is not a blueprint path (segments joined by single "/")`);
  }
  return `${entityType}:${canonical}`;
}

/** The blueprint path of an identity key (`category:flagship/kitchen` -> `flagship/kitchen`). */
export function pathOfKey(key: string): string {
  const colon = key.indexOf(':');
  if (colon < 1) throw new Error(`pathOfKey: "${key}" is not an identity key`);
  return key.slice(colon + 1);
}

/** The deterministic id (UUID v5 of the namespace and the identity key, 32 lowercase hex characters). */
export function idFor(entityType: DemoEntityType, path: string): string {
  return deterministicId(DEMO_DATA_NAMESPACE, identityKey(entityType, path));
}

export function identityOf(entityType: DemoEntityType, path: string): NodeIdentity {
  const key = identityKey(entityType, path);
  return { key, id: deterministicId(DEMO_DATA_NAMESPACE, key) };
}
