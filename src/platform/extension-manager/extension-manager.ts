import { sql } from 'kysely';
import { runMigrations, revertMigrations, type MigrationContext } from '../database/migrations.js';
import { transaction, type UnitOfWork } from '../database/transaction.js';
import type { Extension, LifecycleContext } from '../extensions.js';
import type { CoreServices } from '../core-services.js';
import { extensionErrors } from './errors.js';
import { deactivatePaymentMethods, ensurePaymentMethods } from '../checkout/payment-method/extension-payment-methods.js';
import { isConfigDefinition } from '../system-config/define-config.js';
import type { ExtensionHost } from '../sdk/host.js';
import { createExtensionHost } from './extension-host.js';
import type { RouteDeclaration } from '../sdk/routes.js';
import { refundHostOf } from '../checkout/refund/refund-host.js';
import { providerRuntime } from '../checkout/payment/provider-registration.js';
import { settlementServices } from '../checkout/payment/settlement-services.js';
import { paymentRecheckTask } from '../checkout/payment/payment-recheck.js';

export interface ExtensionState {
  name: string;
  label: string;
  description: string | null;
  /** Version declared by the code. */
  version: string;
  /** Version last installed or updated to; null when never installed. */
  installedVersion: string | null;
  installed: boolean;
  active: boolean;
  installedAt: Date | null;
  upgradedAt: Date | null;
  /** Whether the code is newer than what is installed (an update is due). */
  updateAvailable: boolean;
}

interface Row {
  name: string;
  version: string;
  active: boolean;
  installed_at: Date | null;
  upgraded_at: Date | null;
}

const configPrefix = (extension: Extension) => `${extension.name}.config.`;

/**
 * The extension lifecycle, following Shopware's plugin lifecycle. Every step runs in one transaction:
 * migrations, config defaults, custom fields, the hook and the state row commit together or not at all.
 *
 * Extensions listed in main.ts are installed and activated the first time the platform sees them;
 * after that their state is the operator's (an uninstalled extension stays uninstalled), and installed
 * extensions are updated at start when their code declares a newer version.
 */
