export interface Row {
  case: string;
  runs: number;
  'mean ms': string;
  'p50 ms': string;
  'p95 ms': string;
  'ops/s': string;
  /** The case this one is compared with, measured in the same run (bare round trip, hand-written SQL, ...). */
  baseline?: string;
  /** p50 of this case over p50 of the baseline. */
  ratio?: string;
  /** What the ratio should be at most (benchmark targets; never asserted in tests). */
  target?: string;
}

/**
 * Runs `fn` to warm up (5 times, or `warmUpRuns`), then `runs` times; mean, p50, p95 and throughput of the
 * timed runs. Cases that consume a fixture per run (an order per webhook, a refund per run) count on the 5.
 * A server answers from optimised code only after its first few thousand requests: a long code path (the
 * Admin search) went from 1.24 ms p50 in its first 300 requests to 0.84–0.91 ms after 2,000 (measured in
 * batches), while its hand-written SQL baseline was warm at once, so a case compared with such a baseline
 * passes a longer warm-up to both.
 */
export async function measure(name: string, runs: number, fn: () => Promise<unknown>, warmUpRuns = Math.min(WARM_UP_RUNS, runs)): Promise<Row> {
  for (let i = 0; i < warmUpRuns; i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await fn();
    times.push(performance.now() - start);
  }
  return summarize(name, times);
}

const WARM_UP_RUNS = 5;

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

/** The row with its ratio to a baseline row of the same run (p50 over p50) and the target that ratio has. */
export function compared(row: Row, baseline: Row, target: string): Row {
  const ratio = Number(row['p50 ms']) / Number(baseline['p50 ms']);
  return { ...row, baseline: baseline.case, ratio: `${ratio.toFixed(2)}×`, target };
}

/** Throughput of a storm (`total` requests from `senders` concurrent loops, over `elapsedMs` of wall time). */
export function stormRow(name: string, total: number, senders: number, elapsedMs: number): Row {
  const mean = elapsedMs / total;
  return { case: name, runs: total, 'mean ms': (mean * senders).toFixed(3), 'p50 ms': '', 'p95 ms': '', 'ops/s': ((total * 1000) / elapsedMs).toFixed(0) };
}
