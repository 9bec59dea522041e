import { defineModule } from '../../sdk';
import { IntegrationList } from './integration-list';
import { RoleDetail } from './role-detail';
import { RoleList } from './role-list';
import { UserDetail } from './user-detail';
import { UserList } from './user-list';

/** Users, their roles (a privilege matrix in Shopware's `acl_role.privileges` shape) and integrations. */
export default defineModule({
  id: 'users',
  navigation: [
    { label: 'Users', path: '/users', privilege: 'user:read', position: 80 },
    { label: 'Roles', path: '/roles', privilege: 'acl_role:read', position: 81 },
    { label: 'Integrations', path: '/integrations', privilege: 'integration:read', position: 82 },
  ],
  routes: [
    { path: '/users', component: UserList, privilege: 'user:read' },
    { path: '/users/new', component: UserDetail, privilege: 'user:create' },
    { path: '/users/:id', component: UserDetail, privilege: 'user:read' },
    { path: '/roles', component: RoleList, privilege: 'acl_role:read' },
    { path: '/roles/new', component: RoleDetail, privilege: 'acl_role:create' },
    { path: '/roles/:id', component: RoleDetail, privilege: 'acl_role:read' },
    { path: '/integrations', component: IntegrationList, privilege: 'integration:read' },
  ],
});
