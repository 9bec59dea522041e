import { existing, hmacHex, startSimulator } from '../../_simulator/index.js';
import { registerBankRoutes } from './api-banks.js';
import { registerDashboardRoutes } from './api-dashboard.js';
import { registerRefundRoutes } from './api-refunds.js';
import { registerTransactionRoutes } from './api-transactions.js';
import type { SimulatorContext } from './context.js';
import { defaultFaultBody, errorBody, MESSAGES } from './envelope.js';
import { registerHostedPage } from './hosted-page.js';
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
  const settings = resolveOptions(options);
  const ledger = new GatewayLedger();
  // the dashboard's routes act through the simulator's own API, built once the server listens
  let self: PayASimulator | undefined;
  const { context, simulator } = await startSimulator({
    name: 'PayA simulator',
    settings,
    applyOptions,
    signing: payAWebhookSigning(settings),
    faultBody: defaultFaultBody,
    server: { errorBody: (message) => errorBody(message), unauthorized: { status: 401, message: MESSAGES.invalidKey }, invalidJsonMessage: MESSAGES.invalidJson, internalErrorMessage: MESSAGES.serverError, hostedPrefix: '/checkout/' },
    context: (parts): SimulatorContext => ({
      ...parts,
      ledger,
      payments: new PaymentFlow(parts.webhooks, settings, () => `${parts.baseUrl()}/checkout/done`),
      refunds: new RefundFlow(ledger, parts.webhooks, settings),
    }),
    routes(app, ctx) {
      registerTransactionRoutes(app, ctx);
      registerRefundRoutes(app, ctx);
      registerBankRoutes(app, ctx);
      registerHostedPage(app, ctx);
      registerDashboardRoutes(app, () => self!);
    },
  });
  const { payments, refunds, webhooks } = context;

  const transactionOrThrow = (reference: string) => existing(ledger.byReference(reference), `PayA simulator: no transaction with reference ${reference}`);
  const refundOrThrow = (id: number) => existing(ledger.refund(id), `PayA simulator: no refund ${id}`);

  self = Object.assign(simulator, {
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
  } satisfies Omit<PayASimulator, keyof typeof simulator>);
  return self;
}
