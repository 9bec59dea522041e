import type { Derived } from './derive.js';

/**
 * Blueprint amounts are major units of the shop's default currency (EUR, two decimals); inside, money is
 * integer minor units so sums and taxes are exact. The seeder converts back to major units only where it
 * writes a price field.
 */
export const MINOR_PER_MAJOR = 100;

export interface MajorRange {
  min: number;
  max: number;
}

/** 12.99 -> 1299; throws for amounts with more than two decimals (the schema checks blueprints first). */
export function toMinor(major: number): number {
  const minor = Math.round(major * MINOR_PER_MAJOR);
  if (!Number.isFinite(major) || Math.abs(minor - major * MINOR_PER_MAJOR) > 1e-6) {
    throw new Error(`toMinor: ${major} is not an amount with at most two decimals`);
  }
  return minor;
}

/** 1299 -> 12.99, the form the platform's price fields store. */
export function toMajor(minor: number): number {
  return minor / MINOR_PER_MAJOR;
}

/** 1299 -> "12.99". */
export function formatMinor(minor: number): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  return `${sign}${Math.floor(abs / MINOR_PER_MAJOR)}.${String(abs % MINOR_PER_MAJOR).padStart(2, '0')}`;
}

/** a / b rounded half up, exact for non-negative integers below 2^53 (no float division rounding). */
export function divRoundHalfUp(a: number, b: number): number {
  if (!Number.isSafeInteger(a) || !Number.isSafeInteger(b) || a < 0 || b <= 0) {
    throw new Error(`divRoundHalfUp: needs safe non-negative integers and a positive divisor, got ${a} / ${b}`);
  }
  let q = Math.floor(a / b);
  let r = a - q * b;
  // the float quotient may be one off when a / b lies just beside an integer
  if (r < 0) {
    q -= 1;
    r += b;
  } else if (r >= b) {
    q += 1;
    r -= b;
  }
  return 2 * r >= b ? q + 1 : q;
}

/** Basis points of a percentage with up to two decimals (7.7 -> 770). */
function basisPoints(percent: number): number {
  return Math.round(percent * 100);
}

/** The net part of a gross amount at `taxRate` percent, rounded half up to the minor unit. */
export function netFromGross(grossMinor: number, taxRate: number): number {
  return divRoundHalfUp(grossMinor * 10_000, 10_000 + basisPoints(taxRate));
}

/** A gross amount reduced by `percent` (bulk tiers), rounded half up. */
export function discounted(grossMinor: number, percent: number): number {
  return divRoundHalfUp(grossMinor * (10_000 - basisPoints(percent)), 10_000);
}

// shoppers expect x.99 mostly, x.49 sometimes, round amounts for dearer things
const ENDINGS = [
  { cents: 99, weight: 60 },
  { cents: 49, weight: 25 },
  { cents: 0, weight: 15 },
];

const PRICE_SKEW = 1.6;

/**
 * A gross price within the range (major units), more often in its lower part, that ends in .99, .49 or
 * .00; round amounts only from 20.00 on. Falls back to another ending, then to the range's lower bound,
 * when the range is too narrow to hold a price with the drawn ending.
 */
export function charmPrice(random: Derived, range: MajorRange): number {
  const min = toMinor(range.min);
  const max = toMinor(range.max);
  const lowest = Math.floor(min / MINOR_PER_MAJOR);
  const span = Math.floor(max / MINOR_PER_MAJOR) - lowest;
  // catalogues hold more cheap things than dear ones: lean the draw towards the lower end
  const whole = lowest + Math.min(span, Math.floor(Math.pow(random.next(), PRICE_SKEW) * (span + 1)));
  const drawn = random.weighted(ENDINGS, (e) => e.weight).cents;
  const fits = (cents: number) => {
    const price = whole * MINOR_PER_MAJOR + cents;
    return price >= min && price <= max && (cents !== 0 || whole >= 20) && price > 0;
  };
  for (const cents of [drawn, ...ENDINGS.map((e) => e.cents)]) {
    if (fits(cents)) return whole * MINOR_PER_MAJOR + cents;
  }
  return Math.max(min, 1);
}

/**
 * The largest price ending in .99 or .49 (or .00 from 20.00 on) that is at most `minor`, so a channel's
 * price factor (outlet: 0.72) still gives shop-like prices. Amounts below 0.49 are kept as they are.
 */
export function snapDownToCharm(minor: number): number {
  const whole = Math.floor(minor / MINOR_PER_MAJOR);
  const cents = minor % MINOR_PER_MAJOR;
  if (cents >= 99) return whole * MINOR_PER_MAJOR + 99;
  if (cents >= 49) return whole * MINOR_PER_MAJOR + 49;
  if (whole >= 20) return whole * MINOR_PER_MAJOR;
  if (whole >= 1) return (whole - 1) * MINOR_PER_MAJOR + 99;
  return minor;
}

/** A base price scaled by a channel's price factor, snapped back to a charm ending. */
export function applyPriceFactor(grossMinor: number, factor: number): number {
  if (factor === 1) return grossMinor;
  return snapDownToCharm(divRoundHalfUp(grossMinor * Math.round(factor * 10_000), 10_000));
}
