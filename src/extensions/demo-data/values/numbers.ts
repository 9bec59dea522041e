import type { Derived } from './derive.js';

/** The platform's `product.productNumber` column. */
export const MAX_PRODUCT_NUMBER_LENGTH = 64;

/** A leaf category's part of product numbers: its `code`, else the first three letters or digits of its key. */
export function leafCode(leaf: { key: string; code?: string }): string {
  return leaf.code ?? leaf.key.replace(/[^a-z0-9]/g, '').slice(0, 3).toUpperCase();
}

/** A variant's suffix: its option key in capitals ("xl" -> "XL", "pack-100" -> "PACK-100"). */
export function optionCode(optionKey: string): string {
  return optionKey.toUpperCase();
}

/** `DEMO-FLG-KNI-0003`: readable, sortable, and the same on every run. */
export function productNumber(prefix: string, channelCode: string, leafCode: string, index: number): string {
  return `${prefix}-${channelCode}-${leafCode}-${pad(index, 4)}`;
}

export function productNumberLength(prefix: string, channelCode: string, leafCode: string): number {
  return productNumber(prefix, channelCode, leafCode, 1).length;
}

/** `DEMO-FLG-KNI-0003-XL`. */
export function variantNumber(parentNumber: string, optionKey: string): string {
  return `${parentNumber}-${optionCode(optionKey)}`;
}

/** `DEMO-FLG-C-0007`. */
export function customerNumber(prefix: string, channelCode: string, index: number): string {
  return `${prefix}-${channelCode}-C-${pad(index, 4)}`;
}

/** `DEMO-FLG-O-00012`. */
export function orderNumber(prefix: string, channelCode: string, index: number): string {
  return `${prefix}-${channelCode}-O-${pad(index, 5)}`;
}

/**
 * An EAN-13 from the range 20–29, which GS1 leaves to in-store use: it scans as valid but cannot belong
 * to a real product.
 */
export function demoEan(random: Derived): string {
  let digits = `2${random.int(0, 9)}`;
  for (let i = 0; i < 10; i++) digits += String(random.int(0, 9));
  return digits + eanCheckDigit(digits);
}

export function eanCheckDigit(twelveDigits: string): string {
  const sum = [...twelveDigits].reduce((acc, d, i) => acc + Number(d) * (i % 2 === 0 ? 1 : 3), 0);
  return String((10 - (sum % 10)) % 10);
}

function pad(n: number, width: number): string {
  return String(n).padStart(width, '0');
}
