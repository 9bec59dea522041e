import { parseArgs } from 'node:util';
import { describe, expect, it } from 'vitest';
import {
  describeOptionProblems,
  resolveSeedOptions,
  SEED_COMMAND_OPTIONS,
  seedInputFromCli,
  type SeedOptionsInput,
} from '../../../src/extensions/demo-data/options.js';

const blueprint = { defaultPerCategory: 8, channels: ['flagship', 'fresh', 'trade', 'wellness', 'outlet'].map((key) => ({ key })) } as Parameters<typeof resolveSeedOptions>[1];

/** Parses a command line the way the platform's console does (node's util.parseArgs with the declared options). */
function fromArgv(argv: string[]): { blueprintFile: string | undefined; input: SeedOptionsInput } {
  const options = Object.fromEntries(
    Object.entries(SEED_COMMAND_OPTIONS).map(([name, o]) => [name, { type: o.type, multiple: 'multiple' in o && o.multiple, ...('short' in o ? { short: o.short } : {}) }]),
  );
  return seedInputFromCli(parseArgs({ args: argv, options, strict: true }).values as Record<string, string | boolean | string[] | undefined>);
}

function problems(argv: string[]): string[] {
  const result = resolveSeedOptions(fromArgv(argv).input, blueprint);
  expect(result.ok).toBe(false);
  return result.ok ? [] : describeOptionProblems(result.problems);
}

describe('seed options', () => {
  it('defaults to every channel, the blueprint per-category count, media and orders', () => {
    expect(resolveSeedOptions(fromArgv([]).input, blueprint)).toEqual({
      ok: true,
      options: { channels: ['flagship', 'fresh', 'trade', 'wellness', 'outlet'], perCategory: 8, skipMedia: false, skipOrders: false },
    });
  });

  it('takes repeated and comma-separated channels, in blueprint order, each once', () => {
    const { input, blueprintFile } = fromArgv(['-c', 'outlet', '--channel', 'fresh,outlet', '-p', '3', '--skip-media', '--skip-orders', '--blueprint', 'shop.yaml']);
    expect(blueprintFile).toBe('shop.yaml');
    expect(resolveSeedOptions(input, blueprint)).toEqual({
      ok: true,
      options: { channels: ['fresh', 'outlet'], perCategory: 3, skipMedia: true, skipOrders: true },
    });
  });

  it('names unknown channels and the known ones', () => {
    expect(problems(['-c', 'fresh', '-c', 'deli', '-c', 'bar,deli'])).toEqual([
      '--channel names unknown channel keys "deli", "bar" (known: flagship, fresh, trade, wellness, outlet).',
    ]);
  });

  it('wants a whole per-category count from 1 to 50', () => {
    for (const bad of ['0', '51', '2.5', 'ten', '-3']) {
      expect(problems([`--per-category=${bad}`])).toEqual([`--per-category must be a whole number from 1 to 50 (got "${bad}").`]);
    }
    expect(resolveSeedOptions({ perCategory: 50 }, blueprint)).toMatchObject({ ok: true, options: { perCategory: 50 } });
    expect(resolveSeedOptions({ perCategory: ' 7 ' }, blueprint)).toMatchObject({ ok: true, options: { perCategory: 7 } });
    expect(resolveSeedOptions({ perCategory: '' }, blueprint)).toMatchObject({ ok: true, options: { perCategory: 8 } });
  });

  it('reports every problem at once and checks value types of request bodies', () => {
    const result = resolveSeedOptions({ channels: [1], perCategory: true, skipMedia: 'yes', skipOrders: null }, blueprint);
    expect(result.ok ? [] : describeOptionProblems(result.problems, { channels: 'channels', perCategory: 'perCategory', skipMedia: 'skipMedia', skipOrders: 'skipOrders' })).toEqual([
      'channels must be a list of channel keys.',
      'perCategory must be a whole number from 1 to 50 (got true).',
      'skipMedia must be true or false (got "yes").',
    ]);
  });

  it('a blank --blueprint is no blueprint', () => {
    expect(fromArgv(['--blueprint', ' ']).blueprintFile).toBeUndefined();
  });
});
