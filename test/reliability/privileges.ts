import { randomBytes } from 'node:crypto';
import { expectStatus, request } from './http.js';
import { spread, type Suite } from './suite.js';

interface Operation {
  method: string;
  path: string;
  /** every privilege the route needs; the matrix takes away one at a time */
  privileges: string[];
}

/** Routes anyone may call (no token at all). */
const PUBLIC = new Set(['POST /api/oauth/token', 'GET /api/_info/health-check', 'GET /api/_info/openapi3.json']);
/** Routes any authenticated caller may use, whatever its privileges (the caller's own identity and privileges). */
const ANY_CALLER = new Set(['GET /api/_info/me']);

/**
 * Platform routes that declare their privilege in code only (requirePrivileges in the handler, not in the
 * route description): system-config (routes.ts, schema-route.ts), the extension manager, the queue, media.
 */
const DECLARED_IN_CODE: Record<string, string[]> = {
  'GET /api/_action/system-config': ['system_config:read'],
  'GET /api/_action/system-config/schema': ['system_config:read'],
  'POST /api/_action/system-config': ['system_config:update', 'system_config:create', 'system_config:delete'],
  'POST /api/_action/system-config/batch': ['system_config:update', 'system_config:create', 'system_config:delete'],
  'GET /api/_action/extension/installed': ['system.plugin_maintain'],
  'POST /api/_action/extension/install/{type}/{name}': ['system.plugin_maintain'],
  'POST /api/_action/extension/update/{type}/{name}': ['system.plugin_maintain'],
  'POST /api/_action/extension/uninstall/{type}/{name}': ['system.plugin_maintain'],
  'PUT /api/_action/extension/activate/{type}/{name}': ['system.plugin_maintain'],
  'PUT /api/_action/extension/deactivate/{type}/{name}': ['system.plugin_maintain'],
  'GET /api/_action/message-queue/failed': ['message_queue:read'],
  'POST /api/_action/media/{mediaId}/upload': ['media:update'],
};

const ENTITY_VERB: Record<string, string> = { GET: 'read', POST: 'create', PATCH: 'update', DELETE: 'delete' };

/**
 * The privileges a route needs, as routes declare them: action routes say "Needs `x`" (or "Needs the
 * privilege x") in their description, the generic entity routes follow Shopware's `<entity>:<verb>`;
 * null for a route nobody declared (which fails the matrix: a new route must say what it needs).
 */
export function neededPrivileges(method: string, path: string, description: string): string[] | null {
  const key = `${method} ${path}`;
  if (DECLARED_IN_CODE[key]) return DECLARED_IN_CODE[key]!;
  // "Needs `a:update` and `b:delete`." declares both
  const needs = /Needs ([^.]*(?:\.[a-z][^.]*)*)/.exec(description)?.[1] ?? '';
  const listed = [...needs.matchAll(/`([a-z_.<>]+:[a-z_.]+)`/g)].map((match) => match[1]!);
  if (listed.length > 1) return listed.map((privilege) => privilege.replace('<entity>', 'order_transaction'));
  const declared = /Needs (?:the privilege )?`?([a-z_.<>]+(?::[a-z_.]+)?)`?/.exec(description)?.[1];
  if (declared) return [declared.replace(/\.$/, '').replace('<entity>', 'order_transaction')];
  const search = /^\/api\/search(?:-ids)?\/([a-z-]+)$/.exec(path);
  if (search && method === 'POST') return [`${search[1]!.replace(/-/g, '_')}:read`];
  const entity = /^\/api\/([a-z][a-z-]*)(\/\{id\})?$/.exec(path);
  if (entity && ENTITY_VERB[method]) return [`${entity[1]!.replace(/-/g, '_')}:${ENTITY_VERB[method]}`];
  return null;
}

const PARAMS: Record<string, string> = { type: 'plugin', name: 'NoSuchExtension', entity: 'order_transaction', transition: 'paid' };

function concretePath(path: string): string {
  // unknown ids: a route must refuse for the privilege before it looks anything up
  return path.replace(/\{(\w+)\}/g, (_, name: string) => PARAMS[name] ?? randomBytes(16).toString('hex'));
}

