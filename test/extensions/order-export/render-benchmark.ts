import { compileMapping } from '../../../src/extensions/order-export/mapping/compile-mapping.js';
import { renderMapping } from '../../../src/extensions/order-export/mapping/renderer.js';
import { orderDocument, sampleMapping } from './fixtures/order-document.js';

export interface RenderFigures {
  lines: number;
  renders: number;
  /** median over batches of the wall time per render, in microseconds */
  medianUs: number;
  /** the fastest batch: the figure least disturbed by other processes */
  bestUs: number;
  /** process CPU time per render (user + system), in microseconds */
  cpuUs: number;
}

/**
 * Micro-benchmark of the hot path of an export: rendering an order through a compiled mapping (the
 * sample mapping: 13 fields, one of them a list of line objects). Compile happens once, outside the
 * timing, as with the compiled-mapping cache. Renders run in batches; the median and the best batch are
 * reported because the machine is shared.
 */
export async function measureRender(options: { lines?: number; batches?: number; batchSize?: number; warmup?: number } = {}): Promise<RenderFigures> {
  const lines = options.lines ?? 20;
  const batches = options.batches ?? 20;
  const batchSize = options.batchSize ?? 100;
  const compiled = compileMapping(sampleMapping);
  const order = orderDocument(lines);
  for (let index = 0; index < (options.warmup ?? 500); index++) await renderMapping(compiled, order);
  const perRender: number[] = [];
  const cpuStart = process.cpuUsage();
  for (let batch = 0; batch < batches; batch++) {
    const started = performance.now();
    for (let index = 0; index < batchSize; index++) await renderMapping(compiled, order);
    perRender.push(((performance.now() - started) * 1000) / batchSize);
  }
  const cpu = process.cpuUsage(cpuStart);
  perRender.sort((a, b) => a - b);
  const round = (value: number) => Math.round(value * 10) / 10;
  return {
    lines,
    renders: batches * batchSize,
    medianUs: round(perRender[Math.floor(perRender.length / 2)]!),
    bestUs: round(perRender[0]!),
    cpuUs: round((cpu.user + cpu.system) / (batches * batchSize)),
  };
}
