import { sql } from 'kysely';
import { transaction } from '../src/platform/database/transaction.js';
import type { Platform } from '../src/platform/kernel.js';
import { measure, stormRow, type Row } from './measure.js';
import type { BenchClient } from './loopback-client.js';
import type { RemoteSimulator } from './remote-simulator.js';

/**
 * The least a first webhook delivery can cost: the verify call it must make and one durable commit of a
 * one-row write (payment writes keep synchronous_commit on). Measured here so the webhook's figure can
 * be read against it as well as against the bare round trip.
 */
export async function webhookFloor(platform: Platform, gateway: string, verify: () => Promise<void>): Promise<Row> {
  await sql`CREATE TABLE IF NOT EXISTS bench_commit_probe (id int PRIMARY KEY, n int NOT NULL)`.execute(platform.db);
  await sql`INSERT INTO bench_commit_probe VALUES (1, 0) ON CONFLICT (id) DO NOTHING`.execute(platform.db);
  return measure(`${gateway}: floor = bare verify + one durable one-row commit`, 200, async () => {
    await verify();
    await transaction(platform.db, (uow) => sql`UPDATE bench_commit_probe SET n = n + 1 WHERE id = 1`.execute(uow.db));
  });
}

/** A delivery repeated by 8 senders from the simulator's process (a webhook storm of one duplicate). */
export async function duplicateStorm(
  sim: RemoteSimulator,
  http: BenchClient,
  name: string,
  delivery: { path: string; headers: Record<string, string>; body: string; status: number },
): Promise<Row> {
  const total = 2000;
  const senders = 8;
  const result = await sim.storm({ url: http.url + delivery.path, headers: delivery.headers, body: delivery.body, total, senders });
  if (result.statuses[delivery.status] !== total) throw new Error(`the storm's answers were ${JSON.stringify(result.statuses)}`);
  return { ...stormRow(name, total, senders, result.elapsedMs), target: '≥ 2,000/s (PostgreSQL)' };
}
