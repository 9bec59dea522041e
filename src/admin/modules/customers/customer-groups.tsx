import { useState } from 'react';
import { Alert, Badge, Button, Group, Modal, Paper, Stack, Switch, Table, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { EmptyState, LoadError, Loading, PageHeader, useApi, useCan, useLoad } from '../../sdk';
import { fieldErrorsOf, READABLE_ERRORS } from '../../components/field-errors';

interface CustomerGroup {
  id: string;
  name: string;
  displayGross: boolean;
  registrationActive?: boolean;
}

/** The dialog that creates a group (no id) or edits one; violations show at their fields. */
function GroupEditor({ group, onClose, onSaved }: { group: CustomerGroup | null; onClose: () => void; onSaved: () => void }) {
  const api = useApi();
  const [name, setName] = useState(group?.name ?? '');
  const [displayGross, setDisplayGross] = useState(group?.displayGross ?? true);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);

  async function save() {
    setSaving(true);
    setErrors({});
    try {
      const body = { name, displayGross };
      if (group) await api.patch(`/api/customer-group/${group.id}`, body, { quiet: [400, 422] });
      else await api.post('/api/customer-group', body, { quiet: [400, 422] });
      notifications.show({ color: 'green', message: group ? 'Customer group saved' : 'Customer group created' });
      onSaved();
    } catch (reason) {
      setErrors(fieldErrorsOf(reason));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal opened onClose={onClose} closeButtonProps={{ 'aria-label': 'Close' }} title={group ? `Edit ${group.name}` : 'New customer group'}>
      <Stack style={READABLE_ERRORS}>
        {errors[''] && <Alert color="red" role="alert">{errors['']}</Alert>}
        <TextInput label="Name" required value={name} error={errors.name} onChange={(e) => setName(e.currentTarget.value)} />
        <Switch label="Show gross prices (with tax)" description="Off: the storefront shows this group net prices, e.g. for businesses." checked={displayGross} onChange={(e) => setDisplayGross(e.currentTarget.checked)} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>Cancel</Button>
          <Button onClick={save} loading={saving}>Save</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

export function CustomerGroups() {
  const api = useApi();
  const can = useCan();
  const groups = useLoad(() => api.search<CustomerGroup>('customer-group', { limit: 100, sort: [{ field: 'name', order: 'ASC' }] }).then((a) => a.data), []);
  const [editing, setEditing] = useState<CustomerGroup | null | 'new'>(null);

  return (
    <>
      <PageHeader title="Customer groups" actions={can('customer_group:create') && <Button onClick={() => setEditing('new')}>New group</Button>} />
      <Paper withBorder>
        {groups.error ? (
          <LoadError error={groups.error} onRetry={groups.reload} />
        ) : !groups.data ? (
          <Loading />
        ) : groups.data.length === 0 ? (
          <EmptyState title="No customer groups" />
        ) : (
          <Table aria-label="Customer groups" verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Prices</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {groups.data.map((group) => (
                <Table.Tr key={group.id}>
                  <Table.Td fw={600}>{group.name}</Table.Td>
                  <Table.Td><Badge variant="light" color={group.displayGross ? 'blue' : 'grape'}>{group.displayGross ? 'Gross' : 'Net'}</Badge></Table.Td>
                  <Table.Td ta="right">
                    {can('customer_group:update') && (
                      <Button size="xs" variant="light" onClick={() => setEditing(group)} aria-label={`Edit ${group.name}`}>
                        Edit
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Paper>
      {editing && (
        <GroupEditor
          group={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            groups.reload();
          }}
        />
      )}
    </>
  );
}
