import { decimalsFor } from '../../../platform/sdk/index.js';
import { PaymentFlowError, withQuery, type WebhookSender } from '../../_simulator/index.js';
import { describeAmountProblem, isCurrencyCode, parseMajorAmount, rescaleMinor } from './amounts.js';
import { MESSAGES } from './envelope.js';
import type { SimulatorSettings } from './options.js';
import type { GatewayLedger, PaymentInit } from './state.js';
import { chargeCompletedBody } from './transaction-record.js';
import type { PaymentOutcome, PaymentOverrides } from './types.js';

export interface CompletedPayment {
  redirectUrl: string;
  transactionId?: number;
}

/**
 * What happens when the customer presses a button on the hosted page: an attempt is recorded (unless the
 * customer cancels), charge.completed goes out, and the browser is sent back to the shop's redirect_url.
 */
export class PaymentFlow {
  readonly #ledger: GatewayLedger;
  readonly #webhooks: WebhookSender;
  readonly #settings: SimulatorSettings;
  readonly #fallbackRedirect: () => string;

  constructor(deps: { ledger: GatewayLedger; webhooks: WebhookSender; settings: SimulatorSettings; fallbackRedirect: () => string }) {
    this.#ledger = deps.ledger;
    this.#webhooks = deps.webhooks;
    this.#settings = deps.settings;
    this.#fallbackRedirect = deps.fallbackRedirect;
  }

  /** The payment behind a hosted link's id. */
  find(linkId: string): PaymentInit | undefined {
    return this.#ledger.paymentByLinkId(linkId);
  }

  /** Why the link cannot be used, or undefined when the customer may pay. */
  inactiveReason(payment: PaymentInit): string | undefined {
    if (payment.disabled || this.#ledger.isPaid(payment.txRef)) return MESSAGES.linkInactive;
    return undefined;
  }

  async complete(payment: PaymentInit, outcome: PaymentOutcome, overrides: PaymentOverrides = {}): Promise<CompletedPayment> {
    const inactive = this.inactiveReason(payment);
    if (inactive) throw new PaymentFlowError(`${inactive} (tx_ref ${payment.txRef})`);
    const back = payment.redirectUrl ?? this.#fallbackRedirect();
    if (outcome === 'cancelled') return { redirectUrl: withQuery(back, { status: 'cancelled', tx_ref: payment.txRef }) };

    const currency = overrides.currency ?? payment.currency;
    if (!isCurrencyCode(currency)) throw new PaymentFlowError(`currency override must be an upper-case ISO code, got ${JSON.stringify(currency)}`);
    const decimals = decimalsFor(currency);
    const amountMinor = this.#amountMinor(payment, overrides.amount, currency, decimals);
    let appFeeMinor: bigint | undefined;
    if (overrides.appFee !== undefined) {
      const fee = parseMajorAmount(overrides.appFee, decimals, { allowZero: true });
      if (!fee.ok) throw new PaymentFlowError(`appFee override: ${describeAmountProblem('appFee', fee.problem, currency, decimals)}`);
      appFeeMinor = fee.minor;
    }

    const transaction = this.#ledger.addTransaction(
      { txRef: payment.txRef, amountMinor, currency, status: overrides.status ?? outcome, appFeeMinor, feeBearer: this.#settings.feeBearer },
      payment.customer,
    );
    // a pending attempt has not completed: charge.completed follows once it does (sendChargeWebhook)
    if (this.#settings.autoWebhooks && transaction.status.toLowerCase() !== 'pending') {
      await this.#webhooks.sendAutomatic(chargeCompletedBody(transaction));
    }
    return {
      redirectUrl: withQuery(back, { status: transaction.status, tx_ref: payment.txRef, transaction_id: String(transaction.id) }),
      transactionId: transaction.id,
    };
  }

  #amountMinor(payment: PaymentInit, override: number | string | undefined, currency: string, decimals: number): bigint {
    if (override !== undefined) {
      const parsed = parseMajorAmount(override, decimals, { allowZero: true });
      if (!parsed.ok) throw new PaymentFlowError(`amount override: ${describeAmountProblem('amount', parsed.problem, currency, decimals)}`);
      return parsed.minor;
    }
    const rescaled = rescaleMinor(payment.amountMinor, decimalsFor(payment.currency), decimals);
    if (rescaled === undefined) throw new PaymentFlowError(`the payment's amount cannot be expressed in ${currency}; pass an amount override too`);
    return rescaled;
  }
}
