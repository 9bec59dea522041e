import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../../../src/platform/ids.js';
import { startTargetSimulator, type SimulatorAuth, type TargetSimulator } from '../../../../src/extensions/order-export/simulator/index.js';
import { startOrderExportTest, type OrderExportTest } from '../order-export-test-setup.js';

const TEST_CONNECTION = '/api/_action/ext-order-export/test-connection';

describe('credentials on deliveries and test-connection, against simulators that check them', () => {
  let oe: OrderExportTest;
  let mappingId: string;
  const sims: TargetSimulator[] = [];
  beforeAll(async () => {
    oe = await startOrderExportTest();
    mappingId = await oe.createMapping();
  });
  afterAll(async () => {
    await Promise.all(sims.map((sim) => sim.close()));
    await oe.close();
  });

  async function simulatorWith(auth: SimulatorAuth) {
    const sim = await startTargetSimulator({ signingSecret: oe.signingSecret, auth });
    sims.push(sim);
    return sim;
  }

  const cases: Array<{ auth: SimulatorAuth; credential: (sim: TargetSimulator) => Record<string, unknown> }> = [
    { auth: { type: 'api_key', headerName: 'X-ERP-Key', key: 'erp-key-0001' }, credential: () => ({ authType: 'api_key', publicMeta: { headerName: 'X-ERP-Key' }, secret: 'erp-key-0001' }) },
    { auth: { type: 'api_key', key: 'default-header-key' }, credential: () => ({ authType: 'api_key', secret: 'default-header-key' }) },
    { auth: { type: 'basic', username: 'shop', password: 'basic-pass-0002' }, credential: () => ({ authType: 'basic', publicMeta: { username: 'shop' }, secret: 'basic-pass-0002' }) },
    { auth: { type: 'bearer', token: 'bearer-token-0003' }, credential: () => ({ authType: 'bearer', secret: 'bearer-token-0003' }) },
    {
      auth: { type: 'oauth2', clientId: 'shop-client', clientSecret: 'client-secret-0004', scope: 'orders' },
      credential: (sim) => ({ authType: 'oauth2', publicMeta: { tokenUrl: sim.tokenUrl, clientId: 'shop-client', scope: 'orders' }, secret: 'client-secret-0004' }),
    },
  ];

  for (const { auth, credential } of cases) {
    it(`${auth.type}${auth.type === 'api_key' && !auth.headerName ? ' (default header)' : ''}: exported with the credential, test-connection reachable; a wrong secret fails`, async () => {
      const sim = await simulatorWith(auth);
      const credentialId = await oe.createCredential({ name: `${auth.type} credential`, ...credential(sim) });
      const configId = await oe.createTarget({ mappingId, url: sim.deliveryUrl, credentialId });
      const order = await oe.createOrder();
      const response = await oe.exportOrder({ orderId: order.orderId, configId });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ outcome: 'exported' });
      expect(sim.deliveries.at(-1)).toMatchObject({ authorized: true, signature: 'valid' });
      const probe = await oe.t.api('POST', TEST_CONNECTION, { body: { configId } });
      expect(probe.json()).toEqual({ reachable: true, httpStatus: 200, message: 'the target answered 200' });

      await oe.createCredential({ id: credentialId, name: `${auth.type} credential`, ...credential(sim), secret: 'a-wrong-secret' });
      await oe.setComment(order.orderId, 'changed');
      const wrong = await oe.exportOrder({ orderId: order.orderId, configId });
      if (auth.type === 'oauth2') {
        // the token endpoint refuses the client: no token, nothing sent to the target
        expect(wrong.statusCode).toBe(502);
        expect(wrong.json().errors[0].detail).toBe('The export target could not be reached: the token endpoint answered 401 (invalid_client)');
      } else {
        expect(wrong.json()).toMatchObject({ outcome: 'failed' });
        expect(sim.deliveries.at(-1)).toMatchObject({ authorized: false, answeredStatus: 401 });
        expect((await oe.t.api('POST', TEST_CONNECTION, { body: { configId } })).json()).toEqual({
          reachable: true,
          httpStatus: 401,
          message: 'the target answered 401: check the credential',
        });
      }
    });
  }

  it('oauth2: the token is cached per credential and fetched again once when the target answers 401', async () => {
    const sim = await simulatorWith({ type: 'oauth2', clientId: 'c', clientSecret: 'cached-secret-0005' });
    const credentialId = await oe.createCredential({ name: 'cached', authType: 'oauth2', publicMeta: { tokenUrl: sim.tokenUrl, clientId: 'c' }, secret: 'cached-secret-0005' });
    const configId = await oe.createTarget({ mappingId, url: sim.deliveryUrl, credentialId });
    for (let i = 0; i < 3; i++) expect((await oe.exportOrder({ orderId: (await oe.createOrder()).orderId, configId })).json()).toMatchObject({ outcome: 'exported' });
    expect(sim.tokenRequests.filter((r) => r.granted)).toHaveLength(1);
    sim.revokeTokens();
    expect((await oe.exportOrder({ orderId: (await oe.createOrder()).orderId, configId })).json()).toMatchObject({ outcome: 'exported' });
    expect(sim.tokenRequests.filter((r) => r.granted)).toHaveLength(2);
    expect(sim.deliveries.map((d) => d.answeredStatus)).toEqual([200, 200, 200, 401, 200]);
  });

  it('test-connection: unreachable targets are answers (reachable false, httpStatus 0); 404 for an unknown target; needs ext_order_export_config:read', async () => {
    const down = await oe.createTarget({ mappingId, url: 'http://127.0.0.1:1/orders' });
    const response = await oe.t.api('POST', TEST_CONNECTION, { body: { configId: down } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ reachable: false, httpStatus: 0, message: 'the connection was refused' });

    const missing = await oe.t.api('POST', TEST_CONNECTION, { body: { configId: newId() } });
    expect(missing.statusCode).toBe(404);
    expect((await oe.t.api('POST', TEST_CONNECTION, { body: {} })).statusCode).toBe(400);
    const token = await oe.t.tokenWithPrivileges(['ext_order_export:update']);
    expect((await oe.t.api('POST', TEST_CONNECTION, { body: { configId: down }, token })).statusCode).toBe(403);
  });

  it('test-connection works on an inactive target and refuses private addresses unless allowed', async () => {
    const configId = await oe.createTarget({ mappingId, active: false });
    expect((await oe.t.api('POST', TEST_CONNECTION, { body: { configId } })).json()).toMatchObject({ reachable: true, httpStatus: 200 });
    await oe.setAllowPrivateTargets(false);
    try {
      const refused = (await oe.t.api('POST', TEST_CONNECTION, { body: { configId } })).json();
      expect(refused).toMatchObject({ reachable: false, httpStatus: 0 });
      expect(refused.message).toMatch(/private, loopback or link-local/);
    } finally {
      await oe.setAllowPrivateTargets(true);
    }
  });
});
