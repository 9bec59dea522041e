import type { ExtensionHost, RefundEventSupport } from '../../../platform/sdk/index.js';
import { readWireAmount, toWireAmount, wireToMinor } from '../amounts.js';
import { createPayAClient } from '../client.js';
import { readPayASettings } from '../config.js';
import { TRANSACTION_FIELDS } from '../custom-fields.js';
import { currencyOf } from '../payment/order-transaction.js';

/**
 * What the host needs to apply gateway A's refund events: they name the transaction and an amount in wire
 * units, no refund id, so a refund the shop has no record of is found in the gateway's list of the
 * transaction's refunds (`GET /refund`): the oldest of that amount without records.
 */
export function payARefundEvents(host: ExtensionHost): RefundEventSupport {
  return {
    currencyOf: (transaction) => currencyOf(transaction) ?? null,
    toMinor(amount, currency) {
      const wire = readWireAmount(amount);
      return wire === null ? null : wireToMinor(wire, currency);
    },
    // a dashboard refund, or one whose request's answer was lost: the oldest listed refund of the amount without records
    async findListedRefund(transaction, currency, match) {
      const gatewayTransactionId = transaction.customFields[TRANSACTION_FIELDS.transactionId];
      if (typeof gatewayTransactionId !== 'string') return undefined;
      const client = createPayAClient(await readPayASettings(host, transaction.salesChannelId));
      const wire = toWireAmount(match.amountMinor, currency);
      const candidate = (await client.refundsOfTransaction(gatewayTransactionId))
        .filter((refund) => refund.amount === wire && (refund.currency === null || refund.currency === currency.isoCode))
        .filter((refund) => (match.outcome === 'fail' ? refund.status === 'failed' : refund.status !== 'failed'))
        .filter((refund) => !match.isRecorded(refund.id))
        .sort((a, b) => (BigInt(a.id) < BigInt(b.id) ? -1 : 1))[0];
      return candidate && { gatewayRefundId: candidate.id, amountMinor: match.amountMinor, note: candidate.merchantNote ?? 'Refund made at the gateway' };
    },
  };
}
