import { systemContext } from '../../acl/context.js';
import type { Db } from '../../database/connection.js';
import type { UnitOfWork } from '../../database/transaction.js';
import type { EntityRecord } from '../../entities/serializer.js';
import type { Platform } from '../../kernel.js';

/** What a customer reads of their own account: the default addresses with their countries. */
const CUSTOMER_ASSOCIATIONS = {
  defaultBillingAddress: { associations: { country: {} } },
  defaultShippingAddress: { associations: { country: {} } },
};

/**
 * The customer as the Store API returns it (Shopware's customer entity: camelCase, `apiAlias`
 * `customer`). The password hash is never part of an entity read.
 */
export async function loadCustomerJson(platform: Platform, customerId: string, within?: Db | UnitOfWork): Promise<EntityRecord | undefined> {
  return platform.repositories.get('customer').get(customerId, systemContext, within, { associations: CUSTOMER_ASSOCIATIONS });
}
