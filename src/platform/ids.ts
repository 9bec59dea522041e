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

/** The uuid text PostgreSQL stores, from the API form. */
export function toUuid(id: string): string {
  const h = normalizeId(id);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** The API form of a uuid read from the database. */
export function fromUuid(uuid: string | null | undefined): string | null {
  return uuid ? uuid.replace(/-/g, '') : null;
}
