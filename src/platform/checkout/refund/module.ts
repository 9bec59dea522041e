import type { PlatformModule } from '../../module.js';
import { registerRefundRoutes } from './routes.js';

export const paymentRefundModule: PlatformModule = { name: 'payment-refund', routes: registerRefundRoutes };
