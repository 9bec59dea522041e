import { gatewayTimestamp, PaymentFlowError, withQuery, type WebhookSender } from '../../_simulator/index.js';
import { feesFor } from './currencies.js';
import type { SimulatorSettings } from './options.js';
import type { GatewayLedger, SimTransaction } from './state.js';
import { chargeSuccessBody } from './transaction-record.js';
import type { PaymentOutcome, PaymentOverrides } from './types.js';

const GATEWAY_RESPONSES: Record<string, string> = { success: 'Successful', failed: 'Declined', abandoned: 'The transaction was not completed' };

/**
 * What happens when the customer acts on the hosted page: the outcome is recorded (fees on success), a
 * successful payment sends charge.success (the gateway sends webhooks for successful transactions only),
 * and the browser goes back to the shop: `callback_url` with `reference` and `trxref` appended, or after
 * abandoning, the metadata's `cancel_action` when it is a URL.
 */
export class PaymentFlow {
  constructor(
    private readonly ledger: GatewayLedger,
    private readonly webhooks: WebhookSender,
    private readonly settings: SimulatorSettings,
    private readonly fallbackRedirect: () => string,
  ) {}

  /** The transaction behind a checkout page's access code. */
  find(accessCode: string): SimTransaction | undefined {
    return this.ledger.byAccessCode(accessCode);
  }

  /** Why the page cannot be used, or undefined when the customer may pay. */
  inactiveReason(transaction: SimTransaction): string | undefined {
    return transaction.status === 'success' || transaction.status === 'reversed' ? 'This transaction has already been completed' : undefined;
  }

  async complete(transaction: SimTransaction, outcome: PaymentOutcome, overrides: PaymentOverrides = {}): Promise<{ redirectUrl: string }> {
    const inactive = this.inactiveReason(transaction);
    if (inactive) throw new PaymentFlowError(`${inactive} (reference ${transaction.reference})`);
    if (overrides.currency !== undefined && !/^[A-Z]{3}$/.test(overrides.currency)) throw new PaymentFlowError('currency override must be an upper-case ISO code');
    for (const key of ['amount', 'requestedAmount', 'fees'] as const) {
      const value = overrides[key];
      if (value !== undefined && (!Number.isSafeInteger(value) || value < 0)) throw new PaymentFlowError(`${key} override must be a non-negative integer`);
    }

    transaction.status = overrides.status ?? outcome;
    transaction.gatewayResponse = GATEWAY_RESPONSES[outcome] ?? null;
    if (overrides.currency !== undefined) transaction.currency = overrides.currency;
    if (overrides.requestedAmount !== undefined) transaction.requestedAmount = overrides.requestedAmount;
    if (outcome !== 'abandoned') {
      transaction.channel = overrides.channel ?? 'card';
      const fees = overrides.fees ?? feesFor(transaction.currency, transaction.requestedAmount);
      transaction.fees = outcome === 'success' ? fees : null;
      transaction.amount = overrides.amount ?? transaction.requestedAmount + (outcome === 'success' && this.settings.feeBearer === 'customer' ? fees : 0);
      if (outcome === 'success') transaction.paidAt = gatewayTimestamp();
    } else if (overrides.amount !== undefined) {
      transaction.amount = overrides.amount;
    }

    if (this.settings.autoWebhooks && transaction.status === 'success') await this.webhooks.sendAutomatic(chargeSuccessBody(transaction));
    const back = outcome === 'abandoned' && transaction.cancelAction ? transaction.cancelAction : (transaction.callbackUrl ?? this.fallbackRedirect());
    if (outcome === 'abandoned' && transaction.cancelAction) return { redirectUrl: back };
    return { redirectUrl: withQuery(back, { reference: transaction.reference, trxref: transaction.reference }) };
  }
}
