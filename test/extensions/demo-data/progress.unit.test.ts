import { describe, expect, it } from 'vitest';
import { createProgress } from '../../../src/extensions/demo-data/progress.js';

function recorder(isTTY: boolean, columns = 60) {
  const chunks: string[] = [];
  return { output: { isTTY, columns, write: (t: string) => chunks.push(t) }, chunks };
}

describe('progress', () => {
  it('writes whole lines when not on a terminal: start, each quarter, done', () => {
    const { output, chunks } = recorder(false);
    const progress = createProgress(output);
    progress.start('products', 8);
    for (let i = 0; i < 8; i++) progress.advance();
    progress.start('media', 0);
    progress.finish();
    progress.finish();
    expect(chunks).toEqual([
      'products: 8 to check\n',
      'products: 2/8\n',
      'products: 4/8\n',
      'products: 6/8\n',
      'products: 8/8 done\n',
      'media: 0 to check\n',
      'media: 0/0 done\n',
    ]);
    expect(chunks.every((c) => !c.includes('\r'))).toBe(true);
  });

  it('redraws one bar on a terminal, at most once per interval, and ends the line when done', () => {
    const { output, chunks } = recorder(true, 60);
    let clock = 0;
    const progress = createProgress(output, { now: () => clock, redrawMs: 100 });
    progress.start('products', 4);
    progress.advance();
    progress.advance();
    clock = 150;
    progress.advance();
    clock = 160;
    // within the interval: not drawn until the phase finishes
    progress.advance();
    progress.finish();
    expect(chunks).toHaveLength(4);
    expect(chunks[0]).toBe(`\r${'[........................]   0% products 0/4'.padEnd(59)}`);
    expect(chunks[1]).toBe(`\r${'[##################......]  75% products 3/4'.padEnd(59)}`);
    expect(chunks[2]).toBe(`\r${'[########################] 100% products 4/4'.padEnd(59)}`);
    expect(chunks[3]).toBe('\n');
  });

  it('cuts the bar to the terminal width', () => {
    const { output, chunks } = recorder(true, 30);
    createProgress(output).start('a very long phase name that does not fit', 10);
    expect(chunks[0]!.length).toBe(1 + 29);
  });
});
