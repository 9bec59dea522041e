import { gatewayTimestamp, type WebhookSender } from '../../_simulator/index.js';
import type { SimulatorSettings } from './options.js';
import { refundEventBody } from './refund-record.js';
import { processorReference, type GatewayLedger, type SimRefund } from './state.js';

/**
 * A refund's life at the gateway: created pending, then processed or failed by its
 * processor, each step announced by a signed event. A failed refund frees its amount; processed refunds
 * covering the whole transaction make verify report it `reversed`.
 */
export class RefundFlow {
  constructor(
    private readonly ledger: GatewayLedger,
    private readonly webhooks: WebhookSender,
    private readonly settings: SimulatorSettings,
  ) {}

  /** The gateway's processor decides: the status is stored and the refund's record follows. */
  settle(refund: SimRefund, outcome: 'processed' | 'failed'): void {
    refund.status = outcome;
    refund.refundReference = processorReference(outcome);
    refund.updatedAt = gatewayTimestamp();
    const transaction = this.ledger.byId(refund.transactionId);
    if (transaction && outcome === 'processed' && this.ledger.fullyProcessed(transaction)) transaction.status = 'reversed';
  }

  /** The body of the event for the refund's status now. */
  eventBody(refund: SimRefund, status?: string): Record<string, unknown> {
    const transaction = this.ledger.byId(refund.transactionId);
    if (!transaction) throw new Error(`PayA simulator: refund ${refund.id} has no transaction`);
    return refundEventBody(refund, transaction, status);
  }

  /** The automatic events of a new refund, after the create answer went out (`after`) and a pause. */
  announce(refund: SimRefund, after: Promise<unknown>): void {
    const { autoWebhooks, refundWebhooks, refundOutcome, refundEventOrder, refundWebhookDelayMs } = this.settings;
    if (!autoWebhooks || !refundWebhooks) {
      if (refundOutcome !== 'pending') this.settle(refund, refundOutcome);
      return;
    }
    const pending = () => this.eventBody(refund, 'pending');
    const steps: Array<() => unknown> = [pending];
    if (refundOutcome !== 'pending') {
      const outcome = refundOutcome;
      const final = () => {
        this.settle(refund, outcome);
        return this.eventBody(refund);
      };
      steps.push(final);
      if (refundEventOrder === 'final-first') steps.reverse();
    }
    this.webhooks.sendAutomaticSequenceLater(steps, { after, delayMs: refundWebhookDelayMs });
  }
}
