import { createHash } from 'node:crypto';
import pg from 'pg';

/**
 * Repeated statements run as named prepared statements. PostgreSQL then parses and analyses each one
 * once per connection and, after five runs, may keep a generic plan instead of planning again: the
 * statements here are wide (every column listed, associations as JSON subqueries), so planning cost more
 * than executing them (the cart view 5.5 -> 3.0 ms p50, a read by id 1.8 -> 1.4 ms, measured side by side).
 *
 * Only parameterised statements are named (those already go through the extended protocol, so naming
 * changes nothing else), and only from their second run, so one-off texts (an IN list of a new length)
 * do not take the slots. Each connection holds at most `perConnection` names; past that, statements run
 * unnamed as before.
 *
 * Names belong to a generation; a connection meeting a newer one deallocates its statements first. A new
 * generation starts on a schema change (DDL through the pool, or PostgreSQL refusing a cached plan whose
 * result type changed because another process migrated), and every `maxPlanAgeMs`: a generic plan keeps
 * the row estimates of the moment it was made, so after a bulk import (18,000 products added to 2,000:
 * one statement 0.4 -> 7 ms on the old plan, measured) it is made again within that time, and the embedded
 * database, which has no autovacuum to analyse its tables, gets fresh plans as well.
 */
export class StatementNames {
  /** Texts run so far, with their hash once they ran twice. */
  readonly #seen = new Map<string, string | undefined>();
  #generation = 0;
  #generationStarted: number;

  constructor(
    readonly perConnection: number,
    readonly maxPlanAgeMs = 60_000,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.#generationStarted = now();
  }

  /** The name for `text`, or undefined while it has run only once. */
  nameFor(text: string): string | undefined {
    if (this.now() - this.#generationStarted >= this.maxPlanAgeMs) this.schemaChanged();
    if (!this.#seen.has(text)) {
      // texts that never repeat must not grow the map for ever
      if (this.#seen.size >= MAX_TRACKED_TEXTS) this.#seen.clear();
      this.#seen.set(text, undefined);
      return undefined;
    }
    let hash = this.#seen.get(text);
    if (hash === undefined) this.#seen.set(text, (hash = createHash('sha1').update(text).digest('base64url').slice(0, 22)));
    return `p${this.#generation}_${hash}`;
  }

  /** Plans made before a schema change may no longer fit: later statements are prepared afresh. */
  schemaChanged(): void {
    this.#generation += 1;
    this.#generationStarted = this.now();
  }

  get generation(): number {
    return this.#generation;
  }
}

const MAX_TRACKED_TEXTS = 5_000;
const SCHEMA_CHANGE = /\b(create|alter|drop)\s+(table|view|materialized|type|domain|schema|extension|function|or\s+replace)\b/i;

/** A node-postgres client class (for `new pg.Pool({ Client })`) that names repeated statements. */
export function preparingClient(names: StatementNames): typeof pg.Client {
  return class PreparingClient extends pg.Client {
    readonly #named = new Set<string>();
    #generation = names.generation;

    // node-postgres overloads query() many ways; only the promise form Kysely uses, (text, values), is named
    override query(...args: any[]): any {
      const [text, values, callback] = args;
      const name = typeof text === 'string' && callback === undefined ? this.#nameOf(text, values) : undefined;
      if (name === undefined) return (super.query as (...rest: any[]) => any)(...args);
      return (super.query({ name, text, values }) as Promise<pg.QueryResult>).catch((error: unknown) => {
        if (isStalePlan(error)) names.schemaChanged();
        throw error;
      });
    }

    /** The name `text` runs under on this connection, or undefined to run it unnamed. */
    #nameOf(text: string, values: unknown): string | undefined {
      if (!Array.isArray(values) || values.length === 0) {
        if (SCHEMA_CHANGE.test(text)) names.schemaChanged();
        return undefined;
      }
      const name = names.nameFor(text);
      if (name === undefined) return undefined;
      if (this.#generation !== names.generation) this.#forgetNames();
      if (!this.#named.has(name) && this.#named.size >= names.perConnection) return undefined;
      this.#named.add(name);
      return name;
    }

    /**
     * Drops the older generation's statements, queued ahead of the statement about to run. Best effort:
     * names carry their generation, so should it fail (in an aborted transaction) nothing clashes; the
     * old statements then stay until the connection closes.
     */
    #forgetNames(): void {
      this.#generation = names.generation;
      if (this.#named.size === 0) return;
      this.#named.clear();
      // node-postgres's own record of parsed names, which would otherwise grow by a generation a minute
      (this as unknown as { connection: { parsedStatements: Record<string, string> } }).connection.parsedStatements = {};
      (super.query('DEALLOCATE ALL') as Promise<unknown>).catch(() => undefined);
    }
  } as typeof pg.Client;
}

/** PostgreSQL's refusal to run a prepared statement whose result columns changed under it. */
function isStalePlan(error: unknown): boolean {
  return (error as { code?: string }).code === '0A000' && /cached plan/i.test((error as Error).message ?? '');
}