export class ExtensionManager {
  readonly #known = new Map<string, Extension>();
  readonly #hosts = new Map<string, ExtensionHost>();
  readonly #paymentRoutes = new Map<string, RouteDeclaration[]>();
  #active = new Set<string>();
  readonly #migrationContext: MigrationContext = {
    sealSecretCustomFields: (db, entity, names) => this.platform.secretCustomFields.sealStored(db, entity, names),
  };

  constructor(
    private readonly platform: CoreServices,
    extensions: Extension[],
  ) {
    for (const extension of extensions) {
      if (this.#known.has(extension.name)) throw new Error(`Extension ${extension.name} is listed twice`);
      this.#known.set(extension.name, extension);
    }
  }

  /** Synchronous: routes, subscribers and handlers of inactive extensions are skipped. */
  isActive(name: string): boolean {
    return this.#active.has(name);
  }

  get(name: string): Extension {
    const extension = this.#known.get(name);
    if (!extension) throw extensionErrors.notFound(name);
    return extension;
  }

  all(): Extension[] {
    return [...this.#known.values()];
  }

  /** The host an extension's routes, handlers, commands and hooks are handed (one per extension and process). */
  hostOf(name: string): ExtensionHost {
    this.get(name);
    let host = this.#hosts.get(name);
    if (!host) {
      host = createExtensionHost(this.platform, name);
      this.#hosts.set(name, host);
    }
    return host;
  }

  /** The routes the host mounts for an extension's payment providers (their webhooks), in its scope. */
  paymentRoutesOf(name: string): readonly RouteDeclaration[] {
    return this.#paymentRoutes.get(name) ?? [];
  }

  /** Makes every known extension's declarations known to the platform (whatever its state). */
  registerDeclarations(): void {
    const { platform } = this;
    for (const extension of this.#known.values()) {
      const host = this.hostOf(extension.name);
      for (const entity of extension.entities ?? []) platform.entities.register(entity, extension.name);
      platform.systemConfig.registerSecretKeys((extension.config?.secrets ?? []).map((key) => configPrefix(extension) + key));
      // also while inactive or uninstalled: the values stay on the records and must stay masked
      for (const set of extension.customFieldSets ?? []) platform.secretCustomFields.declare(set);
      if (isConfigDefinition(extension.config)) platform.configSchemas.register(extension.config, extension.name);
      for (const handler of extension.messageHandlers ?? []) {
        platform.queue.register({ ...handler, handle: (data) => handler.handle(data, host) }, extension.name);
      }
      for (const subscriber of extension.subscribers ?? []) {
        platform.events.on(subscriber.event, (payload, _name, within) => subscriber.handle(payload, host, within), extension.name, subscriber.phase);
      }
      for (const command of extension.commands ?? []) platform.commands.register(command, extension.name);
      for (const task of extension.scheduledTasks ?? []) platform.scheduledTasks.register({ ...task, run: (run) => task.run(run, host) }, extension.name);
      for (const method of extension.paymentMethods ?? []) {
        const provider = method.provider?.(host);
        const refundHost = refundHostOf(platform.orderTransactions, host);
        const runtime = provider ? providerRuntime(provider, settlementServices(platform, host), refundHost) : undefined;
        platform.payments.register({ identifier: method.technicalName, handler: runtime?.handler ?? method.handler!(host), owner: extension.name });
        if (runtime) this.#paymentRoutes.set(extension.name, [...this.paymentRoutesOf(extension.name), ...runtime.routes]);
        // the host re-checks the provider's unsettled payments (checkout/payment/payment-recheck.ts)
        if (provider?.recheck) {
          platform.scheduledTasks.register(paymentRecheckTask({ ...provider, recheck: provider.recheck }, { ...settlementServices(platform, host), db: platform.db, refunds: refundHost }), extension.name);
        }
      }
    }
  }

  /** Start-up: first-seen extensions are installed and activated; installed ones are updated/migrated. */
  async sync(): Promise<void> {
    for (const extension of this.#known.values()) {
      const row = await this.#row(this.platform.db, extension.name);
      if (!row) {
        await this.install(extension.name);
        await this.activate(extension.name);
      } else if (row.installed_at) {
        if (row.version !== extension.version) await this.update(extension.name);
        else await runMigrations(this.platform.db, extension.name, extension.migrations ?? [], this.#migrationContext);
      }
    }
    await this.refresh();
  }

  /** Re-reads which extensions are active (another process may have changed it). */
  async refresh(): Promise<void> {
    const rows = await this.platform.db.selectFrom('extension').select(['name', 'active']).where('active', '=', true).execute();
    this.#active = new Set(rows.map((r) => r.name as string).filter((name) => this.#known.has(name)));
  }

  async list(): Promise<ExtensionState[]> {
    const rows = (await this.platform.db.selectFrom('extension').selectAll().execute()) as Row[];
    const byName = new Map(rows.map((r) => [r.name, r]));
    return this.all().map((extension) => {
      const row = byName.get(extension.name);
      const installed = Boolean(row?.installed_at);
      return {
        name: extension.name,
        label: extension.label ?? extension.name,
        description: extension.description ?? null,
        version: extension.version,
        installedVersion: installed ? row!.version : null,
        installed,
        active: Boolean(row?.active),
        installedAt: row?.installed_at ?? null,
        upgradedAt: row?.upgraded_at ?? null,
        updateAvailable: installed && row!.version !== extension.version,
      };
    });
  }

  /** No-op when installed already. */
  async install(name: string): Promise<void> {
    const extension = this.get(name);
    await this.#step(name, async (uow, context) => {
      const row = await this.#row(uow, name);
      if (row?.installed_at) return;
      await runMigrations(uow, name, extension.migrations ?? [], this.#migrationContext);
      await this.platform.systemConfig.writeDefaults(uow, configPrefix(extension), extension.config?.defaults ?? {}, true);
      await this.platform.customFields.syncSets(uow, extension.customFieldSets ?? []);
      await ensurePaymentMethods(uow, extension.paymentMethods ?? [], { activate: true });
      await extension.install?.(context);
      await uow.db
        .insertInto('extension')
        .values({ name, version: extension.version, active: false, installed_at: sql`now()` })
        .onConflict((oc) => oc.column('name').doUpdateSet({ version: extension.version, active: false, installed_at: sql`now()`, updated_at: sql`now()` }))
        .execute();
    });
  }

  async update(name: string): Promise<void> {
    const extension = this.get(name);
    await this.#step(name, async (uow, context) => {
      const row = await this.#requireInstalled(uow, name);
      await runMigrations(uow, name, extension.migrations ?? [], this.#migrationContext);
      await this.platform.systemConfig.writeDefaults(uow, configPrefix(extension), extension.config?.defaults ?? {}, false);
      await this.platform.customFields.syncSets(uow, extension.customFieldSets ?? []);
      await ensurePaymentMethods(uow, extension.paymentMethods ?? [], { activate: false });
      await extension.update?.({ ...context, fromVersion: row.version });
      await uow.db
        .updateTable('extension')
        .set({ version: extension.version, upgraded_at: sql`now()`, updated_at: sql`now()` })
        .where('name', '=', name)
        .execute();
    });
  }

  /** Deactivates first when active. Without keepUserData, removes its tables, config and custom fields. */
  async uninstall(name: string, keepUserData: boolean): Promise<void> {
    const extension = this.get(name);
    await this.#step(name, async (uow, context) => {
      const row = await this.#requireInstalled(uow, name);
      if (row.active) await extension.deactivate?.(context);
      await extension.uninstall?.({ ...context, keepUserData });
      if (!keepUserData) {
        await revertMigrations(uow, name, extension.migrations ?? []);
        await this.platform.systemConfig.deleteByPrefix(uow, configPrefix(extension));
        await this.platform.customFields.removeSets(
          uow,
          (extension.customFieldSets ?? []).map((s) => s.name),
        );
        await deactivatePaymentMethods(uow, extension.paymentMethods ?? []);
      }
      await uow.db.updateTable('extension').set({ active: false, installed_at: null, updated_at: sql`now()` }).where('name', '=', name).execute();
    });
  }

  /** No-op when active already. */
  async activate(name: string): Promise<void> {
    const extension = this.get(name);
    await this.#step(name, async (uow, context) => {
      const row = await this.#requireInstalled(uow, name);
      if (row.active) return;
      await extension.activate?.(context);
      await uow.db.updateTable('extension').set({ active: true, updated_at: sql`now()` }).where('name', '=', name).execute();
    });
  }

  async deactivate(name: string): Promise<void> {
    const extension = this.get(name);
    await this.#step(name, async (uow, context) => {
      const row = await this.#requireInstalled(uow, name);
      if (!row.active) throw extensionErrors.notActive(name);
      await extension.deactivate?.(context);
      await uow.db.updateTable('extension').set({ active: false, updated_at: sql`now()` }).where('name', '=', name).execute();
    });
  }

  async #step(name: string, work: (uow: UnitOfWork, context: LifecycleContext) => Promise<void>): Promise<void> {
    await transaction(this.platform.db, (uow) => work(uow, { host: this.hostOf(name), uow }));
    await this.refresh();
  }

  async #row(within: CoreServices['db'] | UnitOfWork, name: string): Promise<Row | undefined> {
    const db = 'afterCommit' in within ? within.db : within;
    // FOR UPDATE inside a step: two processes running lifecycle steps on one extension queue up
    let query = db.selectFrom('extension').selectAll().where('name', '=', name);
    if ('afterCommit' in within) query = query.forUpdate();
    return (await query.executeTakeFirst()) as Row | undefined;
  }

  async #requireInstalled(uow: UnitOfWork, name: string): Promise<Row> {
    const row = await this.#row(uow, name);
    if (!row?.installed_at) throw extensionErrors.notInstalled(name);
    return row;
  }
}
