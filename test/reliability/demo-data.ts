import type { Suite } from './suite.js';

// the scenarios before this one placed orders: a shop with orders asks for confirmRealOrders before seeding
const GENERATE = { channels: ['fresh'], perCategory: 1, withMedia: false, withOrders: false, confirmRealOrders: true };
const FINISH_WITHIN_MS = 120_000;

interface RunStatus {
  state: 'idle' | 'running' | 'finished' | 'failed';
  created: number;
  enriched: number;
  message: string | null;
}

/**
 * Demo-data runs started on both processes at once: exactly one is accepted (202), every other answer is
 * 409 with `accepted: false`; the accepted run finishes through the queue, and a second run afterwards
 * creates and enriches nothing. (A run killed with SIGKILL converging on re-run is the vitest test
 * `test/extensions/demo-data/sigkill-convergence.test.ts`.)
 */
export async function demoData(suite: Suite): Promise<void> {
  const [appA, appB] = suite.apps;
  const call = (baseUrl: string, method: string, path: string, body?: unknown) =>
    fetch(`${baseUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${suite.token}`, accept: 'application/json', ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });

  const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => call((i % 2 ? appB : appA)!.baseUrl, 'POST', '/api/_action/ext-demo-data/generate', GENERATE)));
  const statuses = answers.map((answer) => answer.status);
  const bodies = await Promise.all(answers.map((answer) => answer.json() as Promise<{ accepted?: boolean }>));
  const accepted = statuses.filter((status) => status === 202).length;
  const refusedInShape = bodies.filter((body, i) => statuses[i] === 409 && body.accepted === false).length;
  suite.report('demo-data 6 runs started on both processes: accepted / refused with 409', `${accepted} / ${refusedInShape}`, accepted === 1 && refusedInShape === 5);

  const first = await finished(appB!.baseUrl, call);
  suite.report(
    'demo-data accepted run: state, rows created',
    `${first.state}, ${first.created}${first.message && first.state !== 'finished' ? ` (${first.message})` : ''}`,
    first.state === 'finished' && first.created > 0,
  );

  const again = await call(appB!.baseUrl, 'POST', '/api/_action/ext-demo-data/generate', GENERATE);
  const second = again.status === 202 ? await finished(appA!.baseUrl, call) : null;
  suite.report(
    'demo-data second run: created / enriched',
    second ? `${second.created} / ${second.enriched}${second.state !== 'finished' ? ` (${second.state}: ${second.message ?? ''})` : ''}` : `answered ${again.status}`,
    second !== null && second.state === 'finished' && second.created === 0 && second.enriched === 0,
  );
}

async function finished(baseUrl: string, call: (baseUrl: string, method: string, path: string) => Promise<Response>): Promise<RunStatus> {
  const deadline = Date.now() + FINISH_WITHIN_MS;
  for (;;) {
    const answer = await call(baseUrl, 'GET', '/api/_action/ext-demo-data/status');
    const { status } = (await answer.json()) as { status: RunStatus };
    if (status.state === 'finished' || status.state === 'failed' || Date.now() > deadline) return status;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
