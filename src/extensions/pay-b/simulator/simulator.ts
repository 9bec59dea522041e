import { decimalsFor } from '../../../platform/sdk/index.js';
import { existing, gatewayTimestamp, startSimulator, type GatewayMethods } from '../../_simulator/index.js';
import { describeAmountProblem, isCurrencyCode, parseMajorAmount, rescaleMinor } from './amounts.js';
import { registerBankRoutes } from './api-banks.js';
import { registerDashboardRoutes } from './api-dashboard.js';
import { registerPaymentRoutes } from './api-payments.js';
import { registerRefundRoutes } from './api-refunds.js';
import { registerTransactionRoutes } from './api-transactions.js';
import type { SimulatorContext } from './context.js';
import { defaultFaultBody, errorBody, MESSAGES } from './envelope.js';
import { HOSTED_PAGE } from './hosted-page.js';
import { applyOptions, resolveOptions } from './options.js';
import { PaymentFlow } from './payment-flow.js';
import { refundCompletedBody, refundListItem } from './refund-record.js';
import { GatewayLedger } from './state.js';
import { chargeCompletedBody, verifyData } from './transaction-record.js';
import type { PayBSimulator, PayBSimulatorOptions } from './types.js';
import { payBWebhookSigning } from './webhook-signing.js';

/** Keys of updateTransaction that change the gateway's own record rather than only what verify shows. */
const RECORD_KEYS = new Set(['status', 'amount', 'currency', 'app_fee']);

/** Starts the gateway D simulator on a real HTTP port (127.0.0.1, random port unless told): the `/v3` API and the hosted page on the harness. */
export async function startPayBSimulator(options: PayBSimulatorOptions = {}): Promise<PayBSimulator> {
  return startSimulator({
    name: 'PayB simulator',
    settings: resolveOptions(options),
    applyOptions,
    server: { errorBody, faultBody: defaultFaultBody, unauthorized: { status: 401, message: MESSAGES.unauthorized }, invalidJsonMessage: MESSAGES.invalidJson, internalErrorMessage: 'An error occurred. Please contact support', hostedPrefix: '/hosted/' },
    signing: payBWebhookSigning,
    hostedPage: HOSTED_PAGE,
    context(parts): SimulatorContext {
      const ledger = new GatewayLedger();
      return { ...parts, ledger, flow: new PaymentFlow({ ledger, webhooks: parts.webhooks, settings: parts.settings, fallbackRedirect: parts.hostedDoneUrl }) };
    },
    routes(app, ctx, simulator) {
      registerPaymentRoutes(app, ctx);
      registerTransactionRoutes(app, ctx);
      registerRefundRoutes(app, ctx);
      registerBankRoutes(app);
      registerDashboardRoutes(app, simulator);
    },
    api: gatewayApi,
  });
}

/** Gateway D's own part of the programmatic API: its records, and what its hosted page and dashboard do. */
function gatewayApi({ ledger, flow, webhooks, settings }: SimulatorContext): GatewayMethods<PayBSimulator> {
  const transactionOrThrow = (id: number) => existing(ledger.transaction(id), `PayB simulator: no transaction ${id}`);

  return {
    payment(txRef) {
      const payment = ledger.latestPayment(txRef);
      return payment && { txRef: payment.txRef, link: payment.link, request: structuredClone(payment.request) };
    },

    transaction(id) {
      const transaction = ledger.transaction(id);
      return transaction && verifyData(transaction);
    },

    transactionsFor(txRef) {
      return ledger.transactionsFor(txRef).map(verifyData);
    },

    async completePayment(txRef, outcome, overrides) {
      return flow.complete(existing(ledger.latestPayment(txRef), `PayB simulator: no payment was initialised with tx_ref ${txRef}`), outcome, overrides);
    },

    updateTransaction(id, patch) {
      const transaction = transactionOrThrow(id);
      const currency = patch.currency ?? transaction.currency;
      if (!isCurrencyCode(currency)) throw new Error(`PayB simulator: currency must be an upper-case ISO code, got ${JSON.stringify(currency)}`);
      const decimals = decimalsFor(currency);
      let amountMinor: bigint | undefined;
      if (patch.amount !== undefined) amountMinor = parseRecordAmount('amount', patch.amount, currency, decimals);
      else amountMinor = rescaleMinor(transaction.amountMinor, decimalsFor(transaction.currency), decimals);
      if (amountMinor === undefined) throw new Error(`PayB simulator: the amount cannot be expressed in ${currency}; patch amount too`);
      let appFeeMinor = transaction.appFeeMinor;
      if (patch.app_fee !== undefined) appFeeMinor = patch.app_fee === null ? undefined : parseRecordAmount('app_fee', patch.app_fee, currency, decimals);
      else if (appFeeMinor !== undefined) appFeeMinor = rescaleMinor(appFeeMinor, decimalsFor(transaction.currency), decimals);
      if (patch.status !== undefined && typeof patch.status !== 'string') throw new Error('PayB simulator: status must be a string');

      transaction.currency = currency;
      transaction.amountMinor = amountMinor;
      transaction.appFeeMinor = appFeeMinor;
      if (typeof patch.status === 'string') transaction.status = patch.status;
      for (const [key, value] of Object.entries(patch)) if (!RECORD_KEYS.has(key)) transaction.shownAsIs[key] = value;
    },

    refunds() {
      return ledger.allRefunds().map((refund) => ({ ...refundListItem(refund), tx_id: refund.transactionId }));
    },

    addRefund(transactionId, amountMajor, status = settings.refundStatus, options = {}) {
      const transaction = transactionOrThrow(transactionId);
      const decimals = decimalsFor(transaction.currency);
      let createdAt: string | undefined;
      if (options.createdAt !== undefined) {
        const time = Date.parse(options.createdAt);
        if (Number.isNaN(time)) throw new Error(`PayB simulator: createdAt is no timestamp: ${options.createdAt}`);
        createdAt = gatewayTimestamp(new Date(time));
      }
      const refund = ledger.addRefund({
        createdAt,
        transactionId,
        amountMinor: parseRecordAmount('amountMajor', amountMajor, transaction.currency, decimals),
        currency: transaction.currency,
        status,
        comments: null,
      });
      return { ...refundListItem(refund), tx_id: refund.transactionId };
    },

    async sendRefundWebhook(refundId, options = {}) {
      const refund = existing(ledger.refund(refundId), `PayB simulator: no refund ${refundId}`);
      if (options.status !== undefined && options.status !== refund.status) {
        refund.status = options.status;
        refund.updatedAt = gatewayTimestamp();
      }
      return webhooks.deliver(refundCompletedBody(refund, refund.status, options.shape ?? settings.refundWebhookShape));
    },

    async sendChargeWebhook(transactionId) {
      return webhooks.deliver(chargeCompletedBody(transactionOrThrow(transactionId)));
    },
  };
}

/** An amount a test puts into the gateway's records: exact, not negative, within the currency's decimals. */
function parseRecordAmount(field: string, value: unknown, currency: string, decimals: number): bigint {
  const parsed = parseMajorAmount(value, decimals, { allowZero: true });
  if (!parsed.ok) throw new Error(`PayB simulator: ${describeAmountProblem(field, parsed.problem, currency, decimals)}`);
  return parsed.minor;
}
