import type { StorefrontRequest } from './types.js';

/**
 * A piece of the account profile page contributed by another module or an extension, e.g. a form for
 * the customer's bank account. The profile page prints each rendered slot with `{{ slot.html }}`.
 */
export interface ProfileSlot {
  /** Unique, e.g. `pay-b-bank-account`. */
  id: string;
  /** A template in a folder added with addTemplateFolder, e.g. `pay-b/profile-bank-account.njk`. */
  template: string;
  /** Template data; the template also gets `csrfToken`, `customer` and `currentPath`. */
  data?: (request: StorefrontRequest) => Promise<Record<string, unknown>>;
  /** The owning extension's name: the slot is left out while that extension is not active. */
  owner?: string;
}
