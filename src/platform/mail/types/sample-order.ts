/**
 * An order as order mails receive it (the shape `loadOrderMail` reads), for the preview and the bench:
 * `lines` line items at 12.50 each, 19 % tax included, EUR, standard shipping 4.99.
 */
export function sampleOrder(lines = 2): Record<string, unknown> {
  const address = {
    firstName: 'Ada',
    lastName: 'Lovelace',
    company: null,
    street: 'Hauptstraße 1',
    zipcode: '10115',
    city: 'Berlin',
    additionalAddressLine1: null,
    phoneNumber: null,
    country: { name: 'Germany', iso: 'DE' },
  };
  const lineItems = Array.from({ length: lines }, (_, index) => ({
    label: `Coffee mug no. ${index + 1}`,
    quantity: 1 + (index % 3),
    unitPrice: 12.5,
    totalPrice: 12.5 * (1 + (index % 3)),
    type: 'product',
    payload: { productNumber: `SW-${1001 + index}` },
  }));
  const positionPrice = lineItems.reduce((sum, line) => sum + line.totalPrice, 0);
  const amountTotal = Math.round((positionPrice + 4.99) * 100) / 100;
  const tax = Math.round((amountTotal - amountTotal / 1.19) * 100) / 100;
  return {
    orderNumber: '10042',
    orderDateTime: '2026-11-25T14:03:00.000Z',
    amountTotal,
    amountNet: Math.round((amountTotal - tax) * 100) / 100,
    positionPrice,
    shippingTotal: 4.99,
    taxStatus: 'gross',
    customerComment: null,
    price: { totalPrice: amountTotal, positionPrice, calculatedTaxes: [{ taxRate: 19, tax, price: amountTotal }] },
    currency: { isoCode: 'EUR', symbol: '€', decimals: 2, name: 'Euro' },
    orderCustomer: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', customerNumber: '10007' },
    billingAddress: address,
    lineItems,
    deliveries: [{ shippingOrderAddress: address, shippingMethod: { name: 'Standard' }, shippingCosts: { totalPrice: 4.99 } }],
    transactions: [{ paymentMethod: { name: 'Invoice' }, amount: { totalPrice: amountTotal }, stateMachineState: { technicalName: 'open', name: 'Open' } }],
    stateMachineState: { technicalName: 'open', name: 'Open' },
  };
}

export const sampleCustomer = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', customerNumber: '10007' };
