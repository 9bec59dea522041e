import { defineModule } from '../../sdk';
import { CustomerList } from './customer-list';
import { CustomerDetail } from './customer-detail';
import { CustomerGroups } from './customer-groups';

export default defineModule({
  id: 'customers',
  navigation: [
    { label: 'Customers', path: '/customers', privilege: 'customer:read', position: 20 },
    { label: 'Customer groups', path: '/customer-groups', privilege: 'customer_group:read', position: 21 },
  ],
  routes: [
    { path: '/customers', component: CustomerList, privilege: 'customer:read' },
    { path: '/customers/:id', component: CustomerDetail, privilege: 'customer:read' },
    { path: '/customer-groups', component: CustomerGroups, privilege: 'customer_group:read' },
  ],
});
