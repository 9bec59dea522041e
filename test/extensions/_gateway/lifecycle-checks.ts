import { expect } from 'vitest';
import { paymentMethodIdOf } from '../../../src/platform/checkout/payment-method/extension-payment-methods.js';
import { DEFAULT_SALES_CHANNEL_ID } from '../../../src/platform/first-start/default-shop.js';
import type { Extension } from '../../../src/platform/sdk/index.js';
import type { TestPlatform } from '../../helpers/test-platform.js';

/** The install, settings and uninstall checks both gateways' lifecycle tests make, given the gateway's names. */
export interface LifecycleGateway {
  /** e.g. `ExtPayA`; its settings are `<name>.config.*` */
  extensionName: string;
  /** The payment method's technical name. */
  paymentMethod: string;
  /** Prefix of its custom field sets, e.g. `ext_pay_a_`. */
  fieldSetPrefix: string;
  /** How many custom fields install creates. */
  fieldCount: number;
  configKey(key: string): string;
  /** The `sandbox` setting's default. */
  sandboxDefault: unknown;
}

/**
 * A gateway extension's names as the checks use them: its payment method, the prefix its custom field sets
 * share, `<name>.config.*` settings; how many fields install creates and the `sandbox` default are given.
 */
export function lifecycleGateway(extension: Extension, expected: { fieldCount: number; sandboxDefault: unknown }): LifecycleGateway {
  const setNames = (extension.customFieldSets ?? []).map((set) => set.name);
  let fieldSetPrefix = setNames[0] ?? '';
  for (const name of setNames) while (!name.startsWith(fieldSetPrefix)) fieldSetPrefix = fieldSetPrefix.slice(0, -1);
  return {
    extensionName: extension.name,
    paymentMethod: extension.paymentMethods![0]!.technicalName,
    fieldSetPrefix,
    configKey: (key) => `${extension.name}.config.${key}`,
    ...expected,
  };
}

/** The names of the gateway's custom fields, sorted. */
export async function customFieldNames(t: TestPlatform, gateway: Pick<LifecycleGateway, 'fieldSetPrefix'>): Promise<string[]> {
  const rows = await t.platform.db
    .selectFrom('custom_field as f')
    .innerJoin('custom_field_set as s', 's.id', 'f.custom_field_set_id')
    .select(['f.name'])
    .where('s.name', 'like', `${gateway.fieldSetPrefix.replace(/_/g, '\\_')}%`)
    .orderBy('f.name')
    .execute();
  return rows.map((r) => r.name);
}

/** Install: the payment method (active, in the default channel), the given custom fields and the set relations. */
export async function expectInstalledMethodAndFields(
  t: TestPlatform,
  gateway: LifecycleGateway,
  expected: { method: Record<string, unknown>; fields: string[]; relations: Array<{ name: string; entity_name: string }> },
): Promise<void> {
  const methodId = paymentMethodIdOf(gateway.paymentMethod);
  const method = (await t.api('GET', `/api/payment-method/${methodId}`)).json().data;
  expect(method).toMatchObject(expected.method);
  const channels = await t.platform.db.selectFrom('sales_channel_payment_method').select('sales_channel_id').where('payment_method_id', '=', methodId).execute();
  expect(channels.map((c) => c.sales_channel_id)).toContain(DEFAULT_SALES_CHANNEL_ID);

  expect(await customFieldNames(t, gateway)).toEqual(expected.fields);
  const relations = await t.platform.db
    .selectFrom('custom_field_set_relation as r')
    .innerJoin('custom_field_set as s', 's.id', 'r.custom_field_set_id')
    .select(['s.name', 'r.entity_name'])
    .where('s.name', 'like', `${gateway.fieldSetPrefix.replace(/_/g, '\\_')}%`)
    .orderBy('s.name')
    .execute();
  expect(relations).toEqual(expected.relations);
}

/**
 * The gateway's settings as the Admin API answers them hold at least `expected`, named without the prefix every
 * key shares (`sandbox` for `<name>.config.sandbox`); a nested object holds at least its given entries.
 */
export async function expectConfigValues(t: TestPlatform, gateway: Pick<LifecycleGateway, 'extensionName' | 'configKey'>, expected: Record<string, unknown>): Promise<void> {
  const config = (await t.api('GET', `/api/_action/system-config?domain=${gateway.extensionName}.config`)).json();
  expect(config).toMatchObject(Object.fromEntries(Object.entries(expected).map(([key, value]) => [gateway.configKey(key), value])));
}

/** Secret settings saved through the Admin API are answered as `{secretSet: true}` and stored encrypted. */
export async function expectSecretsHidden(t: TestPlatform, gateway: Pick<LifecycleGateway, 'extensionName'>, secrets: Record<string, string>): Promise<void> {
  expect((await t.api('POST', '/api/_action/system-config', { body: secrets })).statusCode).toBe(204);
  const read = await t.api('GET', `/api/_action/system-config?domain=${gateway.extensionName}.config`);
  for (const [key, value] of Object.entries(secrets)) {
    expect(read.json()[key]).toEqual({ secretSet: true });
    expect(read.body).not.toContain(value);
  }
  const stored = await t.platform.db.selectFrom('system_config').select('configuration_value').where('configuration_key', 'like', `${gateway.extensionName}.%`).execute();
  for (const value of Object.values(secrets)) expect(JSON.stringify(stored)).not.toContain(value);
}

/** Uninstall without keeping data removes fields and config and switches the method off; install restores the defaults. */
export async function expectUninstallRemovesData(t: TestPlatform, gateway: LifecycleGateway): Promise<void> {
  const methodId = paymentMethodIdOf(gateway.paymentMethod);
  await t.platform.extensions.uninstall(gateway.extensionName, false);
  expect(await customFieldNames(t, gateway)).toEqual([]);
  const left = await t.platform.db.selectFrom('system_config').select('configuration_key').where('configuration_key', 'like', `${gateway.extensionName}.%`).execute();
  expect(left).toEqual([]);
  expect((await t.api('GET', `/api/payment-method/${methodId}`)).json().data.active).toBe(false);

  await t.platform.extensions.install(gateway.extensionName);
  await t.platform.extensions.activate(gateway.extensionName);
  expect(await customFieldNames(t, gateway)).toHaveLength(gateway.fieldCount);
  expect(await t.platform.systemConfig.get(gateway.configKey('sandbox'))).toBe(gateway.sandboxDefault);
  expect(await t.platform.systemConfig.get(gateway.configKey('secretKey'))).toBeNull();
  expect((await t.api('GET', `/api/payment-method/${methodId}`)).json().data.active).toBe(true);
}

/** Uninstall keeping data keeps fields and the given setting (`beforeUninstall` runs after it is set); then installs again. */
export async function expectUninstallKeepsData(t: TestPlatform, gateway: LifecycleGateway, keptKey: string, keptValue: string, beforeUninstall?: () => Promise<void>): Promise<void> {
  await t.platform.systemConfig.set(t.platform.db, gateway.configKey(keptKey), keptValue);
  await beforeUninstall?.();
  await t.platform.extensions.uninstall(gateway.extensionName, true);
  expect(await customFieldNames(t, gateway)).toHaveLength(gateway.fieldCount);
  expect(await t.platform.systemConfig.get(gateway.configKey(keptKey))).toBe(keptValue);
  await t.platform.extensions.install(gateway.extensionName);
  await t.platform.extensions.activate(gateway.extensionName);
}
