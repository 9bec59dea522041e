import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { Kysely, PostgresDialect } from 'kysely';
import { StatementCounter } from './statement-counter.js';
import { preparingClient, StatementNames } from './prepared-statements.js';
import { listeningClient } from './listening-client.js';
import { TableChanges } from './table-changes.js';

// COUNT(*) and other int8 values fit in a JS number for anything this platform counts.
pg.types.setTypeParser(20, (v) => Number(v));
// IDs travel as 32 lowercase hex characters; PostgreSQL accepts that form as uuid input, so only
// output needs converting, once, here.
pg.types.setTypeParser(2950, (v) => v.replace(/-/g, ''));

export type Db = Kysely<any>;

const changesOfDb = new WeakMap<Db, TableChanges>();

/**
 * The TableChanges of the handle `db` was opened with, for code that is handed only a `Db` (the listing
 * cache); a `Db` from elsewhere gets one that never hears anything, so nothing is cached for it.
 */
export function tableChangesOf(db: Db): TableChanges {
  let changes = changesOfDb.get(db);
  if (!changes) changesOfDb.set(db, (changes = new TableChanges()));
  return changes;
}

/**
 * The pool's client class: repeated statements prepared, at most 150 per connection (see
 * prepared-statements.ts), and every connection listening for changes of cached tables (table-changes.ts).
 */
const poolClient = (changes: TableChanges, listen: boolean) => {
  const preparing = preparingClient(new StatementNames(150));
  return listen ? listeningClient(preparing, changes) : preparing;
};

export interface DatabaseHandle {
  kind: 'embedded' | 'postgres';
  db: Db;
  /**
   * The shared pool. Only ever check out and release clients (`pool.connect()`), never `pool.query()`:
   * the embedded pool has a single connection that every caller must queue for.
   */
  pool: pg.Pool;
  /** Embedded only: the PGlite instance (for data dumps in tests). */
  pglite?: PGlite;
  /** Counts the statements run through `db` (tests pin the counts of hot paths with it). */
  statements: StatementCounter;
  /** Changes of the tables that per-process caches hold (settings, the rights behind tokens). */
  changes: TableChanges;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** postgres://... ; absent selects the embedded database. */
  databaseUrl?: string;
  /** Embedded data folder; `memory://` keeps it in memory. */
  dataDir?: string;
  /** Embedded only: start from a dump made by `pglite.dumpDataDir()` (tests start from a migrated template). */
  loadDataDir?: Blob;
  /** Pool size for PostgreSQL. */
  maxConnections?: number;
  /**
   * Whether the pool's connections LISTEN for table changes (default true), which lets per-process caches
   * of rarely written tables fill (table-changes.ts); without it nothing is cached.
   */
  tableCaches?: boolean;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  const changes = new TableChanges();
  const Client = poolClient(changes, options.tableCaches ?? true);
  if (options.databaseUrl) {
    // JIT off: its compile (a third of a second, measured on the listing query over 20,000 products) is
    // paid per statement whenever the planner's estimate passes jit_above_cost, which correlated
    // subqueries over a large table do, while the statements here run in milliseconds. An `options`
    // parameter in DATABASE_URL takes precedence.
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.maxConnections ?? 10, options: '-c jit=off', Client });
    pool.on('error', () => {
      /* an idle client lost its server; the pool replaces it on the next checkout */
    });
    const { db, statements } = kyselyOver(pool, changes);
    return { kind: 'postgres', db, pool, statements, changes, close: () => db.destroy() };
  }

  // loaded only for the embedded database: a PostgreSQL installation never pays for the WASM module
  const [{ PGlite }, { createPgConfig }] = await Promise.all([import('@electric-sql/pglite'), import('@electric-sql/pglite/node-postgres')]);
  const pglite = await PGlite.create({ dataDir: options.dataDir ?? 'memory://', loadDataDir: options.loadDataDir });
  // One PGlite is one session: a pool of exactly one connection serialises every caller, so a
  // transaction can never see (or roll back) statements of another request.
  const pool = new pg.Pool({ ...createPgConfig(pglite), max: 1, idleTimeoutMillis: 0, Client });
  const { db, statements } = kyselyOver(pool, changes);
  return {
    kind: 'embedded',
    db,
    pool,
    pglite,
    statements,
    changes,
    async close() {
      await db.destroy();
      await pglite.close();
    },
  };
}

/** Kysely over the pool, its statements counted, known to `tableChangesOf`. */
function kyselyOver(pool: pg.Pool, changes: TableChanges): { db: Db; statements: StatementCounter } {
  const statements = new StatementCounter();
  const db = new Kysely<any>({ dialect: new PostgresDialect({ pool }), log: statements.record });
  changesOfDb.set(db, changes);
  return { db, statements };
}
