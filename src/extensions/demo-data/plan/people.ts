import type { Blueprint, BlueprintChannel } from '../blueprint/schema.js';
import { identityOf, idFor } from '../identity.js';
import { derive } from '../values/derive.js';
import { customerNumber } from '../values/numbers.js';
import { addDays, isoDate } from './dates.js';
import type { AddressRow, CustomerNode } from './types.js';

/**
 * Customers per channel (`<channel>#1..n`). The first `loginAccountsPerChannel` are registered accounts
 * with the blueprint's demo password (`{channel}` replaced by the channel key, e.g. "demo-flagship");
 * the others are guests, as many real shops' buyers are. E-mail addresses are unique by construction:
 * `<first>.<last>.<n>@<channel>.<emailDomain>`, on a reserved `.example` domain in the default blueprint.
 */
export function planCustomers(blueprint: Blueprint, channels: BlueprintChannel[], today: Date): CustomerNode[] {
  const { people } = blueprint;
  const customers: CustomerNode[] = [];
  for (const channel of channels) {
    const places = people.addresses[channel.country];
    if (!places) continue;
    for (let index = 1; index <= people.customersPerChannel; index++) {
      const path = `${channel.key}#${index}`;
      const identity = identityOf('customer', path);
      const value = (purpose: string) => derive(identity.key, purpose);
      const firstName = value('first-name').pick(people.firstNames);
      const lastName = value('last-name').pick(people.lastNames);
      const company = channel.companyCustomers === true ? value('company').pick(people.companies) : null;
      const email = `${emailPart(firstName)}.${emailPart(lastName)}.${index}@${channel.key}.${people.emailDomain}`;
      const place = value('place').pick(places.places);
      const loginAccount = index <= people.loginAccountsPerChannel;
      const address: AddressRow = {
        ...identityOf('customer_address', path),
        firstName,
        lastName,
        street: `${value('street').pick(places.streets)} ${value('house-number').int(1, 120)}`,
        zipcode: place.zipcode,
        city: place.city,
        countryIso: channel.country,
        company,
      };
      customers.push({
        entity: 'customer',
        ...identity,
        naturalKey: email,
        channel: channel.key,
        salesChannelId: idFor('sales_channel', channel.key),
        groupId: channel.customerGroup ? idFor('customer_group', channel.customerGroup) : null,
        customerNumber: customerNumber(blueprint.productNumberPrefix, channel.code, index),
        email,
        firstName,
        lastName,
        company,
        birthday: isoDate(addDays(today, -value('birthday').int(21 * 365, 75 * 365))),
        guest: !loginAccount,
        password: loginAccount ? demoPassword(people.password, channel.key) : null,
        active: true,
        address,
      });
    }
  }
  return customers;
}

/** The documented demo password of a channel's login accounts. */
export function demoPassword(pattern: string, channelKey: string): string {
  return pattern.replace(/\{channel\}/g, channelKey);
}

/** "Krüger" -> "kruger": accents dropped, ß as ss, anything but ASCII letters and digits removed. */
export function emailPart(name: string): string {
  const ascii = name
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^a-z0-9]/g, '');
  // a name in another script leaves nothing: the index after it still keeps the address unique
  return ascii === '' ? 'customer' : ascii;
}
