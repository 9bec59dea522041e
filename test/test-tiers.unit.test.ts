import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Keeps the two vitest projects honest (vitest.config.ts): a `*.unit.test.ts` file runs without the
 * template database, so it must not reach anything that opens one; any other `*.test.ts` runs in the
 * integration tier, which only files that need a database should pay for.
 */

const root = path.resolve(import.meta.dirname, '..');

/** Modules whose use means a database: the test platform and template clones, a spawned server, a connection, a booted platform. */
const DATABASE_MODULES = [
  'test/helpers/test-platform.ts',
  'test/helpers/databases.ts',
  'test/helpers/server-process.ts',
  'src/platform/database/connection.ts',
  'src/platform/kernel.ts',
];

function testFiles(): string[] {
  return ['test', 'src']
    .flatMap((dir) => readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' }).map((file) => path.join(dir, file)))
    .filter((file) => file.endsWith('.test.ts'))
    .sort();
}

const isUnitFile = (file: string) => file.endsWith('.unit.test.ts');

/** Relative value imports of a file (static, re-exports and dynamic); `import type` needs no module at run time. */
function valueImports(file: string): string[] {
  const text = readFileSync(path.join(root, file), 'utf8');
  const specifiers = [
    ...[...text.matchAll(/^\s*(?:import|export)\s+(?!type\s)[^;]*?from\s*'(\.[^']+)'/gms)].map((m) => m[1]),
    ...[...text.matchAll(/^\s*import\s*'(\.[^']+)'/gm)].map((m) => m[1]),
    ...[...text.matchAll(/\bimport\(\s*'(\.[^']+)'\s*\)/g)].map((m) => m[1]),
  ];
  return specifiers.map((specifier) => {
    const target = path.join(path.dirname(file), specifier).replace(/\.js$/, '.ts');
    return existsSync(path.join(root, target)) ? target : target.replace(/\.ts$/, '/index.ts');
  });
}

/**
 * The database modules a test file reaches: through its own imports and, transitively, through the
 * test helpers and fixtures it uses. Source modules are checked but not followed (most of src/ sits
 * beside the kernel without opening a database).
 */
function databaseModulesReachedBy(testFile: string): string[] {
  const reached = new Set<string>();
  const seen = new Set<string>();
  const pending = [testFile];
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (seen.has(file) || !existsSync(path.join(root, file))) continue;
    seen.add(file);
    for (const target of valueImports(file)) {
      if (DATABASE_MODULES.includes(target)) reached.add(target);
      else if (target.startsWith('test/')) pending.push(target);
    }
  }
  return [...reached].sort();
}

describe('test tiers', () => {
  const files = testFiles();

  it('unit files (*.unit.test.ts) reach no database module', () => {
    const offenders = files.filter(isUnitFile).flatMap((file) => {
      const reached = databaseModulesReachedBy(file);
      return reached.length > 0 ? [`${file} (rename to *.test.ts): ${reached.join(', ')}`] : [];
    });
    expect(offenders).toEqual([]);
  });

  it('every other test file needs a database, so pure tests stay in the fast tier', () => {
    const pure = files.filter((file) => !isUnitFile(file) && databaseModulesReachedBy(file).length === 0);
    expect(pure.map((file) => `${file} (rename to *.unit.test.ts)`)).toEqual([]);
  });

  it('sees a database module through a chain of test helpers and ignores type-only imports', () => {
    // store-api-client.ts imports test-platform.ts; the runner test imports only the kernel's types
    expect(databaseModulesReachedBy('test/platform/store-api/payment-method.test.ts')).toContain('test/helpers/test-platform.ts');
    expect(valueImports('test/platform/console/runner.unit.test.ts')).not.toContain('src/platform/kernel.ts');
    expect(files).toContain('test/platform/console/runner.unit.test.ts');
  });
});
