import path from 'node:path';
import madge from 'madge';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SRC = path.join(ROOT, 'src');

/**
 * The kernel is the composition root (docs/architecture.md): it imports the services and builds them,
 * nothing below it imports it back. Services get the narrow dependencies they use; module hooks and
 * routes pick from `PlatformServices`. An import back to the kernel closes a circle through every
 * module, so both rules are checked here on the whole import graph of src/ (type imports included).
 */
describe('architecture: no import circles in src/, the kernel imported only by the entry points', () => {
  const graph = madge(SRC, { baseDir: SRC, fileExtensions: ['ts', 'tsx'], tsConfig: path.join(ROOT, 'tsconfig.json') });

  it('madge finds no circular import in src/', async () => {
    const result = await graph;
    expect(Object.keys(result.obj()).length).toBeGreaterThan(300);
    expect(result.circular()).toEqual([]);
  }, 60_000);

  it('no file under src/platform but the kernel imports platform/kernel.ts', async () => {
    const imports = (await graph).obj();
    const importers = Object.entries(imports)
      .filter(([file, targets]) => file.startsWith('platform/') && file !== 'platform/kernel.ts' && targets.includes('platform/kernel.ts'))
      .map(([file]) => file);
    expect(importers).toEqual([]);
  }, 60_000);
});
