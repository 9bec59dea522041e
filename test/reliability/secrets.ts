import { randomInt, randomBytes } from 'node:crypto';
import { defaultShopId } from '../../src/platform/first-start/default-ids.js';
import { expectStatus, request } from './http.js';
import { allProcesses } from './processes.js';
import type { Suite } from './suite.js';

const digits = (n: number) => Array.from({ length: n }, () => randomInt(10)).join('');

/**
 * A customer with bank details of both gateways written through the Admin API (account numbers and a
 * BVN are secrets: sealed at rest, masked in every answer); their values join the run's secrets. Returns
 * the customer and its Store API context token.
 */
async function customerWithBankDetails(suite: Suite, base: string): Promise<{ customerId: string; contextToken: string; bankDetails: Record<string, string> }> {
  const registered = expectStatus(
    await request(base, 'POST', '/store-api/account/register', {
      headers: { 'sw-access-key': suite.shop.accessKey },
      body: {
        firstName: 'Rel',
        lastName: 'Bank',
        email: `rel-bank-${randomBytes(6).toString('hex')}@example.com`,
        password: 'correct-horse-9',
        billingAddress: { street: 'Hauptstraße 1', zipcode: '10115', city: 'Berlin', countryId: defaultShopId('country', 'DE') },
      },
    }),
    200,
    'register',
  );
  const bankDetails = {
    ext_pay_a_account_number: digits(10),
    ext_pay_b_account_number: digits(10),
    ext_pay_b_bvn: digits(11),
  };
  const customerId = registered.json().id as string;
  expectStatus(await request(base, 'PATCH', `/api/customer/${customerId}`, { token: suite.token, body: { customFields: bankDetails } }), 204, 'bank details');
  suite.secrets.push(...Object.values(bankDetails));
  return { customerId, contextToken: registered.headers.get('sw-context-token')!, bankDetails };
}

/** Every form a configured secret could leak in: as is, and the key bytes of a `whsec_` signing secret. */
function needles(suite: Suite): string[] {
  return suite.secrets.flatMap((s) => (s.startsWith('whsec_') ? [s, s.slice('whsec_'.length)] : [s]));
}

function hits(text: string, secrets: string[]): number {
  return secrets.reduce((n, s) => n + text.split(s).length - 1, 0);
}

/**
 * Scenario 6 (responses): every entity list route of the OpenAPI document, the system-config reads (global
 * and per channel), the export credential reads, a customer's own Store API account and context (with bank
 * details of both gateways on it), and every export, export attempt, customer and context row in the database.
 */
export async function scanResponsesForSecrets(suite: Suite): Promise<void> {
  const base = suite.apps[1]!.baseUrl;
  const bank = await customerWithBankDetails(suite, base);
  const secrets = needles(suite);
  const document = (await request(base, 'GET', '/api/_info/openapi3.json')).json();
  const reads: string[] = [];
  for (const [path, methods] of Object.entries(document.paths as Record<string, Record<string, unknown>>)) {
    if ('get' in methods && /^\/api\/[a-z][a-z-]*$/.test(path)) reads.push(`${path}?limit=500`);
  }
  reads.push(
    '/api/_action/system-config',
    '/api/_action/system-config?domain=ExtPayA.config',
    '/api/_action/system-config?domain=ExtPayB.config',
    '/api/_action/system-config?domain=ExtOrderExport.config',
    `/api/_action/system-config?salesChannelId=${suite.shop.salesChannelId}&inherit=true`,
    '/api/_action/system-config/schema?domain=ExtPayB.config',
    '/api/_action/system-config/schema?domain=ExtPayA.config',
    '/api/_action/ext-order-export/credential',
    `/api/ext-order-export-config/${suite.exportTarget.configId}`,
  );
  let found = 0;
  let failedReads = 0;
  const where: string[] = [];
  for (const url of reads) {
    const answer = await request(base, 'GET', url, { token: suite.token });
    if (answer.status !== 200) failedReads++;
    const n = hits(answer.text, secrets);
    if (n) where.push(url);
    found += n;
  }
  // the customer's own account and context answers, through the Store API
  for (const url of ['/store-api/account/customer', '/store-api/context']) {
    const answer = await request(base, 'GET', url, { headers: { 'sw-access-key': suite.shop.accessKey, 'sw-context-token': bank.contextToken } });
    if (answer.status !== 200) failedReads++;
    const n = hits(answer.text, secrets);
    if (n) where.push(url);
    found += n;
  }
  suite.report(`secret scan: ${reads.length + 2} read routes (${failedReads} not 200)`, `${found} hits${where.length ? ` in ${where.join(', ')}` : ''}`, found === 0 && failedReads === 0);

  // the one route that answers bank details whole does (so the scan above looked for values that exist)
  const whole = await request(base, 'GET', `/api/_action/customer/${bank.customerId}/bank-details`, { token: suite.token });
  const answered = whole.status === 200 ? (whole.json().bankDetails as Record<string, unknown>) : {};
  const wholeOk = Object.entries(bank.bankDetails).every(([name, value]) => answered[name] === value);
  suite.report('secret scan: bank details whole only through GET /api/_action/customer/{id}/bank-details', whole.status, wholeOk);

  let rowHits = 0;
  let rows = 0;
  for (const table of ['ext_order_export_attempt', 'ext_order_export', 'customer', 'sales_channel_api_context']) {
    const result = await suite.db.query(`SELECT row_to_json(t)::text AS row FROM ${table} t`);
    rows += result.rows.length;
    for (const r of result.rows) rowHits += hits(r.row as string, secrets);
  }
  suite.report(`secret scan: ${rows} export, export attempt, customer and context rows`, `${rowHits} hits`, rowHits === 0 && rows > 0);
}

/** Scenario 6 (logs): everything both app processes wrote during the run, the killed one and its restart included. */
export async function scanLogsForSecrets(suite: Suite): Promise<void> {
  const secrets = needles(suite);
  const apps = allProcesses.filter((p) => p.name.startsWith('app'));
  const text = apps.map((p) => p.log()).join('\n');
  const n = hits(text, secrets);
  const lines = text.split('\n').length;
  suite.report(`secret scan: logs of ${apps.length} app processes (${lines} lines)`, `${n} hits`, n === 0);
}
