import { sql } from 'kysely';
import type { Db } from '../database/connection.js';
import type { UnitOfWork } from '../database/transaction.js';
import { isId } from '../ids.js';
import { canonicalDecimalString, parseExactDecimal } from '../checkout/money/exact-decimal.js';
import { decimalsFor } from '../checkout/money/currency-decimals.js';
import { CURRENCY_DEFAULT } from '../first-start/default-ids.js';
import { PRODUCT_VISIBILITY } from '../catalog/entities.js';
import { RowProblem, listValues, majorNumber, netFromGross, parseAmountMinor, parseBool, parseInteger } from './cell-values.js';
import type { ConvertedRow, EntityImporter } from './entity-importer.js';

import { importedId } from './imported-ids.js';

interface PriceDraft {
  currencyId: string;
  decimals: number;
  gross?: bigint;
  net?: bigint;
}

export interface ProductDraft {
  fields: Record<string, unknown>;
  prices: Map<string, PriceDraft>;
  taxRate?: string;
  manufacturerName?: string;
  categoryIds?: string[];
  salesChannelIds?: string[];
}

interface Lookups {
  taxByRate: Map<string, string>;
  currencyByIso: Map<string, { id: string; decimals: number }>;
  categoryIds: Set<string>;
  salesChannelIds: Set<string>;
}

const STRING_FIELDS: Record<string, number> = { name: 255, ean: 64, description: 100_000 };

/** Products by `productNumber`; prices per currency (`price.DEFAULT.gross`, `price.USD.net`), tax by rate, manufacturer by name, categories and channels by id. */
export class ProductImporter implements EntityImporter<ProductDraft> {
  readonly entity = 'product';
  readonly requiredKeys = ['productNumber'] as const;
  /** Manufacturers known to be stored (found, or created by a committed batch), by lower-case name. */
  readonly #manufacturers = new Map<string, string>();
  /**
   * Those the current batch created: known only once its transaction commits. A batch rolled back (a dry
   * run's every batch, a batch written again without refused rows) takes its manufacturers with it, and the
   * next batch must create them again instead of pointing at rows that are gone.
   */
  #createdInBatch = new Map<string, string>();

  private constructor(private readonly lookups: Lookups) {}

  static async create(db: Db): Promise<ProductImporter> {
    const [taxes, currencies, categories, channels] = await Promise.all([
      sql<{ id: string; tax_rate: string }>`SELECT id, tax_rate::text FROM tax`.execute(db),
      sql<{ id: string; iso_code: string }>`SELECT id, iso_code FROM currency`.execute(db),
      sql<{ id: string }>`SELECT id FROM category`.execute(db),
      sql<{ id: string }>`SELECT id FROM sales_channel`.execute(db),
    ]);
    const currencyByIso = new Map(currencies.rows.map((c) => [c.iso_code.trim().toUpperCase(), { id: c.id, decimals: decimalsFor(c.iso_code.trim()) }]));
    const defaultCurrency = currencies.rows.find((c) => c.id === CURRENCY_DEFAULT);
    if (defaultCurrency) currencyByIso.set('DEFAULT', { id: defaultCurrency.id, decimals: decimalsFor(defaultCurrency.iso_code.trim()) });
    return new ProductImporter({
      taxByRate: new Map(taxes.rows.map((t) => [canonicalDecimalString(parseExactDecimal(t.tax_rate)!), t.id])),
      currencyByIso,
      categoryIds: new Set(categories.rows.map((c) => c.id)),
      salesChannelIds: new Set(channels.rows.map((c) => c.id)),
    });
  }

  convert(cells: ReadonlyMap<string, string>): ConvertedRow<ProductDraft> {
    const draft: ProductDraft = { fields: {}, prices: new Map() };
    let key = '';
    for (const [path, raw] of cells) {
      const value = raw.trim();
      if (path === 'productNumber') {
        key = value;
        continue;
      }
      if (value === '') continue; // an empty cell leaves the field as it is
      const price = /^price\.([A-Za-z]+)\.(gross|net)$/.exec(path);
      if (price) {
        const iso = price[1]!.toUpperCase();
        const currency = this.lookups.currencyByIso.get(iso);
        if (!currency) throw new RowProblem(`${path}: the shop has no currency ${iso}`);
        const entry = draft.prices.get(currency.id) ?? { currencyId: currency.id, decimals: currency.decimals };
        entry[price[2] as 'gross' | 'net'] = parseAmountMinor(value, path, currency.decimals);
        draft.prices.set(currency.id, entry);
      } else if (path === 'stock') draft.fields.stock = parseInteger(value, path);
      else if (path === 'active') draft.fields.active = parseBool(value, path);
      else if (path in STRING_FIELDS) {
        if (value.length > STRING_FIELDS[path]!) throw new RowProblem(`${path}: longer than ${STRING_FIELDS[path]} characters`);
        draft.fields[path] = value;
      } else if (path === 'tax.taxRate') {
        const rate = parseExactDecimal(value.replace(/%$/, '').trim());
        const canonical = rate && canonicalDecimalString(rate);
        if (!canonical || !this.lookups.taxByRate.has(canonical)) throw new RowProblem(`tax.taxRate: the shop has no tax with the rate ${value}`);
        draft.taxRate = canonical;
      } else if (path === 'manufacturer.name') {
        if (value.length > 255) throw new RowProblem('manufacturer.name: longer than 255 characters');
        draft.manufacturerName = value;
      } else if (path === 'categories') draft.categoryIds = this.#knownIds(value, this.lookups.categoryIds, 'categories', 'category');
      else if (path === 'visibilities.all') draft.salesChannelIds = this.#knownIds(value, this.lookups.salesChannelIds, 'visibilities.all', 'sales channel');
      else throw new RowProblem(`${path}: not a field a product import writes`);
    }
    if (!key) throw new RowProblem('productNumber: empty');
    if (key.length > 64) throw new RowProblem('productNumber: longer than 64 characters');
    return { key, draft };
  }

