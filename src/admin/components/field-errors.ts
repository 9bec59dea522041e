import type { CSSProperties } from 'react';
import { ApiError } from '../api';

/** Style for a form's container: a darker error red, as Mantine's default red on white is below the contrast WCAG asks for. */
export const READABLE_ERRORS = { '--mantine-color-error': 'var(--mantine-color-red-9)' } as CSSProperties;

/**
 * The API's violations by field, from each error's `source.pointer` (`/street` → `street`,
 * `/addresses/0/zipcode` → `addresses.0.zipcode`); errors without a pointer go under `''`.
 */
export function fieldErrorsOf(reason: unknown): Record<string, string> {
  if (!(reason instanceof ApiError)) return {};
  const list = (reason.body as { errors?: Array<{ detail?: string; title?: string; source?: { pointer?: string } }> } | null)?.errors ?? [];
  const errors: Record<string, string> = {};
  for (const error of list) {
    const field = (error.source?.pointer ?? '').replace(/^\//, '').split('/').join('.');
    errors[field] ??= error.detail ?? error.title ?? 'Invalid value';
  }
  if (Object.keys(errors).length === 0) errors[''] = reason.message;
  return errors;
}
