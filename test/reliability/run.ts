/**
 * `npm run test:reliability`: two app processes (dist/start.js, as `npm start` runs it) on one PostgreSQL
 * database plus the gateway and export-target simulators as their own processes, all on loopback. Each
 * scenario prints `name: figure` lines; any failed figure makes the exit code 1. Without a reachable
 * PostgreSQL (DATABASE_URL) the suite prints why and exits 0.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { allProcesses, buildOnce, startApp, startSimulator, stop } from './processes.js';
import { adminToken, prepareCatalog, randomSecret, setConfig } from './shop.js';
import { report, results, type Suite } from './suite.js';
import { duplicateWebhooks } from './webhooks.js';
import { concurrentRefunds } from './refunds.js';
import { contradictoryRefundEvents } from './refund-events.js';
import { recheckOverProcesses } from './recheck.js';
import { concurrentExports, prepareExportTarget } from './exports.js';
import { hostileMappings } from './sandbox.js';
import { fuzzRoutes } from './fuzz.js';
import { privilegeMatrix } from './privileges.js';
import { scanResponsesForSecrets, scanLogsForSecrets } from './secrets.js';
import { killOneProcess } from './kill.js';
import { demoData } from './demo-data.js';
import { loginThrottleOverProcesses, sameSecondPasswordChange } from './auth.js';

const started = Date.now();
const databaseUrl = process.env.DATABASE_URL;

async function reachable(url: string): Promise<string | null> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    await client.end().catch(() => undefined);
  }
}

if (!databaseUrl || !/^postgres(ql)?:\/\//.test(databaseUrl)) {
  console.log('reliability: skipped (DATABASE_URL is not set to a postgres:// URL; the suite needs two processes on one PostgreSQL database)');
  process.exit(0);
}
const unreachable = await reachable(databaseUrl);
if (unreachable) {
  console.log(`reliability: skipped (PostgreSQL at DATABASE_URL not reachable: ${unreachable})`);
  process.exit(0);
}

const varDirs: string[] = [];
const scratch = (name: string) => {
  const dir = mkdtempSync(path.join(tmpdir(), `rel-${name}-`));
  varDirs.push(dir);
  return dir;
};

/** A scenario that throws is one failed result, and the rest still run. */
async function scenario<T>(name: string, run: () => Promise<T>): Promise<T | undefined> {
  // RELIABILITY_ONLY=fuzz,privileges runs a subset while working on the suite
  const only = process.env.RELIABILITY_ONLY?.split(',');
  if (only && !only.includes(name)) return undefined;
  const t0 = Date.now();
  try {
    return await run();
  } catch (error) {
    report(`${name} error`, error instanceof Error ? (error.stack ?? error.message).split('\n').slice(0, 4).join(' | ') : String(error), false);
    return undefined;
  } finally {
    if (process.env.RELIABILITY_VERBOSE) console.log(`(${name} took ${((Date.now() - t0) / 1000).toFixed(1)} s)`);
  }
}

