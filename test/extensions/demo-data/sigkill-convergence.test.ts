import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checksum, rerunAfterKill, runConsole, SEED_ARGS } from './console-run.js';

// a removal killed the same way: removal-sigkill.test.ts
// the embedded database only: the command line opens its own data directory
describe.skipIf(Boolean(process.env.DATABASE_URL))('demo data: a run killed with SIGKILL converges', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'demo-kill-'));
    dirs.push(dir);
    return dir;
  };
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('re-running after kill -9 mid-run gives exactly the rows of an uninterrupted run', { timeout: 900_000 }, async () => {
    const interrupted = tempDir();
    const killedRun = await runConsole(interrupted, SEED_ARGS, /^(product|customer|order): \d+/);
    expect(killedRun.killed).toBe(true);
    expect(killedRun.signal).toBe('SIGKILL');
    // the killed run's lease blocks until it expires (20 seconds at most): the re-run is refused until then
    const rerun = await rerunAfterKill(interrupted, SEED_ARGS);
    expect(rerun.code, rerun.stderr).toBe(0);

    const clean = tempDir();
    expect((await runConsole(clean, SEED_ARGS)).code).toBe(0);

    expect(await checksum(interrupted)).toEqual(await checksum(clean));
  });
});
