import type { FaultInjector } from './faults.js';
import type { SimulatorSettings } from './options.js';
import type { PaymentFlow } from './payment-flow.js';
import type { GatewayLedger } from './state.js';
import type { RecordedRequest } from './types.js';
import type { WebhookDispatcher } from './webhook-delivery.js';

/** What the simulator's HTTP routes share. */
export interface SimulatorContext {
  settings: SimulatorSettings;
  ledger: GatewayLedger;
  webhooks: WebhookDispatcher;
  flow: PaymentFlow;
  faults: FaultInjector;
  requests: RecordedRequest[];
  /** e.g. http://127.0.0.1:41234, known once the server listens */
  baseUrl(): string;
}
