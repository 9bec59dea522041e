import { AppError, isClientError } from '../../errors/app-error.js';
import type { CoreServices } from '../../core-services.js';
import { isCustomerCanceled, paymentErrors } from './payment-errors.js';
import { PAYMENT_TOKEN_PARAMETER } from './payment-processor.js';
import { withErrorCode } from './return-urls.js';
import type { PaymentTokenService } from './token/payment-token-service.js';
import { transitionAfterPaymentError } from './transaction-transitions.js';

export interface FinalizeResult {
  /** Whether the handler accepted the customer's return. */
  success: boolean;
  /** Set on failure: the code added to the error URL. */
  errorCode?: string;
  /** 302 target: the finish URL on success, the error URL with `error-code` on failure; null answers 204. */
  redirectUrl: string | null;
}

/**
 * The customer's return from the payment provider (Shopware's PaymentProcessor::finalize).
 * The token is used up FIRST, in one atomic statement, so a double click or a provider calling
 * twice finalizes once; then the handler's `finalize` runs outside any database transaction.
 */
export class PaymentFinalizer {
  constructor(
    private readonly platform: Pick<CoreServices, 'db' | 'logger' | 'payments' | 'stateMachines'>,
    private readonly tokens: PaymentTokenService,
  ) {}

  /**
   * Throws for a missing (400 `FRAMEWORK__MISSING_REQUEST_PARAMETER`), forged (400
   * `CHECKOUT__INVALID_PAYMENT_TOKEN`), used (410 `CHECKOUT__PAYMENT_TOKEN_INVALIDATED`) or expired (410
   * `CHECKOUT__PAYMENT_TOKEN_EXPIRED`) token; every other outcome is a redirect decision.
   */
  async finalize(token: unknown, requestData: Record<string, unknown>): Promise<FinalizeResult> {
    if (typeof token !== 'string' || token === '') throw missingToken();
    const claims = await this.tokens.consume(this.platform.db, token);

    const transaction = await this.platform.db
      .selectFrom('order_transaction')
      .select(['id', 'order_id'])
      .where('id', '=', claims.orderTransactionId)
      .executeTakeFirst();
    const method = await this.platform.db.selectFrom('payment_method').select('handler_identifier').where('id', '=', claims.paymentMethodId).executeTakeFirst();
    const handler = method ? this.platform.payments.get(method.handler_identifier as string) : undefined;

    const fail = (error: AppError): FinalizeResult => ({
      success: false,
      errorCode: error.code,
      redirectUrl: claims.errorUrl !== undefined ? withErrorCode(claims.errorUrl, error.code) : null,
    });
    // nothing can be moved without the transaction; with the handler gone (its extension deactivated
    // while the customer was away) the outcome is unknown, so the state is left for the merchant
    if (!transaction) return fail(paymentErrors.invalidTransaction(claims.orderTransactionId));
    if (!handler) return fail(paymentErrors.unknownPaymentMethodById(claims.paymentMethodId));

    try {
      await handler.finalize?.({
        transaction: { orderTransactionId: claims.orderTransactionId, orderId: transaction.order_id as string, paymentMethodId: claims.paymentMethodId },
        requestData,
      });
    } catch (error) {
      if (isCustomerCanceled(error)) {
        await transitionAfterPaymentError(this.platform, claims.orderTransactionId, 'cancel');
      } else {
        this.platform.logger.error({ err: error, orderTransactionId: claims.orderTransactionId }, 'an error occurred during finalizing the payment');
        await transitionAfterPaymentError(this.platform, claims.orderTransactionId, 'fail');
      }
      return fail(isClientError(error) ? error : paymentErrors.paymentError(claims.orderTransactionId, error));
    }
    return { success: true, redirectUrl: claims.finishUrl ?? null };
  }
}

function missingToken(): AppError {
  return new AppError(400, 'FRAMEWORK__MISSING_REQUEST_PARAMETER', `Parameter "${PAYMENT_TOKEN_PARAMETER}" is missing.`, {
    meta: { parameters: { parameterName: PAYMENT_TOKEN_PARAMETER } },
  });
}
