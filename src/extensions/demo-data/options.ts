import type { Blueprint } from './blueprint/schema.js';

/** What a run seeds. */
export interface SeedOptions {
  /** Channel keys in blueprint order; all channels when none were asked for. */
  channels: string[];
  /** Products per leaf category. */
  perCategory: number;
  skipMedia: boolean;
  /** Also skips customers: they exist to place the orders. */
  skipOrders: boolean;
}

/** Options as they arrive from the command line or a request body, not yet checked. */
export interface SeedOptionsInput {
  channels?: unknown;
  perCategory?: unknown;
  skipMedia?: unknown;
  skipOrders?: unknown;
}

export type SeedOptionField = keyof SeedOptionsInput;

export interface SeedOptionProblem {
  field: SeedOptionField;
  /** Continues the option's name: `<label> must be ...`. */
  message: string;
}

export type SeedOptionsResult = { ok: true; options: SeedOptions } | { ok: false; problems: SeedOptionProblem[] };

export const PER_CATEGORY_MIN = 1;
/** Beyond this a run takes minutes and the storefront gains nothing. */
export const PER_CATEGORY_MAX = 50;

/**
 * Checks options against the blueprint: known channel keys (repeated or comma-separated, duplicates
 * dropped, put into blueprint order so the plan does not depend on how they were typed), a whole
 * per-category count in range (empty = the blueprint's default), booleans for the switches.
 */
export function resolveSeedOptions(input: SeedOptionsInput, blueprint: Pick<Blueprint, 'channels' | 'defaultPerCategory'>): SeedOptionsResult {
  const problems: SeedOptionProblem[] = [];
  const known = blueprint.channels.map((c) => c.key);

  let requested: string[] = [];
  if (input.channels === undefined || input.channels === null) {
    requested = [];
  } else if (typeof input.channels === 'string' || (Array.isArray(input.channels) && input.channels.every((c) => typeof c === 'string'))) {
    requested = ([] as string[])
      .concat(input.channels as string | string[])
      .flatMap((c) => c.split(','))
      .map((c) => c.trim())
      .filter((c) => c !== '');
  } else {
    problems.push({ field: 'channels', message: 'must be a list of channel keys' });
  }
  const unknown = [...new Set(requested.filter((c) => !known.includes(c)))];
  if (unknown.length > 0) {
    problems.push({ field: 'channels', message: `names unknown channel key${unknown.length > 1 ? 's' : ''} ${unknown.map((c) => `"${c}"`).join(', ')} (known: ${known.join(', ')})` });
  }
  const channels = requested.length === 0 ? known : known.filter((c) => requested.includes(c));

  let perCategory = blueprint.defaultPerCategory;
  const raw = input.perCategory;
  if (raw !== undefined && raw !== null && raw !== '') {
    const parsed = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\s*\d+\s*$/.test(raw) ? Number(raw) : NaN;
    if (!Number.isInteger(parsed) || parsed < PER_CATEGORY_MIN || parsed > PER_CATEGORY_MAX) {
      problems.push({ field: 'perCategory', message: `must be a whole number from ${PER_CATEGORY_MIN} to ${PER_CATEGORY_MAX} (got ${JSON.stringify(raw)})` });
    } else {
      perCategory = parsed;
    }
  }

  const flag = (field: 'skipMedia' | 'skipOrders'): boolean => {
    const value = input[field];
    if (value === undefined || value === null) return false;
    if (typeof value === 'boolean') return value;
    problems.push({ field, message: `must be true or false (got ${JSON.stringify(value)})` });
    return false;
  };
  const skipMedia = flag('skipMedia');
  const skipOrders = flag('skipOrders');

  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, options: { channels, perCategory, skipMedia, skipOrders } };
}

/**
 * The options of `ext:demo-data:seed`, in the shape of the platform's console option declarations
 * (parsed by node's util.parseArgs).
 */
export const SEED_COMMAND_OPTIONS = {
  channel: { type: 'string', short: 'c', multiple: true, valueName: '<key>', description: 'Seed only this channel (repeatable, or comma-separated); default: all' },
  'per-category': { type: 'string', short: 'p', valueName: '<n>', description: `Products per leaf category (${PER_CATEGORY_MIN}-${PER_CATEGORY_MAX}); default: the blueprint's` },
  'skip-orders': { type: 'boolean', description: 'Seed no customers and orders' },
  'skip-media': { type: 'boolean', description: 'Generate no images' },
  blueprint: { type: 'string', valueName: '<file>', description: 'Seed from this blueprint file instead of the shipped one' },
  force: { type: 'boolean', description: 'Seed even though the shop has orders demo data did not create' },
} as const;

/** How each option is called on the command line, for messages. */
export const CLI_OPTION_LABELS: Record<SeedOptionField, string> = {
  channels: '--channel',
  perCategory: '--per-category',
  skipMedia: '--skip-media',
  skipOrders: '--skip-orders',
};

/** Parsed command-line values -> the blueprint file asked for and the options to check. */
export function seedInputFromCli(values: Record<string, string | boolean | string[] | undefined>): { blueprintFile: string | undefined; input: SeedOptionsInput } {
  const blueprint = values.blueprint;
  return {
    blueprintFile: typeof blueprint === 'string' && blueprint.trim() !== '' ? blueprint : undefined,
    input: {
      channels: values.channel,
      perCategory: values['per-category'],
      skipMedia: values['skip-media'],
      skipOrders: values['skip-orders'],
    },
  };
}

/** `--per-category must be a whole number from 1 to 50 (got "0").` */
export function describeOptionProblems(problems: SeedOptionProblem[], labels: Record<SeedOptionField, string> = CLI_OPTION_LABELS): string[] {
  return problems.map((p) => `${labels[p.field]} ${p.message}.`);
}
