/**
 * The simulator harness: what every local simulator (payment gateways, export targets) is built on, so a
 * simulator's folder holds only its API (routes, payload shapes, signing). See README.md.
 */
export { startSimulator, type SimulatorAnswers, type SimulatorDefinition, type SimulatorParts } from './start-simulator.js';
export { buildSimulatorServer, answered, listeningUrl, type SimulatorServerOptions } from './server.js';
export { commonSimulatorDefaults, applySimulatorOptions, isHttpUrl, type SimulatorOptions, type SimulatorSettingsOf } from './settings.js';
export { FaultInjector, type FaultAction } from './faults.js';
export { WebhookSender, type WebhookSenderSettings, type WebhookSigning, type DeliveryOptions } from './webhook-sender.js';
export { hmacWebhookSigning, hmacHex, type HmacSigningOptions } from './hmac-signing.js';
export { escapeHtml, htmlPage, messagePage } from './html.js';
export { dashboardRoute, DashboardRefusal, DASHBOARD_PREFIX } from './dashboard.js';
export { hostedPage, type HostedPage, type HostedPageContent, type HostedPageDeclaration, type HostedPaymentFlow } from './hosted-page.js';
export { gatewayTimestamp, IdSequence, RecordBook, existing, withQuery, PaymentFlowError } from './records.js';
export { SimulatorLedger, type LedgerRefund, type IdRange } from './ledger.js';
export { createSimulatorCommand, alignedRows, type SimulatorCommandDefinition, type RunningSimulator } from './console-command.js';
export { createGatewaySimulatorCommand, type GatewayCommandDefinition, type GatewayCommandInput } from './gateway-command.js';
export type { GatewayMethods, GatewaySimulator, RecordedRequest, WebhookDelivery, WebhookDeliveryResult, InjectedFault } from './types.js';
