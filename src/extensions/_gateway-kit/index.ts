/**
 * The gateway kit: what every payment gateway extension needs, once (README.md). A gateway folder holds
 * only what is its own: endpoints and payload shapes, status maps, the amount rule, settings and its
 * simulator's API.
 */
export { GatewayHttpClient, GatewayClientError, GatewayNotConfiguredError, isTransientGatewayError, statusEnvelope, type EnvelopeVerdict } from './http/gateway-client.js';
export { gatewayClientFor } from './http/client-for-settings.js';
export { verificationOf } from './http/verification.js';
export { refundAttemptOf, holdingsReadOf } from './http/refund-attempt.js';
export { redactedExcerpt } from './http/redact.js';
export { gatewayConfig } from './settings/gateway-config.js';
export type { GatewaySettings } from './settings/settings-reader.js';

export { sharedSecretMatches, hmacHexMatches } from './verdict/signatures.js';
export { jsonObjectOf } from './verdict/json-body.js';

export { bankRoutes, verificationPayloadKey, type BankGateway, type BankSettings, type BankCustomerFields } from './bank/bank-routes.js';
export { maskAccountNumber, validateBankAccountInput, validateBvn, DEFAULT_BANK_INPUT_FIELDS, type BankInputFields } from './bank/bank-account-validation.js';
export { sortedByName, type ListedBank } from './bank/bank-list-cache.js';

export { gatewayExtension } from './extension/gateway-extension.js';
export { gatewayCustomFields } from './extension/gateway-custom-fields.js';
export { startHostedPayment, PaymentRequestError } from './payment/hosted-payment.js';
export { gatewayRefundRoutes } from './refund/refund-routes.js';
