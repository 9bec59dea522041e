import type { Platform } from '../src/platform/kernel.js';
import { loadBlueprint } from '../src/extensions/demo-data/blueprint/load-blueprint.js';
import { resolveSeedOptions } from '../src/extensions/demo-data/options.js';
import { seedDemoData } from '../src/extensions/demo-data/seed/seed-demo-data.js';
import { countWrites } from '../test/extensions/demo-data/write-counter.js';
import { summarize, type Row } from './measure.js';

/**
 * Demo data: a cold seed of the shipped blueprint (all channels, the default size, orders on, images
 * off) and a second, no-op run: its time and the write statements it sent (must be 0).
 */
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

  writes.reset();
  const warmStart = performance.now();
  const warm = await seedDemoData(host, blueprint, resolved.options);
  const warmMs = performance.now() - warmStart;

  const created = cold.report.totals.created;
  notes(
    `demo data cold seed (no images): ${created} entities created (${cold.plannedNodes} plan nodes, ${cold.rowsWritten} rows incl. children) in ${(coldMs / 1000).toFixed(1)} s = ` +
      `${((cold.rowsWritten * 1000) / coldMs).toFixed(0)} rows/s, ${((created * 1000) / coldMs).toFixed(0)} entities/s, ${coldWrites} write statements`,
  );
  notes(
    `demo data second run: ${(warmMs / 1000).toFixed(2)} s (${((warmMs / coldMs) * 100).toFixed(1)} % of cold), ${writes.writes.length} write statements, ` +
      `tally created ${warm.report.totals.created} / enriched ${warm.report.totals.enriched}`,
  );
  return [summarize('demo data: cold seed, default blueprint, no images', [coldMs]), summarize('demo data: second run (no-op)', [warmMs])];
}
