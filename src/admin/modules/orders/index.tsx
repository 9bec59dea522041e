import { defineModule } from '../../sdk';
import { OrderList } from './order-list';
import { OrderDetail } from './order-detail';

export default defineModule({
  id: 'orders',
  navigation: [{ label: 'Orders', path: '/orders', privilege: 'order:read', position: 10 }],
  routes: [
    { path: '/orders', component: OrderList, privilege: 'order:read' },
    { path: '/orders/:id', component: OrderDetail, privilege: 'order:read' },
  ],
});
