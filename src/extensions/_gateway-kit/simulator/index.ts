/** The simulator harness: what every gateway simulator is built on (see ../README.md). */
export { buildSimulatorServer, answered, listeningUrl, type SimulatorServerOptions } from './server.js';
export { FaultInjector, type FaultAction } from './faults.js';
export { WebhookSender, type WebhookSenderSettings, type WebhookSigning, type DeliveryOptions } from './webhook-sender.js';
export { hmacWebhookSigning, type HmacSigningOptions } from './hmac-signing.js';
export { hmacHex } from '../webhook/signatures.js';
export { escapeHtml, htmlPage, messagePage } from './html.js';
export { createSimulatorCommand, alignedRows, type SimulatorCommandDefinition, type RunningSimulator } from './console-command.js';
export type { RecordedRequest, WebhookDelivery, WebhookDeliveryResult, InjectedFault } from './types.js';
