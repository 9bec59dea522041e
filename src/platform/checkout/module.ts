import type { PlatformModule } from '../module.js';
import { paymentShippingMethodsMigration } from './migrations/payment-shipping-methods.js';
import { orderMigration } from './migrations/order.js';
import { paymentMethodEntity } from './payment-method/entity.js';
import { shippingMethodEntity } from './shipping-method/entity.js';
import { orderEntities } from './order/entities.js';

export const checkoutModule: PlatformModule = {
  name: 'checkout',
  migrations: [paymentShippingMethodsMigration, orderMigration],
  entities: [paymentMethodEntity, shippingMethodEntity, ...orderEntities],
};
