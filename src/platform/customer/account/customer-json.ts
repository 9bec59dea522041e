import { systemContext } from '../../acl/context.js';
import type { Db } from '../../database/connection.js';
import type { UnitOfWork } from '../../database/transaction.js';
import type { EntityRecord } from '../../entities/serializer.js';
import type { CoreServices } from '../../core-services.js';
import { storeCountryJson } from '../../store-api/context-data.js';

/** What a customer reads of their own account: the default addresses with their countries. */
const CUSTOMER_ASSOCIATIONS = {
  defaultBillingAddress: { associations: { country: {} } },
  defaultShippingAddress: { associations: { country: {} } },
};

/**
 * The customer as the Store API returns it (Shopware's customer entity: camelCase, `apiAlias`
 * `customer`). The password hash is never part of an entity read.
 */
export async function loadCustomerJson(platform: Pick<CoreServices, 'repositories'>, customerId: string, within?: Db | UnitOfWork): Promise<EntityRecord | undefined> {
  const customer = await platform.repositories.get('customer').get(customerId, systemContext, within, { associations: CUSTOMER_ASSOCIATIONS });
  return customer && withStoreApiFields(customer);
}

/**
 * Shopware's customer fields the platform does not store: every account is a private one (no VAT ids),
 * and the addresses in use are the default ones; addresses carry their country in the Store API's shape.
 */
function withStoreApiFields(customer: EntityRecord): EntityRecord {
  const address = (value: unknown) => {
    if (value === null || typeof value !== 'object') return value ?? null;
    const record = value as EntityRecord;
    return { ...record, country: record.country ? storeCountryJson(record.country as EntityRecord) : null };
  };
  const billing = address(customer.defaultBillingAddress);
  const shipping = address(customer.defaultShippingAddress);
  return { ...customer, accountType: 'private', vatIds: [], defaultBillingAddress: billing, defaultShippingAddress: shipping, activeBillingAddress: billing, activeShippingAddress: shipping };
}
