import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import { AppError, isClientError } from '../../errors/app-error.js';
import { loadCustomerJson } from '../../customer/account/customer-json.js';
import { setDefaultAddress } from '../../customer/addresses/address-book.js';
import type { SalesChannelContext } from '../../sales-channel/context/sales-channel-context.js';
import { availablePaymentMethods } from '../../store-api/payment-method-listing.js';
import { addFlash, redirectWithFlash, renderPage, safeLocalPath, storefrontRoutes } from '../http/index.js';
import { CART_PATH } from './cart-pages.js';
import { cartView, variantOptionLabels } from './cart-view.js';
import { loadCustomerOrder } from './customer-order.js';
import { clientErrorMessages, formFields } from './form-input.js';
import { paymentMethodChoices } from './payment-method-choices.js';
import type { StorefrontServices } from './storefront-services.js';

const CONFIRM_PATH = '/checkout/confirm';
const FINISH_PATH = '/checkout/finish';
const ADDRESS_CHOICE_PATH = '/checkout/address';
const MAX_COMMENT_LENGTH = 65_535;
// loadCustomerOrder answers anything but an order of this customer with a 404 page
const ConfirmQuery = { querystring: Type.Object({ tos: Type.Optional(Type.Unknown()) }) };
export const TOS_MISSING_MESSAGE = 'Please accept the terms and conditions to place your order.';
const FinishQuery = { querystring: Type.Object({ orderId: Type.Optional(Type.Unknown()) }) };

/** Where the payment of an order returns to: the finish page, or the order's payment page with `error-code`. */
export function finishPath(orderId: string): string {
  return `${FINISH_PATH}?orderId=${orderId}`;
}

export function orderPaymentPath(orderId: string): string {
  return `/account/order/edit/${orderId}`;
}

/** Confirm page, payment method switch, order placement and the finish page. */
export function registerCheckoutPages(app: FastifyInstance, services: StorefrontServices): void {
  const { platform, contexts, carts, orders } = services;
  const routes = storefrontRoutes(app);

  routes.page(
    CONFIRM_PATH,
    async (request, reply) => {
      const context = await contexts.contextOf(request);
      const cart = await carts.get(context);
      if (cart.lineItems.length === 0) return redirectWithFlash(reply, CART_PATH, 'info', 'Your cart is empty.');
      const [account, paymentMethods, shippingMethods, addressBook] = await Promise.all([
        loadCustomerJson(platform, request.storefront.buyer.id),
        availablePaymentMethods(platform, context),
        availableShippingMethods(services, context),
        // a guest has no address book: the details given are the addresses
        request.storefront.customer ? addressChoices(services, request.storefront.customer.id) : Promise.resolve(undefined),
      ]);
      return renderPage(reply, 'checkout/confirm.njk', {
        currency: context.currency,
        cart: cartView(cart, await variantOptionLabels(platform.db, cart)),
        account,
        shippingMethod: context.shippingMethod.name,
        paymentMethods: paymentMethodChoices(paymentMethods, context.paymentMethod.id),
        shippingMethods: shippingMethods.map((method) => ({ ...method, selected: method.id === context.shippingMethod.id })),
        tosError: request.query.tos === 'missing',
        addressBook,
      });
    },
    { requireBuyer: true, schema: ConfirmQuery },
  );

  // the confirm page's address choice: an address of the book becomes the default billing or shipping address
  routes.formPost(
    ADDRESS_CHOICE_PATH,
    async (request, reply) => {
      const fields = formFields(request.body);
      const kind = fields.type === 'billing' ? 'billing' : 'shipping';
      try {
        await setDefaultAddress(platform, request.storefront.customer.id, (fields.addressId ?? '').trim(), kind);
      } catch (error) {
        clientErrorMessages(error);
        return redirectWithFlash(reply, CONFIRM_PATH, 'danger', 'This address cannot be used. Please choose another one.');
      }
      return redirectWithFlash(reply, CONFIRM_PATH, 'success', `Your ${kind} address has been changed.`);
    },
    { requireCustomer: true },
  );

  routes.formPost('/checkout/configure', async (request, reply) => {
    const fields = formFields(request.body);
    const back = safeLocalPath(fields.redirectTo, CONFIRM_PATH);
    const context = await contexts.storedContextOf(request, reply);
    // one form per choice: the payment method radios or the shipping method radios (each submits itself on change)
    const shipping = fields.shippingMethodId !== undefined && fields.paymentMethodId === undefined;
    let switched: SalesChannelContext;
    try {
      switched = await platform.salesChannelContexts.switchChoices(context, shipping ? { shippingMethodId: fields.shippingMethodId } : { paymentMethodId: fields.paymentMethodId ?? '' });
    } catch (error) {
      clientErrorMessages(error);
      const what = shipping ? 'shipping' : 'payment';
      return redirectWithFlash(reply, back, 'danger', `This ${what} method is not available. Please choose another one.`);
    }
    contexts.adopt(request, reply, switched);
    if (shipping) return redirectWithFlash(reply, back, 'success', `Your shipping method is now: ${switched.shippingMethod.name}.`);
    return redirectWithFlash(reply, back, 'success', `Your payment method is now: ${switched.paymentMethod.name}.`);
  });

  routes.formPost(
    '/checkout/order',
    async (request, reply) => {
      const fields = formFields(request.body);
      const context = await contexts.contextOf(request);
      // the terms must be accepted on every order (checked here: the checkbox's `required` is only a hint)
      if (fields.tos !== '1') return redirectWithFlash(reply, `${CONFIRM_PATH}?tos=missing`, 'danger', TOS_MISSING_MESSAGE);
      const comment = (fields.customerComment ?? '').trim().slice(0, MAX_COMMENT_LENGTH);
      // the database refuses NUL characters in text with an error: a message, not a 500
      if (comment.includes('\u0000')) return redirectWithFlash(reply, CONFIRM_PATH, 'danger', 'Your comment contains characters that are not allowed.');
      let orderId: string;
      try {
        orderId = await orders.place(context, { customerComment: comment === '' ? null : comment });
      } catch (error) {
        const messages = clientErrorMessages(error);
        if (error instanceof AppError && error.code === 'CHECKOUT__CART_EMPTY') return redirectWithFlash(reply, CART_PATH, 'info', 'Your cart is empty.');
        // blocking cart problems (a product sold out meanwhile, a payment method that refuses the cart)
        for (const message of messages) addFlash(reply, 'danger', message);
        return reply.redirect(CONFIRM_PATH, 302);
      }
      return startPayment(services, request, reply, context, orderId);
    },
    { requireBuyer: true, checksTextItself: true },
  );

  routes.page(
    FINISH_PATH,
    async (request, reply) => {
      const context = await contexts.contextOf(request);
      const order = await loadCustomerOrder(platform, request.query.orderId, request.storefront.buyer.id, context.salesChannel.id);
      return renderPage(reply, 'checkout/finish.njk', { order, currency: order.currency, guest: request.storefront.buyer.guest === true });
    },
    { requireBuyer: true, schema: FinishQuery },
  );
}

