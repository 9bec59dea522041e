/**
 * Gateway D simulator: a faithful local fake of the Flutterwave-v3-compatible API (/v3/...), its hosted
 * payment page and its webhook delivery, for tests of ExtPayB and for `bin/console ext:pay-b:simulator`.
 */
export { startPayBSimulator } from './simulator.js';
export { DEFAULT_SECRET_KEY } from './options.js';
export { TIMEOUT_BODY } from './envelope.js';
export type { InjectedFault, PayBSimulator, PayBSimulatorOptions, PaymentOutcome, PaymentOverrides, RecordedRequest, WebhookDelivery, WebhookDeliveryResult } from './types.js';
