import type { SimulatorParts } from '../../_simulator/index.js';
import type { SimulatorSettings } from './options.js';
import type { PaymentFlow } from './payment-flow.js';
import type { GatewayLedger } from './state.js';

/** What the simulator's HTTP routes share: the harness's parts, the ledger and the payment flow. */
export interface SimulatorContext extends SimulatorParts<SimulatorSettings> {
  ledger: GatewayLedger;
  flow: PaymentFlow;
}
