export interface Row {
  case: string;
  runs: number;
  'mean ms': string;
  'p95 ms': string;
  'ops/s': string;
}

/** Runs `fn` a few times to warm up, then `runs` times; mean, p95 and throughput of the timed runs. */
export async function measure(name: string, runs: number, fn: () => Promise<unknown>): Promise<Row> {
  for (let i = 0; i < Math.min(5, runs); i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await fn();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const mean = times.reduce((a, b) => a + b, 0) / times.length;
  return {
    case: name,
    runs,
    'mean ms': mean.toFixed(2),
    'p95 ms': times[Math.floor(times.length * 0.95)]!.toFixed(2),
    'ops/s': (1000 / mean).toFixed(0),
  };
}
