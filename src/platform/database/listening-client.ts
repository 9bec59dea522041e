import type pg from 'pg';
import { TABLE_CHANGE_CHANNEL, type TableChanges } from './table-changes.js';

/**
 * A node-postgres client class whose connections LISTEN for table changes before their first use, so
 * the pool itself hears them (no extra connection to keep alive). A connection where LISTEN fails (a
 * pooler that does not pass notifications on) still serves statements; it just does not count as
 * listening, and caches then stay empty.
 */
export function listeningClient(Base: typeof pg.Client, changes: TableChanges): typeof pg.Client {
  return class ListeningClient extends Base {
    // pg-pool calls connect(callback); Kysely never calls connect itself
    override connect(callback?: (error: Error) => void): any {
      const ready = this.#connectAndListen();
      if (!callback) return ready;
      ready.then(
        () => callback(null as never),
        (error: Error) => callback(error),
      );
    }

    async #connectAndListen(): Promise<void> {
      await super.connect();
      this.on('notification', (message: pg.Notification) => {
        if (message.channel === TABLE_CHANGE_CHANNEL && message.payload) changes.changed(message.payload);
      });
      try {
        await super.query(`LISTEN ${TABLE_CHANGE_CHANNEL}`);
      } catch {
        return;
      }
      changes.listenerOpened();
      this.once('end', () => changes.listenerClosed());
    }
  } as typeof pg.Client;
}
