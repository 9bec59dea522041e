import pg from 'pg';
import type { AppProcess, Proc } from './processes.js';
import type { ShopBasics } from './shop.js';

/** What every scenario is given: the two app processes on one database, the simulators, the secrets. */
export interface Suite {
  /** [A, B]; the kill scenario replaces A when it restarts it */
  apps: AppProcess[];
  /** env both apps start with (the kill scenario restarts with it) */
  appEnv: Record<string, string>;
  db: pg.Pool;
  token: string;
  shop: ShopBasics;
  payA: { sim: Proc & { baseUrl: string }; secretKey: string };
  payB: { sim: Proc & { baseUrl: string }; secretKey: string; secretHash: string };
  exportTarget: { sim: Proc & { baseUrl: string }; signingSecret: string; bearerToken: string; configId: string };
  /** every secret the run configured; the secret scan looks for each */
  secrets: string[];
  /** one `name: figure` line; `ok` false makes the run fail */
  report(name: string, figure: string | number, ok: boolean): void;
}

export interface Result {
  name: string;
  figure: string;
  ok: boolean;
}

export const results: Result[] = [];

export function report(name: string, figure: string | number, ok: boolean): void {
  results.push({ name, figure: String(figure), ok });
  console.log(`${name}: ${figure}${ok ? '' : '  FAILED'}`);
}

/** Row count of a table (the "nothing written" checks). */
export async function rowCount(db: pg.Pool, table: string): Promise<number> {
  const { rows } = await db.query(`SELECT count(*)::int AS n FROM ${table}`);
  return rows[0].n as number;
}

/** The state transitions an entity went through, oldest first (state_machine_history). */
export async function transitions(db: pg.Pool, id: string): Promise<string[]> {
  const { rows } = await db.query('SELECT transition_action_name AS action FROM state_machine_history WHERE referenced_id = $1 ORDER BY created_at', [id]);
  return rows.map((r) => r.action as string);
}

/** Splits `count` calls round-robin over the live apps and runs them all at once. */
export function spread<T>(apps: AppProcess[], count: number, call: (app: AppProcess, i: number) => Promise<T>): Promise<T[]> {
  return Promise.all(Array.from({ length: count }, (_, i) => call(apps[i % apps.length]!, i)));
}
