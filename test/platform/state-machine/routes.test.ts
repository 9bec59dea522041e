import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPlatform, type TestPlatform } from '../../helpers/test-platform.js';
import { expectMissingPrivileges } from '../../helpers/expectations.js';
import { newId } from '../../../src/platform/ids.js';
import { stateMachineId, stateMachineStateId } from '../../../src/platform/state-machine/machine-ids.js';
import { createTestItem, historyOf, registerTestStatefulEntities, stateOf, TEST_ITEM } from './fixtures.js';

const TX = 'order_transaction.state';
const base = (id: string) => `/api/_action/state-machine/${TEST_ITEM}/${id}/state`;

describe('state machine routes', () => {
  let t: TestPlatform;
  beforeAll(async () => {
    t = await createTestPlatform();
    await registerTestStatefulEntities(t.platform);
  });
  afterAll(() => t.close());

  it('GET .../state lists the transitions leaving the current state with their urls', async () => {
    const item = await createTestItem(t.platform, 'refunded_partially');
    const response = await t.api('GET', base(item.id));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      transitions: [
        { name: 'Cancelled', technicalName: 'cancelled', actionName: 'cancel', fromStateName: 'refunded_partially', toStateName: 'cancelled', url: `${base(item.id)}/cancel` },
        { name: 'Refunded', technicalName: 'refunded', actionName: 'refund', fromStateName: 'refunded_partially', toStateName: 'refunded', url: `${base(item.id)}/refund` },
        { name: 'Open', technicalName: 'open', actionName: 'reopen', fromStateName: 'refunded_partially', toStateName: 'open', url: `${base(item.id)}/reopen` },
      ],
    });
  });

  it('POST .../state/{transition} applies it and answers 200 with the target state', async () => {
    const item = await createTestItem(t.platform);
    const response = await t.api('POST', `${base(item.id)}/paid`, { body: { sendMail: false } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json().data).toMatchObject({
      apiAlias: 'state_machine_state',
      id: stateMachineStateId(TX, 'paid'),
      technicalName: 'paid',
      name: 'Paid',
      stateMachineId: stateMachineId(TX),
    });
    expect(await stateOf(t.platform, TEST_ITEM, item.id)).toBe('paid');
    // the history names the caller: the administrator's user id
    const admin = await t.platform.db.selectFrom('user').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow();
    expect(await historyOf(t.platform, item.id)).toMatchObject([{ from: 'open', to: 'paid', transition_action_name: 'paid', user_id: admin.id, integration_id: null }]);

    // again: already there, still 200 with the state, no second history row
    const again = await t.api('POST', `${base(item.id)}/paid`);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.technicalName).toBe('paid');
    expect(await historyOf(t.platform, item.id)).toHaveLength(1);
  });

  it('an illegal transition answers 400 SYSTEM__ILLEGAL_STATE_TRANSITION in the error shape', async () => {
    const item = await createTestItem(t.platform, 'authorized');
    const authorized = stateMachineStateId(TX, 'authorized');
    const response = await t.api('POST', `${base(item.id)}/refund`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      errors: [
        {
          status: '400',
          code: 'SYSTEM__ILLEGAL_STATE_TRANSITION',
          title: 'Bad Request',
          detail: `Illegal transition "refund" from state "${authorized}". Possible transitions are: cancel, fail, paid, paid_partially`,
          meta: {
            parameters: {
              transition: 'refund',
              currentState: authorized,
              possibleTransitionsString: 'cancel, fail, paid, paid_partially',
              possibleTransitions: ['cancel', 'fail', 'paid', 'paid_partially'],
            },
          },
        },
      ],
    });
    expect(await stateOf(t.platform, TEST_ITEM, item.id)).toBe('authorized');
  });

  it('needs <entity>:read to list and <entity>:update to transition, exactly', async () => {
    const item = await createTestItem(t.platform);
    const reader = await t.tokenWithPrivileges([`${TEST_ITEM}:read`]);
    expect((await t.api('GET', base(item.id), { token: reader })).statusCode).toBe(200);
    expectMissingPrivileges(await t.api('POST', `${base(item.id)}/paid`, { token: reader }), [`${TEST_ITEM}:update`]);

    const updater = await t.tokenWithPrivileges([`${TEST_ITEM}:update`]);
    expectMissingPrivileges(await t.api('GET', base(item.id), { token: updater }), [`${TEST_ITEM}:read`]);
    expect(await stateOf(t.platform, TEST_ITEM, item.id)).toBe('open');

    const response = await t.api('POST', `${base(item.id)}/do_pay`, { token: updater });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.technicalName).toBe('in_progress');
    const [entry] = await historyOf(t.platform, item.id);
    expect(entry).toMatchObject({ user_id: null, transition_action_name: 'do_pay' });
    expect(entry!.integration_id).toMatch(/^[0-9a-f]{32}$/);
  });

  it('requires a token', async () => {
    const item = await createTestItem(t.platform);
    const response = await t.app.inject({ method: 'POST', url: `${base(item.id)}/paid` });
    expect(response.statusCode).toBe(401);
  });

  it('answers 404 for entities without a state machine, malformed ids and missing records', async () => {
    const item = await createTestItem(t.platform);
    for (const url of [
      `/api/_action/state-machine/user/${item.id}/state`,
      `/api/_action/state-machine/no_such_entity/${item.id}/state`,
      `/api/_action/state-machine/${TEST_ITEM}/not-an-id/state`,
      `/api/_action/state-machine/${TEST_ITEM}/${item.id.toUpperCase()}/state`,
    ]) {
      const response = await t.api('GET', url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json().errors[0].code).toBe('FRAMEWORK__ROUTE_NOT_FOUND');
      expect((await t.api('POST', `${url}/paid`)).statusCode, url).toBe(404);
    }

    const missing = newId();
    const response = await t.api('POST', `${base(missing)}/paid`);
    expect(response.statusCode).toBe(404);
    expect(response.json().errors[0]).toMatchObject({
      code: 'FRAMEWORK__RESOURCE_NOT_FOUND',
      detail: `The ${TEST_ITEM} resource with the following primary key was not found: id(${missing})`,
    });
    expect((await t.api('GET', base(missing))).statusCode).toBe(404);
  });

  it('accepts stateFieldName only when it names the state field', async () => {
    const item = await createTestItem(t.platform);
    expect((await t.api('POST', `${base(item.id)}/remind?stateFieldName=stateId`)).statusCode).toBe(200);
    const wrong = await t.api('POST', `${base(item.id)}/reopen`, { body: { stateFieldName: 'deliveryStateId' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors[0].code).toBe('SYSTEM__STATE_MACHINE_INVALID_STATE_FIELD');
    expect(await stateOf(t.platform, TEST_ITEM, item.id)).toBe('reminded');
  });

  it('the order routes exist and are documented with their privileges', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/_info/openapi3.json' })).json();
    for (const entity of ['order', 'order_delivery', 'order_transaction']) {
      expect(doc.paths[`/api/_action/${entity}/{id}/state/{transition}`].post, entity).toBeDefined();
    }
    expect(doc.paths['/api/_action/state-machine/{entity}/{id}/state'].get).toBeDefined();
    // privileges are checked before the record is looked up
    const reader = await t.tokenWithPrivileges(['order:read']);
    expectMissingPrivileges(await t.api('POST', `/api/_action/order/${newId()}/state/process`, { token: reader }), ['order:update']);
    expectMissingPrivileges(await t.api('POST', `/api/_action/order_delivery/${newId()}/state/ship`, { token: reader }), ['order_delivery:update']);
    expect((await t.api('POST', '/api/_action/order_transaction/not-an-id/state/paid')).statusCode).toBe(404);
  });
});
