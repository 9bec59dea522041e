import { isClientError } from '../../errors/app-error.js';
import { decodeJwt } from 'jose';
import { isId } from '../../ids.js';
import type { CoreServices } from '../../core-services.js';
import type { SalesChannelContext } from '../../sales-channel/context/sales-channel-context.js';
import { stateMachineStateId } from '../../state-machine/machine-ids.js';
import { orderErrors } from '../order/order-errors.js';
import { paymentErrors } from './payment-errors.js';
import { parseReturnUrl, withErrorCode } from './return-urls.js';
import { PAYMENT_FINALIZE_TRANSACTION_TIME_KEY, paymentTokenLifetimeMinutes } from './token/lifetime.js';
import type { PaymentTokenService } from './token/payment-token-service.js';
import { transitionAfterPaymentError } from './transaction-transitions.js';

export const FINALIZE_TRANSACTION_PATH = '/payment/finalize-transaction';
export const PAYMENT_TOKEN_PARAMETER = '_sw_payment_token';

export interface HandlePaymentInput {
  orderId: unknown;
  /** Where finalize sends the customer after success: an absolute http(s) URL or a local path. */
  finishUrl?: unknown;
  /** Where the customer goes after a failure, with `error-code=<CODE>` added. */
  errorUrl?: unknown;
  /** The request's other parameters, handed to the handler's `pay`. */
  requestData: Record<string, unknown>;
  context: SalesChannelContext;
}

export interface HandlePaymentResult {
  /** Where to send the customer: the gateway, the finish URL, the error URL, or nowhere (null). */
  redirectUrl: string | null;
}

interface TransactionRow {
  id: string;
  payment_method_id: string;
  handler_identifier: string;
  state_id: string;
  validation_data: unknown;
}

const OPEN_STATE_ID = stateMachineStateId('order_transaction.state', 'open');

/**
 * Starts the payment of an order (Shopware's PaymentProcessor::pay). The handler's
 * `pay` runs outside any database transaction: it may call its gateway over HTTP.
 */
export class PaymentProcessor {
  constructor(
    private readonly platform: Pick<CoreServices, 'db' | 'env' | 'logger' | 'payments' | 'stateMachines' | 'systemConfig'>,
    private readonly tokens: PaymentTokenService,
  ) {}

  async handlePayment(input: HandlePaymentInput): Promise<HandlePaymentResult> {
    const { context } = input;
    const customer = context.customer;
    if (!customer) throw orderErrors.customerNotLoggedIn();
    const finishUrl = parseReturnUrl(input.finishUrl, 'finishUrl');
    const errorUrl = parseReturnUrl(input.errorUrl, 'errorUrl');
    const orderId = typeof input.orderId === 'string' ? input.orderId : String(input.orderId ?? '');
    if (!isId(orderId)) throw paymentErrors.invalidOrder(orderId);

    const db = this.platform.db;
    // someone else's order is answered like a missing one
    const order = await db
      .selectFrom('order as o')
      .innerJoin('order_customer as oc', 'oc.order_id', 'o.id')
      .select('o.id')
      .where('o.id', '=', orderId)
      .where('oc.customer_id', '=', customer.id)
      .where('o.sales_channel_id', '=', context.salesChannel.id)
      .executeTakeFirst();
    if (!order) throw paymentErrors.invalidOrder(orderId);

    const transactions = (await db
      .selectFrom('order_transaction as t')
      .innerJoin('payment_method as pm', 'pm.id', 't.payment_method_id')
      .select(['t.id', 't.payment_method_id', 'pm.handler_identifier', 't.state_id', 't.validation_data'])
      .where('t.order_id', '=', orderId)
      .orderBy('t.created_at', 'desc')
      .orderBy('t.id', 'desc')
      .execute()) as TransactionRow[];
    if (transactions.length === 0) throw paymentErrors.invalidOrder(orderId);
    const transaction = transactions.find((row) => row.state_id === OPEN_STATE_ID);
    if (!transaction) return { redirectUrl: null };

    const lifetimeMinutes = paymentTokenLifetimeMinutes(await this.platform.systemConfig.get(PAYMENT_FINALIZE_TRANSACTION_TIME_KEY, context.salesChannel.id));
    const token = await this.tokens.generate(db, {
      orderTransactionId: transaction.id,
      paymentMethodId: transaction.payment_method_id,
      lifetimeMinutes,
      ...(finishUrl !== undefined ? { finishUrl } : {}),
      ...(errorUrl !== undefined ? { errorUrl } : {}),
    });
    const tokenId = decodeJwt(token).jti as string;
    const returnUrl = `${this.platform.env.appUrl}${FINALIZE_TRANSACTION_PATH}?${PAYMENT_TOKEN_PARAMETER}=${encodeURIComponent(token)}`;

    let redirect: { redirectUrl: string } | void;
    try {
      const handler = this.platform.payments.get(transaction.handler_identifier);
      if (!handler) throw paymentErrors.unknownPaymentMethodById(transaction.payment_method_id);
      redirect = await handler.pay({
        transaction: { orderTransactionId: transaction.id, orderId, paymentMethodId: transaction.payment_method_id, returnUrl },
        context,
        validationData: transaction.validation_data ?? null,
        requestData: input.requestData,
      });
    } catch (error) {
      this.platform.logger.error({ err: error, orderTransactionId: transaction.id }, 'an error occurred during processing the payment');
      await transitionAfterPaymentError(this.platform, transaction.id, 'fail');
      await this.tokens.invalidate(db, tokenId);
      const clientError = isClientError(error) ? error : paymentErrors.paymentError(transaction.id, error);
      if (errorUrl !== undefined) return { redirectUrl: withErrorCode(errorUrl, clientError.code) };
      throw clientError;
    }

    if (redirect && typeof redirect.redirectUrl === 'string') return { redirectUrl: redirect.redirectUrl };
    // nothing to come back to: the token must not stay usable
    await this.tokens.invalidate(db, tokenId);
    return { redirectUrl: finishUrl ?? null };
  }
}
