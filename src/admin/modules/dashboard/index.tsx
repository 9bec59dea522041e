import { defineModule } from '../../sdk';
import { Dashboard } from './dashboard';

export default defineModule({
  id: 'dashboard',
  navigation: [{ label: 'Dashboard', path: '/dashboard', privilege: 'order:read', position: 1 }],
  routes: [{ path: '/dashboard', component: Dashboard, privilege: 'order:read' }],
});
