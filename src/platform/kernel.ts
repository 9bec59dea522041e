import type { Logger } from 'pino';
import { openDatabase, type DatabaseHandle, type Db } from './database/connection.js';
import { embeddedPaths } from './database/embedded-lock.js';
import { runMigrations } from './database/migrations.js';
import type { Env } from './env.js';
import { EntityRegistry } from './entities/registry.js';
import { EventDispatcher } from './events/dispatcher.js';
import type { Extension } from './extensions.js';
import { createLogger } from './logger.js';
import { QueueService } from './queue/queue-service.js';
import { SecretBox } from './security/secret-box.js';
import { Sandbox } from './sandbox/sandbox.js';
import { DEFAULT_SANDBOX_LIMITS } from './sandbox/sandbox-limits.js';
import { SecretCustomFields } from './custom-fields/secret-custom-fields.js';
import { SystemConfigService } from './system-config/system-config-service.js';
import { CommandRegistry } from './console/registry.js';
import { TokenService } from './admin-api/auth/token-service.js';
import { ExtensionManager } from './extension-manager/extension-manager.js';
import { CustomFieldService } from './custom-fields/custom-field-service.js';
import { platformModules } from './modules.js';
import { ensureAdministrator } from './admin-api/auth/first-start.js';
import { RepositoryFactory } from './entities/repository.js';
import { PaymentHandlerRegistry } from './checkout/payment/payment-handler-registry.js';
import { SalesChannelContextService } from './sales-channel/context/sales-channel-context-service.js';
import { createCheckoutServices, type CheckoutServices } from './checkout/checkout-services.js';
import { StateMachineRegistry } from './state-machine/state-machine-registry.js';
import { platformStatefulEntities } from './state-machine/stateful-entities.js';
import { LeaseService } from './leases/lease-service.js';
import { ScheduledTaskService, SCHEDULER_TICK_MS } from './scheduled-task/scheduled-task-service.js';
import { OrderTransactionService } from './checkout/order-transaction/order-transaction-service.js';
import { PaymentRecordsService } from './checkout/refund/payment-records-service.js';
import { SessionPayloadService } from './sales-channel/context/session-payload-service.js';
import { ConfigSchemaRegistry } from './system-config/schema-route.js';
import { MailService } from './mail/mail-service.js';
import type { RunningPlatform } from './platform-services.js';

export interface BootOptions {
  env: Env;
  /** The extensions this installation knows, as listed in main.ts. */
  extensions?: Extension[];
  /**
   * An already opened database (tests); by default one is opened from the environment. Opening the
   * embedded data directory needs its lock first (database/embedded-lock.ts): the caller takes it.
   */
  database?: DatabaseHandle;
  logger?: Logger;
}

/**
 * The host and the composition root: everything extensions stand on, created once per process. The
 * constructor builds each service from the services it uses, dependencies first (an object literal of
 * `this.x` fails to compile when `x` is not built yet); nothing below imports this file, the services and
 * modules name what they use through CoreServices and PlatformServices (docs/architecture.md).
 * Boot order: database, platform migrations, module boot (first-start records such as the default
 * shop), definitions of every known extension, extension lifecycle sync (install new, migrate
 * installed), administrator, queue.
 */
export class Platform implements RunningPlatform {
  readonly entities = new EntityRegistry();
  readonly commands = new CommandRegistry();
  readonly events: EventDispatcher;
  readonly secrets: SecretBox;
  /** Custom fields extensions declare secret (customers' bank details): sealed on write, masked on read. */
  readonly secretCustomFields: SecretCustomFields;
  readonly systemConfig: SystemConfigService;
  readonly customFields: CustomFieldService;
  readonly queue: QueueService;
  readonly tokens: TokenService;
  readonly extensions: ExtensionManager;
  /** The generic repository of every registered entity. */
  readonly repositories: RepositoryFactory;
  /** State transitions of orders, deliveries, transactions, captures and refunds. */
  readonly stateMachines: StateMachineRegistry;
  /** Payment handlers by identifier (the platform's and the active extensions'). */
  readonly payments: PaymentHandlerRegistry;
  /** The Store API / storefront context behind `sw-context-token`. */
  readonly salesChannelContexts: SalesChannelContextService;
  /** Cart, order placement, payment processing and finalize: what the Store API and storefront call. */
  readonly checkout: CheckoutServices;
  /** Expiring cross-process mutual exclusion (refunds, exports, demo-data runs). */
  readonly leases: LeaseService;
  /** Recurring jobs of the host and the extensions (scheduled-task/), ticked by every worker process. */
  readonly scheduledTasks: ScheduledTaskService;
  /** Host services extensions reach host tables through (see sdk/host.ts). */
  readonly orderTransactions: OrderTransactionService;
  readonly paymentRecords: PaymentRecordsService;
  readonly sessionPayloads: SessionPayloadService;
  /** Settings declarations (`defineConfig`) by domain, for the schema route. */
  readonly configSchemas = new ConfigSchemaRegistry();
  /** Queues the shop's mails; the worker renders and sends them (mail/). */
  readonly mail: MailService;
  /** Worker threads for untrusted evaluation (mapping expressions, text parsing); started with the first task. */
  readonly sandbox: Sandbox;

