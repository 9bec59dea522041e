/**
 * Runs one piece of work per key at a time within this process: callers arriving while it runs share
 * its result. Duplicate deliveries that arrive together then cost one gateway call; correctness across
 * processes still rests on the database row lock.
 */
export function createSingleFlight<T>(): (key: string, work: () => Promise<T>) => Promise<T> {
  const running = new Map<string, Promise<T>>();
  return (key, work) => {
    const existing = running.get(key);
    if (existing) return existing;
    const started = work().finally(() => running.delete(key));
    running.set(key, started);
    return started;
  };
}
