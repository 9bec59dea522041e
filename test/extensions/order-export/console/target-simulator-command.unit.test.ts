import { describe, expect, it } from 'vitest';
import { createTargetSimulatorCommand } from '../../../../src/extensions/order-export/console/target-simulator-command.js';
import { generateSigningSecret, signedHeaders } from '../../../../src/extensions/order-export/delivery/standard-webhooks.js';
import { runStandaloneCommand } from '../../../../src/platform/console/standalone.js';
import { captureIo } from '../../../platform/console/capture-io.js';

type Io = ReturnType<typeof captureIo>;

describe('bin/console ext:order-export:target-simulator', () => {
  /** Runs the command until `probe` has run against the listening simulator (what it printed so far in `io`). */
  async function runWith(argv: string[], probe: (baseUrl: string, io: Io) => Promise<void>) {
    const io = captureIo();
    const command = createTargetSimulatorCommand(async (simulator) => probe(simulator.baseUrl, io));
    const code = await runStandaloneCommand([command], ['ext:order-export:target-simulator', ...argv], io);
    return { code, ...io };
  }

  const deliver = (baseUrl: string, secret: string) => {
    const body = '{"orderNumber":"1"}';
    const headers = signedHeaders({ id: 'c1', timestamp: Math.floor(Date.now() / 1000), body, secrets: [secret] });
    return fetch(`${baseUrl}/orders`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
  };

  it('prints a new signing secret to set on the target, verifies deliveries with it and answers as told', async () => {
    const { code, stdout } = await runWith(['--status', '202'], async (baseUrl, io) => {
      const printed = io.stdout.find((line) => line.trim().startsWith('signingSecret'))!;
      const secret = printed.trim().split(/\s+/)[1]!;
      expect(secret).toMatch(/^whsec_/);
      expect((await deliver(baseUrl, secret)).status).toBe(202);
      expect((await deliver(baseUrl, generateSigningSecret())).status).toBe(400);
    });
    expect(code).toBe(0);
    expect(stdout[0]).toMatch(/^Export target simulator listening on http:\/\/127\.0\.0\.1:\d+$/);
  });

  it('a given signing secret is used and never echoed; --acknowledge confirms in the answer', async () => {
    const secret = generateSigningSecret();
    const { code, stdout } = await runWith(['--signing-secret', secret, '--acknowledge'], async (baseUrl) => {
      const response = await deliver(baseUrl, secret);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ acknowledged: true });
    });
    expect(code).toBe(0);
    expect(stdout.join('\n')).not.toContain(secret);
  });

  it('--bearer-token makes it check the credential (401 without it)', async () => {
    const secret = generateSigningSecret();
    const { code, stdout } = await runWith(['--signing-secret', secret, '--bearer-token', 'local-erp-token'], async (baseUrl) => {
      expect((await deliver(baseUrl, secret)).status).toBe(401);
      const body = '{}';
      const headers = signedHeaders({ id: 'c2', timestamp: Math.floor(Date.now() / 1000), body, secrets: [secret] });
      const authorized = await fetch(`${baseUrl}/orders`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: 'Bearer local-erp-token', ...headers }, body });
      expect(authorized.status).toBe(200);
    });
    expect(code).toBe(0);
    expect(stdout.join('\n')).not.toContain('local-erp-token');
  });

  it('refuses a malformed secret or status with a usage error', async () => {
    const never = async () => {
      throw new Error('the simulator must not start');
    };
    expect((await runWith(['--signing-secret', 'nope'], never)).code).toBe(2);
    expect((await runWith(['--status', '99'], never)).code).toBe(2);
    expect((await runWith(['--bearer-token', 'a', '--api-key', 'b'], never)).code).toBe(2);
  });
});
