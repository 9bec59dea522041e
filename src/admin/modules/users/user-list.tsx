import { Link } from 'react-router';
import { Anchor, Badge, Button } from '@mantine/core';
import { PageHeader, useCan } from '../../sdk';
import { EntityTable } from '../../components/entity-table';

interface UserRow {
  id: string;
  username: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  admin: boolean;
  active: boolean;
  aclRoles?: Array<{ name: string }>;
}

export function UserList() {
  const can = useCan();
  return (
    <>
      <PageHeader
        title="Users"
        subtitle="Who may log in to the Administration, and with which roles."
        actions={
          can('user:create') && (
            <Button component={Link} to="/users/new">
              New user
            </Button>
          )
        }
      />
      <EntityTable<UserRow>
        entity="user"
        label="Users"
        defaultSort={{ field: 'username', order: 'ASC' }}
        criteria={{ associations: { aclRoles: {} } }}
        searchPlaceholder="Username, name, e-mail…"
        columns={[
          { label: 'Username', sortField: 'username', render: (user) => <Anchor component={Link} to={`/users/${user.id}`}>{user.username}</Anchor> },
          { label: 'Name', sortField: 'lastName', render: (user) => [user.firstName, user.lastName].filter(Boolean).join(' ') || '–' },
          { label: 'E-mail', sortField: 'email', render: (user) => user.email ?? '–' },
          { label: 'Roles', render: (user) => (user.admin ? <Badge color="grape" variant="light">Administrator</Badge> : user.aclRoles?.map((role) => role.name).join(', ') || '–') },
          { label: 'Status', sortField: 'active', render: (user) => <Badge color={user.active ? 'green' : 'gray'} variant="light">{user.active ? 'active' : 'inactive'}</Badge> },
        ]}
      />
    </>
  );
}
