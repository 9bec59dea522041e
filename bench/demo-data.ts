import type { Platform } from '../src/platform/kernel.js';
import { loadBlueprint } from '../src/extensions/demo-data/blueprint/load-blueprint.js';
import { resolveSeedOptions } from '../src/extensions/demo-data/options.js';
import { removeDemoData } from '../src/extensions/demo-data/remove/remove-demo-data.js';
import { seedDemoData } from '../src/extensions/demo-data/seed/seed-demo-data.js';
import { countWrites } from '../test/extensions/demo-data/write-counter.js';
import { summarize, type Row } from './measure.js';

/**
 * Demo data: a cold seed of the shipped blueprint (all channels, the default size, orders on, images
 * off) and then no-op runs (three, reported by their median: one alone swings by a fifth with machine
 * noise): their time and the write statements they sent (must be 0). Then the removal of all of it
 * (target: 1,000 rows/s or faster), counted in rows the tally names as removed (cascaded child rows such
 * as order line items and visibilities come on top).
 */
const WARM_RUNS = 3;

export async function demoDataCases(platform: Platform, notes: (line: string) => void): Promise<Row[]> {
  const host = platform.extensions.hostOf('ExtDemoData');
  const blueprint = await loadBlueprint();
  const resolved = resolveSeedOptions({ skipMedia: true }, blueprint);
  if (!resolved.ok) throw new Error('default options refused');
  const writes = countWrites(platform.database.pool);

  const coldStart = performance.now();
  const cold = await seedDemoData(host, blueprint, resolved.options);
  const coldMs = performance.now() - coldStart;
  const coldWrites = writes.writes.length;

  const warmTimes: number[] = [];
  const warmWrites: number[] = [];
  let warm = cold;
  for (let i = 0; i < WARM_RUNS; i++) {
    writes.reset();
    const warmStart = performance.now();
    warm = await seedDemoData(host, blueprint, resolved.options);
    warmTimes.push(performance.now() - warmStart);
    warmWrites.push(writes.writes.length);
  }
  const warmMs = [...warmTimes].sort((a, b) => a - b)[Math.floor(WARM_RUNS / 2)]!;

  const created = cold.report.totals.created;
  notes(
    `demo data cold seed (no images): ${created} entities created (${cold.plannedNodes} plan nodes, ${cold.rowsWritten} rows incl. children) in ${(coldMs / 1000).toFixed(1)} s = ` +
      `${((cold.rowsWritten * 1000) / coldMs).toFixed(0)} rows/s, ${((created * 1000) / coldMs).toFixed(0)} entities/s, ${coldWrites} write statements`,
  );
  notes(
    `demo data second run (median of ${WARM_RUNS} no-op runs: ${warmTimes.map((ms) => ms.toFixed(0)).join(' / ')} ms): ${(warmMs / 1000).toFixed(2)} s (${((warmMs / coldMs) * 100).toFixed(1)} % of cold), ` +
      `${Math.max(...warmWrites)} write statements, ` +
      `tally created ${warm.report.totals.created} / enriched ${warm.report.totals.enriched}`,
  );

  writes.reset();
  const removeStart = performance.now();
  const removal = await removeDemoData(host, blueprint, { channels: [], dryRun: false });
  const removeMs = performance.now() - removeStart;
  notes(
    `demo data removal: ${removal.removed} rows removed (${removal.kept.length} kept: ${[...new Set(removal.kept.map((k) => k.reason))].join(', ') || 'none'}) in ${(removeMs / 1000).toFixed(2)} s = ` +
      `${((removal.removed * 1000) / removeMs).toFixed(0)} rows/s (target 1,000), ${writes.writes.length} write statements`,
  );
  return [
    summarize('demo data: cold seed, default blueprint, no images', [coldMs]),
    summarize('demo data: second run (no-op)', warmTimes),
    summarize('demo data: removal of the default blueprint', [removeMs]),
  ];
}
