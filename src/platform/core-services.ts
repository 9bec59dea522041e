import type { Logger } from 'pino';
import type { DatabaseHandle, Db } from './database/connection.js';
import type { Env } from './env.js';
import type { EntityRegistry } from './entities/registry.js';
import type { EventDispatcher } from './events/dispatcher.js';
import type { QueueService } from './queue/queue-service.js';
import type { SecretBox } from './security/secret-box.js';
import type { Sandbox } from './sandbox/sandbox.js';
import type { SecretCustomFields } from './custom-fields/secret-custom-fields.js';
import type { SystemConfigService } from './system-config/system-config-service.js';
import type { CommandRegistry } from './console/registry.js';
import type { TokenService } from './admin-api/auth/token-service.js';
import type { CustomFieldService } from './custom-fields/custom-field-service.js';
import type { RepositoryFactory } from './entities/repository.js';
import type { PaymentHandlerRegistry } from './checkout/payment/payment-handler-registry.js';
import type { SalesChannelContextService } from './sales-channel/context/sales-channel-context-service.js';
import type { StateMachineRegistry } from './state-machine/state-machine-registry.js';
import type { LeaseService } from './leases/lease-service.js';
import type { ScheduledTaskService } from './scheduled-task/scheduled-task-service.js';
import type { OrderTransactionService } from './checkout/order-transaction/order-transaction-service.js';
import type { PaymentRecordsService } from './checkout/refund/payment-records-service.js';
import type { SessionPayloadService } from './sales-channel/context/session-payload-service.js';
import type { ConfigSchemaRegistry } from './system-config/schema-route.js';
import type { MailService } from './mail/mail-service.js';

/**
 * The platform's services below the checkout and the extension manager: what those two are built from.
 * Types only, so any file may name it without importing the kernel (see docs/architecture.md, "The
 * composition root"). A file that one of these services imports must not import this one back: such a
 * file names the concrete services it uses instead.
 */
export interface CoreServices {
  readonly env: Env;
  readonly database: DatabaseHandle;
  readonly db: Db;
  readonly logger: Logger;
  readonly entities: EntityRegistry;
  readonly commands: CommandRegistry;
  readonly events: EventDispatcher;
  readonly secrets: SecretBox;
  readonly secretCustomFields: SecretCustomFields;
  readonly systemConfig: SystemConfigService;
  readonly customFields: CustomFieldService;
  readonly queue: QueueService;
  readonly tokens: TokenService;
  readonly repositories: RepositoryFactory;
  readonly stateMachines: StateMachineRegistry;
  readonly payments: PaymentHandlerRegistry;
  readonly salesChannelContexts: SalesChannelContextService;
  readonly leases: LeaseService;
  readonly scheduledTasks: ScheduledTaskService;
  readonly orderTransactions: OrderTransactionService;
  readonly paymentRecords: PaymentRecordsService;
  readonly sessionPayloads: SessionPayloadService;
  readonly configSchemas: ConfigSchemaRegistry;
  readonly mail: MailService;
  readonly sandbox: Sandbox;
  /** Entities of inactive or uninstalled extensions do not exist for API callers. */
  isEntityAvailable(name: string): boolean;
}
