/**
 * The extension SDK: the ONE module of the platform an extension imports (an architecture test keeps
 * every other `src/platform/` path out of `src/extensions/`). What is not exported here is the
 * platform's own business. See docs/adding-an-extension.md.
 */

// declaring an extension
export type { Extension, LifecycleContext, CustomFieldSetDeclaration, PaymentMethodDeclaration } from '../extensions.js';
export type { SubscriberDeclaration, MessageHandlerDeclaration } from '../declarations.js';
export {
  defineRoute,
  defineStorefrontRoute,
  templateFolder,
  profileSlot,
  rawRoutes,
  sendAnswer,
  type RouteDeclaration,
  type ExtensionRoutes,
  type DeclaredRoute,
  type DeclaredStorefrontRoute,
  type RouteRequest,
  type RouteReply,
  type RouteSchema,
  type RouteAnswer,
  type RawRouteApp,
} from './routes.js';
export type { Migration, MigrationContext } from '../database/migrations.js';
export type { EntityDefinition, FieldDefinition, FieldType, AssociationDefinition } from '../entities/definition.js';
export { createEntityTable, createMappingTable, executeStatements } from '../database/schema.js';
export { refreshPlannerStatistics } from '../database/statistics.js';
export { reportChangesOf } from '../database/table-change-migration.js';
export type { ChangeCache, ChangeCacheOptions } from '../database/change-cache.js';

// what the platform hands an extension
export type {
  ExtensionHost,
  HostConfig,
  HostStateMachines,
  HostTransitionRequest,
  HostEvents,
  HostQueue,
  QueueSendOptions,
  HostMedia,
  HostSecrets,
  HostEntities,
  HostLeases,
  HostOrderTransactions,
  HostSessions,
  HostMail,
  HostSandbox,
  SettingsOf,
  SettingsScopes,
} from './host.js';
export type { Db } from '../database/connection.js';
export type { UnitOfWork, Executor } from '../database/transaction.js';
export { executorOf } from '../database/transaction.js';
export type { EntityRepository, EntitySearchResult, WritePayload } from '../entities/repository.js';
export type { WriteOptions } from '../entities/writer.js';
export type { Criteria } from '../entities/criteria/types.js';
export type { EntityRecord } from '../entities/serializer.js';
export type { Lease, LeaseOptions, LeaseHolder, LeaseRun } from '../leases/lease-service.js';
export type { OrderTransactionView, OrderPayer } from '../checkout/order-transaction/order-transaction-service.js';
export type { RefundRecord, RefundRecordInput } from '../checkout/refund/payment-records-service.js';
export type { CustomerSession } from '../sales-channel/context/session-payload-service.js';
export type { StateRef, TransitionOutcome } from '../state-machine/state-machine-registry.js';
export { stateEnterEvent, stateLeaveEvent, type StateMachineTransitionPayload } from '../state-machine/events.js';
export { ORDER_PLACED_EVENT, type OrderPlacedPayload } from '../checkout/order/order-events.js';
export type { EventName, EventPayload, PlatformEvents, SubscriberPhase } from '../events/dispatcher.js';
export type { MailTypeDeclaration, MailTemplateContent, MailAddress } from '../mail/mail-type.js';
export type { MailRequest } from '../mail/mail-service.js';

// route schemas (see src/platform/http/schemas/README.md) for declared routes (./routes.ts): validation,
// handler types and the OpenAPI documents come from them; `Type` itself comes from '@sinclair/typebox'
export {
  documentedOnly,
  describedAs,
  component,
  Id,
  IdString,
  IdParams,
  StringEnum,
  ErrorResponse,
  errorResponses,
  noContent,
  CriteriaQuery,
  criteriaSchema,
  entityRef,
  validationIssues,
  type ValidationIssue,
} from '../http/schemas/index.js';

// settings
export { defineConfig, setting, type ConfigDefinition, type Setting, type SettingScope, type SettingCardSchema } from '../system-config/define-config.js';

// access control and errors
export { systemContext, requirePrivileges, can, type ApiContext } from '../acl/context.js';
export { AppError, errors, throwProblems, isClientError } from '../errors/app-error.js';

// untrusted evaluation: host.sandbox runs a module's task in a worker thread under these limits; the
// module itself imports only './sandboxed.js'
export { SandboxLimitError, type SandboxLimit } from '../sandbox/sandbox-limit-error.js';
export type { SandboxLimits } from '../sandbox/sandbox-limits.js';
export type { SandboxRunOptions } from '../sandbox/sandbox.js';
export { MAX_INPUT_DEPTH } from '../http/input-guard.js';