const db = new pg.Pool({ connectionString: databaseUrl, max: 4 });
let exitCode = 0;
try {
  buildOnce();
  const payASecret = randomSecret('sk_test_rel');
  const payBSecret = randomSecret('FLWSECK_TEST-rel');
  const payBHash = randomSecret('hash-rel-');
  const signingSecret = `whsec_${Buffer.from(randomSecret('')).toString('base64')}`;
  const bearerToken = randomSecret('erp-token-');
  const payAPublic = randomSecret('pk_test_rel');
  const payBPublic = randomSecret('FLWPUBK_TEST-rel');
  const simEnv = { VAR_DIR: scratch('sim') };
  // no --webhook-url: the suite sends the gateway's webhooks itself, so nothing settles an order behind its back
  const [payASim, payBSim, targetSim] = await Promise.all([
    startSimulator('pay-a simulator', 'ext:pay-a:simulator', ['--secret-key', payASecret], simEnv),
    startSimulator('pay-b simulator', 'ext:pay-b:simulator', ['--secret-key', payBSecret, '--secret-hash', payBHash], simEnv),
    startSimulator('export target simulator', 'ext:order-export:target-simulator', ['--signing-secret', signingSecret, '--bearer-token', bearerToken], simEnv),
  ]);
  const appEnv = { DATABASE_URL: databaseUrl, APP_SECRET: randomSecret('app-secret-'), LOG_LEVEL: 'info', RUN_WORKER: '1' };
  // the first start migrates and creates the default shop; the second joins the same database
  const appA = await startApp('app A', { ...appEnv, VAR_DIR: scratch('a') });
  const appB = await startApp('app B', { ...appEnv, VAR_DIR: scratch('b') });
  const token = await adminToken(appA.baseUrl);
  await setConfig(appA.baseUrl, token, {
    'ExtPayA.config.apiBaseUrl': payASim.baseUrl,
    'ExtPayA.config.secretKeySandbox': payASecret,
    'ExtPayA.config.publicKeySandbox': payAPublic,
    'ExtPayB.config.publicKeySandbox': payBPublic,
    'ExtPayB.config.apiBaseUrl': payBSim.baseUrl,
    'ExtPayB.config.secretKeySandbox': payBSecret,
    'ExtPayB.config.secretHashSandbox': payBHash,
    'ExtOrderExport.config.allowPrivateTargets': true,
  });
  const shop = await prepareCatalog(appA.baseUrl, token);
  const configId = await prepareExportTarget(appA.baseUrl, token, targetSim.baseUrl, signingSecret, bearerToken);
  const suite: Suite = {
    apps: [appA, appB],
    appEnv: { ...appEnv, VAR_DIR: scratch('a2') },
    db,
    token,
    shop,
    payA: { sim: payASim, secretKey: payASecret },
    payB: { sim: payBSim, secretKey: payBSecret, secretHash: payBHash },
    exportTarget: { sim: targetSim, signingSecret, bearerToken, configId },
    secrets: [payASecret, payBSecret, payBHash, signingSecret, bearerToken, payAPublic, payBPublic, appEnv.APP_SECRET],
    report,
  };
  report('setup (2 app processes, 3 simulators)', `${((Date.now() - started) / 1000).toFixed(1)} s`, true);

  const paid = await scenario('webhooks', () => duplicateWebhooks(suite));
  await scenario('refunds', () => concurrentRefunds(suite, paid ?? []));
  await scenario('refund-events', () => contradictoryRefundEvents(suite));
  await scenario('recheck', () => recheckOverProcesses(suite));
  await scenario('exports', () => concurrentExports(suite));
  await scenario('sandbox', () => hostileMappings(suite));
  await scenario('fuzz', () => fuzzRoutes(suite));
  await scenario('privileges', () => privilegeMatrix(suite));
  await scenario('password-change', () => sameSecondPasswordChange(suite));
  await scenario('login-throttle', () => loginThrottleOverProcesses(suite));
  await scenario('kill', () => killOneProcess(suite));
  await scenario('demo-data', () => demoData(suite));
  // last, so the reads and export rows of every scenario before are searched too
  await scenario('secrets', () => scanResponsesForSecrets(suite));
  await scenario('secrets in logs', () => scanLogsForSecrets(suite));
} catch (error) {
  report('setup error', error instanceof Error ? error.message.slice(0, 2000) : String(error), false);
} finally {
  await Promise.all(allProcesses.map(stop));
  await db.end();
  for (const dir of varDirs) rmSync(dir, { recursive: true, force: true });
}
const failed = results.filter((r) => !r.ok).length;
const seconds = ((Date.now() - started) / 1000).toFixed(1);
console.log(`reliability: ${results.length} results, ${failed} failed in ${seconds} s`);
if (failed > 0) exitCode = 1;
process.exit(exitCode);
