import { ADDRESS_FIELDS } from '../../customer/address-fields.js';
import type { AssociationDefinition, EntityDefinition, FieldDefinition } from '../../entities/definition.js';
import { isPlainObject } from '../../util/is-plain-object.js';

/** State columns change only through the state machine; inserts start at the machine's initial state. */
const stateField: FieldDefinition = { type: 'id', readOnly: true };
const stateAssociation: AssociationDefinition = { type: 'many-to-one', entity: 'state_machine_state', foreignKey: 'stateId' };

// a validator answers how `The value of "<field>" ...` goes on: the entity layer writes the start
const mustBeObject = (v: unknown) => (isPlainObject(v) ? undefined : 'must be an object');

export const orderEntity: EntityDefinition = {
  name: 'order',
  fields: {
    orderNumber: { type: 'string', required: true, maxLength: 64, searchable: true },
    salesChannelId: { type: 'id', required: true },
    currencyId: { type: 'id', required: true },
    languageId: { type: 'id', required: true },
    currencyFactor: { type: 'float', default: 1 },
    orderDateTime: { type: 'datetime', default: () => new Date().toISOString() },
    stateId: stateField,
    /** Shopware's CartPrice: `{netPrice, totalPrice, positionPrice, calculatedTaxes, taxRules, taxStatus, rawTotal}`. */
    price: { type: 'json', required: true, validate: mustBeObject },
    amountTotal: { type: 'float', required: true },
    amountNet: { type: 'float', required: true },
    positionPrice: { type: 'float', required: true },
    taxStatus: { type: 'enum', values: ['gross', 'net', 'tax-free'], default: 'gross' },
    shippingCosts: { type: 'json', required: true, validate: mustBeObject },
    shippingTotal: { type: 'float', required: true },
    billingAddressId: { type: 'id' },
    customerComment: { type: 'text' },
    affiliateCode: { type: 'string', maxLength: 255 },
    campaignCode: { type: 'string', maxLength: 255 },
    /** Lets a guest open the order without an account. */
    deepLinkCode: { type: 'string', maxLength: 64, writeOnly: true },
  },
  associations: {
    salesChannel: { type: 'many-to-one', entity: 'sales_channel', foreignKey: 'salesChannelId' },
    currency: { type: 'many-to-one', entity: 'currency', foreignKey: 'currencyId' },
    language: { type: 'many-to-one', entity: 'language', foreignKey: 'languageId' },
    stateMachineState: stateAssociation,
    billingAddress: { type: 'many-to-one', entity: 'order_address', foreignKey: 'billingAddressId' },
    orderCustomer: { type: 'one-to-many', entity: 'order_customer', foreignKey: 'orderId', cascadeDelete: true, single: true },
    addresses: { type: 'one-to-many', entity: 'order_address', foreignKey: 'orderId', cascadeDelete: true },
    lineItems: { type: 'one-to-many', entity: 'order_line_item', foreignKey: 'orderId', cascadeDelete: true },
    deliveries: { type: 'one-to-many', entity: 'order_delivery', foreignKey: 'orderId', cascadeDelete: true },
    transactions: { type: 'one-to-many', entity: 'order_transaction', foreignKey: 'orderId', cascadeDelete: true },
  },
  defaultSort: [{ field: 'orderDateTime', order: 'DESC' }],
};

export const orderCustomerEntity: EntityDefinition = {
  name: 'order_customer',
  fields: {
    orderId: { type: 'id', required: true },
    customerId: { type: 'id' },
    email: { type: 'string', required: true, maxLength: 254, searchable: true },
    firstName: { type: 'string', required: true, maxLength: 255, searchable: true },
    lastName: { type: 'string', required: true, maxLength: 255, searchable: true },
    company: { type: 'string', maxLength: 255 },
    customerNumber: { type: 'string', maxLength: 255 },
  },
  associations: {
    order: { type: 'many-to-one', entity: 'order', foreignKey: 'orderId' },
    customer: { type: 'many-to-one', entity: 'customer', foreignKey: 'customerId' },
  },
};

export const orderAddressEntity: EntityDefinition = {
  name: 'order_address',
  fields: {
    orderId: { type: 'id', required: true },
    ...ADDRESS_FIELDS,
  },
  associations: {
    order: { type: 'many-to-one', entity: 'order', foreignKey: 'orderId' },
    country: { type: 'many-to-one', entity: 'country', foreignKey: 'countryId' },
  },
};

export const orderLineItemEntity: EntityDefinition = {
  name: 'order_line_item',
  fields: {
    orderId: { type: 'id', required: true },
    parentId: { type: 'id' },
    identifier: { type: 'string', required: true, maxLength: 255 },
    referencedId: { type: 'string', maxLength: 255 },
    productId: { type: 'id' },
    type: { type: 'enum', required: true, values: ['product', 'credit', 'discount', 'custom', 'promotion'] },
    label: { type: 'string', required: true, maxLength: 255, searchable: true },
    description: { type: 'text' },
    quantity: { type: 'int', required: true, validate: (v) => (typeof v === 'number' && v > 0 ? undefined : 'must be at least 1') },
    unitPrice: { type: 'float', required: true },
    totalPrice: { type: 'float', required: true },
    /** CalculatedPrice: `{unitPrice, totalPrice, quantity, calculatedTaxes, taxRules}`. */
    price: { type: 'json', required: true, validate: mustBeObject },
    priceDefinition: { type: 'json' },
    payload: { type: 'json' },
    good: { type: 'bool', default: true },
    removable: { type: 'bool', default: true },
    stackable: { type: 'bool', default: true },
    position: { type: 'int', default: 1 },
  },
  associations: {
    order: { type: 'many-to-one', entity: 'order', foreignKey: 'orderId' },
    product: { type: 'many-to-one', entity: 'product', foreignKey: 'productId' },
    parent: { type: 'many-to-one', entity: 'order_line_item', foreignKey: 'parentId' },
    children: { type: 'one-to-many', entity: 'order_line_item', foreignKey: 'parentId', cascadeDelete: true },
  },
  defaultSort: [{ field: 'position', order: 'ASC' }],
};

