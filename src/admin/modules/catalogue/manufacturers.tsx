import { useState } from 'react';
import { Anchor, Button, Group, Modal, Stack, Textarea, TextInput, UnstyledButton } from '@mantine/core';
import { PageHeader, useApi, useCan } from '../../sdk';
import { EntityTable } from '../../components/entity-table';
import { newEntityId, SaveProblems, useEntitySave } from '../../components/entity-form';
import { LogoField } from '../sales-channels/logo-field';

interface Manufacturer {
  id: string;
  name: string;
  link: string | null;
  description: string | null;
  mediaId: string | null;
  updatedAt: string | null;
}

function ManufacturerEditor({ manufacturer, onClose, onSaved }: { manufacturer: Manufacturer | null; onClose: () => void; onSaved: () => void }) {
  const api = useApi();
  const can = useCan();
  const editable = can(manufacturer ? 'product_manufacturer:update' : 'product_manufacturer:create');
  const [values, setValues] = useState({ name: manufacturer?.name ?? '', link: manufacturer?.link ?? '', description: manufacturer?.description ?? '', mediaId: manufacturer?.mediaId ?? '' });
  const save = useEntitySave();
  const set = (field: keyof typeof values, value: string) => setValues((current) => ({ ...current, [field]: value }));
  async function submit() {
    const body = { name: values.name, link: values.link || null, description: values.description || null, mediaId: values.mediaId || null };
    const ok = await save.run(
      () => (manufacturer ? api.patch(`/api/product-manufacturer/${manufacturer.id}`, body, { quiet: [400, 409] }) : api.post('/api/product-manufacturer', { id: newEntityId(), ...body }, { quiet: [400, 409] })).then(() => undefined),
      manufacturer ? { api, entity: 'product-manufacturer', id: manufacturer.id, updatedAt: manufacturer.updatedAt } : undefined,
    );
    if (ok) onSaved();
  }
  return (
    <Modal opened onClose={onClose} title={manufacturer ? `Edit ${manufacturer.name}` : 'New manufacturer'} size="lg">
      <Stack>
        <SaveProblems conflict={save.conflict} errors={save.errors} fields={['name', 'link', 'description', 'mediaId']} onReload={onSaved} />
        <TextInput label="Name" required value={values.name} onChange={(e) => set('name', e.currentTarget.value)} error={save.errorOf('name')} disabled={!editable} />
        <TextInput label="Website" value={values.link} onChange={(e) => set('link', e.currentTarget.value)} error={save.errorOf('link')} disabled={!editable} />
        <Textarea label="Description" autosize minRows={2} value={values.description} onChange={(e) => set('description', e.currentTarget.value)} error={save.errorOf('description')} disabled={!editable} />
        <LogoField mediaId={values.mediaId} onChange={(mediaId) => set('mediaId', mediaId)} error={save.errorOf('mediaId')} disabled={!editable} />
        {editable && (
          <Group justify="flex-end">
            <Button onClick={submit} loading={save.saving}>{manufacturer ? 'Save' : 'Create'}</Button>
          </Group>
        )}
      </Stack>
    </Modal>
  );
}

/** Manufacturers: a paged, searchable list; a dialog edits name, website, description and logo. */
export function Manufacturers() {
  const can = useCan();
  const [editing, setEditing] = useState<{ row: Manufacturer | null } | null>(null);
  const [round, setRound] = useState(0);
  return (
    <>
      <PageHeader title="Manufacturers" actions={can('product_manufacturer:create') && <Button onClick={() => setEditing({ row: null })}>Add manufacturer</Button>} />
      <EntityTable<Manufacturer>
        entity="product-manufacturer"
        label="Manufacturers"
        defaultSort={{ field: 'name', order: 'ASC' }}
        searchPlaceholder="Name…"
        reloadKey={round}
        emptyText="Add the brands your products come from."
        columns={[
          { label: 'Name', sortField: 'name', render: (row) => <UnstyledButton onClick={() => setEditing({ row })} fw={600} c="indigo.9" aria-label={`Edit ${row.name}`}>{row.name}</UnstyledButton> },
          { label: 'Website', render: (row) => (row.link ? <Anchor href={row.link} target="_blank" rel="noreferrer">{row.link}</Anchor> : '–') },
        ]}
      />
      {editing && (
        <ManufacturerEditor
          manufacturer={editing.row}
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
