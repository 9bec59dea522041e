/**
 * Gateway A simulator: a faithful local fake of the Paystack-compatible API, its hosted checkout page and
 * its signed webhook delivery, for tests of ExtPayA and for `bin/console ext:pay-a:simulator`.
 */
export { startPayASimulator } from './simulator.js';
export { DEFAULT_SECRET_KEY } from './options.js';
export { SANDBOX_BANK_CODE, KNOWN_ACCOUNTS } from './banks.js';
export type { InjectedFault, PayASimulator, PayASimulatorOptions, PaymentOutcome, PaymentOverrides, RecordedRequest, WebhookDelivery, WebhookDeliveryResult } from './types.js';
