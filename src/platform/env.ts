import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { readSandboxLimits, type SandboxLimits } from './sandbox/sandbox-limits.js';

/** Process settings, read once from the environment. Shop settings live in system config instead. */
export interface Env {
  port: number;
  host: string;
  /** postgres://... when a PostgreSQL server is used; undefined means the embedded database. */
  databaseUrl?: string;
  /** Folder for the embedded database, generated secrets, the console socket and media. */
  varDir: string;
  appSecret: string;
  appUrl: string;
  adminPassword: string;
  /** Run the queue worker inside the web process (default true; `bin/console worker` runs it alone). */
  runWorker: boolean;
  logLevel: string;
  /**
   * Keep rarely written tables (settings, token rights, listing pages) per process until PostgreSQL
   * notifies a change (default true). Off behind a pooler that does not pass LISTEN/NOTIFY on
   * (PgBouncer in transaction mode): everything is then read on every request.
   */
  tableCaches: boolean;
  /**
   * How long a stopping process (SIGTERM, SIGINT) lets running requests and jobs finish before it hands
   * the jobs back to the queue (`SHUTDOWN_TIMEOUT`, seconds; default 10, see shutdown.ts).
   */
  shutdownTimeoutMs?: number;
  /** Limits of untrusted evaluation (`SANDBOX_*`; sandbox/sandbox-limits.ts); the defaults when absent. */
  sandbox?: SandboxLimits;
  /**
   * Where mails go: `smtp://user:pass@host:587` (STARTTLS when the server offers it) or `smtps://…:465`.
   * Unset (the embedded default): every mail is written as an `.eml` file below `<varDir>/mails/`.
   */
  mailerDsn?: string;
  /** Retries of a mail whose server failed for a reason that may pass (default 4) and the first delay in seconds, doubled per retry (default 30). */
  mailRetryLimit?: number;
  mailRetryDelaySeconds?: number;
}

export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const varDir = path.resolve(source.VAR_DIR ?? 'var');
  const port = Number(source.PORT ?? 8000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got "${source.PORT}"`);
  return {
    port,
    // loopback unless told: a fresh shop with the default admin password must not be reachable from the network
    host: source.HOST ?? '127.0.0.1',
    databaseUrl: source.DATABASE_URL || undefined,
    varDir,
    appSecret: source.APP_SECRET || loadOrCreateAppSecret(varDir),
    appUrl: (source.APP_URL ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    adminPassword: source.ADMIN_PASSWORD ?? 'shopware',
    runWorker: source.RUN_WORKER !== '0' && source.RUN_WORKER !== 'false',
    logLevel: source.LOG_LEVEL ?? 'info',
    tableCaches: source.TABLE_CACHES !== '0' && source.TABLE_CACHES !== 'false',
    shutdownTimeoutMs: secondsInMs(source, 'SHUTDOWN_TIMEOUT'),
    sandbox: readSandboxLimits(source),
    mailerDsn: source.MAILER_DSN || undefined,
    mailRetryLimit: wholeNumber(source, 'MAIL_RETRY_LIMIT'),
    mailRetryDelaySeconds: wholeNumber(source, 'MAIL_RETRY_DELAY_SECONDS'),
  };
}

/** An optional whole number of the environment; undefined when unset, an error when malformed. */
function wholeNumber(source: NodeJS.ProcessEnv, name: string): number | undefined {
  const text = source[name];
  if (text === undefined || text === '') return undefined;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a whole number, got "${text}"`);
  return value;
}

/** An optional positive number of seconds of the environment, in milliseconds; undefined when unset. */
function secondsInMs(source: NodeJS.ProcessEnv, name: string): number | undefined {
  const text = source[name];
  if (text === undefined || text === '') return undefined;
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number of seconds, got "${text}"`);
  return Math.round(value * 1000);
}

/**
 * A local shop needs no set-up: the first start writes a random secret into ./var (mode 0600)
 * and every later process on this machine reads the same one. Servers set APP_SECRET instead.
 */
function loadOrCreateAppSecret(varDir: string): string {
  const file = path.join(varDir, 'app-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(varDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  try {
    writeFileSync(file, secret + '\n', { mode: 0o600, flag: 'wx' });
    return secret;
  } catch {
    // another process won the race: use its secret
    return readFileSync(file, 'utf8').trim();
  }
}
