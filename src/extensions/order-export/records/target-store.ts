import { executorOf, isId, type ChangeCache, type Db, type ExtensionHost, type UnitOfWork } from '../../../platform/sdk/index.js';
import type { AuthType, CredentialConfig } from '../delivery/auth/credential-types.js';
import type { DeliveryTarget } from '../delivery/target-settings.js';
import { tablesOf } from './db.js';
import type { AckMode, AutoExportTrigger } from './values.js';

/** A target as an export needs it: delivery settings with the signing secret decrypted, its credential and its mapping's current version. */
export interface LoadedTarget {
  id: string;
  name: string;
  active: boolean;
  ackMode: AckMode;
  autoExport: AutoExportTrigger;
  delivery: DeliveryTarget;
  credential: CredentialConfig | null;
  mapping: { id: string; version: number; versionId: string; definition: unknown };
  paused: boolean;
  includeTestOrders: boolean;
  /** bulk replays' pace; null: no limit */
  maxPerSecond: number | null;
  /** failures in a row before this export; a success after failures resets them */
  consecutiveFailures: number;
}

/**
 * Loads a target with everything an export needs in one query. Undefined when the id is malformed or
 * unknown; inactive targets are returned (test-connection works on them, exports refuse them).
 */
export async function loadTarget(host: ExtensionHost, configId: string): Promise<LoadedTarget | undefined> {
  if (!isId(configId)) return undefined;
  const row = await tablesOf(host.db)
    .selectFrom('ext_order_export_config as t')
    .innerJoin('ext_order_export_mapping as m', 'm.id', 't.mapping_id')
    .innerJoin('ext_order_export_mapping_version as v', (join) => join.onRef('v.mapping_id', '=', 'm.id').onRef('v.version', '=', 'm.current_version'))
    .leftJoin('ext_order_export_credential as c', 'c.id', 't.credential_id')
    .select([
      't.id',
      't.name',
      't.active',
      't.url',
      't.method',
      't.headers',
      't.timeout_ms',
      't.ack_mode',
      't.auto_export',
      't.signing_secret',
      't.paused',
      't.include_test_orders',
      't.max_per_second',
      't.consecutive_failures',
      'm.id as mapping_id',
      'v.id as version_id',
      'v.version',
      'v.definition',
      'c.id as credential_id',
      'c.auth_type',
      'c.public_meta',
      'c.secret',
    ])
    .where('t.id', '=', configId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id,
    name: row.name,
    active: row.active,
    ackMode: row.ack_mode,
    autoExport: row.auto_export,
    delivery: {
      url: row.url,
      method: row.method,
      headers: row.headers,
      timeoutMs: row.timeout_ms,
      signingSecrets: [host.secrets.decrypt(row.signing_secret)],
    },
    credential:
      row.credential_id === null
        ? null
        : {
            id: row.credential_id,
            authType: row.auth_type as AuthType,
            publicMeta: row.public_meta ?? {},
            secret: row.secret === null ? null : host.secrets.decrypt(row.secret),
          },
    mapping: { id: row.mapping_id, version: row.version, versionId: row.version_id, definition: row.definition },
    paused: row.paused,
    includeTestOrders: row.include_test_orders,
    maxPerSecond: row.max_per_second,
    consecutiveFailures: row.consecutive_failures,
  };
}

/**
 * Ids of the active targets that export by themselves on this trigger. Read on every order placement and
 * paid transition, written a few times a day: kept per process until `ext_order_export_config` changes
 * (in any process), so those hot paths pay no statement for it. Read through `within`: the caller's
 * transaction holds the only connection of the embedded database.
 */
export async function autoExportTargetIds(host: ExtensionHost, trigger: Exclude<AutoExportTrigger, 'off'>, within: Db | UnitOfWork = host.db): Promise<string[]> {
  let cache = autoTargets.get(host);
  if (!cache) autoTargets.set(host, (cache = host.caches.untilChanged(['ext_order_export_config'])));
  return cache.get(trigger, async () => {
    const rows = await tablesOf(executorOf(within)).selectFrom('ext_order_export_config').select('id').where('active', '=', true).where('auto_export', '=', trigger).execute();
    return rows.map((row) => row.id);
  });
}

const autoTargets = new WeakMap<ExtensionHost, ChangeCache<AutoExportTrigger, string[]>>();

/** A target's signing secret, decrypted (for verifying its acknowledgements); undefined for an unknown target. */
export async function signingSecretOf(host: ExtensionHost, configId: string): Promise<string | undefined> {
  const row = await tablesOf(host.db).selectFrom('ext_order_export_config').select('signing_secret').where('id', '=', configId).executeTakeFirst();
  return row && host.secrets.decrypt(row.signing_secret);
}
