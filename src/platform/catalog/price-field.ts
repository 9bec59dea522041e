import { isId } from '../ids.js';

/** One entry of a price list (`product.price`, `shippingMethod.price`): major units per currency, as Shopware stores it. */
export interface PriceEntry {
  currencyId: string;
  gross: number;
  net: number;
  linked: boolean;
}

/**
 * Checks a price list: a non-empty array of `{currencyId, gross, net, linked}` with one entry per
 * currency and non-negative finite amounts. Returns what is wrong, phrased to follow `The value of
 * "<field>"` (the entity layer adds that), or undefined.
 */
export function validatePriceList(value: unknown): string | undefined {
  if (!Array.isArray(value) || value.length === 0) return 'must be a non-empty list of {currencyId, gross, net, linked}';
  const seen = new Set<string>();
  for (const [index, entry] of value.entries()) {
    const e = entry as Partial<PriceEntry> | null;
    if (typeof e !== 'object' || e === null || !isId(e.currencyId)) return `has no currency id (32 hex characters) in entry ${index}`;
    if (seen.has(e.currencyId)) return `lists currency ${e.currencyId} twice`;
    seen.add(e.currencyId);
    for (const amount of ['gross', 'net'] as const) {
      const n = e[amount];
      if (typeof n !== 'number' || !Number.isFinite(n) || n < 0) return `needs a ${amount} amount of at least 0 in entry ${index}`;
    }
    if (e.linked !== undefined && typeof e.linked !== 'boolean') return `needs a boolean "linked" in entry ${index}`;
  }
  return undefined;
}
