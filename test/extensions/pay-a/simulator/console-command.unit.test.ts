import { describe, expect, it } from 'vitest';
import { createHmac } from 'node:crypto';
import { runStandaloneCommand } from '../../../../src/platform/console/standalone.js';
import { createPayASimulatorCommand, payASimulatorCommand } from '../../../../src/extensions/pay-a/simulator/console-command.js';
import type { PayASimulator } from '../../../../src/extensions/pay-a/simulator/index.js';
import { captureIo } from '../../../platform/console/capture-io.js';
import { expectStandaloneSimulatorCommand, runSimulatorCommand, suiteWebhookReceiver } from '../../_gateway/simulator-helpers.js';
import { api, initialize, WebhookReceiver } from './helpers.js';

const LOCAL_KEY = 'sk_test_local-console-key';

describe('bin/console ext:pay-a:simulator', () => {
  const receiver = suiteWebhookReceiver(new WebhookReceiver());

  it('is a standalone command (no database: it runs beside a shop)', () => {
    expectStandaloneSimulatorCommand(payASimulatorCommand, 'ext:pay-a:simulator');
  });

  it('runs the simulator with the given options until stopped, printing what to set and no key', async () => {
    const args = ['--port', '0', '--secret-key', LOCAL_KEY, '--webhook-url', receiver.url, '--fee-bearer', 'customer', '--refund-outcome', 'failed'];
    const { code, text, simulator } = await runSimulatorCommand<PayASimulator>(createPayASimulatorCommand, ['ext:pay-a:simulator', ...args], async (sim) => {
      expect((await api(sim, 'GET', '/bank')).status).toBe(401);
      expect((await api(sim, 'GET', '/bank', undefined, { key: LOCAL_KEY })).status).toBe(200);
      const { reference } = await initialize(sim, { amount: 30050 }, LOCAL_KEY);
      await sim.completePayment(reference, 'success');
      // fees passed on, webhook signed with the given key
      expect(sim.transaction(reference)).toMatchObject({ requested_amount: 30050, amount: 30501 });
      const delivery = receiver.received.at(-1)!;
      expect(delivery.headers['x-pay-a-signature']).toBe(createHmac('sha512', LOCAL_KEY).update(delivery.raw).digest('hex'));
    });
    expect(code).toBe(0);
    expect(text).toContain(`Gateway A simulator listening on ${simulator.baseUrl}`);
    expect(text).toMatch(new RegExp(`ExtPayA\\.config\\.apiBaseUrl\\s+${simulator.baseUrl.replace(/\./g, '\\.')}`));
    expect(text).toMatch(/ExtPayA\.config\.secretKeySandbox\s+the sk_test_… value given with --secret-key/);
    expect(text).toContain(`Webhooks: POST ${receiver.url}`);
    expect(text).toContain('Refunds end failed');
    expect(text).toMatch(/GET \/bank -> 401/);
    expect(text).not.toContain(LOCAL_KEY);
    expect(text).toContain('Stopping the simulator.');
    await expect(fetch(`${simulator.baseUrl}/bank`)).rejects.toThrow();
  });

  it.each([
    [['--port', 'abc'], /--port must be a number/],
    [['--fee-bearer', 'nobody'], /--fee-bearer must be merchant or customer/],
    [['--refund-outcome', 'maybe'], /--refund-outcome must be one of processed, failed, pending/],
    [['--webhook-url', 'ftp://x'], /--webhook-url must be an http\(s\) URL/],
  ])('refuses %j as a usage error (exit 2)', async (args, message) => {
    const io = captureIo();
    expect(await runStandaloneCommand([payASimulatorCommand], ['ext:pay-a:simulator', ...args], io)).toBe(2);
    expect(io.text()).toMatch(message);
  });
});
