/**
 * The gateway kit: what every payment gateway extension needs, once (README.md). A gateway folder holds
 * only what is its own: endpoints and payload shapes, status maps, the amount rule, settings and its
 * simulator's API.
 */
export { GatewayHttpClient, GatewayClientError, GatewayNotConfiguredError, isTransientGatewayError, pathOnly } from './http/gateway-client.js';
export type { GatewayClientErrorKind, GatewayClientErrorDetails, GatewayHttpClientOptions, GatewayResponse, EnvelopeVerdict } from './http/gateway-client.js';
export { redactedExcerpt } from './http/redact.js';
export { commonGatewaySettings, activeKeys, type ActiveKeys } from './settings/gateway-settings.js';

export { chargeEventKey, refundEventKey, hasProcessedEvent, processedEventsOf, processedEventPatch } from './transaction/processed-events.js';
export { isSettledState, isPaidState, REFUNDABLE_STATES } from './transaction/settled-states.js';
export { settleVerified, type VerifiedPayment, type PaymentVerdict, type SettlementOutcome, type SettlementResult, type SettlementRequest } from './transaction/settle-verified.js';

export { registerWebhookRoute, type WebhookAnswer, type WebhookRouteDefinition } from './webhook/webhook-route.js';
export { sharedSecretMatches, hmacHexMatches, hmacHex } from './webhook/signatures.js';
export { createSingleFlight } from './webhook/single-flight.js';
export { RecordedCharges, type ChargeHandling } from './webhook/recorded-charges.js';

export { RefundRefusal, COMMON_REFUND_MESSAGES, refusalForGatewayFailure } from './refund/refund-refusal.js';
export {
  formatRefundAmount,
  minimumRefundFor,
  minimumRefundMinor,
  requestedAmountToMinor,
  requestedMinorOrRefuse,
  refundAmountWithinBounds,
  malformedAmountMessage,
  type RefundCurrency,
} from './refund/refund-amounts.js';
export { refundBodyFields, optionalRefundAmount, optionalRefundText, requiredRefundText } from './refund/refund-body.js';
export { DEFAULT_REFUND_LEASE, refundLeaseName, withRefundLease, isRefundInProgress } from './refund/refund-lease.js';
export { requestGatewayRefund, type GatewayRefundSteps, type RefundableByGateway, type AcceptedRefund } from './refund/refund-request-flow.js';
export {
  refundRecordIds,
  recordPendingRefund,
  isOwnRefund,
  ownRefundHoldings,
  refundedOnPlatformMinor,
  completedRefundsMinor,
  type RefundRecordScope,
  type PendingRefund,
} from './refund/refund-records.js';
export { refundBalance, refundHoldings, NOTHING_PAID, type RefundBalance, type RefundHoldings, type HeldRefund } from './refund/refund-balance.js';
export {
  applyRefundOutcome,
  applyMatchedRefundOutcome,
  type RefundOutcome,
  type RefundOutcomeResult,
  type RefundTarget,
  type MatchedRefundOutcome,
  type MatchedRefundOutcomeResult,
} from './refund/refund-completion.js';
export { oldestUndecidedRefundOfAmount, isUndecidedRefund, type RefundAmountMatch } from './refund/refund-matching.js';
export { refundDeliveryKey, eventsRecordedForReference, type RefundDelivery } from './refund/refund-references.js';
export { registerRefundRoute, type RefundRouteDefinition } from './refund/refund-route.js';
export {
  registerRefundableRoute,
  refundableAnswerOf,
  RefundableTransactionNotFound,
  RefundBalanceUnavailableError,
  RefundableBalanceAnswer,
  REFUNDABLE_READ_PRIVILEGE,
  REFUNDABLE_SOURCES,
  type RefundableRouteDefinition,
  type RefundableView,
  type RefundableAnswerBody,
  type RefundableSource,
} from './refund/refundable-route.js';
export { readRefundableView, type RefundableRead } from './refund/refundable-view.js';

export { bankRoutes, verificationPayloadKey, PROFILE_PATH, VERIFICATIONS_PER_WINDOW, VERIFICATION_WINDOW_MS, type BankGateway, type BankSettings, type BankCustomerFields } from './bank/bank-routes.js';
export { maskAccountNumber, validateBankAccountInput, validateBvn, DEFAULT_BANK_INPUT_FIELDS, type BankInputFields } from './bank/bank-account-validation.js';
export { sortedByName, BANK_LIST_TTL_MS, type ListedBank } from './bank/bank-list-cache.js';
export { VERIFICATION_LIFETIME_MS } from './bank/verified-account-store.js';
export { bankDetailsFieldSet, sealBankDetailsMigration, secretBankFieldNames } from './bank/bank-details-fields.js';