/** The customer's addresses as the confirm page's choices ("Grace Hopper, Main Street 1, 10115 Berlin, Germany"), oldest first. */
async function addressChoices(services: StorefrontServices, customerId: string): Promise<Array<{ value: string; label: string }>> {
  const rows = await services.platform.db
    .selectFrom('customer_address as a')
    .leftJoin('country as c', 'c.id', 'a.country_id')
    .select(['a.id', 'a.first_name', 'a.last_name', 'a.street', 'a.zipcode', 'a.city', 'c.name as country'])
    .where('a.customer_id', '=', customerId)
    .orderBy('a.created_at')
    .orderBy('a.id')
    .execute();
  return rows.map((row) => ({
    value: row.id as string,
    label: [`${row.first_name} ${row.last_name}`, row.street, [row.zipcode, row.city].filter(Boolean).join(' '), row.country].filter(Boolean).join(', '),
  }));
}

/** The active shipping methods of the channel, for the confirm page's choice. */
async function availableShippingMethods(services: StorefrontServices, context: SalesChannelContext) {
  const rows = await services.platform.db
    .selectFrom('sales_channel_shipping_method as scm')
    .innerJoin('shipping_method as s', 's.id', 'scm.shipping_method_id')
    .select(['s.id', 's.name', 's.description'])
    .where('scm.sales_channel_id', '=', context.salesChannel.id)
    .where('s.active', '=', true)
    .orderBy('s.position')
    .orderBy('s.name')
    .execute();
  return rows.map((row) => ({ id: row.id as string, name: row.name as string, description: (row.description as string | null) ?? null }));
}

/**
 * Runs the payment of a placed order (Shopware's storefront checkout): the handler
 * either sends the customer to its gateway or is done, then the finish page; a failed payment lands on
 * the order's payment page with `error-code`, where another attempt can be made. Return URLs are
 * absolute, on the shop's own origin.
 */
export async function startPayment(
  services: StorefrontServices,
  request: FastifyRequest,
  reply: FastifyReply,
  context: SalesChannelContext,
  orderId: string,
): Promise<FastifyReply> {
  const { origin } = await services.contexts.channelOf(request);
  const errorUrl = `${origin}${orderPaymentPath(orderId)}`;
  let redirectUrl: string | null;
  try {
    ({ redirectUrl } = await services.payments.handlePayment({
      orderId,
      finishUrl: `${origin}${finishPath(orderId)}`,
      errorUrl,
      requestData: {},
      context,
    }));
  } catch (error) {
    // the order exists whatever happened: its payment page is where the customer can go on
    if (!isClientError(error)) request.log.error({ err: error, orderId }, 'starting the payment failed');
    const code = isClientError(error) ? error.code : 'CHECKOUT__PAYMENT_ERROR';
    return reply.redirect(`${orderPaymentPath(orderId)}?error-code=${encodeURIComponent(code)}`, 302);
  }
  // no open transaction left to pay (e.g. paid meanwhile): the finish page tells the state
  return reply.redirect(redirectUrl ?? finishPath(orderId), 302);
}
