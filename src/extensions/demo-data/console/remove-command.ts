import { EXIT, UsageError, type ConsoleCommand, type ExtensionHost } from '../../../platform/sdk/index.js';
import { loadBlueprint } from '../blueprint/load-blueprint.js';
import { describeOptionProblems, resolveSeedOptions } from '../options.js';
import { createProgress } from '../progress.js';
import { renderRemoval } from '../remove/render-removal.js';
import { executeRemoval } from '../run/execute-run.js';
import { takeRunLease } from '../run/run-lease.js';
import { readStatus } from '../run/status-record.js';

/**
 * `bin/console ext:demo-data:remove`: deletes what demo data created and nobody changed since, and lists
 * what it keeps and why. `--dry-run` prints the same tally and writes nothing. Refused (exit 1) while
 * another run (seed or removal) is active anywhere; an unknown channel is a usage error (exit 2).
 */
export const removeCommand: ConsoleCommand<ExtensionHost> = {
  name: 'ext:demo-data:remove',
  description: 'Removes the demo data it created (never adopted, merchant-made or changed rows) and lists what it kept',
  options: {
    channel: { type: 'string', short: 'c', multiple: true, valueName: '<key>', description: 'Remove only this channel (repeatable, or comma-separated); default: all' },
    'dry-run': { type: 'boolean', description: 'Print what would be removed and kept; write nothing' },
  },
  async run(input, io, host) {
    const blueprint = await loadBlueprint();
    const resolved = resolveSeedOptions({ channels: input.options.channel }, blueprint);
    if (!resolved.ok) throw new UsageError(describeOptionProblems(resolved.problems).join('\n'));
    const dryRun = input.options['dry-run'] === true;
    const lease = await takeRunLease(host);
    if (!lease) {
      const status = await readStatus(host);
      io.err(`Another demo data run is active (started ${status.startedAt ?? status.queuedAt ?? 'just now'}); try again when it has finished.`);
      return EXIT.failure;
    }
    io.out(dryRun ? 'Demo data removal (dry run: nothing is written)' : 'Demo data removal');
    io.out(`Channels: ${resolved.options.channels.join(', ')}`);
    const progress = createProgress({ isTTY: false, write: (text) => io.err(text.replace(/\n$/, '')) });
    const startedAt = performance.now();
    const outcome = await executeRemoval(host, lease, blueprint, { channels: resolved.options.channels, dryRun }, progress);
    if (!outcome.ran) {
      io.err('The run lease was lost before the run started; try again.');
      return EXIT.failure;
    }
    io.out('');
    for (const line of renderRemoval(outcome.result)) io.out(line);
    io.out(`(${((performance.now() - startedAt) / 1000).toFixed(1)} s)`);
    return EXIT.ok;
  },
};
