import { existing, hmacHex, startSimulator, type GatewayMethods } from '../../_simulator/index.js';
import { registerBankRoutes } from './api-banks.js';
import { registerDashboardRoutes } from './api-dashboard.js';
import { registerRefundRoutes } from './api-refunds.js';
import { registerTransactionRoutes } from './api-transactions.js';
import type { SimulatorContext } from './context.js';
import { defaultFaultBody, errorBody, MESSAGES } from './envelope.js';
import { HOSTED_PAGE } from './hosted-page.js';
import { applyOptions, keyOfMode, resolveOptions } from './options.js';
import { PaymentFlow } from './payment-flow.js';
import { refundFetchData } from './refund-record.js';
import { RefundFlow } from './refund-flow.js';
import { GatewayLedger } from './state.js';
import { chargeSuccessBody, verifyData } from './transaction-record.js';
import type { PayASimulator, PayASimulatorOptions } from './types.js';
import { modeOfPayload, payAWebhookSigning } from './webhook-signing.js';

/** Starts the gateway A simulator on a real HTTP port (127.0.0.1, random port unless told): its API and hosted checkout page on the harness. */
export async function startPayASimulator(options: PayASimulatorOptions = {}): Promise<PayASimulator> {
  return startSimulator({
    name: 'PayA simulator',
    settings: resolveOptions(options),
    applyOptions,
    server: { errorBody: (message) => errorBody(message), faultBody: defaultFaultBody, unauthorized: { status: 401, message: MESSAGES.invalidKey }, invalidJsonMessage: MESSAGES.invalidJson, internalErrorMessage: MESSAGES.serverError, hostedPrefix: '/checkout/' },
    signing: payAWebhookSigning,
    hostedPage: HOSTED_PAGE,
    context(parts): SimulatorContext {
      const ledger = new GatewayLedger();
      return { ...parts, ledger, payments: new PaymentFlow(ledger, parts.webhooks, parts.settings, parts.hostedDoneUrl), refunds: new RefundFlow(ledger, parts.webhooks, parts.settings) };
    },
    routes(app, ctx, simulator) {
      registerTransactionRoutes(app, ctx);
      registerRefundRoutes(app, ctx);
      registerBankRoutes(app, ctx);
      registerDashboardRoutes(app, simulator);
    },
    api: gatewayApi,
  });
}

/** Gateway A's own part of the programmatic API: its records, and what its hosted page, dashboard and processor do. */
function gatewayApi({ ledger, payments, refunds, webhooks, settings }: SimulatorContext): GatewayMethods<PayASimulator> {
  const transactionOrThrow = (reference: string) => existing(ledger.byReference(reference), `PayA simulator: no transaction with reference ${reference}`);
  const refundOrThrow = (id: number) => existing(ledger.refund(id), `PayA simulator: no refund ${id}`);

  return {
    transaction(reference) {
      const transaction = ledger.byReference(reference);
      return transaction && { ...verifyData(transaction), request: structuredClone(transaction.request), authorization_url: transaction.authorizationUrl };
    },

    references: () => ledger.references(),

    completePayment(reference, outcome, overrides) {
      return payments.complete(transactionOrThrow(reference), outcome, overrides);
    },

    updateTransaction(reference, patch) {
      const transaction = transactionOrThrow(reference);
      for (const [key, value] of Object.entries(patch)) {
        if (key === 'amount' || key === 'requested_amount' || key === 'fees') {
          const nullable = key === 'fees' && value === null;
          if (!nullable && (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0)) throw new Error(`PayA simulator: ${key} must be a non-negative integer`);
          if (key === 'amount') transaction.amount = value as number;
          else if (key === 'requested_amount') transaction.requestedAmount = value as number;
          else transaction.fees = value as number | null;
        } else if (key === 'status' || key === 'currency' || key === 'channel') {
          if (typeof value !== 'string') throw new Error(`PayA simulator: ${key} must be a string`);
          transaction[key] = value;
        } else {
          transaction.shownAsIs[key] = value;
        }
      }
    },

    refunds: () => ledger.allRefunds().map((refund) => refundFetchData(refund, ledger.byId(refund.transactionId)!)),

    addRefund(reference, amount, options = {}) {
      const transaction = transactionOrThrow(reference);
      if (!Number.isSafeInteger(amount) || amount <= 0) throw new Error('PayA simulator: a refund amount is a positive integer (gateway minor units)');
      const refund = ledger.addRefund({
        transactionId: transaction.id,
        amount,
        currency: transaction.currency,
        status: options.status ?? 'pending',
        customerNote: null,
        merchantNote: options.merchantNote ?? null,
      });
      return refundFetchData(refund, transaction);
    },

    async settleRefund(refundId, outcome, options = {}) {
      const refund = refundOrThrow(refundId);
      refunds.settle(refund, outcome);
      return options.send === false ? undefined : webhooks.deliver(refunds.eventBody(refund));
    },

    refundEvent: (refundId, status) => refunds.eventBody(refundOrThrow(refundId), status),

    async sendChargeWebhook(reference) {
      return webhooks.deliver(chargeSuccessBody(transactionOrThrow(reference)));
    },

    signatureOf(payload, secretKey) {
      return hmacHex('sha512', secretKey ?? keyOfMode(settings, modeOfPayload(payload)) ?? settings.secretKeys[0]!, payload);
    },
  };
}
