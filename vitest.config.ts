import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Two tiers, chosen by file name (test/test-tiers.unit.test.ts enforces the rule):
 * - `unit`: `*.unit.test.ts`, tests that need no database (pure functions, parsers, the simulators).
 *   No global setup, so `npm run test:unit` starts at once.
 * - `integration`: every other `*.test.ts`. Each file gets its own database cloned from a template
 *   that the global setup migrates once per run.
 */
const UNIT_TEST_FILES = ['test/**/*.unit.test.ts', 'src/**/*.unit.test.ts'];
/** `TEST_WITHOUT_BROWSER=1` leaves out the browser files (CI's embedded run: they check pages, not the database, and run on PostgreSQL). */
const BROWSER_FILES = process.env.TEST_WITHOUT_BROWSER === '1' ? ['**/*-browser.test.ts'] : [];

export default defineConfig({
  test: {
    // an embedded PGlite takes ~0.5 GB per file; two workers match the two cores CI has
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: UNIT_TEST_FILES },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...UNIT_TEST_FILES, ...BROWSER_FILES],
          globalSetup: ['test/helpers/global-setup.ts'],
          // files share their worker's loaded modules: each file still gets its own database and platform,
          // and nothing the app keeps per process lives outside the instances a file creates (module state is
          // keyed by instance). Loading the module graph once per worker halved the suite's wall time
          // (embedded: 942 s -> 472 s on 2 cores); a file that needs a fresh module graph must say why here.
          isolate: false,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
