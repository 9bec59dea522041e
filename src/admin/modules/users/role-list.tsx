import { Link } from 'react-router';
import { Anchor, Button } from '@mantine/core';
import { PageHeader, useCan } from '../../sdk';
import { EntityTable } from '../../components/entity-table';

interface RoleRow {
  id: string;
  name: string;
  description: string | null;
  privileges: string[];
}

export function RoleList() {
  const can = useCan();
  return (
    <>
      <PageHeader
        title="Roles"
        subtitle="What a user or integration with the role may read and change."
        actions={
          can('acl_role:create') && (
            <Button component={Link} to="/roles/new">
              New role
            </Button>
          )
        }
      />
      <EntityTable<RoleRow>
        entity="acl-role"
        label="Roles"
        defaultSort={{ field: 'name', order: 'ASC' }}
        searchPlaceholder="Role name…"
        columns={[
          { label: 'Name', sortField: 'name', render: (role) => <Anchor component={Link} to={`/roles/${role.id}`}>{role.name}</Anchor> },
          { label: 'Description', render: (role) => role.description || '–' },
          { label: 'Privileges', render: (role) => role.privileges.length },
        ]}
      />
    </>
  );
}
