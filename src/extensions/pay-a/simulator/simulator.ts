import { FaultInjector, hmacHex, listeningUrl, WebhookSender } from '../../_gateway-kit/simulator/index.js';
import type { SimulatorContext } from './context.js';
import { defaultFaultBody } from './envelope.js';
import { applyOptions, keyOfMode, resolveOptions } from './options.js';
import { PaymentFlow } from './payment-flow.js';
import { refundFetchData } from './refund-record.js';
import { RefundFlow } from './refund-flow.js';
import { buildPayASimulatorServer } from './server.js';
import { GatewayLedger, type SimRefund, type SimTransaction } from './state.js';
import { chargeSuccessBody, verifyData } from './transaction-record.js';
import type { PayASimulator, PayASimulatorOptions, RecordedRequest } from './types.js';
import { modeOfPayload, payAWebhookSigning } from './webhook-signing.js';

/** Starts the gateway A simulator on a real HTTP port (127.0.0.1, random port unless told). */
export async function startPayASimulator(options: PayASimulatorOptions = {}): Promise<PayASimulator> {
  const settings = resolveOptions(options);
  const ledger = new GatewayLedger();
  const webhooks = new WebhookSender(settings, payAWebhookSigning(settings));
  const faults = new FaultInjector(defaultFaultBody, 'PayA simulator');
  const requests: RecordedRequest[] = [];
  let baseUrl = '';
  const payments = new PaymentFlow(webhooks, settings, () => `${baseUrl}/checkout/done`);
  const refunds = new RefundFlow(ledger, webhooks, settings);
  const ctx: SimulatorContext = { settings, ledger, webhooks, payments, refunds, faults, requests, baseUrl: () => baseUrl };

  const app = await buildPayASimulatorServer(ctx);
  await app.listen({ host: settings.host, port: settings.port });
  baseUrl = listeningUrl(app);

  const transactionOrThrow = (reference: string): SimTransaction => {
    const transaction = ledger.byReference(reference);
    if (!transaction) throw new Error(`PayA simulator: no transaction with reference ${reference}`);
    return transaction;
  };
  const refundOrThrow = (id: number): SimRefund => {
    const refund = ledger.refund(id);
    if (!refund) throw new Error(`PayA simulator: no refund ${id}`);
    return refund;
  };
  let closed: Promise<void> | undefined;

  return {
    baseUrl,
    requests,
    webhookDeliveries: webhooks.deliveries,
    get heldWebhooks() {
      return webhooks.held;
    },

    close() {
      closed ??= (async () => {
        faults.close();
        await webhooks.close();
        await app.close();
      })();
      return closed;
    },

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

    async deliverWebhook(body, deliveryOptions) {
      return webhooks.deliver(body, deliveryOptions);
    },

    signatureOf(payload, secretKey) {
      return hmacHex('sha512', secretKey ?? keyOfMode(settings, modeOfPayload(payload)) ?? settings.secretKeys[0]!, payload);
    },

    holdWebhooks: () => webhooks.hold(),
    releaseWebhooks: (releaseOptions) => webhooks.release(releaseOptions),
    webhooksSettled: () => webhooks.settled(),
    injectFault: (fault) => faults.add(fault),
    setWebhookUrl: (url) => applyOptions(settings, { webhookUrl: url }),
    setOptions: (patch) => applyOptions(settings, patch),
  };
}