  #knownIds(value: string, known: Set<string>, column: string, what: string): string[] {
    const ids = listValues(value).map((id) => id.toLowerCase().replace(/-/g, ''));
    for (const id of ids) if (!isId(id) || !known.has(id)) throw new RowProblem(`${column}: no ${what} with the id ${id}`);
    return ids;
  }

  async findExisting(rows: ReadonlyArray<ConvertedRow<ProductDraft>>, uow: UnitOfWork): Promise<Map<ConvertedRow<ProductDraft>, string>> {
    const numbers = rows.map((r) => r.key);
    const found = await sql<{ id: string; product_number: string }>`SELECT id, product_number FROM product WHERE product_number = ANY(${numbers}::text[])`.execute(uow.db);
    const byNumber = new Map(found.rows.map((r) => [r.product_number, r.id]));
    return new Map(rows.flatMap((r) => (byNumber.has(r.key) ? [[r, byNumber.get(r.key)!] as const] : [])));
  }

  /** Manufacturers are found by name (case-insensitive) or created with an id derived from the name. */
  async prepareBatch(rows: ReadonlyArray<ConvertedRow<ProductDraft>>, uow: UnitOfWork): Promise<void> {
    const createdInBatch = (this.#createdInBatch = new Map());
    const names = [...new Set(rows.map((r) => r.draft.manufacturerName).filter((n): n is string => !!n && !this.#manufacturers.has(n.toLowerCase())))];
    if (names.length === 0) return;
    const lowered = names.map((n) => n.toLowerCase());
    const found = await sql<{ id: string; name: string }>`SELECT id, name FROM product_manufacturer WHERE lower(name) = ANY(${lowered}::text[])`.execute(uow.db);
    for (const row of found.rows) this.#manufacturers.set(row.name.toLowerCase(), row.id);
    const missing = names.filter((n) => !this.#manufacturers.has(n.toLowerCase()));
    if (missing.length === 0) return;
    const created = missing.map((name) => ({ id: importedId('manufacturer', name.toLowerCase()), name }));
    await sql`INSERT INTO product_manufacturer (id, name) SELECT * FROM unnest(${created.map((c) => c.id)}::uuid[], ${created.map((c) => c.name)}::text[]) ON CONFLICT (id) DO NOTHING`.execute(uow.db);
    for (const c of created) createdInBatch.set(c.name.toLowerCase(), c.id);
    uow.afterCommit(() => {
      for (const [name, id] of createdInBatch) this.#manufacturers.set(name, id);
    });
  }

  /** Ids of new products derive from their number, so a batch written twice (a retried job) is one product. */
  newId(row: ConvertedRow<ProductDraft>): string {
    return importedId('product', row.key);
  }

  payload(row: ConvertedRow<ProductDraft>, id: string, isNew: boolean): Record<string, unknown> {
    const { draft } = row;
    const payload: Record<string, unknown> = { id, ...draft.fields };
    if (isNew) payload.productNumber = row.key;
    const taxId = draft.taxRate ? this.lookups.taxByRate.get(draft.taxRate) : undefined;
    if (taxId) payload.taxId = taxId;
    if (draft.prices.size > 0) payload.price = [...draft.prices.values()].map((p) => this.#price(p, draft.taxRate));
    if (draft.manufacturerName) {
      const name = draft.manufacturerName.toLowerCase();
      payload.manufacturerId = this.#manufacturers.get(name) ?? this.#createdInBatch.get(name);
    }
    if (draft.categoryIds) payload.categories = draft.categoryIds.map((categoryId) => ({ id: categoryId }));
    if (draft.salesChannelIds) {
      payload.visibilities = draft.salesChannelIds.map((salesChannelId) => ({
        id: importedId('product-visibility', `${id}:${salesChannelId}`),
        salesChannelId,
        visibility: PRODUCT_VISIBILITY.ALL,
      }));
    }
    if (isNew) {
      const missing = [!draft.fields.name && 'name', !taxId && 'tax.taxRate', !draft.prices.has(CURRENCY_DEFAULT) && 'price.DEFAULT.gross'].filter(Boolean);
      if (missing.length > 0) throw new RowProblem(`a new product needs ${missing.join(', ')}`);
    }
    return payload;
  }

  #price(price: PriceDraft, taxRate: string | undefined): Record<string, unknown> {
    if (price.gross === undefined && price.net === undefined) throw new RowProblem('price: neither gross nor net given');
    if (price.gross === undefined) throw new RowProblem('price: the gross price is missing');
    let net = price.net;
    if (net === undefined) {
      if (!taxRate) throw new RowProblem('price: the net price is missing and there is no tax rate to derive it from');
      net = netFromGross(price.gross, taxRate);
    }
    if (net > price.gross) throw new RowProblem('price: the net price is above the gross price');
    return { currencyId: price.currencyId, gross: majorNumber(price.gross, price.decimals), net: majorNumber(net, price.decimals), linked: true };
  }
}
