import { readFileSync } from 'node:fs';
import { expectStatus, request, type Answer } from './http.js';
import { placeOrder } from './shop.js';
import type { Suite } from './suite.js';

const MAPPING = '/api/_action/ext-order-export/mapping';
/** 40 a's and a "!": minutes of backtracking in one native call (catastrophic backtracking in a single regex match). */
const BACKTRACKING = `$match("${'a'.repeat(40)}!", /(a+)+$/)`;
const PAD_200_MB = '$pad("", 200000000, "x")';
const HEALTH_P99_LIMIT_MS = 100;
const RSS_GROWTH_LIMIT_MB = 100;

/**
 * Untrusted mappings in the sandbox: the hostile probe's freezes (a backtracking regular expression in a
 * preview, YAML with 50,000 aliases) sent by the read-only demo user to app A, four at a time, while
 * another client polls app A's health check: every poll answers (p99 under 100 ms) and every attack gets
 * its answer in the route's shape. Then the 400 MB preview (two `$pad` fields of 200 million characters):
 * refused, and app A's resident memory grows by less than 100 MB while it runs.
 */
export async function hostileMappings(suite: Suite): Promise<void> {
  const appA = suite.apps[0]!;
  const demo = await demoUserToken(appA.baseUrl, suite.token);
  const order = await placeOrder(appA.baseUrl, suite.shop, null, 1);
  const post = (path: string, body: unknown) => request(appA.baseUrl, 'POST', `${MAPPING}/${path}`, { token: demo, body, timeoutMs: 60_000 });
  // the pool starts with the first task: a plain preview first, so the figures are about the attacks
  expectStatus(await post('preview', { definition: { fields: { number: { expr: 'orderNumber' } } }, orderId: order.orderId }), 200, 'plain preview');

  // the same polling without attacks, for reading the figure below against the machine's load
  const quiet = pollHealth(appA.baseUrl);
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const quietLatencies = await quiet.stop();
  suite.report('sandbox health check of the same process before the attacks: p99 / max ms (polls)', `${percentile(quietLatencies, 0.99).toFixed(1)} / ${Math.max(...quietLatencies.map((l) => l.ms)).toFixed(1)} (${quietLatencies.length})`, true);

  const poller = pollHealth(appA.baseUrl);
  const regex = { definition: { fields: { number: { expr: 'orderNumber' }, hang: { expr: BACKTRACKING } } }, orderId: order.orderId };
  const aliases = { content: `a: &x v\nb:\n${Array.from({ length: 50_000 }, (_, i) => `  k${i}: *x`).join('\n')}\n`, format: 'yaml' };
  const [previews, imports] = await Promise.all([Promise.all([1, 2, 3, 4].map(() => post('preview', regex))), Promise.all([1, 2, 3, 4].map(() => post('import', aliases)))]);
  const latencies = await poller.stop();

  const stopped = previews.filter((a) => a.status === 200 && sameJson(a.json(), { valid: false, problems: ['definition: the render was stopped: it took longer than 2000 ms'], data: {}, errors: {} })).length;
  suite.report('sandbox 4 backtracking previews from the demo user: stopped at the time limit, in the answer shape', `${stopped} / 4 (statuses ${previews.map((a) => a.status).join(',')})`, stopped === 4);
  const refused = imports.filter((a) => a.status === 200 && sameJson(a.json(), { valid: false, error: 'YAML error: more than 100 aliases' })).length;
  suite.report('sandbox 4 imports of 50,000 YAML aliases from the demo user: refused in the answer shape', `${refused} / 4 (statuses ${imports.map((a) => a.status).join(',')})`, refused === 4);
  const p99 = percentile(latencies, 0.99);
  suite.report(
    'sandbox health check of the same process during the attacks: p99 / max ms (polls, failed)',
    `${p99.toFixed(1)} / ${Math.max(...latencies.map((l) => l.ms)).toFixed(1)} (${latencies.length}, ${latencies.filter((l) => !l.ok).length})`,
    latencies.length >= 20 && p99 < HEALTH_P99_LIMIT_MS && latencies.every((l) => l.ok),
  );

  const pid = appA.child.pid!;
  const before = residentMb(pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, residentMb(pid))), 10);
  let padded: Answer;
  try {
    padded = await post('preview', { definition: { fields: { a: { expr: PAD_200_MB }, b: { expr: PAD_200_MB } } }, orderId: order.orderId });
  } finally {
    clearInterval(sampler);
  }
  peak = Math.max(peak, residentMb(pid));
  const errors = padded.status === 200 ? (padded.json() as { data?: object; errors?: Record<string, string> }) : undefined;
  const refusedBoth = errors !== undefined && Object.keys(errors.data ?? {}).length === 0 && ['a', 'b'].every((field) => /^Evaluation made a text longer than \d+ characters \(U1003/.test(errors.errors?.[field] ?? ''));
  suite.report('sandbox 400 MB preview from the demo user: status, answer size bytes', `${padded.status}, ${padded.text.length}`, refusedBoth && padded.text.length < 10_000);
  suite.report('sandbox 400 MB preview: resident memory growth of the process MB', (peak - before).toFixed(1), peak - before < RSS_GROWTH_LIMIT_MB);
}

/** The read-only demo user (every `:read` privilege, nothing else) with a fresh password, logged in. */
async function demoUserToken(baseUrl: string, adminToken: string): Promise<string> {
  const user = expectStatus(await request(baseUrl, 'POST', '/api/_action/ext-demo-data/demo-user', { token: adminToken, body: { rotatePassword: true } }), 200, 'demo user').json();
  const login = await request(baseUrl, 'POST', '/api/oauth/token', { body: { grant_type: 'password', client_id: 'administration', username: user.username, password: user.password } });
  return expectStatus(login, 200, 'demo user login').json().access_token as string;
}

interface Poll {
  ms: number;
  ok: boolean;
}

/** One health check after the other until stopped; each one's latency. */
function pollHealth(baseUrl: string): { stop(): Promise<Poll[]> } {
  const polls: Poll[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      const answer = await request(baseUrl, 'GET', '/api/_info/health-check', { timeoutMs: 30_000 });
      polls.push({ ms: performance.now() - started, ok: answer.status === 200 });
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return polls;
    },
  };
}

function percentile(polls: Poll[], share: number): number {
  const sorted = polls.map((p) => p.ms).sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? Number.NaN;
}

/** VmRSS of a process in MB (Linux). */
function residentMb(pid: number): number {
  const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kb) / 1024;
}

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
