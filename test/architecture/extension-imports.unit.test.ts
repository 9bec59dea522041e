import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const EXTENSIONS_DIR = path.resolve(import.meta.dirname, '../../src/extensions');
const IMPORT = /(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx|mts)$/.test(entry) ? [full] : [];
  });
}

/** Every module specifier a file imports or re-exports. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(IMPORT)].map((match) => match[1] ?? match[2]!);
}

describe('architecture: extensions see the host only through the SDK', () => {
  const files = sourceFiles(EXTENSIONS_DIR);

  it('finds the extension sources', () => {
    expect(files.length).toBeGreaterThan(20);
  });

  it('no file under src/extensions imports anything of src/platform but src/platform/sdk/index', () => {
    const offenders = files.flatMap((file) =>
      importsOf(file)
        .filter((specifier) => specifier.startsWith('.'))
        .map((specifier) => ({ file, target: path.resolve(path.dirname(file), specifier) }))
        .filter(({ target }) => target.includes(`${path.sep}src${path.sep}platform${path.sep}`) && !target.endsWith(path.join('platform', 'sdk', 'index.js')))
        .map(({ file, target }) => `${path.relative(EXTENSIONS_DIR, file)} -> ${path.relative(path.resolve(EXTENSIONS_DIR, '..'), target)}`),
    );
    expect(offenders).toEqual([]);
  });

  it('no extension imports another extension (only the shared kits beginning with "_")', () => {
    const offenders = files.flatMap((file) => {
      const own = path.relative(EXTENSIONS_DIR, file).split(path.sep)[0]!;
      return importsOf(file)
        .filter((specifier) => specifier.startsWith('.'))
        .map((specifier) => path.relative(EXTENSIONS_DIR, path.resolve(path.dirname(file), specifier)).split(path.sep)[0]!)
        .filter((folder) => !folder.startsWith('..') && folder !== own && !folder.startsWith('_'))
        .map((folder) => `${path.relative(EXTENSIONS_DIR, file)} -> ${folder}`);
    });
    expect(offenders).toEqual([]);
  });
});
