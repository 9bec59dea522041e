import type { FastifyInstance } from 'fastify';
import type { Migration } from './database/migrations.js';
import type { EntityDefinition } from './entities/definition.js';
import type { ConsoleCommand } from './console/command.js';
import type { EventName, EventPayload, SubscriberPhase } from './events/dispatcher.js';
import type { Db } from './database/connection.js';
import type { UnitOfWork } from './database/transaction.js';
import type { ScheduledTaskDeclaration } from './scheduled-task/scheduled-task.js';

/**
 * What a part of the system declares, whoever it is: a platform module (`module.ts`, handed the whole
 * platform) or an extension (`extensions.ts`, handed its narrow ExtensionHost). One shape, one way to
 * declare migrations, entities, routes, commands, subscribers and message handlers.
 */
export interface Declarations<Host> {
  /** Names sort in apply order, e.g. `0010_order`; for extensions they are per extension. */
  migrations?: Migration[];
  entities?: EntityDefinition[];
  commands?: ConsoleCommand<Host>[];
  /**
   * Registers a platform module's routes. Paths under `/api/` get Admin API authentication like every
   * other Admin API route. Extensions declare theirs instead (`Extension.routes`, src/platform/sdk/routes.ts).
   */
  routes?(app: FastifyInstance, host: Host): void | Promise<void>;
  /** Run after the dispatching transaction commits; an inactive extension's are skipped. */
  subscribers?: SubscriberDeclaration<Host>[];
  messageHandlers?: MessageHandlerDeclaration<Host>[];
  /** Recurring jobs (src/platform/scheduled-task/): run by the worker processes, one run at a time each. */
  scheduledTasks?: ScheduledTaskDeclaration<Host>[];
}

export interface SubscriberDeclaration<Host, N extends EventName = EventName> {
  event: N;
  /**
   * `after-commit` (default): runs once the dispatching transaction committed; a failure is logged.
   * `in-transaction`: runs inside it and gets it as `within`, so its writes (e.g. `host.queue.send(within, …)`)
   * commit with the change or not at all; a failure rolls the change back.
   */
  phase?: SubscriberPhase;
  handle(payload: EventPayload<N>, host: Host, within?: Db | UnitOfWork): Promise<void> | void;
}

export interface MessageHandlerDeclaration<Host> {
  /** Queue name, e.g. `ext_demo_data.run`. */
  queue: string;
  handle(data: unknown, host: Host): Promise<void>;
  /** Retries before the message is kept as failed (default 3). */
  retryLimit?: number;
  /** Seconds before the first retry; doubled for each further one (default 1). */
  retryDelaySeconds?: number;
}
