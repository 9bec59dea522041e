import { isPlainObject } from '../../../platform/sdk/index.js';

/** A webhook's raw bytes as a JSON object; null for anything else (empty, not JSON, an array, a value), which a gateway answers as a bad request. */
export function jsonObjectOf(raw: Buffer | undefined): Record<string, unknown> | null {
  if (!raw || raw.length === 0) return null;
  try {
    const body: unknown = JSON.parse(raw.toString('utf8'));
    return isPlainObject(body) ? body : null;
  } catch {
    return null;
  }
}
