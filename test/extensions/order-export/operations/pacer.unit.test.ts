import { describe, expect, it } from 'vitest';
import { createPacer } from '../../../../src/extensions/order-export/replay/pacer.js';

describe('createPacer: a bulk replay keeps the target\'s rate', () => {
  it('spaces starts 1000/perSecond ms apart on the given clock, and lets everything through without a rate', async () => {
    let clock = 1_000;
    const slots: number[] = [];
    const realTimeout = globalThis.setTimeout;
    // the pacer waits with setTimeout: advance the fake clock instead of waiting
    globalThis.setTimeout = ((fn: () => void, ms: number) => {
      clock += ms;
      fn();
      return 0;
    }) as typeof setTimeout;
    try {
      const pace = createPacer(4, () => clock);
      for (let i = 0; i < 4; i++) {
        await pace();
        slots.push(clock);
      }
    } finally {
      globalThis.setTimeout = realTimeout;
    }
    expect(slots).toEqual([1_000, 1_250, 1_500, 1_750]);
    const free = createPacer(null);
    await free();
  });
});
