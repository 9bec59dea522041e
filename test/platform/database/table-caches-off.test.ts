import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { Platform } from '../../../src/platform/kernel.js';
import { readEnv } from '../../../src/platform/env.js';
import { openTestDatabase } from '../../helpers/databases.js';
import { testEnv } from '../../helpers/test-env.js';

/**
 * `TABLE_CACHES=0` (behind a pooler that does not pass notifications on): no connection listens, so
 * nothing is kept and every read goes to the database.
 */
describe('TABLE_CACHES=0', () => {
  let platform: Platform;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const opened = await openTestDatabase(inject('template'), { tableCaches: false });
    drop = opened.drop;
    platform = await Platform.boot({ env: testEnv({ tableCaches: false }), database: opened.handle });
  });
  afterAll(async () => {
    await platform.close();
    await drop();
  });

  it('is read from the environment: on unless 0 or false', () => {
    expect(readEnv({ VAR_DIR: platform.env.varDir, APP_SECRET: 'x' }).tableCaches).toBe(true);
    expect(readEnv({ VAR_DIR: platform.env.varDir, APP_SECRET: 'x', TABLE_CACHES: '0' }).tableCaches).toBe(false);
    expect(readEnv({ VAR_DIR: platform.env.varDir, APP_SECRET: 'x', TABLE_CACHES: 'false' }).tableCaches).toBe(false);
  });

  it('reads settings from the database every time', async () => {
    await platform.systemConfig.set(platform.db, 'Uncached.config.mode', 'on');
    expect(platform.database.changes.watching).toBe(false);
    for (let i = 0; i < 2; i++) {
      const { result, count } = await platform.database.statements.measure(() => platform.systemConfig.get('Uncached.config.mode'));
      expect(result).toBe('on');
      expect(count).toBe(1);
    }
  });
});
