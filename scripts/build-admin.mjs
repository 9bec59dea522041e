// The Administration (src/admin, React + Mantine) bundled by Vite into dist/admin, served at /admin by
// src/platform/http/admin-ui.ts. Called by scripts/build.mjs after the server build; no type check here
// (`npm run typecheck` and .ci/run check src/admin/tsconfig.json).
import { renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export async function buildAdmin() {
  const started = performance.now();
  const { build } = await import('vite');
  // built beside the served folder and swapped in at the end, so a running server never serves half a build
  const target = path.join(root, 'dist/admin');
  const next = `${target}.next-${process.pid}`;
  const old = `${target}.old-${process.pid}`;
  await build({
    configFile: false,
    root: path.join(root, 'src/admin'),
    base: '/admin/',
    logLevel: 'warn',
    // Vite's own transformer compiles the TSX (automatic JSX runtime): no React plugin needed
    oxc: { jsx: { runtime: 'automatic' } },
    build: {
      outDir: next,
      emptyOutDir: true,
      // source maps and size reports cost build time in every `npm ci`
      sourcemap: false,
      reportCompressedSize: false,
      chunkSizeWarningLimit: 2000,
      rolldownOptions: {
        // Mantine marks its files "use client" (for React server components): meaningless in a plain bundle
        onwarn(warning, warn) {
          if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
          warn(warning);
        },
      },
    },
  });
  rmSync(old, { recursive: true, force: true });
  try {
    renameSync(target, old);
  } catch (error) {
    if (error.code !== 'ENOENT') throw error;
  }
  renameSync(next, target);
  rmSync(old, { recursive: true, force: true });
  console.log(`built the Administration into dist/admin in ${Math.round(performance.now() - started)} ms`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await buildAdmin();
