// `npm run build` (also run by `npm ci`/`npm install` through `prepare`): src/ transpiled to dist/ file by
// file (esbuild, no bundling, no type check: `npm run typecheck` does that), and every other file of src/
// (templates, styles, scripts, blueprints) copied beside it, so `npm start` and `bin/console` run plain
// JavaScript; then the Administration (src/admin, scripts/build-admin.mjs) is bundled into dist/admin.
// Takes a few seconds. `--if-stale` builds only when a file of src/ is newer than the last build (what
// `npm start` checks first, scripts/start.mjs), so edited code never starts as its old build.
import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { buildAdmin } from './build-admin.mjs';
import { buildIsStale, dist, files, src, stamp } from './build-stamp.mjs';

/** The Administration's sources (bundled by Vite below, not run by Node): src/admin and src/extensions/<name>/admin. */
const isAdminUi = (file) => {
  const parts = path.relative(src, file).split(path.sep);
  return parts[0] === 'admin' || (parts[0] === 'extensions' && parts[2] === 'admin');
};

const started = performance.now();
if (process.argv.includes('--if-stale') && !buildIsStale()) process.exit(0);
const all = files(src);
rmSync(dist, { recursive: true, force: true });
const server = all.filter((file) => !isAdminUi(file));
const sources = server.filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'));
await build({
  entryPoints: sources,
  outdir: dist,
  outbase: src,
  bundle: false,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: 'linked',
  logLevel: 'warning',
});
for (const file of server.filter((file) => !file.endsWith('.ts'))) cpSync(file, path.join(dist, path.relative(src, file)));
console.log(`built ${sources.length} modules into dist/ in ${Math.round(performance.now() - started)} ms`);

// the console's help reads this instead of loading every module
const { writeCommandManifest } = await import(path.join(dist, 'platform/console/command-catalog.js'));
const loadExtensions = async () => (await import(path.join(dist, 'main.js'))).extensions;
console.log(`console manifest: ${await writeCommandManifest(loadExtensions)} commands`);

try {
  await buildAdmin();
} catch (error) {
  // without the stamp the next `--if-stale` start builds again instead of serving no Administration
  rmSync(stamp, { force: true });
  throw error;
}
