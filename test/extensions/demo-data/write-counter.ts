import type pg from 'pg';

/** Counts data-changing statements sent through a pool (the platform's one connection on PGlite). */
export interface WriteCounter {
  /** INSERT, UPDATE and DELETE statements seen since the last reset, bookkeeping tables excluded. */
  readonly writes: string[];
  reset(): void;
}

const WRITE = /^\s*(insert|update|delete)\b/i;
/** Run bookkeeping, not demo data: the run lease, the status record, the queue. */
const BOOKKEEPING = /\b(lease|system_config|pgboss\.)/i;

/**
 * Wraps every client the pool hands out so its statements are counted: an independent check that a
 * second run writes nothing, whatever the seeder itself reports.
 */
export function countWrites(pool: pg.Pool): WriteCounter {
  const writes: string[] = [];
  const patched = new WeakSet<object>();
  const connect = pool.connect.bind(pool) as () => Promise<pg.PoolClient>;
  (pool as unknown as { connect: () => Promise<pg.PoolClient> }).connect = async () => {
    const client = await connect();
    if (!patched.has(client)) {
      patched.add(client);
      const query = client.query.bind(client) as (...args: unknown[]) => unknown;
      (client as unknown as { query: (...args: unknown[]) => unknown }).query = (config: unknown, ...rest: unknown[]) => {
        const text = typeof config === 'string' ? config : ((config as { text?: string } | null)?.text ?? '');
        if (WRITE.test(text) && !BOOKKEEPING.test(text)) writes.push(text.replace(/\s+/g, ' ').slice(0, 120));
        return query(config, ...rest);
      };
    }
    return client;
  };
  return {
    writes,
    reset() {
      writes.length = 0;
    },
  };
}
