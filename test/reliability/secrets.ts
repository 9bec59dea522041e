import { request } from './http.js';
import { allProcesses } from './processes.js';
import type { Suite } from './suite.js';

/** Every form a configured secret could leak in: as is, and the key bytes of a `whsec_` signing secret. */
function needles(suite: Suite): string[] {
  return suite.secrets.flatMap((s) => (s.startsWith('whsec_') ? [s, s.slice('whsec_'.length)] : [s]));
}

function hits(text: string, secrets: string[]): number {
  return secrets.reduce((n, s) => n + text.split(s).length - 1, 0);
}

/**
 * Scenario 6 (responses): every entity list route of the OpenAPI document, the system-config reads (global
 * and per channel), the export credential reads, and every export and export attempt row in the database.
 */
export async function scanResponsesForSecrets(suite: Suite): Promise<void> {
  const secrets = needles(suite);
  const base = suite.apps[1]!.baseUrl;
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
  suite.report(`secret scan: ${reads.length} read routes (${failedReads} not 200)`, `${found} hits${where.length ? ` in ${where.join(', ')}` : ''}`, found === 0 && failedReads === 0);

  let rowHits = 0;
  let rows = 0;
  for (const table of ['ext_order_export_attempt', 'ext_order_export']) {
    const result = await suite.db.query(`SELECT row_to_json(t)::text AS row FROM ${table} t`);
    rows += result.rows.length;
    for (const r of result.rows) rowHits += hits(r.row as string, secrets);
  }
  suite.report(`secret scan: ${rows} export and export attempt rows`, `${rowHits} hits`, rowHits === 0 && rows > 0);
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
