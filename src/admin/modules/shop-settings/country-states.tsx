import { useState } from 'react';
import { useParams } from 'react-router';
import { Badge, Button, Modal, NumberInput, Stack, Switch, TextInput } from '@mantine/core';
import { LoadError, Loading, PageHeader, useApi, useCan, useLoad } from '../../sdk';
import { EntityTable } from '../../components/entity-table';
import { SaveProblems, useEntitySave } from '../../components/entity-form';
import { READABLE_ERRORS } from '../../components/field-errors';
import { useListParams } from '../../components/list-params';
import { ActiveFilter, activeFilterOf, BackLink, DialogButtons, orNull, QUIET, useEditing } from './settings-parts';

interface CountryState {
  id: string;
  countryId: string;
  shortCode: string;
  name: string;
  position: number;
  active: boolean;
  updatedAt: string | null;
}

const FIELDS = ['name', 'shortCode', 'active', 'position'];

/**
 * `/shop-settings/countries/:id`: the country's states (what addresses and tax rules for individual states
 * choose from), searched, filtered, sorted and paged on the server; added and edited in a dialog.
 */
export function CountryStates() {
  const { id } = useParams();
  const api = useApi();
  const can = useCan();
  const list = useListParams({ field: 'position', order: 'ASC' });
  const active = list.get('active');
  const [editing, setEditing] = useEditing<CountryState>();
  const [round, setRound] = useState(0);
  const country = useLoad(() => api.search<{ id: string; name: string; iso: string }>('country', { ids: [id] }).then((answer) => answer.data[0] ?? Promise.reject(new Error('No such country.'))), [id]);
  if (country.error) return <LoadError error={country.error} onRetry={country.reload} />;
  if (!country.data) return <Loading />;

  return (
    <>
      <PageHeader
        title={`States of ${country.data.name}`}
        subtitle={<BackLink to="/shop-settings/countries">All countries</BackLink>}
        actions={can('country_state:create') && <Button onClick={() => setEditing('new')}>New state</Button>}
      />
      <ActiveFilter list={list} id="state-active-filter" />
      <EntityTable<CountryState>
        entity="country-state"
        label="States"
        defaultSort={{ field: 'position', order: 'ASC' }}
        criteria={{ filter: [{ type: 'equals', field: 'countryId', value: country.data.id }, ...activeFilterOf(active)] }}
        searchPlaceholder="Name or short code…"
        emptyText="Add the states shoppers choose in their address."
        reloadKey={`${round}:${active}`}
        columns={[
          { label: 'Short code', sortField: 'shortCode', render: (row) => row.shortCode },
          { label: 'Name', sortField: 'name', render: (row) => row.name },
          { label: 'Active', sortField: 'active', render: (row) => <Badge variant="light" color={row.active ? 'green' : 'gray'}>{row.active ? 'Active' : 'Inactive'}</Badge> },
          { label: 'Position', sortField: 'position', render: (row) => row.position },
          {
            label: 'Actions',
            render: (row) =>
              can('country_state:update') ? (
                <Button size="xs" variant="subtle" onClick={() => setEditing(row)} aria-label={`Edit ${row.name}`}>
                  Edit
                </Button>
              ) : null,
          },
        ]}
      />
      {editing && (
        <StateEditor
          countryId={country.data.id}
          state={editing === 'new' ? null : editing}
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

function StateEditor({ countryId, state, onClose, onSaved }: { countryId: string; state: CountryState | null; onClose: () => void; onSaved: () => void }) {
  const api = useApi();
  const save = useEntitySave();
  const [form, setForm] = useState({ name: state?.name ?? '', shortCode: state?.shortCode ?? '', active: state?.active ?? true, position: (state?.position ?? 1) as number | string });
  const submit = async () => {
    const body = { name: orNull(form.name), shortCode: orNull(form.shortCode), active: form.active, position: typeof form.position === 'number' ? form.position : null };
    const write = async () => {
      if (state) await api.patch(`/api/country-state/${state.id}`, body, QUIET);
      else await api.post('/api/country-state', { countryId, ...body }, QUIET);
    };
    if (await save.run(write, state ? { api, entity: 'country-state', id: state.id, updatedAt: state.updatedAt } : null)) onSaved();
  };
  return (
    <Modal opened onClose={onClose} title={state ? `Edit ${state.name}` : 'New state'} centered closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack style={READABLE_ERRORS}>
        <SaveProblems conflict={save.conflict} errors={save.errors} fields={FIELDS} onReload={onSaved} />
        <TextInput label="Name" required value={form.name} onChange={(e) => setForm({ ...form, name: e.currentTarget.value })} error={save.errorOf('name')} />
        <TextInput label="Short code" required description="ISO 3166-2, e.g. DE-BE." value={form.shortCode} onChange={(e) => setForm({ ...form, shortCode: e.currentTarget.value })} error={save.errorOf('shortCode')} />
        <NumberInput label="Position" value={form.position} allowDecimal={false} onChange={(value) => setForm({ ...form, position: value })} error={save.errorOf('position')} />
        <Switch label="Active (shoppers may choose it)" checked={form.active} onChange={(e) => setForm({ ...form, active: e.currentTarget.checked })} />
        <DialogButtons onCancel={onClose} onSave={submit} saving={save.saving} />
      </Stack>
    </Modal>
  );
}
