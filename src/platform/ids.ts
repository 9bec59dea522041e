import { randomUUID } from 'node:crypto';

/** IDs travel as 32 lowercase hex characters (Shopware style) and are stored as PostgreSQL uuid. */
export const ID_PATTERN = /^[0-9a-f]{32}$/;

export function newId(): string {
  return randomUUID().replace(/-/g, '');
}

export function isId(value: unknown): value is string {
  return typeof value === 'string' && ID_PATTERN.test(value);
}

/** Accepts hex with or without dashes, any case; returns the API form. */
export function normalizeId(value: string): string {
  return value.replace(/-/g, '').toLowerCase();
}