export const orderDeliveryEntity: EntityDefinition = {
  name: 'order_delivery',
  fields: {
    orderId: { type: 'id', required: true },
    shippingOrderAddressId: { type: 'id' },
    shippingMethodId: { type: 'id', required: true },
    stateId: stateField,
    trackingCodes: {
      type: 'json',
      default: () => [],
      validate: (v) => (Array.isArray(v) && v.every((c) => typeof c === 'string') ? undefined : 'must be a list of strings'),
    },
    shippingDateEarliest: { type: 'datetime', required: true },
    shippingDateLatest: { type: 'datetime', required: true },
    shippingCosts: { type: 'json', required: true, validate: mustBeObject },
  },
  associations: {
    order: { type: 'many-to-one', entity: 'order', foreignKey: 'orderId' },
    shippingOrderAddress: { type: 'many-to-one', entity: 'order_address', foreignKey: 'shippingOrderAddressId' },
    shippingMethod: { type: 'many-to-one', entity: 'shipping_method', foreignKey: 'shippingMethodId' },
    stateMachineState: stateAssociation,
  },
};

export const orderTransactionEntity: EntityDefinition = {
  name: 'order_transaction',
  fields: {
    orderId: { type: 'id', required: true },
    paymentMethodId: { type: 'id', required: true },
    /** CalculatedPrice of the amount to pay. */
    amount: { type: 'json', required: true, validate: mustBeObject },
    stateId: stateField,
    /** What the payment handler's `validate` returned at checkout; handed to `pay`. */
    validationData: { type: 'json' },
  },
  associations: {
    order: { type: 'many-to-one', entity: 'order', foreignKey: 'orderId' },
    paymentMethod: { type: 'many-to-one', entity: 'payment_method', foreignKey: 'paymentMethodId' },
    stateMachineState: stateAssociation,
    captures: { type: 'one-to-many', entity: 'order_transaction_capture', foreignKey: 'orderTransactionId', cascadeDelete: true },
  },
  defaultSort: [{ field: 'createdAt', order: 'ASC' }],
};

export const orderTransactionCaptureEntity: EntityDefinition = {
  name: 'order_transaction_capture',
  fields: {
    orderTransactionId: { type: 'id', required: true },
    stateId: stateField,
    amount: { type: 'json', required: true, validate: mustBeObject },
    externalReference: { type: 'string', maxLength: 255 },
  },
  associations: {
    transaction: { type: 'many-to-one', entity: 'order_transaction', foreignKey: 'orderTransactionId' },
    stateMachineState: stateAssociation,
    refunds: { type: 'one-to-many', entity: 'order_transaction_capture_refund', foreignKey: 'captureId', cascadeDelete: true },
  },
};

export const orderTransactionCaptureRefundEntity: EntityDefinition = {
  name: 'order_transaction_capture_refund',
  fields: {
    captureId: { type: 'id', required: true },
    stateId: stateField,
    amount: { type: 'json', required: true, validate: mustBeObject },
    externalReference: { type: 'string', maxLength: 255 },
    reason: { type: 'text' },
  },
  associations: {
    transactionCapture: { type: 'many-to-one', entity: 'order_transaction_capture', foreignKey: 'captureId' },
    stateMachineState: stateAssociation,
    positions: { type: 'one-to-many', entity: 'order_transaction_capture_refund_position', foreignKey: 'refundId', cascadeDelete: true },
  },
};

export const orderTransactionCaptureRefundPositionEntity: EntityDefinition = {
  name: 'order_transaction_capture_refund_position',
  fields: {
    refundId: { type: 'id', required: true },
    orderLineItemId: { type: 'id', required: true },
    amount: { type: 'json', required: true, validate: mustBeObject },
    quantity: { type: 'int', default: 1 },
    externalReference: { type: 'string', maxLength: 255 },
    reason: { type: 'text' },
  },
  associations: {
    orderTransactionCaptureRefund: { type: 'many-to-one', entity: 'order_transaction_capture_refund', foreignKey: 'refundId' },
    orderLineItem: { type: 'many-to-one', entity: 'order_line_item', foreignKey: 'orderLineItemId' },
  },
};

export const orderEntities = [
  orderEntity,
  orderCustomerEntity,
  orderAddressEntity,
  orderLineItemEntity,
  orderDeliveryEntity,
  orderTransactionEntity,
  orderTransactionCaptureEntity,
  orderTransactionCaptureRefundEntity,
  orderTransactionCaptureRefundPositionEntity,
];
