import type { FastifyInstance } from 'fastify';
import type { Migration } from './database/migrations.js';
import type { EntityDefinition } from './entities/definition.js';
import type { ConsoleCommand } from './console/command.js';
import type { EventName, Subscriber } from './events/dispatcher.js';
import type { Platform } from './kernel.js';
import type { UnitOfWork } from './database/transaction.js';
import type { PaymentMethodDeclaration } from './checkout/payment-method/extension-payment-methods.js';

/** A custom field set an extension owns; written on install/update, removed on uninstall unless data is kept. */
export interface CustomFieldSetDeclaration {
  name: string;
  label?: Record<string, string>;
  /** Entities the set applies to, e.g. `['order_transaction']`. */
  relations: string[];
  fields: Array<{ name: string; type: string; label?: Record<string, string>; config?: Record<string, unknown> }>;
}

export interface MessageHandlerDeclaration {
  /** Queue name, e.g. `ext_demo_data.run`. */
  queue: string;
  handle(data: unknown, platform: Platform): Promise<void>;
  /** Retries before the message is kept as failed (default 3). */
  retryLimit?: number;
}

export interface SubscriberDeclaration {
  event: EventName;
  handle: Subscriber;
}

export interface LifecycleContext {
  platform: Platform;
  /** The unit of work the lifecycle step runs in. */
  uow: UnitOfWork;
}

/**
 * An extension is a folder whose index.ts exports one of these. It only declares; the platform
 * applies the declarations (migrations, config defaults, custom fields, routes, handlers) in the
 * lifecycle steps and calls the hooks at the points Shopware's plugin lifecycle does.
 */
export interface Extension {
  /** e.g. `ExtPayB`; also the system config prefix `ExtPayB.config.` */
  name: string;
  version: string;
  label?: string;
  description?: string;
  migrations?: Migration[];
  entities?: EntityDefinition[];
  /** Privileges the extension's routes check, listed so the role editor can offer them. */
  privileges?: string[];
  customFieldSets?: CustomFieldSetDeclaration[];
  config?: {
    /** Keys without the `<name>.config.` prefix. */
    defaults?: Record<string, unknown>;
    /** Keys (without prefix) whose values are encrypted at rest and never returned by reads. */
    secrets?: string[];
  };
  /**
   * Registers routes. They exist only while the extension is active (404 otherwise). Paths under
   * `/api/` get Admin API authentication like every other Admin API route.
   */
  routes?(app: FastifyInstance, platform: Platform): void | Promise<void>;
  messageHandlers?: MessageHandlerDeclaration[];
  /**
   * Payment methods with their handlers. Install creates them (active, in every sales channel); they
   * are offered only while the extension is active; uninstall without keepUserData switches them off.
   */
  paymentMethods?: PaymentMethodDeclaration[];
  subscribers?: SubscriberDeclaration[];
  commands?: ConsoleCommand[];
  install?(context: LifecycleContext): Promise<void>;
  update?(context: LifecycleContext & { fromVersion: string }): Promise<void>;
  uninstall?(context: LifecycleContext & { keepUserData: boolean }): Promise<void>;
  activate?(context: LifecycleContext): Promise<void>;
  deactivate?(context: LifecycleContext): Promise<void>;
}
