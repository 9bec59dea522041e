/**
 * Minor-unit decimals per ISO 4217 currency code: how many decimal places one major unit has on the
 * wire and in the gateways' minor units. Every code not listed has 2. The 4-decimal accounting units
 * (CLF, UYW) are left out on purpose: nothing is sold in them, and gateways do not accept them.
 */
export const CURRENCY_DECIMALS: Readonly<Record<string, 0 | 3>> = Object.freeze({
  // no minor unit
  BIF: 0,
  CLP: 0,
  DJF: 0,
  GNF: 0,
  ISK: 0,
  JPY: 0,
  KMF: 0,
  KRW: 0,
  PYG: 0,
  RWF: 0,
  UGX: 0,
  UYI: 0,
  VND: 0,
  VUV: 0,
  XAF: 0,
  XOF: 0,
  XPF: 0,
  // thousandths
  BHD: 3,
  IQD: 3,
  JOD: 3,
  KWD: 3,
  LYD: 3,
  OMR: 3,
  TND: 3,
});

export const DEFAULT_CURRENCY_DECIMALS = 2;

const ISO_CODE_PATTERN = /^[A-Za-z]{3}$/;

/** The decimals of a currency by its ISO code (case-insensitive); throws for a malformed code. */
export function decimalsFor(isoCode: string): number {
  if (typeof isoCode !== 'string' || !ISO_CODE_PATTERN.test(isoCode)) {
    throw new RangeError(`Not an ISO 4217 currency code: ${JSON.stringify(isoCode)}`);
  }
  return CURRENCY_DECIMALS[isoCode.toUpperCase()] ?? DEFAULT_CURRENCY_DECIMALS;
}
