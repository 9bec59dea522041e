import { Type } from '@sinclair/typebox';
import { component, documentedOnly, IdString } from '../../http/schemas/index.js';
import { LINE_ITEM_TYPES } from './cart.js';
import { MAX_LINE_ITEM_QUANTITY } from './purchase-limits.js';

/*
 * The Store API's cart documents (cart-json.ts) and line item bodies (line-item-input.ts) for the
 * OpenAPI document. Money is in major units of the cart's currency. The bodies are documentation:
 * line-item-input.ts checks every entry and reports each problem with its pointer and Shopware's code
 * (`CHECKOUT__CART_INVALID_QUANTITY` at `/items/1/quantity`).
 */

const CalculatedTax = Type.Object({ tax: Type.Number(), taxRate: Type.Number(), price: Type.Number() });
const TaxRule = Type.Object({ taxRate: Type.Number(), percentage: Type.Number() });

/** A price of a line item, a delivery or a transaction (Shopware's CalculatedPrice). */
export const CalculatedPrice = component(
  'CalculatedPrice',
  Type.Object({
    unitPrice: Type.Number(),
    totalPrice: Type.Number(),
    quantity: Type.Integer(),
    calculatedTaxes: Type.Array(CalculatedTax),
    taxRules: Type.Array(TaxRule),
    referencePrice: Type.Optional(Type.Unknown({ description: 'Always null here.' })),
    listPrice: Type.Optional(Type.Unknown({ description: 'Always null here.' })),
    regulationPrice: Type.Optional(Type.Unknown({ description: 'Always null here.' })),
    apiAlias: Type.String({ enum: ['calculated_price'] }),
  }),
);

const CartError = Type.Object({
  code: Type.String(),
  key: Type.String(),
  level: Type.Integer({ description: '0 notice, 10 warning, 20 error.' }),
  message: Type.String(),
  messageKey: Type.String(),
  blockOrder: Type.Boolean({ description: 'Whether the order cannot be placed while it stands.' }),
});

const LineItem = Type.Object({
  id: Type.String(),
  referencedId: Type.String({ description: 'The product id.' }),
  label: Type.String(),
  quantity: Type.Integer(),
  type: Type.String({ enum: [...LINE_ITEM_TYPES] }),
  good: Type.Boolean(),
  removable: Type.Boolean(),
  stackable: Type.Boolean(),
  price: CalculatedPrice,
  cover: Type.Object({ id: Type.String(), url: Type.String(), alt: Type.String({ nullable: true }), apiAlias: Type.String() }, { nullable: true }),
  payload: Type.Object({ productNumber: Type.String() }),
  quantityInformation: Type.Object({
    minPurchase: Type.Integer(),
    maxPurchase: Type.Integer({ nullable: true }),
    purchaseSteps: Type.Integer(),
    apiAlias: Type.String(),
  }),
  apiAlias: Type.String({ enum: ['line_item'] }),
});

const Delivery = Type.Object({
  deliveryDate: Type.Object({ earliest: Type.String({ format: 'date-time' }), latest: Type.String({ format: 'date-time' }), apiAlias: Type.String() }),
  location: Type.Object({ countryId: Type.String(), apiAlias: Type.String() }),
  positions: Type.Array(Type.Object({ identifier: Type.String(), quantity: Type.Integer(), apiAlias: Type.String() })),
  shippingMethod: Type.Object({
    id: Type.String(),
    name: Type.String(),
    technicalName: Type.String({ nullable: true }),
    deliveryTime: Type.Object({ min: Type.Integer({ nullable: true }), max: Type.Integer({ nullable: true }), unit: Type.String() }),
    apiAlias: Type.String(),
  }),
  shippingCosts: CalculatedPrice,
  apiAlias: Type.String({ enum: ['cart_delivery'] }),
});

/** Every cart route answers the calculated cart. */
export const CartResponse = documentedOnly(
  component(
    'Cart',
    Type.Object({
      token: Type.String(),
      price: Type.Object({
        netPrice: Type.Number(),
        totalPrice: Type.Number(),
        positionPrice: Type.Number(),
        rawTotal: Type.Number(),
        calculatedTaxes: Type.Array(CalculatedTax),
        taxRules: Type.Array(TaxRule),
        taxStatus: Type.String({ enum: ['gross', 'net'] }),
        apiAlias: Type.String({ enum: ['cart_price'] }),
      }),
      lineItems: Type.Array(LineItem),
      deliveries: Type.Array(Delivery),
      transactions: Type.Array(Type.Object({ paymentMethodId: Type.String(), amount: CalculatedPrice, apiAlias: Type.String() })),
      errors: Type.Record(Type.String(), CartError, { description: 'By key: corrections made (quantity fitted, product removed) and what blocks the order.' }),
      apiAlias: Type.String({ enum: ['cart'] }),
    }),
    'The calculated cart.',
  ),
);

const Quantity = Type.Integer({ minimum: 1, maximum: MAX_LINE_ITEM_QUANTITY });

export const NewLineItemsBody = documentedOnly(
  Type.Object({
    items: Type.Array(
      Type.Object({
        type: Type.String({ enum: [...LINE_ITEM_TYPES] }),
        referencedId: IdString({ description: 'The product id (`id` is accepted too).' }),
        quantity: Type.Optional({ ...Quantity, description: 'Default 1.' }),
      }),
      { minItems: 1 },
    ),
  }),
);

export const QuantityChangesBody = documentedOnly(
  Type.Object({ items: Type.Array(Type.Object({ id: IdString({ description: 'The line item id.' }), quantity: Quantity }), { minItems: 1 }) }),
);

export const LineItemIdsBody = documentedOnly(Type.Object({ ids: Type.Array(IdString(), { minItems: 1 }) }, { description: 'Or `?ids[]=…` in the query.' }));

export const LineItemIdsQuery = documentedOnly(
  Type.Object({ 'ids[]': Type.Optional(Type.Array(IdString(), { description: 'The line item ids, when the body names none.' })) }),
);
