import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Anchor, Button, Paper, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { LoadError, Loading, PageHeader, Section, useApi, useCan, useLoad } from '../../sdk';
import { newEntityId, SaveProblems, useEntitySave } from '../../components/entity-form';
import { PrivilegeMatrix, privilegesOutsideMatrix } from './privilege-matrix';

interface Role {
  id: string;
  name: string;
  description: string | null;
  privileges: string[];
  updatedAt: string | null;
}

const EMPTY: Role = { id: '', name: '', description: '', privileges: [], updatedAt: null };

export function RoleDetail() {
  const { id } = useParams();
  const creating = !id;
  const api = useApi();
  const can = useCan();
  const navigate = useNavigate();
  const loaded = useLoad(() => (id ? api.get<{ data: Role }>(`/api/acl-role/${id}`).then((answer) => answer.data) : Promise.resolve(EMPTY)), [id]);
  const [form, setForm] = useState<Role>();
  const save = useEntitySave();
  useEffect(() => setForm(loaded.data), [loaded.data]);

  if (loaded.error) return <LoadError error={loaded.error} onRetry={loaded.reload} />;
  // the form of the record loaded for this id (after a create, the page moves to the new id and reads it)
  if (!form || !loaded.data) return <Loading />;
  const editable = can(creating ? 'acl_role:create' : 'acl_role:update');
  const others = privilegesOutsideMatrix(form.privileges);

  const submit = async () => {
    const body = { name: form.name, description: form.description || null, privileges: form.privileges };
    if (creating) {
      const newId = newEntityId();
      if (await save.run(() => api.post('/api/acl-role', { id: newId, ...body }, { quiet: [400] }))) navigate(`/roles/${newId}`, { replace: true });
    } else if (await save.run(() => api.patch(`/api/acl-role/${id}`, body, { quiet: [400, 409] }), { api, entity: 'acl-role', id: id!, updatedAt: loaded.data!.updatedAt })) {
      loaded.reload();
    }
  };

  return (
    <>
      <PageHeader
        title={creating ? 'New role' : loaded.data!.name}
        subtitle={<Anchor component={Link} to="/roles" size="sm">All roles</Anchor>}
        actions={editable && <Button onClick={submit} loading={save.saving}>Save</Button>}
      />
      <SaveProblems conflict={save.conflict} errors={save.errors} fields={['name', 'description', 'privileges']} onReload={loaded.reload} />
      <Stack>
        <Paper withBorder p="md">
          <Stack>
            <TextInput label="Name" required value={form.name} onChange={(e) => setForm({ ...form, name: e.currentTarget.value })} error={save.errorOf('name')} readOnly={!editable} />
            <Textarea label="Description" value={form.description ?? ''} onChange={(e) => setForm({ ...form, description: e.currentTarget.value })} error={save.errorOf('description')} readOnly={!editable} />
          </Stack>
        </Paper>
        <Section title="Privileges">
          <PrivilegeMatrix value={form.privileges} onChange={(privileges) => setForm({ ...form, privileges })} readOnly={!editable} error={save.errorOf('privileges')} />
          {others.length > 0 && (
            <Text size="sm" c="dimmed" mt="sm">
              Also granted (kept as they are): {others.join(', ')}
            </Text>
          )}
        </Section>
      </Stack>
    </>
  );
}
