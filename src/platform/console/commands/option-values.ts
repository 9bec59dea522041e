import type { CommandInput } from '../command.js';
import { normalizeId, isId } from '../../ids.js';
import { UsageError } from '../usage-error.js';
import type { CoreServices } from '../../core-services.js';

/** A string option's value (the last one when repeated). */
export function stringOption(input: CommandInput, name: string): string | undefined {
  const value = input.options[name];
  if (Array.isArray(value)) return value.at(-1);
  return typeof value === 'string' ? value : undefined;
}

export function flag(input: CommandInput, name: string): boolean {
  return input.options[name] === true;
}

/** `a,b, c` (or a repeated option) as a list without blanks or duplicates. */
export function listOption(input: CommandInput, name: string): string[] | undefined {
  const value = input.options[name];
  if (value === undefined || typeof value === 'boolean') return undefined;
  const parts = (Array.isArray(value) ? value : [value]).flatMap((v) => v.split(','));
  return [...new Set(parts.map((p) => p.trim()).filter(Boolean))];
}

export function requiredArg(input: CommandInput, name: string): string {
  const value = input.args[name];
  if (value === undefined) throw new UsageError(`Missing argument: ${name}.`);
  return value;
}

/** `--sales-channel-id`: the id (with or without dashes) of an existing sales channel; absent means the global scope. */
export async function salesChannelOption(input: CommandInput, platform: Pick<CoreServices, 'db'>): Promise<string | null> {
  const value = stringOption(input, 'sales-channel-id');
  if (value === undefined || value === '') return null;
  const id = normalizeId(value);
  if (!isId(id)) throw new UsageError(`--sales-channel-id "${value}" is not an id (32 hex characters).`);
  const channel = await platform.db.selectFrom('sales_channel').select('id').where('id', '=', id).executeTakeFirst();
  if (!channel) throw new UsageError(`There is no sales channel with the id ${id}.`);
  return id;
}