/** One integration with one role; privileges are read per request, so the matrix rewrites the role between rounds. */
async function matrixIntegration(suite: Suite, baseUrl: string): Promise<{ token: string; roleId: string }> {
  const accessKey = `SWIA${randomBytes(12).toString('hex').toUpperCase()}`;
  const secret = randomBytes(24).toString('base64url');
  const roleId = randomBytes(16).toString('hex');
  const created = await request(baseUrl, 'POST', '/api/integration', {
    token: suite.token,
    body: { label: 'rel-matrix', accessKey, secretAccessKey: secret, admin: false, aclRoles: [{ id: roleId, name: 'rel-matrix', privileges: ['product:read'] }] },
  });
  expectStatus(created, 204, 'integration');
  const grant = await request(baseUrl, 'POST', '/api/oauth/token', { body: { grant_type: 'client_credentials', client_id: accessKey, client_secret: secret } });
  return { token: expectStatus(grant, 200, 'client_credentials').json().access_token as string, roleId };
}

/** Scenario 5: every Admin API route of the OpenAPI document, called by a role holding every privilege but the one it needs: 403. */
export async function privilegeMatrix(suite: Suite): Promise<void> {
  const [appA] = suite.apps;
  const document = expectStatus(await request(appA!.baseUrl, 'GET', '/api/_info/openapi3.json'), 200, 'openapi').json();
  const operations: Operation[] = [];
  const undeclared: string[] = [];
  for (const [path, methods] of Object.entries(document.paths as Record<string, Record<string, { description?: string }>>)) {
    for (const [lower, operation] of Object.entries(methods)) {
      const method = lower.toUpperCase();
      if (PUBLIC.has(`${method} ${path}`) || ANY_CALLER.has(`${method} ${path}`)) continue;
      const privileges = neededPrivileges(method, path, operation.description ?? '');
      if (privileges) operations.push({ method, path, privileges });
      else undeclared.push(`${method} ${path}`);
    }
  }
  suite.report('privilege matrix: routes without a declared privilege', undeclared.length ? undeclared.join(', ') : 0, undeclared.length === 0);

  const all = [...new Set(operations.flatMap((o) => o.privileges))].sort();
  const cases = operations.flatMap((o) => o.privileges.map((missing) => ({ ...o, missing })));
  const { token, roleId } = await matrixIntegration(suite, appA!.baseUrl);
  const wrong: string[] = [];
  for (const missing of [...new Set(cases.map((c) => c.missing))]) {
    const privileges = all.filter((p) => p !== missing);
    expectStatus(await request(appA!.baseUrl, 'PATCH', `/api/acl-role/${roleId}`, { token: suite.token, body: { privileges } }), 204, 'acl role');
    const batch = cases.filter((c) => c.missing === missing);
    const got = await spread(suite.apps, batch.length, (app, j) => {
      const c = batch[j]!;
      const hasBody = c.method === 'POST' || c.method === 'PATCH' || c.method === 'PUT';
      return request(app.baseUrl, c.method, concretePath(c.path), { token, body: hasBody ? {} : undefined });
    });
    got.forEach((answer, j) => {
      const c = batch[j]!;
      const error = answer.status === 403 ? answer.json()?.errors?.[0] : undefined;
      if (answer.status !== 403 || error?.code !== 'FRAMEWORK__MISSING_PRIVILEGE_ERROR' || !JSON.stringify(error).includes(c.missing)) {
        wrong.push(`${c.method} ${c.path} without ${c.missing} -> ${answer.status}`);
      }
    });
  }
  suite.report(`privilege matrix: ${cases.length} route/privilege pairs (${operations.length} routes, ${all.length} privileges) answered 403`, cases.length - wrong.length, wrong.length === 0);
  if (wrong.length) suite.report('privilege matrix: not 403', wrong.slice(0, 30).join('; ') + (wrong.length > 30 ? ` … ${wrong.length} in all` : ''), false);
}
