/**
 * Spaces starts `1000 / perSecond` ms apart (a target's `maxPerSecond`); `null` lets everything through.
 * Shared by the parallel sends of one run, so the run as a whole keeps the rate.
 */
export function createPacer(perSecond: number | null, now: () => number = Date.now): () => Promise<void> {
  if (perSecond === null) return async () => {};
  const interval = 1000 / perSecond;
  let next = 0;
  return async () => {
    const at = Math.max(now(), next);
    next = at + interval;
    const wait = at - now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  };
}
