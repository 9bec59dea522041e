import { sql } from 'kysely';
import type { Db } from '../database/connection.js';
import type { UnitOfWork } from '../database/transaction.js';
import { DEFAULT_SALES_CHANNEL_ID, LANGUAGE_SYSTEM } from '../first-start/default-ids.js';
import { RowProblem, parseBool } from './cell-values.js';
import type { ConvertedRow, EntityImporter } from './entity-importer.js';
import { importedId } from './imported-ids.js';

export interface CustomerDraft {
  fields: Record<string, unknown>;
  email?: string;
  address: Record<string, string>;
}

interface Lookups {
  groupByName: Map<string, string>;
  defaultGroupId: string | undefined;
  channelByName: Map<string, string>;
  countryByIso: Map<string, string>;
}

const EMAIL = /^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+$/;
const TEXT_FIELDS: Record<string, number> = { firstName: 255, lastName: 255, title: 100, company: 255 };
const ADDRESS_FIELDS: Record<string, number> = { street: 255, zipcode: 50, city: 255, phoneNumber: 40 };

/**
 * Customers by `customerNumber`, or by e-mail (an account's e-mail is unique) when the number is new: one
 * person is one customer whichever of the two the file keeps stable. Group and sales channel by name,
 * the billing address's country by ISO code. Passwords are never imported: customers set theirs through
 * the password recovery.
 */
export class CustomerImporter implements EntityImporter<CustomerDraft> {
  readonly entity = 'customer';
  readonly requiredKeys = ['customerNumber', 'email'] as const;

  private constructor(private readonly lookups: Lookups) {}

  static async create(db: Db): Promise<CustomerImporter> {
    const [groups, channels, countries] = await Promise.all([
      sql<{ id: string; name: string }>`SELECT id, name FROM customer_group ORDER BY created_at`.execute(db),
      sql<{ id: string; name: string }>`SELECT id, name FROM sales_channel`.execute(db),
      sql<{ id: string; iso: string }>`SELECT id, iso FROM country`.execute(db),
    ]);
    return new CustomerImporter({
      groupByName: new Map(groups.rows.map((g) => [g.name.toLowerCase(), g.id])),
      defaultGroupId: groups.rows[0]?.id,
      channelByName: new Map(channels.rows.map((c) => [c.name.toLowerCase(), c.id])),
      countryByIso: new Map(countries.rows.map((c) => [c.iso.toUpperCase(), c.id])),
    });
  }

