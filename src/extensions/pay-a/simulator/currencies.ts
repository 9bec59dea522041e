/**
 * The gateway's own currency table: every wire amount is an integer ×100, XOF too (it has
 * no subunit: the gateway drops a fractional part, i.e. the last two digits). Kept apart from the
 * extension's table on purpose: the simulator is the other side of the wire.
 */
const MINIMUM_CHARGE: Readonly<Record<string, number>> = { NGN: 5000, USD: 200, GHS: 10, ZAR: 100, KES: 300, XOF: 100 };
const WITHOUT_SUBUNIT: ReadonlySet<string> = new Set(['XOF']);

export function minimumChargeOf(currency: string): number {
  return MINIMUM_CHARGE[currency] ?? 100;
}

/** What the gateway actually charges for a wire amount: XOF's fractional part ignored. */
export function chargeableAmount(currency: string, amount: number): number {
  return WITHOUT_SUBUNIT.has(currency) ? amount - (amount % 100) : amount;
}

/** A wire amount as the hosted page shows it: "1,234.50 NGN", "1,500 XOF". */
export function displayAmount(currency: string, amount: number): string {
  const whole = Math.floor(amount / 100).toLocaleString('en');
  const cents = String(amount % 100).padStart(2, '0');
  return WITHOUT_SUBUNIT.has(currency) ? `${whole} ${currency}` : `${whole}.${cents} ${currency}`;
}

/** The gateway's fee: 1.5 % (NGN: plus 100 from 2,500, capped at 2,000), 2.9 % elsewhere; rounded half-up. */
export function feesFor(currency: string, amount: number): number {
  if (currency === 'NGN') {
    const fee = Math.floor((amount * 15 + 500) / 1000) + (amount >= 250_000 ? 10_000 : 0);
    return Math.min(fee, 200_000);
  }
  return Math.floor((amount * 29 + 500) / 1000);
}

/** An integer wire amount: a JSON integer or a string of digits (the docs type it as a string). */
export function parseWireAmount(value: unknown): number | 'missing' | 'not-integer' {
  if (value === undefined || value === null || value === '') return 'missing';
  if (typeof value === 'number') return Number.isSafeInteger(value) ? value : 'not-integer';
  if (typeof value === 'string' && /^-?\d{1,15}$/.test(value.trim())) return Number(value.trim());
  return 'not-integer';
}
