import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemContext } from '../../../src/platform/acl/context.js';
import { transaction } from '../../../src/platform/database/transaction.js';
import { resourceName } from '../../../src/platform/entities/definition.js';
import { userCommand } from '../../../src/extensions/demo-data/console/user-command.js';
import { startDemoDataTest, type DemoDataTest } from './demo-data-test-setup.js';

const DEMO_USER = '/api/_action/ext-demo-data/demo-user';

describe('demo data: the read-only Administration user', () => {
  let t: DemoDataTest;
  let demoToken: string;
  let created: { email: string; username: string; password: string; privileges: number };
  beforeAll(async () => {
    t = await startDemoDataTest();
  });
  afterAll(() => t.close());

  it('needs ext_demo_data:manage_user', async () => {
    const token = await t.tokenWithPrivileges(['ext_demo_data:generate']);
    expect((await t.api('POST', DEMO_USER, { token, body: {} })).statusCode).toBe(403);
  });

  it('creates the user with every read privilege and returns the password once', async () => {
    const token = await t.tokenWithPrivileges(['ext_demo_data:manage_user']);
    const response = await t.api('POST', DEMO_USER, { token, body: { email: ' viewer@example.com ', username: '' } });
    expect(response.statusCode).toBe(200);
    created = response.json();
    expect(created).toMatchObject({ refused: false, created: true, email: 'viewer@example.com', username: 'demo', privileges: t.host.entities.names().length });
    expect(created.password).toMatch(/^[A-Za-z0-9_-]{24}$/);

    const again = await t.api('POST', DEMO_USER, { token, body: { email: 'viewer@example.com' } });
    expect(again.json()).toMatchObject({ refused: false, created: false, password: null });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/oauth/token',
      payload: { grant_type: 'password', client_id: 'administration', username: created.username, password: created.password },
    });
    expect(login.statusCode).toBe(200);
    demoToken = login.json().access_token;
  });

  it('can read every entity list route and gets 403 on every write', async () => {
    const withoutWriteRoute: string[] = [];
    for (const entity of t.host.entities.names()) {
      const list = await t.api('GET', `/api/${resourceName(entity)}?limit=1`, { token: demoToken });
      expect(list.statusCode, `GET ${entity}: ${list.body.slice(0, 200)}`).toBe(200);
      const create = await t.api('POST', `/api/${resourceName(entity)}`, { token: demoToken, body: {} });
      // read-only entities (state machines) have no write route at all
      const noWriteRoute = create.statusCode === 404 && create.json().errors[0].code === 'FRAMEWORK__ROUTE_NOT_FOUND';
      if (noWriteRoute) withoutWriteRoute.push(entity);
      else expect(create.statusCode, `POST ${entity}: ${create.body.slice(0, 200)}`).toBe(403);
    }
    // read-only by design: the state machines, the tax rule types (Shopware's fixed list), SEO URLs (the platform
    // writes them from the catalogue) and the mail log (written by the mail service alone)
    // writes them from the catalogue) and the mail log (written by the mail service alone); scheduled tasks (the
    // host declares them) and import/export runs and files (written by the import/export service)
    expect(withoutWriteRoute.filter((e) => !e.startsWith('state_machine')).sort()).toEqual(
      ['import_export_file', 'import_export_log', 'mail_log', 'scheduled_task', 'seo_url', 'tax_rule_type'],
    );
    const id = (await t.platform.db.selectFrom('tax').select('id').executeTakeFirstOrThrow()).id as string;
    expect((await t.api('PATCH', `/api/tax/${id}`, { token: demoToken, body: { name: 'x' } })).statusCode).toBe(403);
    expect((await t.api('DELETE', `/api/tax/${id}`, { token: demoToken })).statusCode).toBe(403);
  });

  it('is refused (409) when the login belongs to someone else', async () => {
    await transaction(t.platform.db, (uow) =>
      t.platform.repositories.get('user').create({ username: 'mia', email: 'mia@example.com', password: 'correct-horse-9' }, systemContext, uow),
    );
    const token = await t.tokenWithPrivileges(['ext_demo_data:manage_user']);
    const response = await t.api('POST', DEMO_USER, { token, body: { username: 'mia' } });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ refused: true, email: 'demo@example.com', username: 'mia' });

    const err: string[] = [];
    const code = await userCommand.run({ args: {}, options: { email: 'mia@example.com' } }, { out: () => undefined, err: (l) => err.push(l) }, t.host);
    expect(code).toBe(1);
    expect(err.join(' ')).toContain('belongs to another');
  });

  it('rotates the password on request from the command line', async () => {
    const out: string[] = [];
    const code = await userCommand.run({ args: {}, options: { 'rotate-password': true } }, { out: (l) => out.push(l), err: () => undefined }, t.host);
    expect(code).toBe(0);
    const line = out.find((l) => l.startsWith('Password:'))!;
    expect(line).toBeDefined();
    expect(line).not.toContain(created.password);
    expect(out.join('\n')).toContain('all of them read-only');
  });
});
