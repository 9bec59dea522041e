import type { SimulatorParts } from '../../_simulator/index.js';
import type { SimulatorSettings } from './options.js';
import type { PaymentFlow } from './payment-flow.js';
import type { RefundFlow } from './refund-flow.js';
import type { GatewayLedger } from './state.js';

/** What the simulator's HTTP routes share: the harness's parts, the ledger and the flows. */
export interface SimulatorContext extends SimulatorParts<SimulatorSettings> {
  ledger: GatewayLedger;
  payments: PaymentFlow;
  refunds: RefundFlow;
}
