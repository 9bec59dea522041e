import type { FaultInjector, RecordedRequest, WebhookSender } from '../../_gateway-kit/simulator/index.js';
import type { SimulatorSettings } from './options.js';
import type { PaymentFlow } from './payment-flow.js';
import type { RefundFlow } from './refund-flow.js';
import type { GatewayLedger } from './state.js';

/** What the simulator's HTTP routes share. */
export interface SimulatorContext {
  settings: SimulatorSettings;
  ledger: GatewayLedger;
  webhooks: WebhookSender;
  payments: PaymentFlow;
  refunds: RefundFlow;
  faults: FaultInjector;
  requests: RecordedRequest[];
  /** e.g. http://127.0.0.1:41234, known once the server listens */
  baseUrl(): string;
}
