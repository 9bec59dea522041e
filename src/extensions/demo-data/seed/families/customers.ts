import type { AddressRow, CustomerNode } from '../../plan/types.js';
import { updateInBatches } from '../batches.js';
import type { SeedContext } from '../context.js';
import { seedFamily } from '../family.js';
import { countryIdOf } from '../shop-defaults.js';

/**
 * Customers by id, then e-mail. Accounts get the blueprint's demo password, hashed by the platform's
 * writer like any customer password, so storefront and Store API logins work; guests get none. The
 * address is created with the customer and then made its default billing and shipping address (the
 * writer checks that reference, so it can only follow the address).
 */
export async function seedCustomers(ctx: SeedContext): Promise<void> {
  const { ids, shop } = ctx;
  const resolutions = await seedFamily(ctx, {
    entity: 'customer',
    nodes: ctx.plan.customers,
    naturalKeyField: 'email',
    fields: (n) => ({
      salesChannelId: ids.resolve(n.salesChannelId),
      groupId: ids.resolve(n.groupId) ?? shop.customerGroupId,
      languageId: shop.languageId,
      defaultPaymentMethodId: shop.paymentMethodId,
      customerNumber: n.customerNumber,
      email: n.email,
      firstName: n.firstName,
      lastName: n.lastName,
      company: n.company,
      birthday: n.birthday,
      active: n.active,
      guest: n.guest,
    }),
    createOnly: (n) => ({ ...(n.password ? { password: n.password } : {}), addresses: [addressRow(ctx, n.address)] }),
  });
  const created = resolutions.filter((r) => !r.existing);
  await updateInBatches(
    ctx.host,
    'customer',
    created.map((r) => ({ id: r.node.id, defaultBillingAddressId: r.node.address.id, defaultShippingAddressId: r.node.address.id })),
  );
  noteLogins(ctx, ctx.plan.customers);
}

export function addressRow(ctx: SeedContext, address: AddressRow): Record<string, unknown> {
  return {
    id: address.id,
    countryId: countryIdOf(ctx.shop, address.countryIso),
    firstName: address.firstName,
    lastName: address.lastName,
    street: address.street,
    zipcode: address.zipcode,
    city: address.city,
    ...(address.company ? { company: address.company } : {}),
  };
}

/** `Demo logins for "Quayside Fresh Market": a@…, b@… (password demo-fresh)` per channel. */
function noteLogins(ctx: SeedContext, customers: CustomerNode[]): void {
  for (const channel of ctx.plan.salesChannels) {
    const accounts = customers.filter((c) => c.channel === channel.channel && !c.guest && c.password);
    if (accounts.length === 0) continue;
    ctx.tally.note(`Demo logins for "${channel.name}": ${accounts.map((a) => a.email).join(', ')} (password ${accounts[0]!.password})`);
  }
}
