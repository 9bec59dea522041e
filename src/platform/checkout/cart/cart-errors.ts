import { AppError } from '../../errors/app-error.js';
import { CART_ERROR_LEVEL, type CartError } from './cart.js';

/*
 * The cart's own problems (Shopware's cart Error classes): values in the cart's `errors`, not thrown.
 * Messages follow Shopware's English snippets. Every change the cart made on its own blocks the order
 * it happened in, so the customer sees the changed cart before buying it.
 */
export const cartErrors = {
  productNotFound(lineItemId: string): CartError {
    return {
      key: `product-not-found${lineItemId}`,
      messageKey: 'product-not-found',
      code: 'CHECKOUT__PRODUCT_NOT_FOUND',
      level: CART_ERROR_LEVEL.error,
      message: `The product ${lineItemId} could not be found and was removed from the cart.`,
      blockOrder: true,
    };
  },
  productOutOfStock(lineItemId: string, name: string): CartError {
    return {
      key: `product-out-of-stock${lineItemId}`,
      messageKey: 'product-out-of-stock',
      code: 'CHECKOUT__PRODUCT_OUT_OF_STOCK',
      level: CART_ERROR_LEVEL.error,
      message: `The product ${name} is no longer available and was removed from the cart.`,
      blockOrder: true,
    };
  },
  stockReached(lineItemId: string, name: string, quantity: number): CartError {
    return {
      key: `product-stock-reached${lineItemId}`,
      messageKey: 'product-stock-reached',
      code: 'CHECKOUT__PRODUCT_STOCK_REACHED',
      level: CART_ERROR_LEVEL.warning,
      message: `The product ${name} is only available ${quantity} times. The quantity was reduced to ${quantity}.`,
      blockOrder: true,
    };
  },
  maxPurchaseReached(lineItemId: string, name: string, quantity: number): CartError {
    return {
      key: `max-order-quantity${lineItemId}`,
      messageKey: 'max-order-quantity',
      code: 'CHECKOUT__MAX_ORDER_QUANTITY',
      level: CART_ERROR_LEVEL.warning,
      message: `The product ${name} can be ordered at most ${quantity} times. The quantity was reduced to ${quantity}.`,
      blockOrder: true,
    };
  },
  minPurchaseRaised(lineItemId: string, name: string, quantity: number): CartError {
    return {
      key: `min-order-quantity${lineItemId}`,
      messageKey: 'min-order-quantity',
      code: 'CHECKOUT__MIN_ORDER_QUANTITY',
      level: CART_ERROR_LEVEL.warning,
      message: `The quantity of product ${name} did not meet the minimum order quantity threshold. The quantity has automatically been raised to ${quantity}.`,
      blockOrder: true,
    };
  },
  purchaseStepsAdjusted(lineItemId: string, name: string, quantity: number, steps: number): CartError {
    return {
      key: `purchase-steps-quantity${lineItemId}`,
      messageKey: 'purchase-steps-quantity',
      code: 'CHECKOUT__PURCHASE_STEPS_QUANTITY',
      level: CART_ERROR_LEVEL.warning,
      message: `The product ${name} is sold in steps of ${steps}. The quantity was adjusted to ${quantity}.`,
      blockOrder: true,
    };
  },
  /** The handler's `validate` refused the cart: its message is what the customer reads. */
  paymentMethodBlocked(paymentMethodId: string, message: string, code = 'CHECKOUT__PAYMENT_METHOD_BLOCKED'): CartError {
    return {
      key: `payment-method-blocked${paymentMethodId}`,
      messageKey: 'payment-method-blocked',
      code,
      level: CART_ERROR_LEVEL.error,
      message,
      blockOrder: true,
    };
  },
  paymentMethodUnavailable(paymentMethodId: string, name: string): CartError {
    return {
      key: `payment-method-blocked${paymentMethodId}`,
      messageKey: 'payment-method-blocked',
      code: 'CHECKOUT__PAYMENT_METHOD_BLOCKED',
      level: CART_ERROR_LEVEL.error,
      message: `Payment method ${name} not available.`,
      blockOrder: true,
    };
  },
  shippingMethodUnavailable(shippingMethodId: string, name: string, currencyIsoCode: string): CartError {
    return {
      key: `shipping-method-blocked${shippingMethodId}`,
      messageKey: 'shipping-method-blocked',
      code: 'CHECKOUT__SHIPPING_METHOD_BLOCKED',
      level: CART_ERROR_LEVEL.error,
      message: `Shipping method ${name} not available: it has no price in ${currencyIsoCode}.`,
      blockOrder: true,
    };
  },
};

/* Refused requests (thrown): the cart stays as it was. */
export const cartRequestErrors = {
  productNotFound(productId: string, pointer: string): AppError {
    return new AppError(400, 'CHECKOUT__PRODUCT_NOT_FOUND', `Product for id ${productId} not found.`, {
      pointer,
      meta: { parameters: { productId } },
    });
  },
  /** 404 as Shopware answers it (`CartException::lineItemNotFound`). */
  lineItemNotFound(identifier: string, pointer: string): AppError {
    return new AppError(404, 'CHECKOUT__CART_LINE_ITEM_NOT_FOUND', `Line item with identifier ${identifier} not found.`, {
      pointer,
      meta: { parameters: { identifier } },
    });
  },
  invalidLineItemType(type: unknown, pointer: string): AppError {
    return new AppError(400, 'CHECKOUT__CART_LINE_ITEM_TYPE_NOT_SUPPORTED', `Line item type "${String(type)}" is not supported. Supported: product.`, {
      pointer,
      meta: { parameters: { type: String(type) } },
    });
  },
  invalidQuantity(quantity: unknown, pointer: string): AppError {
    return new AppError(400, 'CHECKOUT__CART_INVALID_QUANTITY', `The quantity must be a positive integer. Given: ${JSON.stringify(quantity) ?? 'nothing'}`, {
      pointer,
      meta: { parameters: { quantity: String(quantity) } },
    });
  },
  invalidId(value: unknown, pointer: string): AppError {
    return new AppError(400, 'VIOLATION::INVALID_ID', `The value of "${pointer.slice(1)}" must be an id (32 hexadecimal characters). Given: ${JSON.stringify(value) ?? 'nothing'}`, {
      pointer,
      meta: { parameters: { value: String(value) } },
    });
  },
  notAList(field: string): AppError {
    return new AppError(400, 'FRAMEWORK__INVALID_REQUEST_PARAMETER', `The value of "${field}" must be a non-empty list.`, {
      pointer: `/${field}`,
      meta: { parameters: { field } },
    });
  },
  notAnObject(pointer: string): AppError {
    return new AppError(400, 'FRAMEWORK__INVALID_REQUEST_PARAMETER', `The value of "${pointer.slice(1)}" must be an object.`, { pointer, meta: { parameters: {} } });
  },
};
