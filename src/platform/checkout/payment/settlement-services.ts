import type { CoreServices } from '../../core-services.js';
import type { ExtensionHost } from '../../sdk/host.js';
import type { SettlementServices } from './settlement.js';

/**
 * What the host settles a provider's payments with: the platform's own order transaction service (its
 * row lock stays inside the host) and state machines, and the extension's logger and unit of work (its
 * log lines carry the extension; after-commit failures are logged as the extension's).
 */
export function settlementServices(platform: Pick<CoreServices, 'orderTransactions' | 'stateMachines'>, host: Pick<ExtensionHost, 'logger' | 'transaction'>): SettlementServices {
  return {
    logger: host.logger,
    transaction: (work) => host.transaction(work),
    orderTransactions: platform.orderTransactions,
    stateMachines: platform.stateMachines,
  };
}
