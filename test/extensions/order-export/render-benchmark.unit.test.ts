import { describe, expect, it } from 'vitest';
import { measureRender } from './render-benchmark.js';

describe('render micro-benchmark', () => {
  it('measures renders of a 20-line order', async () => {
    const figures = await measureRender({ batches: 5, batchSize: 20, warmup: 50 });
    expect(figures).toMatchObject({ lines: 20, renders: 100 });
    expect(figures.bestUs).toBeGreaterThan(0);
    expect(figures.bestUs).toBeLessThanOrEqual(figures.medianUs);
    // a guard against gross regressions only (a shared 2-core machine); the figure is reported, not asserted
    expect(figures.medianUs).toBeLessThan(20_000);
  });
});