// values
export { isPlainObject, isObjectLiteral } from '../util/is-plain-object.js';
export { maskSecretValue } from '../custom-fields/secret-custom-fields.js';
export { lazyModule } from '../util/lazy-module.js';
export { newId, isId, normalizeId, deterministicId } from '../ids.js';
export {
  MAX_MINOR_UNITS,
  toMinorUnits,
  toMajorUnits,
  toMajorNumber,
  exactMinorUnits,
  toShortestMajorUnits,
  formatMoney,
} from '../checkout/money/money.js';
export { decimalsFor } from '../checkout/money/currency-decimals.js';
export { parseExactDecimal, canonicalDecimalString, divideRoundHalfUp, type ExactDecimal } from '../checkout/money/exact-decimal.js';
export { RateLimiter, type RateLimitDecision } from '../rate-limit/rate-limiter.js';

// the platform's price calculation (gross prices, minor units), for records an extension writes itself
export { calculateLineItem, type CalculatedPrice, type LineItemPriceInput } from '../checkout/cart/calculation/calculated-price.js';
export { calculateCartTotals, type CartTotals, type ShippingCostsInput } from '../checkout/cart/calculation/cart-totals.js';
export { toCalculatedPriceJson, toCartPriceJson, type CalculatedPriceJson, type CartPriceJson } from '../checkout/cart/calculation/price-json.js';

// payments
export type {
  PaymentHandler,
  PaymentValidateInput,
  PaymentValidationResult,
  PaymentPayInput,
  PaymentFinalizeInput,
  PaymentRefundInput,
  PaymentTransactionRef,
} from '../checkout/payment/payment-handler.js';
export type {
  PaymentProvider,
  PaymentVerdict,
  VerifiedPayment,
  Verification,
  ReturnedAttempt,
  FinalizeMessages,
  ProviderWebhook,
  WebhookRequest,
  WebhookAnswer,
  WebhookAnswers,
  WebhookVerdict,
  ProviderRecheck,
  RecheckSettings,
} from '../checkout/payment/provider.js';
export { PAYMENT_FLAGS } from '../checkout/payment/payment-flags.js';
export { RECHECK_SCHEDULE_MINUTES } from '../checkout/payment/payment-recheck.js';
export type { ScheduledTaskDeclaration, ScheduledTaskRun } from '../scheduled-task/scheduled-task.js';
// refunds: the host runs them (routes, lease, balance, records, events); a provider supplies its part
export type {
  RefundProvider,
  RefundablePayment,
  RefundCurrency,
  RefundSettings,
  RefundRequest,
  RefundAttempt,
  AcceptedRefund,
  GatewayRefundHoldings,
  HoldingsRead,
  RefundEvent,
  RefundEventSupport,
} from '../checkout/refund/refund-provider.js';
export { RefundRefusal, COMMON_REFUND_MESSAGES } from '../checkout/refund/refund-refusal.js';
export { refundBodyFields, optionalRefundAmount, optionalRefundText, requiredRefundText, RefundAmountField } from '../checkout/refund/refund-body.js';
export { refundHoldings } from '../checkout/refund/refund-balance.js';
export { formatRefundAmount } from '../checkout/refund/refund-amounts.js';
export { REFUNDABLE_STATES } from '../checkout/refund/refund-states.js';
export { paymentErrors } from '../checkout/payment/payment-errors.js';
export { paymentMethodIdOf } from '../checkout/payment-method/extension-payment-methods.js';
export type { SalesChannelContext } from '../sales-channel/context/sales-channel-context.js';

// console
export type { ConsoleCommand, StandaloneConsoleCommand, CommandInput, CommandIo, CommandOption, CommandArgument } from '../console/command.js';
export { EXIT } from '../console/exit-codes.js';
export { UsageError } from '../console/usage-error.js';

// storefront (its routes, template folders and profile slots are declared: see ./routes.ts)
export {
  addFlash,
  redirectWithFlash,
  salesChannelIdOf,
  safeHtml,
  type StorefrontRequest,
  type CustomerContext,
  type StorefrontContext,
  type StorefrontCustomer,
  type StorefrontHandler,
  type ProfileSlot,
  type SafeHtml,
} from '../storefront/http/index.js';
export { formFields, clientErrorMessages } from '../storefront/pages/form-input.js';
