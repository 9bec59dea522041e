import { AppErrorList, isClientError } from '../../errors/app-error.js';
import { violationMessagesByPointer } from '../../customer/account/violations.js';

/** A urlencoded form body as flat string fields; repeated or missing fields read as absent. */
export function formFields(body: unknown): Record<string, string> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return {};
  const fields: Record<string, string> = {};
  for (const [key, value] of Object.entries(body as Record<string, unknown>)) if (typeof value === 'string') fields[key] = value;
  return fields;
}

/** A quantity typed into a form: digits only, else undefined (the services check the range). */
export function quantityField(value: string | undefined): number | undefined {
  if (value === undefined || !/^\s*[0-9]{1,10}\s*$/.test(value)) return undefined;
  return Number(value.trim());
}

/**
 * The messages a refused form post shows the visitor: the details of client errors (written for
 * clients), one per problem. Server errors are not the visitor's to read: they are rethrown.
 */
export function clientErrorMessages(error: unknown): string[] {
  if (!isClientError(error)) throw error;
  const entries = error instanceof AppErrorList ? error.entries : [error];
  return [...new Set(entries.map((entry) => entry.message))];
}

/**
 * A refused form's messages: by form field for the violations whose pointer names one (`fieldOf`), the
 * others to show above the form.
 */
export function formErrors(error: unknown, fieldOf: (pointer: string) => string | undefined): { fieldErrors: Record<string, string>; otherErrors: string[] } {
  const fieldErrors: Record<string, string> = {};
  const otherErrors: string[] = [];
  for (const [pointer, message] of Object.entries(violationMessagesByPointer(error))) {
    const field = fieldOf(pointer);
    if (field) fieldErrors[field] = message;
    else otherErrors.push(message);
  }
  return { fieldErrors, otherErrors };
}
