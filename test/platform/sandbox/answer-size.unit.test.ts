import { describe, expect, it } from 'vitest';
import { answerProblem } from '../../../src/platform/sandbox/answer-size.js';

describe('answer size: what a sandbox answer would be as JSON, measured without writing it', () => {
  it('counts exactly the bytes JSON.stringify writes', () => {
    const values: unknown[] = [
      { orderNumber: '10042', lines: [{ sku: 'SW-1000', qty: 1, price: 9.99 }], customer: { email: 'ada@example.com', name: 'Ada Lovelace' } },
      { quote: 'say "hi"\\', controls: '\n\t\u0001\u001f', umlaut: 'Müller', emoji: '😀', euro: '€' },
      { skipped: undefined, fn: () => 1, kept: [undefined, () => 1, null, true, false, -0, 1e21, 0.1] },
      [[[]], {}, { '': '' }],
      'plain',
      42,
      null,
    ];
    for (const value of values) {
      const bytes = Buffer.byteLength(JSON.stringify(value), 'utf8');
      expect(answerProblem(value, bytes, 64)).toBeUndefined();
      expect(answerProblem(value, bytes - 1, 64)).toEqual({ limit: 'size', message: `its answer is larger than ${bytes - 1} bytes` });
    }
  });

  it('refuses by depth, and a string longer than what is left by its length alone', () => {
    let deep: unknown = 1;
    for (let level = 0; level < 100_000; level++) deep = [deep];
    expect(answerProblem(deep, Number.MAX_SAFE_INTEGER, 64)).toEqual({ limit: 'depth', message: 'its answer nests deeper than 64 levels' });
    expect(answerProblem({ a: [[1]] }, 1000, 3)).toBeUndefined();
    expect(answerProblem({ a: [[[1]]] }, 1000, 3)).toMatchObject({ limit: 'depth' });
    // a rope of two halves: never made flat
    const half = 'x'.repeat(10_000_000);
    expect(answerProblem({ text: half + half }, 1024 * 1024, 64)).toMatchObject({ limit: 'size' });
  });
});
