import type { CoreServices } from './core-services.js';
import type { CheckoutServices } from './checkout/checkout-services.js';
import type { ExtensionManager } from './extension-manager/extension-manager.js';

/**
 * Every service of the platform, as the kernel's `Platform` implements it: what module hooks, route
 * registrars and commands pick from (`Pick<PlatformServices, 'db' | 'checkout'>`). Types only; it names
 * services, never modules or routes, so nothing it imports comes back to it.
 */
export interface PlatformServices extends CoreServices {
  /** Cart, order placement, payment processing and finalize: what the Store API and storefront call. */
  readonly checkout: CheckoutServices;
  readonly extensions: ExtensionManager;
}

/** A booted platform as its process holds it: its services plus the close at shutdown. */
export interface RunningPlatform extends PlatformServices {
  close(): Promise<void>;
}
