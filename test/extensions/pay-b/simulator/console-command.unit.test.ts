import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runStandaloneCommand } from '../../../../src/platform/console/standalone.js';
import { createPayBSimulatorCommand, payBSimulatorCommand } from '../../../../src/extensions/pay-b/simulator/console-command.js';
import type { PayBSimulator } from '../../../../src/extensions/pay-b/simulator/index.js';
import { captureIo } from '../../../platform/console/capture-io.js';
import { expectStandaloneSimulatorCommand, runSimulatorCommand, suiteWebhookReceiver } from '../../_gateway/simulator-helpers.js';
import { api, initPayment, WebhookReceiver } from './helpers.js';

const root = path.resolve(import.meta.dirname, '../../../..');

describe('bin/console ext:pay-b:simulator (dispatch)', () => {
  const receiver = suiteWebhookReceiver(new WebhookReceiver());

  it('is a standalone command', () => {
    expectStandaloneSimulatorCommand(payBSimulatorCommand, 'ext:pay-b:simulator');
  });

  it('runs the simulator with the given options until stopped, printing what to set and no secret', async () => {
    const args = ['--port', '0', '--secret-key', 'FLWSECK_TEST-local-key', '--secret-hash', 'local-hash-value', '--webhook-url', receiver.url, '--fee-bearer', 'customer'];
    const { code, text, simulator } = await runSimulatorCommand<PayBSimulator>(createPayBSimulatorCommand, ['ext:pay-b:simulator', ...args], async (sim) => {
      expect((await api(sim, 'GET', '/v3/banks/NG')).status).toBe(401);
      expect((await api(sim, 'GET', '/v3/banks/NG', undefined, { key: 'FLWSECK_TEST-local-key' })).status).toBe(200);
      // fee bearer and webhook settings reach the simulator
      const key = { key: 'FLWSECK_TEST-local-key' };
      const init = await api(sim, 'POST', '/v3/payments', { tx_ref: 'console-1', amount: 1000, customer: { email: 'c@d.test' } }, key);
      expect(init.status).toBe(200);
      const { transactionId } = await sim.completePayment('console-1', 'successful');
      expect(sim.transaction(transactionId!)).toMatchObject({ amount: 1000, charged_amount: 1014 });
      expect(receiver.received.at(-1)!.headers['verif-hash']).toBe('local-hash-value');
    });
    expect(code).toBe(0);
    expect(text).toContain(`Gateway D simulator listening on ${simulator.baseUrl}`);
    expect(text).toMatch(new RegExp(`ExtPayB\\.config\\.apiBaseUrl\\s+${simulator.baseUrl.replace(/\./g, '\\.')}`));
    expect(text).toContain(`Webhooks: POST ${receiver.url}`);
    expect(text).toMatch(/GET \/v3\/banks\/NG -> 401/);
    expect(text).not.toContain('FLWSECK_TEST-local-key');
    expect(text).not.toContain('local-hash-value');
    expect(text).toContain('Stopping the simulator.');
    // stopped: the port no longer answers
    await expect(fetch(`${simulator.baseUrl}/v3/banks/NG`)).rejects.toThrow();
  });

  it.each([
    [['--port', '70000'], '--port must be a number from 0 to 65535'],
    [['--port', 'abc'], '--port must be a number from 0 to 65535'],
    [['--fee-bearer', 'nobody'], '--fee-bearer must be merchant or customer.'],
    [['--webhook-url', 'ftp://x'], '--webhook-url must be an http(s) URL.'],
  ])('refuses %j with exit code 2', async (options, message) => {
    const io = captureIo();
    const code = await runStandaloneCommand([createPayBSimulatorCommand({ untilStopped: async () => {} })], ['ext:pay-b:simulator', ...options], io);
    expect(code).toBe(2);
    expect(io.stderr[0]).toContain(message);
  });
});

describe('bin/console ext:pay-b:simulator (process)', () => {
  let varDir: string;

  beforeAll(() => {
    varDir = mkdtempSync(path.join(tmpdir(), 'pay-b-simulator-console-'));
  });
  afterAll(() => {
    rmSync(varDir, { recursive: true, force: true });
  });

  it('runs beside the shop without opening or locking a database, and stops on SIGTERM', async () => {
    const child = spawn(path.join(root, 'bin/console'), ['ext:pay-b:simulator', '--port', '0', '--secret-key', 'FLWSECK_TEST-process'], {
      cwd: root,
      env: { ...process.env, VAR_DIR: varDir },
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    try {
      const baseUrl = await new Promise<string>((resolve, reject) => {
        const check = () => {
          const match = /listening on (http:\/\/\S+)/.exec(output);
          if (match) resolve(match[1]!);
        };
        child.stdout.on('data', check);
        void exited.then((code) => reject(new Error(`bin/console exited with ${code}: ${output}`)));
      });
      const sim = { baseUrl } as PayBSimulator;
      expect((await api(sim, 'GET', '/v3/banks/NG', undefined, { key: 'FLWSECK_TEST-process' })).status).toBe(200);
      const link = await initPayment(sim, { tx_ref: 'process-1', amount: 10 }).catch((e: unknown) => e);
      expect(link).toBeInstanceOf(Error); // the default key is not accepted when one is given
      // no embedded database lock, no data directory, no console socket
      expect(readdirSync(varDir)).toEqual([]);
      expect(existsSync(path.join(varDir, 'db.lock'))).toBe(false);

      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(output).toContain('Stopping the simulator.');
      expect(output).not.toContain('FLWSECK_TEST-process');
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  }, 60_000);
});
