import type { PlatformModule } from '../module.js';
import { paymentShippingMethodsMigration } from './migrations/payment-shipping-methods.js';
import { orderMigration } from './migrations/order.js';
import { orderBillingAddressDeferredMigration } from './migrations/order-billing-address-deferred.js';
import { orderListIndexMigration } from './migrations/order-list-index.js';
import { paymentMethodEntity } from './payment-method/entity.js';
import { shippingMethodEntity } from './shipping-method/entity.js';
import { orderEntities } from './order/entities.js';
import { paymentTokenMigration } from './payment/token/migration.js';
import { cartMigration } from './cart/migration.js';
import { registerCartRoutes } from './cart/routes.js';
import { registerShippingCostRoutes } from './cart/shipping-cost-routes.js';
import { registerOrderRoutes } from './order/routes.js';
import { registerCustomerOrderRoutes } from './order/customer-order-routes.js';
import { registerPaymentRoutes } from './payment/routes.js';
import { registerRefundRoutes } from './refund/routes.js';
import { platformPaymentHandlers } from './payment/handlers/platform-handlers.js';

export const checkoutModule: PlatformModule = {
  name: 'checkout',
  migrations: [paymentShippingMethodsMigration, orderMigration, paymentTokenMigration, cartMigration, orderBillingAddressDeferredMigration, orderListIndexMigration],
  entities: [paymentMethodEntity, shippingMethodEntity, ...orderEntities],
  routes(app, platform) {
    registerCartRoutes(app, platform);
    registerShippingCostRoutes(app, platform);
    registerOrderRoutes(app, platform);
    registerCustomerOrderRoutes(app, platform);
    registerPaymentRoutes(app, platform);
    registerRefundRoutes(app, platform);
  },
  // the registry belongs to the Platform instance, so each booted platform registers its own handlers once
  async boot(platform) {
    for (const registration of platformPaymentHandlers) platform.payments.register(registration);
    // a guest who logs in or registers keeps the cart filled before
    platform.events.on('sales_channel_context.token_replaced', ({ previousToken, context }) =>
      platform.checkout.cart.adopt(previousToken, context).then(() => undefined),
    );
  },
};
