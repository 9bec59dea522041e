import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const EXTENSIONS_DIR = path.resolve(import.meta.dirname, '../../src/extensions');
const IMPORT = /(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|^import\s+['"]([^'"]+)['"]/gm;

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
  return [...text.matchAll(IMPORT)].map((match) => match[1] ?? match[2] ?? match[3]!);
}

describe('architecture: extensions see the host only through the SDK (the Administration SDK for admin code)', () => {
  const files = sourceFiles(EXTENSIONS_DIR);

  it('finds the extension sources', () => {
    expect(files.length).toBeGreaterThan(20);
  });

  // sdk/sandboxed.js: the light part of the SDK for modules that run inside sandbox workers
  it('no file under src/extensions imports anything of src/platform but src/platform/sdk/index (or sdk/sandboxed)', () => {
    const offenders = files.flatMap((file) =>
      importsOf(file)
        .filter((specifier) => specifier.startsWith('.'))
        .map((specifier) => ({ file, target: path.resolve(path.dirname(file), specifier) }))
        .filter(
          ({ target }) =>
            target.includes(`${path.sep}src${path.sep}platform${path.sep}`) &&
            !target.endsWith(path.join('platform', 'sdk', 'index.js')) &&
            !target.endsWith(path.join('platform', 'sdk', 'sandboxed.js')),
        )
        .map(({ file, target }) => `${path.relative(EXTENSIONS_DIR, file)} -> ${path.relative(path.resolve(EXTENSIONS_DIR, '..'), target)}`),
    );
    expect(offenders).toEqual([]);
  });

  // simulators (a `simulator/` folder, the shared `_simulator/` harness) are HTTP servers of their own, not extension routes
  it('no extension code outside a simulator imports fastify: routes are declared (src/platform/sdk/routes.ts)', () => {
    const fastify = /^(fastify|@fastify\/.+)$/;
    const offenders = files
      .map((file) => path.relative(EXTENSIONS_DIR, file).split(path.sep).join('/'))
      .filter((file) => !file.split('/').some((folder) => folder === 'simulator' || folder === '_simulator'))
      .flatMap((file) => importsOf(path.join(EXTENSIONS_DIR, file)).filter((specifier) => fastify.test(specifier)).map((specifier) => `${file} -> ${specifier}`));
    expect(offenders).toEqual([]);
  });

  it('admin code (src/extensions/*/admin) imports only the Administration SDK, React and Mantine', () => {
    const adminSdk = path.resolve(EXTENSIONS_DIR, '../admin/sdk');
    const packages = /^(react|react-dom|react-router|@mantine\/[a-z]+)(\/|$)/;
    const adminFiles = files.filter((file) => path.relative(EXTENSIONS_DIR, file).split(path.sep)[1] === 'admin');
    expect(adminFiles.length).toBeGreaterThan(0);
    const offenders = adminFiles.flatMap((file) =>
      importsOf(file)
        .filter((specifier) => {
          if (!specifier.startsWith('.')) return !packages.test(specifier);
          const target = path.resolve(path.dirname(file), specifier).replace(/\.(js|ts|tsx)$/, '');
          // its own admin folder, or the SDK
          const ownAdmin = path.join(EXTENSIONS_DIR, ...path.relative(EXTENSIONS_DIR, file).split(path.sep).slice(0, 2));
          return target !== adminSdk && !target.startsWith(`${ownAdmin}${path.sep}`);
        })
        .map((specifier) => `${path.relative(EXTENSIONS_DIR, file)} -> ${specifier}`),
    );
    expect(offenders).toEqual([]);
  });

  it('no server code of an extension imports its admin code (the browser bundle is not in dist/)', () => {
    const offenders = files
      .filter((file) => path.relative(EXTENSIONS_DIR, file).split(path.sep)[1] !== 'admin')
      .flatMap((file) =>
        importsOf(file)
          .filter((specifier) => specifier.startsWith('.') && path.relative(EXTENSIONS_DIR, path.resolve(path.dirname(file), specifier)).split(path.sep)[1] === 'admin')
          .map((specifier) => `${path.relative(EXTENSIONS_DIR, file)} -> ${specifier}`),
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
