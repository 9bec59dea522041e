import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { generateSigningSecret } from '../../../../src/extensions/order-export/delivery/standard-webhooks.js';
import { startTargetSimulator, type TargetSimulator } from '../../../../src/extensions/order-export/simulator/index.js';
import { runCommand } from '../../../../src/platform/console/runner.js';
import { captureIo } from '../../../platform/console/capture-io.js';
import { startOrderExportTest, type OrderExportTest } from '../order-export-test-setup.js';

const TABLES = [
  'ext_order_export_credential',
  'ext_order_export_mapping',
  'ext_order_export_mapping_version',
  'ext_order_export_config',
  'ext_order_export',
  'ext_order_export_attempt',
];

/**
 * Every secret the extension is given (credential secrets of each auth type, signing secrets, the OAuth
 * tokens it obtains) against everything it answers, stores and logs while working through every route
 * and outcome, including targets that echo the credentials they got.
 */
describe('no secret in any response, attempt row, stored row or log line', () => {
  const logLines: string[] = [];
  const logger = pino(
    { level: 'trace' },
    new Writable({
      write(chunk, _encoding, done) {
        logLines.push(String(chunk));
        done();
      },
    }),
  );
  let oe: OrderExportTest;
  let oauthSim: TargetSimulator;
  const responses: LightMyRequestResponse[] = [];
  const fetched: string[] = [];
  const printed: string[] = [];
  const secrets = {
    apiKey: 'apikey-4f1c9e7d2b',
    basicPassword: 'basic-pw-8a2e5c1f',
    bearerToken: 'bearer-tok-3d7b9a0e',
    clientSecret: 'oauth-client-6e0f2c8a',
    signingSecret: '',
    callbackSecret: generateSigningSecret(),
  };

  beforeAll(async () => {
    oe = await startOrderExportTest({ logger });
    secrets.signingSecret = oe.signingSecret;
    oauthSim = await startTargetSimulator({ signingSecret: oe.signingSecret, auth: { type: 'oauth2', clientId: 'shop', clientSecret: secrets.clientSecret } });
  });
  afterAll(async () => {
    await oauthSim.close();
    await oe.close();
  });

  const api = async (method: string, url: string, body?: unknown) => {
    const response = await oe.t.api(method, url, { body });
    responses.push(response);
    return response;
  };

  it('works through credentials, targets, exports, failures, test-connection, acknowledgements, entity reads and commands', async () => {
    const mappingId = (await api('POST', '/api/ext-order-export-mapping?_response=1', { name: 'm', definition: { fields: { n: { expr: 'orderNumber' } } } })).json().data.id;
    const credentials = {
      apiKey: (await api('POST', '/api/_action/ext-order-export/credential/save', { name: 'k', authType: 'api_key', secret: secrets.apiKey })).json().id,
      basic: (await api('POST', '/api/_action/ext-order-export/credential/save', { name: 'b', authType: 'basic', publicMeta: { username: 'shop' }, secret: secrets.basicPassword })).json().id,
      bearer: (await api('POST', '/api/_action/ext-order-export/credential/save', { name: 't', authType: 'bearer', secret: secrets.bearerToken })).json().id,
      oauth: (
        await api('POST', '/api/_action/ext-order-export/credential/save', {
          name: 'o',
          authType: 'oauth2',
          publicMeta: { tokenUrl: oauthSim.tokenUrl, clientId: 'shop' },
          secret: secrets.clientSecret,
        })
      ).json().id,
    };
    const target = async (fields: Record<string, unknown>) =>
      (await api('POST', '/api/ext-order-export-config?_response=1', { name: 't', url: oe.sim.deliveryUrl, mappingId, signingSecret: oe.signingSecret, ...fields })).json().data.id as string;
    const targets = {
      apiKey: await target({ credentialId: credentials.apiKey }),
      basic: await target({ credentialId: credentials.basic }),
      bearer: await target({ credentialId: credentials.bearer, ackMode: 'callback' }),
      oauth: await target({ credentialId: credentials.oauth, url: oauthSim.deliveryUrl }),
      callback: await target({ credentialId: credentials.apiKey, ackMode: 'callback', signingSecret: secrets.callbackSecret, url: 'http://127.0.0.1:1/down' }),
    };

    // the target echoes what it received (headers included) in its answers: success and failure
    oe.sim.respondWith((delivery) => ({ status: delivery.path === '/orders' && delivery.headers['x-fail'] ? 500 : 200, body: { echo: delivery.headers } }));
    for (const configId of Object.values(targets)) {
      const order = await oe.createOrder();
      await api('POST', '/api/_action/ext-order-export/export', { orderId: order.orderId, configId });
      await api('POST', '/api/_action/ext-order-export/test-connection', { configId });
      const forced = await api('POST', '/api/_action/ext-order-export/export', { orderId: order.orderId, configId, forceReExport: true });
      if (forced.statusCode === 200) await api('POST', `/api/_action/ext-order-export/attempt/${forced.json().attemptId}/replay`);
    }
    await api('PATCH', `/api/ext-order-export-config/${targets.apiKey}`, { headers: { 'X-Fail': 'yes' } });
    const failing = await oe.createOrder();
    expect((await api('POST', '/api/_action/ext-order-export/export', { orderId: failing.orderId, configId: targets.apiKey })).json()).toMatchObject({ outcome: 'failed' });
    oe.sim.respondWith(undefined);

    // a revoked OAuth token: refreshed once
    oauthSim.revokeTokens();
    await api('POST', '/api/_action/ext-order-export/export', { orderId: (await oe.createOrder()).orderId, configId: targets.oauth });

    // acknowledgements: valid, forged, stale
    const acked = await oe.createOrder();
    const { correlationId } = (await api('POST', '/api/_action/ext-order-export/export', { orderId: acked.orderId, configId: targets.bearer })).json();
    for (const answer of [
      await oe.sim.acknowledge({ callbackUrl: oe.ackUrl, correlationId, status: 'acknowledged', reference: 'R-1' }),
      await oe.sim.acknowledge({ callbackUrl: oe.ackUrl, correlationId, status: 'rejected', signingSecret: generateSigningSecret() }),
      await oe.sim.acknowledge({ callbackUrl: oe.ackUrl, correlationId, status: 'rejected', timestamp: 1 }),
    ]) {
      fetched.push(answer.body);
    }

    // every entity through the generic routes, with associations
    for (const entity of ['credential', 'mapping', 'mapping-version', 'config', '', 'attempt']) {
      const path = entity === '' ? 'ext-order-export' : `ext-order-export-${entity}`;
      await api('POST', `/api/search/${path}`, {});
      await api('GET', `/api/${path}`);
    }
    await api('POST', '/api/search/ext-order-export-config', { associations: { credential: {}, exports: { associations: { attempts: {} } } } });
    await api('GET', '/api/_action/ext-order-export/credential');
    for (const id of Object.values(credentials)) await api('GET', `/api/_action/ext-order-export/credential/${id}`);
    await api('GET', '/api/_info/openapi3.json');

    const io = captureIo();
    await runCommand(oe.t.platform, ['ext:order-export:retry-failed'], io);
    await runCommand(oe.t.platform, ['ext:order-export:export', '--order', failing.orderId, '--target', targets.basic, '--force'], io);
    printed.push(...io.stdout, ...io.stderr);

    // the run did exercise what it should: deliveries with each credential, an OAuth token, logs
    expect(oe.sim.deliveries.some((d) => d.headers['x-api-key'] === secrets.apiKey)).toBe(true);
    expect(oauthSim.tokenRequests.filter((r) => r.granted).length).toBeGreaterThanOrEqual(2);
    expect(logLines.length).toBeGreaterThan(50);
    expect(responses.some((r) => r.statusCode === 502)).toBe(true);
  });

  it('finds none of them anywhere', async () => {
    const tokens = oauthSim.deliveries.map((d) => /^Bearer (.+)$/.exec(d.headers.authorization ?? '')?.[1]).filter((token): token is string => Boolean(token));
    expect(tokens.length).toBeGreaterThan(0);
    const needles = [
      ...Object.values(secrets),
      // the key material of the signing secrets without the prefix, and the encoded Basic credentials
      secrets.signingSecret.slice('whsec_'.length),
      secrets.callbackSecret.slice('whsec_'.length),
      Buffer.from(`shop:${secrets.basicPassword}`).toString('base64'),
      ...tokens,
    ];
    const rows: string[] = [];
    for (const table of TABLES) rows.push(JSON.stringify(await oe.host.db.selectFrom(table).selectAll().execute()));
    const attempts = await oe.host.db.selectFrom('ext_order_export_attempt').selectAll().execute();
    expect(attempts.length).toBeGreaterThan(10);
    expect(attempts.some((a) => String(a.response_body).includes('[redacted]'))).toBe(true);

    const haystacks: Array<[string, string]> = [
      ...responses.map((r, i): [string, string] => [`response ${i} ${r.statusCode}`, `${JSON.stringify(r.headers)}\n${r.body}`]),
      ...fetched.map((body, i): [string, string] => [`acknowledgement answer ${i}`, body]),
      ...rows.map((text, i): [string, string] => [`table ${TABLES[i]}`, text]),
      ...logLines.map((line, i): [string, string] => [`log line ${i}`, line]),
      ...printed.map((line, i): [string, string] => [`console line ${i}`, line]),
    ];
    const hits = haystacks.flatMap(([where, text]) => needles.filter((needle) => text.includes(needle)).map((needle) => `${where}: ${needle.slice(0, 6)}…`));
    expect(hits).toEqual([]);
  });
});
