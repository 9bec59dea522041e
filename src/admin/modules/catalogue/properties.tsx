import { useState } from 'react';
import { ActionIcon, Button, Group, Modal, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { PageHeader, useApi, useCan } from '../../sdk';
import { EntityTable } from '../../components/entity-table';
import { newEntityId, SaveProblems, useEntitySave } from '../../components/entity-form';

interface Option {
  id: string;
  name: string;
  position: number;
}

interface Group_ {
  id: string;
  name: string;
  updatedAt: string | null;
  options?: Option[];
}

/**
 * One property group with its options: a PATCH (or POST) writes the name and every option (new ones with
 * fresh ids, positions in the order shown); removed options are deleted afterwards.
 */
function GroupEditor({ group, onClose, onSaved }: { group: Group_ | null; onClose: () => void; onSaved: () => void }) {
  const api = useApi();
  const can = useCan();
  const editable = can(group ? 'property_group:update' : 'property_group:create');
  const [name, setName] = useState(group?.name ?? '');
  const [options, setOptions] = useState<Option[]>(() => [...(group?.options ?? [])].sort((a, b) => a.position - b.position));
  const [added, setAdded] = useState('');
  const save = useEntitySave();
  async function submit() {
    const id = group?.id ?? newEntityId();
    const body = { name, options: options.map((option, index) => ({ id: option.id, name: option.name, position: index + 1 })) };
    const ok = await save.run(
      async () => {
        if (group) await api.patch(`/api/property-group/${id}`, body, { quiet: [400, 409] });
        else await api.post('/api/property-group', { id, ...body }, { quiet: [400, 409] });
        for (const old of group?.options ?? []) if (!options.some((option) => option.id === old.id)) await api.delete(`/api/property-group-option/${old.id}`);
      },
      group ? { api, entity: 'property-group', id: group.id, updatedAt: group.updatedAt } : undefined,
    );
    if (ok) onSaved();
  }
  const addOption = () => {
    if (!added.trim()) return;
    setOptions((current) => [...current, { id: newEntityId(), name: added.trim(), position: current.length + 1 }]);
    setAdded('');
  };
  return (
    <Modal opened onClose={onClose} title={group ? `Edit ${group.name}` : 'New property group'}>
      <Stack>
        <SaveProblems conflict={save.conflict} errors={save.errors} fields={['name', ...options.map((_, index) => `options.${index}.name`)]} onReload={onSaved} />
        <TextInput label="Name" required value={name} onChange={(e) => setName(e.currentTarget.value)} error={save.errorOf('name')} disabled={!editable} />
        <Text fw={500} size="sm">Options</Text>
        {options.map((option, index) => (
          <Group key={option.id} gap="xs" wrap="nowrap">
            <TextInput
              aria-label={`Option ${index + 1}`}
              value={option.name}
              onChange={(e) => {
                const value = e.currentTarget.value;
                setOptions((current) => current.map((other) => (other.id === option.id ? { ...other, name: value } : other)));
              }}
              error={save.errorOf(`options.${index}.name`)}
              disabled={!editable}
              style={{ flex: 1 }}
            />
            {editable && (
              <ActionIcon variant="subtle" color="red" aria-label={`Remove option ${option.name}`} onClick={() => setOptions((current) => current.filter((other) => other.id !== option.id))}>
                ×
              </ActionIcon>
            )}
          </Group>
        ))}
        {editable && (
          <Group gap="xs" wrap="nowrap">
            <TextInput aria-label="New option" placeholder="New option" value={added} onChange={(e) => setAdded(e.currentTarget.value)} onKeyDown={(e) => e.key === 'Enter' && addOption()} style={{ flex: 1 }} />
            <Button variant="light" onClick={addOption}>Add option</Button>
          </Group>
        )}
        {editable && (
          <Group justify="flex-end">
            <Button onClick={submit} loading={save.saving}>{group ? 'Save' : 'Create'}</Button>
          </Group>
        )}
      </Stack>
    </Modal>
  );
}

/** Property groups (size, colour, …) with their options, used as product properties and to build variants. */
export function Properties() {
  const can = useCan();
  const [editing, setEditing] = useState<{ row: Group_ | null } | null>(null);
  const [round, setRound] = useState(0);
  return (
    <>
      <PageHeader title="Properties" actions={can('property_group:create') && <Button onClick={() => setEditing({ row: null })}>Add property group</Button>} />
      <EntityTable<Group_>
        entity="property-group"
        label="Property groups"
        defaultSort={{ field: 'name', order: 'ASC' }}
        searchPlaceholder="Name…"
        criteria={{ associations: { options: {} } }}
        reloadKey={round}
        emptyText="Add groups such as size or colour, with their options."
        columns={[
          { label: 'Name', sortField: 'name', render: (row) => <UnstyledButton onClick={() => setEditing({ row })} fw={600} c="indigo.9" aria-label={`Edit ${row.name}`}>{row.name}</UnstyledButton> },
          { label: 'Options', render: (row) => [...(row.options ?? [])].sort((a, b) => a.position - b.position).map((option) => option.name).join(', ') || '–' },
        ]}
      />
      {editing && (
        <GroupEditor
          group={editing.row}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            setRound((n) => n + 1);
          }}
        />
      )}
    </>
  );
}
