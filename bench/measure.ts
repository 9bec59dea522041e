export interface Row {
  case: string;
  runs: number;
  'mean ms': string;
  'p50 ms': string;
  'p95 ms': string;
  'ops/s': string;
}

/** Runs `fn` a few times to warm up, then `runs` times; mean, p50, p95 and throughput of the timed runs. */
export async function measure(name: string, runs: number, fn: () => Promise<unknown>): Promise<Row> {
  for (let i = 0; i < Math.min(5, runs); i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await fn();
    times.push(performance.now() - start);
  }
  return summarize(name, times);
}

/** Mean, p50, p95 and throughput of timed runs (milliseconds); sub-millisecond figures get three decimals. */
export function summarize(name: string, times: number[]): Row {
  const sorted = [...times].sort((a, b) => a - b);
  const mean = sorted.reduce((a, b) => a + b, 0) / sorted.length;
  const ms = (value: number) => value.toFixed(value < 1 ? 3 : 2);
  return {
    case: name,
    runs: sorted.length,
    'mean ms': ms(mean),
    'p50 ms': ms(sorted[Math.floor(sorted.length * 0.5)]!),
    'p95 ms': ms(sorted[Math.floor(sorted.length * 0.95)]!),
    'ops/s': (1000 / mean).toFixed(0),
  };
}
