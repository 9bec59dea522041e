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
 * currency and non-negative finite amounts. Returns what is wrong, or undefined.
 */
export function validatePriceList(field: string) {
  return (value: unknown): string | undefined => {
    if (!Array.isArray(value) || value.length === 0) return `The value of "${field}" must be a non-empty list of {currencyId, gross, net, linked}.`;
    const seen = new Set<string>();
    for (const [index, entry] of value.entries()) {
      const e = entry as Partial<PriceEntry> | null;
      if (typeof e !== 'object' || e === null || !isId(e.currencyId))
        return `The value of "${field}/${index}/currencyId" must be a currency id (32 hex characters).`;
      if (seen.has(e.currencyId)) return `The value of "${field}" lists currency ${e.currencyId} twice.`;
      seen.add(e.currencyId);
      for (const amount of ['gross', 'net'] as const) {
        const n = e[amount];
        if (typeof n !== 'number' || !Number.isFinite(n) || n < 0) return `The value of "${field}/${index}/${amount}" must be a number of at least 0.`;
      }
      if (e.linked !== undefined && typeof e.linked !== 'boolean') return `The value of "${field}/${index}/linked" must be a boolean.`;
    }
    return undefined;
  };
}
