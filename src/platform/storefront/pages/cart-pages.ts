import type { FastifyInstance, FastifyReply } from 'fastify';
import { Type } from '@sinclair/typebox';
import type { CalculatedCart } from '../../checkout/cart/cart.js';
import { parseNewLineItems, parseQuantityChanges } from '../../checkout/cart/line-item-input.js';
import { addFlash, redirectWithFlash, renderPage, safeLocalPath, storefrontRoutes } from '../http/index.js';
import { alertTypeOf, cartView, isCartStateError, variantOptionLabels } from './cart-view.js';
import { clientErrorMessages, formFields, quantityField } from './form-input.js';
import type { StorefrontServices } from './storefront-services.js';

export const CART_PATH = '/checkout/cart';

// the line item id is checked by the cart (an unknown or malformed one: "no longer in your cart");
// form fields are read with formFields (flat strings)
const LineItemForm = { params: Type.Object({ id: Type.String() }) };

/** The cart page and its forms: add a product, change a quantity, remove a line item. */
export function registerCartPages(app: FastifyInstance, services: StorefrontServices): void {
  const { platform, contexts, carts } = services;
  const routes = storefrontRoutes(app);

  routes.page(CART_PATH, async (request, reply) => {
    const context = await contexts.contextOf(request);
    const cart = await carts.get(context);
    return renderPage(reply, 'checkout/cart.njk', { currency: context.currency, cart: cartView(cart, await variantOptionLabels(platform.db, cart)) });
  });

  routes.formPost('/checkout/line-item/add', async (request, reply) => {
    const fields = formFields(request.body);
    const back = safeLocalPath(fields.redirectTo, CART_PATH);
    const quantity = quantityField(fields.quantity ?? '1');
    if (quantity === undefined || quantity < 1) return redirectWithFlash(reply, back, 'danger', 'Please enter a valid quantity.');
    let cart: CalculatedCart;
    let productId: string;
    try {
      const [item] = parseNewLineItems({ items: [{ type: 'product', referencedId: fields.productId, quantity }] });
      productId = item!.referencedId;
      cart = await carts.add(await contexts.storedContextOf(request, reply), [item!]);
    } catch (error) {
      clientErrorMessages(error);
      return redirectWithFlash(reply, back, 'danger', 'This product is not available.');
    }
    flashCorrections(reply, cart);
    const added = cart.lineItems.find((item) => item.id === productId);
    return redirectWithFlash(reply, back, 'success', added ? `"${added.label}" was added to your cart.` : 'Your cart was updated.');
  });

  routes.formPost(
    '/checkout/line-item/change-quantity/:id',
    async (request, reply) => {
      const fields = formFields(request.body);
      const changes = tryParse(() => parseQuantityChanges({ items: [{ id: request.params.id, quantity: quantityField(fields.quantity) }] }));
      if (!changes) return redirectWithFlash(reply, CART_PATH, 'danger', 'Please enter a valid quantity.');
      return changeCart(reply, () => contexts.storedContextOf(request, reply).then((context) => carts.changeQuantities(context, changes)), 'The quantity was updated.');
    },
    { schema: LineItemForm },
  );

  routes.formPost(
    '/checkout/line-item/delete/:id',
    async (request, reply) =>
      changeCart(reply, () => contexts.storedContextOf(request, reply).then((context) => carts.remove(context, [request.params.id])), 'The item was removed from your cart.'),
    { schema: LineItemForm },
  );
}

async function changeCart(reply: FastifyReply, change: () => Promise<CalculatedCart>, success: string): Promise<FastifyReply> {
  let cart: CalculatedCart;
  try {
    cart = await change();
  } catch (error) {
    clientErrorMessages(error);
    // the line item is gone (another tab removed it): the cart page shows what is there now
    return redirectWithFlash(reply, CART_PATH, 'warning', 'This item is no longer in your cart.');
  }
  flashCorrections(reply, cart);
  return redirectWithFlash(reply, CART_PATH, 'success', success);
}

/** The corrections the change made (quantity fitted, product removed), shown once on the next page. */
function flashCorrections(reply: FastifyReply, cart: CalculatedCart): void {
  for (const error of cart.errors) if (!isCartStateError(error)) addFlash(reply, alertTypeOf(error), error.message);
}

/** The parsed input, or undefined when the service's input check refuses it. */
function tryParse<T>(parse: () => T): T | undefined {
  try {
    return parse();
  } catch (error) {
    clientErrorMessages(error);
    return undefined;
  }
}
