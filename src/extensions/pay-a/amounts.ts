import { exactMinorUnits, MAX_MINOR_UNITS, type RefundCurrency } from '../../platform/sdk/index.js';

/**
 * Gateway A's amount rule: the wire carries integers in the gateway's minor units, ×100
 * for every currency it supports. That is not ISO 4217: XOF has no subunit, yet is sent ×100 ("500 XOF"
 * goes out as 50000) and a fractional XOF amount is silently cut by the gateway, so it is never sent.
 * Inside, an amount is an integer in the currency's own decimals here (2, and 0 for XOF); the wire value
 * is that times 100^(...): exact integer arithmetic, never a float.
 */

/** Every wire amount is minor units with this many digits. */
const WIRE_EXPONENT = 2;

export interface PayACurrency extends RefundCurrency {
  /** Digits an amount may have: 2, 0 for XOF (whole francs only). */
  decimals: number;
  /** The gateway's smallest charge, in `decimals` minor units (the gateway's minimum per currency). */
  minimumChargeMinor: number;
}

/** The currencies the gateway accepts (XOF too, though initialize does not list it). */
const CURRENCIES: Readonly<Record<string, Omit<PayACurrency, 'isoCode'>>> = Object.freeze({
  NGN: { decimals: 2, minimumChargeMinor: 5000 },
  USD: { decimals: 2, minimumChargeMinor: 200 },
  GHS: { decimals: 2, minimumChargeMinor: 10 },
  ZAR: { decimals: 2, minimumChargeMinor: 100 },
  KES: { decimals: 2, minimumChargeMinor: 300 },
  XOF: { decimals: 0, minimumChargeMinor: 1 },
});

export const SUPPORTED_CURRENCIES: readonly string[] = Object.freeze(Object.keys(CURRENCIES));

/** The gateway's view of a currency; undefined when it does not accept it. */
export function payACurrency(isoCode: string): PayACurrency | undefined {
  const code = isoCode.trim().toUpperCase();
  const known = CURRENCIES[code];
  return known && { isoCode: code, ...known };
}

/** An amount in the currency's minor units (`decimals`) as the wire's integer: ×100 for XOF, ×1 for the others. */
export function toWireAmount(minor: number, currency: RefundCurrency): number {
  const wire = BigInt(minor) * 10n ** BigInt(WIRE_EXPONENT - currency.decimals);
  if (minor < 0 || wire > BigInt(MAX_MINOR_UNITS)) throw new RangeError(`${minor} is no ${currency.isoCode} amount the gateway can take`);
  return Number(wire);
}

/**
 * A wire amount (JSON integer, or a string of digits: refund events send both) as an exact integer;
 * null for anything else (a fraction, a negative, exponent forms, beyond the safe range).
 */
export function readWireAmount(value: unknown): number | null {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value >= 0 ? value : null;
  if (typeof value !== 'string' || !/^\d{1,16}$/.test(value.trim())) return null;
  const parsed = Number(value.trim());
  return Number.isSafeInteger(parsed) ? parsed : null;
}

/** A wire amount in the currency's minor units; null when it is not a whole amount of them (e.g. 150050 XOF). */
export function wireToMinor(wire: number, currency: RefundCurrency): number | null {
  const factor = 10 ** (WIRE_EXPONENT - currency.decimals);
  return wire % factor === 0 ? wire / factor : null;
}

/** A stored major-unit amount (the order transaction's total) in the currency's minor units, exactly; null when it has more digits than the gateway can take. */
export function majorToMinor(amount: unknown, currency: PayACurrency): number | null {
  return exactMinorUnits(amount, currency.decimals);
}
