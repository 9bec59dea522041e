import type { Declarations } from './declarations.js';
import type { UnitOfWork } from './database/transaction.js';
import type { PaymentHandler } from './checkout/payment/payment-handler.js';
import type { PaymentProvider } from './checkout/payment/provider.js';
import type { ConfigDefinition } from './system-config/define-config.js';
import type { ExtensionHost } from './sdk/host.js';
import type { ExtensionRoutes } from './sdk/routes.js';

export type { SubscriberDeclaration, MessageHandlerDeclaration } from './declarations.js';

/** A custom field set an extension owns; written on install/update, removed on uninstall unless data is kept. */
export interface CustomFieldSetDeclaration {
  name: string;
  label?: Record<string, string>;
  /** Entities the set applies to, e.g. `['order_transaction']`. */
  relations: string[];
  fields: Array<{
    name: string;
    type: string;
    label?: Record<string, string>;
    config?: Record<string, unknown>;
    /**
     * A secret text (an account number): encrypted at rest, masked in every read (`******6789`), readable
     * whole only through the platform's audited route (customers: `GET /api/_action/customer/{id}/bank-details`)
     * or `host.secrets.openCustomFields`. See src/platform/custom-fields/README.md.
     */
    secret?: boolean;
  }>;
}

/**
 * A payment method an extension brings; its handler identifier is its technical name. A gateway declares
 * a `provider` (the host runs finalize, the webhook route and settlement for it); a method the host need
 * not settle declares its own `handler`. Either is built once at boot with the extension's host.
 */
export type PaymentMethodDeclaration = {
  /** e.g. `ext_pay_b_payment`; unique across the shop. */
  technicalName: string;
  name: string;
  description?: string;
  position?: number;
} & ({ handler(host: ExtensionHost): PaymentHandler; provider?: never } | { provider(host: ExtensionHost): PaymentProvider; handler?: never });

export interface LifecycleContext {
  host: ExtensionHost;
  /** The unit of work the lifecycle step runs in. */
  uow: UnitOfWork;
}

/**
 * An extension is a folder whose index.ts exports one of these. It only declares; the platform
 * applies the declarations (migrations, config defaults, custom fields, routes, handlers) in the
 * lifecycle steps and calls the hooks at the points Shopware's plugin lifecycle does. Everything it is
 * handed is its ExtensionHost (`src/platform/sdk`), never the platform itself.
 */
export interface Extension extends Omit<Declarations<ExtensionHost>, 'routes'> {
  /** e.g. `ExtPayB`; also the system config prefix `ExtPayB.config.` */
  name: string;
  version: string;
  label?: string;
  description?: string;
  /** Privileges the extension's routes check, listed so the role editor can offer them. */
  privileges?: string[];
  customFieldSets?: CustomFieldSetDeclaration[];
  /**
   * Its routes, declared (`defineRoute`, `defineStorefrontRoute`, ... of the SDK): the list, or a function
   * of the host returning it, called once at boot. Paths under `/api/` get Admin API authentication like
   * every other Admin API route; the routes exist only while the extension is active (404 otherwise).
   */
  routes?: ExtensionRoutes;
  /**
   * Settings: a `defineConfig(...)` declaration (typed reader, defaults, secrets and the form schema),
   * or just defaults and secret keys (keys without the `<name>.config.` prefix).
   */
  config?: ConfigDefinition | { defaults?: Record<string, unknown>; secrets?: string[] };
  /**
   * Payment methods with their handlers. Install creates them (active, in every sales channel); they
   * are offered only while the extension is active; uninstall without keepUserData switches them off.
   */
  paymentMethods?: PaymentMethodDeclaration[];
  install?(context: LifecycleContext): Promise<void>;
  update?(context: LifecycleContext & { fromVersion: string }): Promise<void>;
  uninstall?(context: LifecycleContext & { keepUserData: boolean }): Promise<void>;
  activate?(context: LifecycleContext): Promise<void>;
  deactivate?(context: LifecycleContext): Promise<void>;
}
