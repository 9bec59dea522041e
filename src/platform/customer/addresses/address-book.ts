import { systemContext } from '../../acl/context.js';
import type { Db } from '../../database/connection.js';
import { transaction, type UnitOfWork } from '../../database/transaction.js';
import type { Criteria } from '../../entities/criteria/types.js';
import type { EntityRecord } from '../../entities/serializer.js';
import { throwProblems } from '../../errors/app-error.js';
import { defaultShopId } from '../../first-start/default-ids.js';
import { isId, newId } from '../../ids.js';
import type { CoreServices } from '../../core-services.js';
import type { SalesChannelContext } from '../../sales-channel/context/sales-channel-context.js';
import { storeCountryJson } from '../../store-api/context-data.js';
import { parseAddressBody } from '../account/registration-input.js';
import { violations } from '../account/violations.js';
import { addressErrors } from './address-errors.js';
import { countryOfChannel } from '../account/channel-country.js';

/** What the address book uses. */
export type AddressBookDeps = Pick<CoreServices, 'db' | 'repositories'>;

/*
 * A customer's address book (Shopware's ListAddressRoute, UpsertAddressRoute, DeleteAddressRoute and
 * SwitchDefaultAddressRoute), shared by the Store API and the storefront's account pages. Every
 * operation works on the logged-in customer's own addresses: another customer's address id answers
 * like an unknown one (400 `CHECKOUT__CUSTOMER_ADDRESS_NOT_FOUND`, as Shopware does).
 */

export type DefaultAddressKind = 'billing' | 'shipping';

export interface AddressPage {
  total: number;
  elements: EntityRecord[];
  page: number;
  limit: number | null;
}

/** The customer's addresses with their countries, the client's criteria applied (default: oldest first). */
export async function listAddresses(platform: AddressBookDeps, customerId: string, criteria: Criteria, within?: Db | UnitOfWork): Promise<AddressPage> {
  const result = await platform.repositories.get('customer_address').search(
    {
      ...criteria,
      filter: [...(criteria.filter ?? []), { type: 'equals', field: 'customerId', value: customerId }],
      associations: { country: {}, ...(criteria.associations ?? {}) },
      sort: criteria.sort ?? [{ field: 'createdAt', order: 'ASC' }],
      totalCountMode: criteria.totalCountMode ?? 'exact',
    },
    systemContext,
    within ?? platform.db,
  );
  const salutation = await salutationJson(platform, within);
  return { total: result.total, elements: result.entities.map((address) => storeAddressJson(address, salutation)), page: result.page, limit: criteria.ids ? null : (criteria.limit ?? null) };
}

/** Adds an address to the customer's book; returns it in the Store API's shape. Field problems: 400 at their pointers. */
export async function createAddress(platform: AddressBookDeps, context: SalesChannelContext, customerId: string, body: unknown): Promise<EntityRecord> {
  return upsertAddress(platform, context, customerId, newId(), body, 'create');
}

/** Replaces an address of the customer's book (every field, as Shopware's upsert route validates them). */
export async function updateAddress(platform: AddressBookDeps, context: SalesChannelContext, customerId: string, addressId: string, body: unknown): Promise<EntityRecord> {
  return upsertAddress(platform, context, customerId, addressId, body, 'update');
}

async function upsertAddress(platform: AddressBookDeps, context: SalesChannelContext, customerId: string, addressId: string, body: unknown, mode: 'create' | 'update'): Promise<EntityRecord> {
  const { input, found } = parseAddressBody(body);
  return transaction(platform.db, async (uow) => {
    if (mode === 'update') await ownAddress(uow, customerId, addressId);
    if (input.countryId && !(await countryOfChannel(uow, context.salesChannel.id, input.countryId))) found.push(violations.entityDoesNotExist('/countryId', 'country', input.countryId));
    throwProblems(found);
    const repository = platform.repositories.get('customer_address');
    const record = { id: addressId, customerId, ...input };
    if (mode === 'create') await repository.create(record, systemContext, uow);
    else await repository.update(record, systemContext, uow);
    return loadAddress(platform, customerId, addressId, uow);
  });
}

/**
 * Deletes an address of the customer's book. A default billing or shipping address stays: 400
 * `CHECKOUT__CUSTOMER_ADDRESS_IS_DEFAULT` (choose another default first).
 */
export async function deleteAddress(platform: AddressBookDeps, customerId: string, addressId: string): Promise<void> {
  await transaction(platform.db, async (uow) => {
    await ownAddress(uow, customerId, addressId);
    const customer = await uow.db
      .selectFrom('customer')
      .select(['default_billing_address_id', 'default_shipping_address_id'])
      .where('id', '=', customerId)
      .executeTakeFirstOrThrow();
    if (customer.default_billing_address_id === addressId || customer.default_shipping_address_id === addressId) throw addressErrors.isDefault(addressId);
    await platform.repositories.get('customer_address').delete([addressId], systemContext, uow);
  });
}

/** Makes one of the customer's addresses their default billing or shipping address. */
export async function setDefaultAddress(platform: AddressBookDeps, customerId: string, addressId: string, kind: DefaultAddressKind): Promise<void> {
  await transaction(platform.db, async (uow) => {
    await ownAddress(uow, customerId, addressId);
    const field = kind === 'billing' ? 'defaultBillingAddressId' : 'defaultShippingAddressId';
    await platform.repositories.get('customer').update({ id: customerId, [field]: addressId }, systemContext, uow);
  });
}

/** The address when it is the customer's; else 400 `CHECKOUT__CUSTOMER_ADDRESS_NOT_FOUND` (a malformed id too). */
async function ownAddress(uow: UnitOfWork, customerId: string, addressId: string): Promise<void> {
  const id = addressId.toLowerCase();
  const row = isId(id) ? await uow.db.selectFrom('customer_address').select('id').where('id', '=', id).where('customer_id', '=', customerId).executeTakeFirst() : undefined;
  if (!row) throw addressErrors.notFound(addressId);
}

async function loadAddress(platform: AddressBookDeps, customerId: string, addressId: string, uow: UnitOfWork): Promise<EntityRecord> {
  const page = await listAddresses(platform, customerId, { ids: [addressId] }, uow);
  const [address] = page.elements;
  if (!address) throw new Error(`address ${addressId} vanished inside its own transaction`);
  return address;
}


/**
 * Addresses carry no salutation here; Shopware's address always has one, so the Store API shows
 * "not specified" (the salutation Shopware uses for addresses without one).
 */
async function salutationJson(platform: AddressBookDeps, within?: Db | UnitOfWork): Promise<EntityRecord | null> {
  const salutation = await platform.repositories.get('salutation').get(defaultShopId('salutation', 'not_specified'), systemContext, within ?? platform.db);
  if (!salutation) return null;
  return { ...salutation, translated: { displayName: salutation.displayName, letterName: salutation.letterName, customFields: salutation.customFields ?? {} } };
}

/** An address as the Store API shows it: its country in the Store API's shape, no state, the salutation. */
export function storeAddressJson(address: EntityRecord, salutation: EntityRecord | null): EntityRecord {
  const country = address.country as EntityRecord | null | undefined;
  return {
    ...address,
    country: country ? storeCountryJson(country) : null,
    countryStateId: null,
    countryState: null,
    salutationId: salutation?.id ?? null,
    salutation,
  };
}