  convert(cells: ReadonlyMap<string, string>): ConvertedRow<CustomerDraft> {
    const draft: CustomerDraft = { fields: {}, address: {} };
    let key = '';
    for (const [path, raw] of cells) {
      const value = raw.trim();
      if (path === 'customerNumber') key = value;
      else if (value === '') continue;
      else if (path === 'email') {
        if (value.length > 254 || !EMAIL.test(value)) throw new RowProblem(`email: "${value}" is not an e-mail address`);
        draft.email = value;
      } else if (path in TEXT_FIELDS) {
        if (value.length > TEXT_FIELDS[path]!) throw new RowProblem(`${path}: longer than ${TEXT_FIELDS[path]} characters`);
        draft.fields[path] = value;
      } else if (path === 'birthday') {
        if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(Date.parse(value))) throw new RowProblem(`birthday: "${value}" is not a date (YYYY-MM-DD)`);
        draft.fields.birthday = value;
      } else if (path === 'active') draft.fields.active = parseBool(value, path);
      else if (path === 'group.name') draft.fields.groupId = this.#byName(this.lookups.groupByName, value, 'group.name', 'customer group');
      else if (path === 'salesChannel.name') draft.fields.salesChannelId = this.#byName(this.lookups.channelByName, value, 'salesChannel.name', 'sales channel');
      else if (path === 'defaultBillingAddress.country.iso') {
        const countryId = this.lookups.countryByIso.get(value.toUpperCase());
        if (!countryId) throw new RowProblem(`${path}: the shop has no country ${value}`);
        draft.address.countryId = countryId;
      } else if (path.startsWith('defaultBillingAddress.') && path.slice(22) in ADDRESS_FIELDS) {
        const field = path.slice(22);
        if (value.length > ADDRESS_FIELDS[field]!) throw new RowProblem(`${path}: longer than ${ADDRESS_FIELDS[field]} characters`);
        draft.address[field] = value;
      } else throw new RowProblem(`${path}: not a field a customer import writes`);
    }
    if (!key) throw new RowProblem('customerNumber: empty');
    if (key.length > 255) throw new RowProblem('customerNumber: longer than 255 characters');
    return { key, altKey: draft.email?.toLowerCase(), draft };
  }

  #byName(map: Map<string, string>, name: string, column: string, what: string): string {
    const id = map.get(name.toLowerCase());
    if (!id) throw new RowProblem(`${column}: no ${what} named "${name}"`);
    return id;
  }

  async findExisting(rows: ReadonlyArray<ConvertedRow<CustomerDraft>>, uow: UnitOfWork): Promise<Map<ConvertedRow<CustomerDraft>, string>> {
    const numbers = rows.map((r) => r.key);
    const emails = rows.flatMap((r) => (r.altKey ? [r.altKey] : []));
    const found = await sql<{ id: string; customer_number: string; email: string }>`
      SELECT id, customer_number, lower(email) AS email FROM customer
      WHERE customer_number = ANY(${numbers}::text[]) OR (guest = false AND lower(email) = ANY(${emails}::text[]))`.execute(uow.db);
    const byNumber = new Map(found.rows.map((r) => [r.customer_number, r.id]));
    const byEmail = new Map(found.rows.map((r) => [r.email, r.id]));
    const result = new Map<ConvertedRow<CustomerDraft>, string>();
    for (const row of rows) {
      const id = byNumber.get(row.key) ?? (row.altKey ? byEmail.get(row.altKey) : undefined);
      if (id) result.set(row, id);
    }
    return result;
  }

  newId(row: ConvertedRow<CustomerDraft>): string {
    return importedId('customer', row.key);
  }

  payload(row: ConvertedRow<CustomerDraft>, id: string, isNew: boolean): Record<string, unknown> {
    const { draft } = row;
    const payload: Record<string, unknown> = { id, customerNumber: row.key, ...draft.fields };
    if (draft.email) payload.email = draft.email;
    const hasAddress = Object.keys(draft.address).length > 0;
    if (isNew) {
      const missing = [!draft.email && 'email', !draft.fields.firstName && 'firstName', !draft.fields.lastName && 'lastName'].filter(Boolean);
      if (missing.length > 0) throw new RowProblem(`a new customer needs ${missing.join(', ')}`);
      payload.groupId ??= this.lookups.defaultGroupId;
      payload.salesChannelId ??= DEFAULT_SALES_CHANNEL_ID;
      payload.languageId = LANGUAGE_SYSTEM;
      payload.guest = false;
    }
    if (hasAddress) {
      const missing = ['street', 'city', 'countryId'].filter((f) => !draft.address[f]);
      if (missing.length > 0) throw new RowProblem(`the billing address needs ${missing.map((f) => (f === 'countryId' ? 'country.iso' : f)).join(', ')}`);
      payload.addresses = [{ id: billingAddressId(id), firstName: draft.fields.firstName ?? '', lastName: draft.fields.lastName ?? '', ...draft.address }];
    }
    return payload;
  }

  /** The imported address becomes the default where the customer has none: it references the customer, so it is set after both exist. */
  async afterBatch(ids: readonly string[], uow: UnitOfWork): Promise<void> {
    if (ids.length === 0) return;
    const addressIds = ids.map(billingAddressId);
    await sql`UPDATE customer c SET default_billing_address_id = coalesce(c.default_billing_address_id, a.id), default_shipping_address_id = coalesce(c.default_shipping_address_id, a.id)
      FROM customer_address a WHERE a.id = ANY(${addressIds}::uuid[]) AND a.customer_id = c.id
        AND (c.default_billing_address_id IS NULL OR c.default_shipping_address_id IS NULL)`.execute(uow.db);
  }
}

function billingAddressId(customerId: string): string {
  return importedId('customer-billing-address', customerId);
}
