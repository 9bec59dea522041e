import { EXIT, UsageError, type ConsoleCommand, type ExtensionHost } from '../../../platform/sdk/index.js';
import { loadBlueprint } from '../blueprint/load-blueprint.js';
import { BlueprintError } from '../blueprint/problems.js';
import { describeOptionProblems, resolveSeedOptions, SEED_COMMAND_OPTIONS, seedInputFromCli } from '../options.js';
import { createProgress } from '../progress.js';
import { executeRun } from '../run/execute-run.js';
import { takeRunLease } from '../run/run-lease.js';
import { readStatus } from '../run/status-record.js';
import { countRealOrders, realOrdersMessage } from '../remove/real-orders.js';
import { renderTally } from '../tally.js';

/**
 * `bin/console ext:demo-data:seed`: creates or completes the demo catalogue and prints the tally. Refused
 * (exit 1) while another run is active anywhere, and in a shop with real orders unless `--force`; bad
 * options are a usage error (exit 2).
 */
export const seedCommand: ConsoleCommand<ExtensionHost> = {
  name: 'ext:demo-data:seed',
  description: 'Creates or completes the demo catalogue (idempotent) and prints a per-entity tally',
  options: SEED_COMMAND_OPTIONS,
  async run(input, io, host) {
    const { blueprintFile, input: optionInput } = seedInputFromCli(input.options);
    let blueprint;
    try {
      blueprint = await loadBlueprint(blueprintFile);
    } catch (error) {
      if (error instanceof BlueprintError) throw new UsageError(error.message);
      throw error;
    }
    const resolved = resolveSeedOptions(optionInput, blueprint);
    if (!resolved.ok) throw new UsageError(describeOptionProblems(resolved.problems).join('\n'));

    if (input.options.force !== true) {
      const realOrders = await countRealOrders(host, blueprint);
      if (realOrders > 0) {
        io.err(`${realOrdersMessage(realOrders)} Run again with --force to seed anyway.`);
        return EXIT.failure;
      }
    }
    const lease = await takeRunLease(host);
    if (!lease) {
      const status = await readStatus(host);
      io.err(`Another demo data run is active (started ${status.startedAt ?? status.queuedAt ?? 'just now'}); try again when it has finished.`);
      return EXIT.failure;
    }
    io.out('Demo data');
    io.out(`Channels: ${resolved.options.channels.join(', ')}; ${resolved.options.perCategory} products per category${resolved.options.skipMedia ? '; no images' : ''}${resolved.options.skipOrders ? '; no customers and orders' : ''}`);
    // progress lines go to stderr: stdout keeps just the report
    const progress = createProgress({ isTTY: false, write: (text) => io.err(text.replace(/\n$/, '')) });
    const startedAt = performance.now();
    const outcome = await executeRun(host, lease, blueprint, resolved.options, progress);
    if (!outcome.ran) {
      io.err('The run lease was lost before the run started; try again.');
      return EXIT.failure;
    }
    io.out('');
    for (const line of renderTally(outcome.result.report)) io.out(line);
    io.out(`(${((performance.now() - startedAt) / 1000).toFixed(1)} s)`);
    return EXIT.ok;
  },
};
