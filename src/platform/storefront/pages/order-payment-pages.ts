import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import { availablePaymentMethods } from '../../store-api/payment-method-listing.js';
import { redirectWithFlash, renderPage, storefrontRoutes } from '../http/index.js';
import { finishPath, orderPaymentPath, startPayment } from './checkout-pages.js';
import { loadCustomerOrder } from './customer-order.js';
import { formFields } from './form-input.js';
import { canRetryPayment, preparePaymentRetry } from './order-payment-switch.js';
import { paymentMethodChoices } from './payment-method-choices.js';
import type { StorefrontServices } from './storefront-services.js';

/** What the customer reads for the `error-code` a failed or cancelled payment returns with. */
const PAYMENT_ERROR_MESSAGES: Record<string, string> = {
  CHECKOUT__CUSTOMER_CANCELED_EXTERNAL_PAYMENT: 'You cancelled the payment. Your order has been saved: choose a payment method to pay it now.',
  CHECKOUT__ASYNC_PAYMENT_PROCESS_INTERRUPTED: 'The payment could not be started. Please try again or choose another payment method.',
  CHECKOUT__SYNC_PAYMENT_PROCESS_INTERRUPTED: 'The payment could not be completed. Please try again or choose another payment method.',
  CHECKOUT__ASYNC_PAYMENT_FINALIZE_INTERRUPTED: 'The payment could not be completed. Please try again or choose another payment method.',
  CHECKOUT__PAYMENT_TOKEN_EXPIRED: 'The payment took too long and has expired. Please try again.',
  CHECKOUT__PAYMENT_TOKEN_INVALIDATED: 'This payment has already been processed.',
  CHECKOUT__INVALID_PAYMENT_TOKEN: 'The payment could not be verified. Please try again.',
  CHECKOUT__UNKNOWN_PAYMENT_METHOD: 'This payment method is not available. Please choose another one.',
};
// loadCustomerOrder answers anything but an order of this customer with a 404 page
const OrderParams = Type.Object({ orderId: Type.String() });
const OrderPaymentPage = { params: OrderParams, querystring: Type.Object({ 'error-code': Type.Optional(Type.Unknown()) }) };

const GENERIC_PAYMENT_ERROR = 'The payment was not successful. Please try again or choose another payment method.';

function paymentErrorMessage(code: unknown): string | null {
  if (typeof code !== 'string' || code === '') return null;
  return PAYMENT_ERROR_MESSAGES[code] ?? GENERIC_PAYMENT_ERROR;
}

/**
 * The payment page of an order (`errorUrl` of its payments): why the payment failed, the order, and
 * another attempt with the same or another payment method.
 */
export function registerOrderPaymentPages(app: FastifyInstance, services: StorefrontServices): void {
  const { platform, contexts } = services;
  const routes = storefrontRoutes(app);

  routes.page(
    '/account/order/edit/:orderId',
    async (request, reply) => {
      const context = await contexts.contextOf(request);
      const order = await loadCustomerOrder(platform, request.params.orderId, request.storefront.buyer.id, context.salesChannel.id);
      const retry = canRetryPayment(order);
      const methods = retry ? await availablePaymentMethods(platform, context) : [];
      // the last attempt's method when it is still offered, else the first: one radio is always checked
      const lastMethodId = order.transaction?.paymentMethodId;
      const preselected = methods.some((method) => method.id === lastMethodId) ? lastMethodId : methods[0]?.id;
      return renderPage(reply, 'account/order-payment.njk', {
        order,
        currency: order.currency,
        errorMessage: paymentErrorMessage(request.query['error-code']),
        canRetry: retry,
        paymentMethods: paymentMethodChoices(methods, preselected),
      });
    },
    { requireBuyer: true, schema: OrderPaymentPage },
  );

  routes.formPost(
    '/account/order/update/:orderId',
    async (request, reply) => {
      const fields = formFields(request.body);
      const context = await contexts.contextOf(request);
      const order = await loadCustomerOrder(platform, request.params.orderId, request.storefront.buyer.id, context.salesChannel.id);
      const methods = await availablePaymentMethods(platform, context);
      const method = methods.find((candidate) => candidate.id === fields.paymentMethodId);
      if (!method) return redirectWithFlash(reply, orderPaymentPath(order.id), 'danger', 'Please choose one of the payment methods offered.');
      if (!(await preparePaymentRetry(platform, order.id, method.id))) {
        return redirectWithFlash(reply, finishPath(order.id), 'info', 'The payment of this order is already complete or in progress.');
      }
      return startPayment(services, request, reply, context, order.id);
    },
    { requireBuyer: true, schema: { params: OrderParams } },
  );
}
