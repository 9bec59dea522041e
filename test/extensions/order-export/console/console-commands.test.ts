import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCommand } from '../../../../src/platform/console/runner.js';
import { newId } from '../../../../src/platform/ids.js';
import { captureIo } from '../../../platform/console/capture-io.js';
import { startOrderExportTest, type OrderExportTest } from '../order-export-test-setup.js';

describe('bin/console ext:order-export:export and ext:order-export:retry-failed', () => {
  let oe: OrderExportTest;
  let mappingId: string;
  beforeAll(async () => {
    oe = await startOrderExportTest();
    mappingId = await oe.createMapping();
  });
  afterAll(() => oe.close());

  async function run(...argv: string[]) {
    const io = captureIo();
    const code = await runCommand(oe.t.platform, argv, io);
    return { code, ...io };
  }

  it('exports one order and prints the result; --force makes a new revision', async () => {
    const configId = await oe.createTarget({ mappingId });
    const order = await oe.createOrder();
    const first = await run('ext:order-export:export', '--order', order.orderId, '--target', configId);
    expect(first.code).toBe(0);
    expect(first.stdout).toEqual([expect.stringMatching(/^exported: revision 1, correlation id [0-9a-f]{32}, attempt [0-9a-f]{32}$/)]);
    expect((await run('ext:order-export:export', '--order', order.orderId, '--target', configId)).stdout[0]).toMatch(/^deduplicated: revision 1,/);
    expect((await run('ext:order-export:export', '--order', order.orderId, '--target', configId, '--force')).stdout[0]).toMatch(/^exported: revision 2,/);
    const attempts = await oe.attempts((await oe.exportRow(order.orderId, configId))!.id as string);
    expect(attempts.map((a) => a.trigger)).toEqual(['manual', 'manual', 'forced']);
  });

  it('exits 1 with the reason for a failed or refused export, render errors field by field; 2 without options', async () => {
    const configId = await oe.createTarget({ mappingId });
    const order = await oe.createOrder();
    oe.sim.enqueue({ status: 500 });
    const failed = await run('ext:order-export:export', '--order', order.orderId, '--target', configId);
    expect(failed.code).toBe(1);
    expect(failed.stdout[0]).toMatch(/^failed: revision 1,/);

    const missing = await run('ext:order-export:export', '--order', newId(), '--target', configId);
    expect(missing.code).toBe(1);
    expect(missing.stderr[0]).toMatch(/^The order resource with the following primary key was not found/);

    const strict = await oe.createTarget({ mappingId: await oe.createMapping({ fields: { vat: { expr: 'orderCustomer.vatId', required: true } } }, 'strict') });
    const unrendered = await run('ext:order-export:export', '--order', order.orderId, '--target', strict);
    expect(unrendered.code).toBe(1);
    expect(unrendered.stderr).toEqual(['The mapping could not render the order; nothing was sent.', '  vat: required, but the expression yielded nothing']);

    expect((await run('ext:order-export:export', '--order', order.orderId)).code).toBe(2);
  });

  it('retry-failed exports every failed export again (same revision for an unchanged payload) and reports the rest', async () => {
    const configId = await oe.createTarget({ mappingId });
    const other = await oe.createTarget({ mappingId });
    const [a, b, c] = [await oe.createOrder(), await oe.createOrder(), await oe.createOrder()];
    oe.sim.enqueue({ status: 503 }, { status: 503 }, { status: 503 });
    const failedA = (await oe.exportOrder({ orderId: a.orderId, configId })).json();
    await oe.exportOrder({ orderId: b.orderId, configId });
    await oe.exportOrder({ orderId: c.orderId, configId: other });

    // only this target's; one of its two fails again
    oe.sim.enqueue({ status: 200 }, { status: 500 });
    const partly = await run('ext:order-export:retry-failed', '--target', configId);
    expect(partly.code).toBe(1);
    expect(partly.stdout.at(-1)).toBe('1 of 2 exported.');
    expect(await oe.exportRow(a.orderId, configId)).toMatchObject({ status: 'exported', revision: 1, correlation_id: failedA.correlationId });
    expect(await oe.exportRow(c.orderId, other)).toMatchObject({ status: 'failed' });
    expect((await oe.attempts(failedA.orderExportId)).map((attempt) => attempt.trigger)).toEqual(['manual', 'retry']);

    // every target's now (earlier tests left failures too)
    const { count } = (await oe.host.db.selectFrom('ext_order_export').select((eb) => eb.fn.countAll<number>().as('count')).where('status', '=', 'failed').executeTakeFirstOrThrow());
    expect(Number(count)).toBeGreaterThanOrEqual(2);
    const rest = await run('ext:order-export:retry-failed');
    expect(rest.code).toBe(0);
    expect(rest.stdout.at(-1)).toBe(`${count} of ${count} exported.`);
    expect(await oe.exportRow(c.orderId, other)).toMatchObject({ status: 'exported' });
    expect(await run('ext:order-export:retry-failed')).toMatchObject({ code: 0, stdout: ['No failed exports.'] });
    expect((await run('ext:order-export:retry-failed', '--limit', '0')).code).toBe(2);
  });

  it('the commands are listed with the extension', async () => {
    const { stdout } = await run('list');
    for (const name of ['ext:order-export:export', 'ext:order-export:retry-failed', 'ext:order-export:target-simulator']) expect(stdout.join('\n')).toContain(name);
  });
});
