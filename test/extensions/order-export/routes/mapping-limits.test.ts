import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { runExportJob } from '../../../../src/extensions/order-export/automatic/export-job.js';
import { DEFAULT_SANDBOX_LIMITS } from '../../../../src/platform/sandbox/sandbox-limits.js';
import type { OrderFixture } from '../../../fixtures/orders.js';
import { startOrderExportTest, type OrderExportTest } from '../order-export-test-setup.js';

const PREFIX = '/api/_action/ext-order-export/mapping';
/** 40 a's and a "!": minutes of backtracking in one native call, which the 200 ms step guard never sees. */
const BACKTRACKING = `$match("${'a'.repeat(40)}!", /(a+)+$/)`;
const PAD_200_MB = '$pad("", 200000000, "x")';
const MiB = 1024 * 1024;
const TOO_LONG = /^Evaluation made a text longer than 1048576 characters \(U1003 at position \d+\)$/;

/**
 * The hostile probe's mapping findings, sent with nothing but `ext_order_export_mapping:read` (what the
 * read-only demo user holds): each is stopped by a sandbox limit and answered in the route's shape, and
 * the process keeps answering other requests meanwhile.
 */
describe('untrusted mappings run in the sandbox: limits answered in each route\'s shape, the process stays free', () => {
  let oe: OrderExportTest;
  let order: OrderFixture;
  let readOnly: string;
  const logLines: string[] = [];
  const logger = pino(
    { level: 'warn' },
    new Writable({
      write(chunk, _encoding, done) {
        logLines.push(String(chunk));
        done();
      },
    }),
  );
  beforeAll(async () => {
    oe = await startOrderExportTest({ logger, env: { sandbox: { ...DEFAULT_SANDBOX_LIMITS, threads: 2 } } });
    order = await oe.createOrder();
    readOnly = await oe.t.tokenWithPrivileges(['ext_order_export_mapping:read']);
  });
  afterAll(() => oe.close());

  const post = (path: string, body: unknown) => oe.t.api('POST', `${PREFIX}/${path}`, { body, token: readOnly });

  /** Sends the request and, while it runs, the health check: it must answer first. */
  async function whileHealthAnswers(request: () => Promise<LightMyRequestResponse>): Promise<LightMyRequestResponse> {
    let settled = false;
    const running = request().finally(() => (settled = true));
    const health = await oe.t.app.inject({ method: 'GET', url: '/api/_info/health-check' });
    expect(health.statusCode).toBe(200);
    expect(settled).toBe(false);
    return running;
  }

  it('finding 1: a backtracking regular expression in preview is stopped at the time limit; the health check answers meanwhile; the next preview renders', async () => {
    const definition = { fields: { number: { expr: 'orderNumber' }, hang: { expr: BACKTRACKING } } };
    const preview = await whileHealthAnswers(() => post('preview', { definition, orderId: order.orderId }));
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toEqual({ valid: false, problems: ['definition: the render was stopped: it took longer than 2000 ms'], data: {}, errors: {} });

    const next = await post('preview', { definition: { fields: { number: { expr: 'orderNumber' } } }, orderId: order.orderId });
    expect(next.json()).toEqual({ valid: true, problems: [], data: { number: expect.stringMatching(/^T-/) }, errors: {} });
    // validation parses; it never evaluates the expression
    expect((await post('validate', { definition })).json()).toEqual({ valid: true, problems: [] });
  });

  it('finding 1: the same mapping saved on a target fails a manual export with 422 and `$` in fieldErrors, and an automatic one without a retry; nothing is sent', async () => {
    const mappingId = await oe.createMapping({ fields: { number: { expr: 'orderNumber' }, hang: { expr: BACKTRACKING } } }, 'backtracking');
    const configId = await oe.createTarget({ mappingId });
    const sent = oe.sim.deliveries.length;

    const manual = await oe.exportOrder({ orderId: order.orderId, configId });
    expect(manual.statusCode).toBe(422);
    expect(manual.json().errors[0]).toMatchObject({ code: 'EXT_ORDER_EXPORT__RENDER_FAILED', meta: { fieldErrors: { $: 'the render was stopped: it took longer than 2000 ms' } } });

    await runExportJob(oe.host, { orderId: order.orderId, configId, try: 1 });
    const logged = logLines.map((line) => JSON.parse(line) as { msg: string; fields?: string[]; configId?: string }).find((line) => line.msg === 'automatic order export not possible' && line.configId === configId);
    expect(logged?.fields).toEqual(['$']);
    expect(oe.sim.deliveries).toHaveLength(sent);
    expect(await oe.exportRow(order.orderId, configId)).toBeUndefined();
  });

  it('finding 2: YAML with 50,000 aliases to one anchor is refused before it is composed; the health check answers meanwhile', async () => {
    const content = `a: &x v\nb:\n${Array.from({ length: 50_000 }, (_, i) => `  k${i}: *x`).join('\n')}\n`;
    const imported = await whileHealthAnswers(() => post('import', { content, format: 'yaml' }));
    expect(imported.statusCode).toBe(200);
    expect(imported.json()).toEqual({ valid: false, error: 'YAML error: more than 100 aliases' });
  });

  it('finding 3: JSON nested 10,000 deep through import is an answer, not a 500', async () => {
    for (const content of [`${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`, `{"fields": ${'['.repeat(10_000)}${']'.repeat(10_000)}}`]) {
      const imported = await post('import', { content, format: 'json' });
      expect(imported.statusCode).toBe(200);
      expect(imported.json()).toEqual({ valid: false, error: 'content nests deeper than 31 levels' });
    }
  });

  it('finding 4: two 200-million-character fields in preview are refused by the text cap, a payload of many smaller ones by the answer cap, a growing heap by the first limit it meets (memory or time); the process grows by less than 100 MB', async () => {
    // the pool's workers exist before the measurement starts
    await post('preview', { definition: { fields: { number: { expr: 'orderNumber' } } }, orderId: order.orderId });
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
    try {
      const padded = await post('preview', { definition: { fields: { a: { expr: PAD_200_MB }, b: { expr: `$uppercase(${PAD_200_MB})` } } }, orderId: order.orderId });
      expect(padded.json()).toEqual({
        valid: true,
        problems: [],
        data: {},
        errors: { a: expect.stringMatching(TOO_LONG), b: expect.stringMatching(TOO_LONG) },
      });
      const twoHalves = { fields: { a: { expr: '$pad("", 600000, "x")' }, b: { expr: '$pad("", 600000, "y")' } } };
      expect((await post('preview', { definition: twoHalves, orderId: order.orderId })).json()).toEqual({
        valid: false,
        problems: [`definition: the render was stopped: its answer is larger than ${MiB} bytes`],
        data: {},
        errors: {},
      });
      // five lists of a million one-character texts (the text cap allows a million) zipped into a million lists:
      // well over 100 MB in one call. Which limit ends it depends on the machine: the 64 MB heap, the 2 s task
      // limit, or (on a slow or busy CI machine, where the steps before the zip already take long) the 200 ms
      // evaluation limit of the field. Each is a refusal and the process does not grow (asserted below); the heap
      // limit alone is pinned by the sandbox's own unit test.
      const million = (c: string) => `$split($pad("", 1000000, "${c}"), "")`;
      const growing = { fields: { a: { expr: `$count($zip(${['v', 'w', 'x', 'y', 'z'].map(million).join(', ')}))` } } };
      const stopped = (await post('preview', { definition: growing, orderId: order.orderId })).json();
      const taskStopped = {
        valid: false,
        problems: [expect.stringMatching(/^definition: the render was stopped: (it needed more than 64 MB of memory|it took longer than 2000 ms)$/)],
        data: {},
        errors: {},
      };
      const fieldStopped = { valid: true, problems: [], data: {}, errors: { a: expect.stringMatching(/^Evaluation took longer than 200 ms/) } };
      expect(stopped).toEqual(stopped.valid ? fieldStopped : taskStopped);
    } finally {
      clearInterval(sampler);
    }
    expect((peak - before) / MiB).toBeLessThan(100);
  });

  it('finding 4: an export whose payload passes the cap is a 422 with `$`, one text beyond it a 422 naming its field; nothing sent', async () => {
    const long = await oe.createTarget({ mappingId: await oe.createMapping({ fields: { big: { expr: '$pad("", 2000000, "x")' } } }, 'one long text') });
    const tooLong = await oe.exportOrder({ orderId: order.orderId, configId: long });
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json().errors[0].meta.fieldErrors).toEqual({ big: expect.stringMatching(TOO_LONG) });

    const mappingId = await oe.createMapping({ fields: { a: { expr: '$pad("", 600000, "x")' }, b: { expr: '$pad("", 600000, "y")' } } }, 'oversized');
    const configId = await oe.createTarget({ mappingId });
    const sent = oe.sim.deliveries.length;
    const response = await oe.exportOrder({ orderId: order.orderId, configId });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors[0].meta.fieldErrors).toEqual({ $: `the render was stopped: its answer is larger than ${MiB} bytes` });
    expect(oe.sim.deliveries).toHaveLength(sent);
  });

  it('text export of a definition too large for the answer cap is a 422 in the error shape', async () => {
    const fields = Object.fromEntries(Array.from({ length: 400 }, (_, i) => [`f${i}`, { value: 'x'.repeat(3000) }]));
    const response = await post('export', { definition: { fields }, format: 'yaml' });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors[0]).toMatchObject({ code: 'EXT_ORDER_EXPORT__MAPPING_TEXT_STOPPED', detail: `The text was not written: its answer is larger than ${MiB} bytes.` });
  });
});
