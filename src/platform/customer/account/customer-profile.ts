import { systemContext } from '../../acl/context.js';
import { transaction } from '../../database/transaction.js';
import { AppError, throwProblems } from '../../errors/app-error.js';
import { isId } from '../../ids.js';
import type { CoreServices } from '../../core-services.js';
import type { SalesChannelContext } from '../../sales-channel/context/sales-channel-context.js';
import { constraintViolation, violations } from './violations.js';

/** What changing the profile or language uses. */
export type CustomerProfileDeps = Pick<CoreServices, 'db' | 'repositories'>;

/*
 * The customer's own profile (Shopware's ChangeCustomerProfileRoute and ChangeLanguageRoute), shared by
 * the Store API and the storefront's account pages.
 */

const asObject = (body: unknown): Record<string, unknown> => (typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {});

/** A text field: trimmed, NUL characters refused, `''` is absent. Problems go to `found`. */
function text(source: Record<string, unknown>, key: string, found: AppError[], rules: { required?: boolean; max: number }): string | null {
  const value = source[key];
  const pointer = `/${key}`;
  if (value !== undefined && value !== null && typeof value !== 'string') {
    found.push(violations.invalidType(pointer, 'string'));
    return null;
  }
  if (typeof value === 'string' && value.includes('\u0000')) {
    found.push(violations.invalidCharacters(pointer));
    return null;
  }
  const trimmed = (value ?? '').trim();
  if (trimmed === '') {
    if (rules.required) found.push(violations.blank(pointer));
    return null;
  }
  if (trimmed.length > rules.max) {
    found.push(violations.tooLong(pointer, rules.max));
    return null;
  }
  return trimmed;
}

/** Shopware's birthday fields: day, month and year together make a date; none of them leaves it unset. */
function birthday(source: Record<string, unknown>, found: AppError[]): string | null {
  const parts = [source.birthdayYear, source.birthdayMonth, source.birthdayDay];
  if (parts.every((part) => part === undefined || part === null || part === '')) return null;
  const [year, month, day] = parts.map((part) => (typeof part === 'string' && /^\d+$/.test(part) ? Number(part) : part));
  const valid = [year, month, day].every((part) => Number.isInteger(part));
  const date = valid ? new Date(Date.UTC(year as number, (month as number) - 1, day as number)) : null;
  if (!date || date.getUTCDate() !== day || date.getUTCMonth() !== (month as number) - 1 || (year as number) < 1900 || date.getTime() > Date.now()) {
    found.push(constraintBirthday());
    return null;
  }
  return date.toISOString().slice(0, 10);
}

// Symfony's Date constraint code, reported at the day as Shopware's birthday fields are
const constraintBirthday = () => constraintViolation('/birthdayDay', 'VIOLATION::INVALID_DATE_ERROR', 'This value is not a valid date.');

/**
 * Changes the customer's name, title, company and birthday. `firstName` and `lastName` are required;
 * violations answer 400 at their pointers. The default addresses keep their names, as in Shopware.
 */
export async function changeProfile(platform: CustomerProfileDeps, customerId: string, body: unknown): Promise<void> {
  const source = asObject(body);
  const found: AppError[] = [];
  const firstName = text(source, 'firstName', found, { required: true, max: 255 });
  const lastName = text(source, 'lastName', found, { required: true, max: 255 });
  const title = text(source, 'title', found, { max: 100 });
  const company = text(source, 'company', found, { max: 255 });
  const born = birthday(source, found);
  throwProblems(found);
  await transaction(platform.db, (uow) =>
    platform.repositories.get('customer').update({ id: customerId, firstName, lastName, title, company, birthday: born }, systemContext, uow),
  );
}

/** Sets the customer's language to one of the sales channel's; else 400 at `/languageId`. */
export async function changeLanguage(platform: CustomerProfileDeps, context: SalesChannelContext, customerId: string, body: unknown): Promise<void> {
  const languageId = asObject(body).languageId;
  if (typeof languageId !== 'string' || languageId.trim() === '') throw violations.blank('/languageId');
  const id = languageId.toLowerCase();
  const assigned = isId(id)
    ? await platform.db.selectFrom('sales_channel_language').select('language_id').where('sales_channel_id', '=', context.salesChannel.id).where('language_id', '=', id).executeTakeFirst()
    : undefined;
  if (!assigned) throw violations.noSuchChoice('/languageId');
  await transaction(platform.db, (uow) => platform.repositories.get('customer').update({ id: customerId, languageId: id }, systemContext, uow));
}