  private constructor(
    readonly env: Env,
    readonly database: DatabaseHandle,
    readonly logger: Logger,
    knownExtensions: Extension[],
  ) {
    const db = database.db;
    this.secrets = new SecretBox(env.appSecret);
    this.sandbox = new Sandbox(env.sandbox ?? DEFAULT_SANDBOX_LIMITS, logger);
    this.secretCustomFields = new SecretCustomFields(this.secrets, this.entities);
    // which extensions are active is the extension manager's, built last; these ask it only later, at run time
    const isActive = (owner: string) => this.extensions.isActive(owner);
    this.events = new EventDispatcher({
      isOwnerActive: isActive,
      onSubscriberError: (error, name) => logger.error({ err: error, event: name }, 'event subscriber failed'),
    });
    this.systemConfig = new SystemConfigService(db, this.secrets, database.changes);
    this.customFields = new CustomFieldService();
    this.queue = new QueueService(db, logger, isActive);
    this.tokens = new TokenService(db, env.appSecret, database.changes);
    this.repositories = new RepositoryFactory({ registry: this.entities, dispatcher: this.events, db, secretBox: this.secrets, secretCustomFields: this.secretCustomFields });
    this.stateMachines = new StateMachineRegistry({ dispatcher: this.events });
    for (const entity of platformStatefulEntities) this.stateMachines.registerStatefulEntity(entity);
    this.payments = new PaymentHandlerRegistry(isActive);
    this.salesChannelContexts = new SalesChannelContextService({
      db,
      events: this.events,
      isPaymentHandlerAvailable: (identifier) => this.payments.isAvailable(identifier),
    });
    this.leases = new LeaseService(db);
    this.scheduledTasks = new ScheduledTaskService({ db, leases: this.leases, logger, isOwnerActive: isActive });
    this.orderTransactions = new OrderTransactionService(db);
    this.paymentRecords = new PaymentRecordsService(db, this.repositories);
    this.sessionPayloads = new SessionPayloadService(db);
    this.mail = new MailService({ env, database, queue: this.queue, secrets: this.secrets });
    this.checkout = createCheckoutServices({
      env,
      db,
      logger,
      events: this.events,
      repositories: this.repositories,
      stateMachines: this.stateMachines,
      payments: this.payments,
      salesChannelContexts: this.salesChannelContexts,
      systemConfig: this.systemConfig,
    });
    // the bridge to the extensions hands each one a narrow host over the services above: all of them are built
    this.extensions = new ExtensionManager(this, knownExtensions);
  }

  /** Entities of inactive or uninstalled extensions do not exist for API callers. */
  isEntityAvailable(name: string): boolean {
    const owner = this.entities.ownerOf(name);
    return owner === undefined || this.extensions.isActive(owner);
  }

  get db(): Db {
    return this.database.db;
  }

  static async boot(options: BootOptions): Promise<Platform> {
    const logger = options.logger ?? createLogger(options.env.logLevel);
    const database =
      options.database ??
      (await openDatabase({
        ...(options.env.databaseUrl ? { databaseUrl: options.env.databaseUrl } : { dataDir: embeddedPaths(options.env.varDir).dataDir }),
        tableCaches: options.env.tableCaches,
      }));
    const platform = new Platform(options.env, database, logger, options.extensions ?? []);
    try {
      await runMigrations(database.db, 'platform', platformModules.flatMap((m) => m.migrations ?? []));
      for (const module of platformModules) {
        for (const entity of module.entities ?? []) platform.entities.register(entity);
        for (const command of module.commands ?? []) platform.commands.register(command);
        for (const subscriber of module.subscribers ?? []) {
          platform.events.on(subscriber.event, (payload, _name, within) => subscriber.handle(payload, platform, within), undefined, subscriber.phase);
        }
        for (const handler of module.messageHandlers ?? []) platform.queue.register({ ...handler, handle: (data) => handler.handle(data, platform) });
        for (const task of module.scheduledTasks ?? []) platform.scheduledTasks.register({ ...task, run: (run) => task.run(run, platform) });
      }
      // first-start records (the default shop) exist before extensions install against them
      for (const module of platformModules) await module.boot?.(platform);
      platform.extensions.registerDeclarations();
      await platform.extensions.sync();
      await ensureAdministrator(platform);
      await platform.scheduledTasks.sync();
      platform.queue.everyWhileWorking(() => platform.scheduledTasks.runDue(), SCHEDULER_TICK_MS);
      await platform.queue.start();
    } catch (error) {
      await platform.close().catch(() => undefined);
      throw error;
    }
    return platform;
  }

  async close(): Promise<void> {
    await this.queue.stop().catch((error) => this.logger.error({ err: error }, 'queue stop failed'));
    // after the queue: a running export job may still be rendering in a worker
    await this.sandbox.close().catch((error) => this.logger.error({ err: error }, 'sandbox close failed'));
    await this.database.close();
  }
}
