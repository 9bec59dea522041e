import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Anchor, Button, Group, MultiSelect, Paper, PasswordInput, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { EmptyState, LoadError, Loading, PageHeader, useApi, useCan, useLoad, type ApiClient } from '../../sdk';
import { newEntityId, SaveProblems, useEntitySave } from '../../components/entity-form';

interface User {
  id: string;
  username: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  admin: boolean;
  active: boolean;
  updatedAt: string | null;
  aclRoles?: Array<{ id: string; name: string }>;
}

interface UserForm {
  username: string;
  firstName: string;
  lastName: string;
  email: string;
  admin: boolean;
  active: boolean;
  password: string;
  roleIds: string[];
}

const FIELDS = ['username', 'firstName', 'lastName', 'email', 'password', 'admin', 'active', 'aclRoles'];

async function loadUser(api: ApiClient, id: string | undefined): Promise<{ user: User | null; roles: Array<{ value: string; label: string }> }> {
  const [user, roles] = await Promise.all([
    id ? api.search<User>('user', { ids: [id], associations: { aclRoles: {} } }).then((answer) => answer.data[0] ?? Promise.reject(new Error('No such user.'))) : Promise.resolve(null),
    api.search<{ id: string; name: string }>('acl-role', { limit: 500, sort: [{ field: 'name', order: 'ASC' }] }, { quiet: [403] }).catch(() => ({ data: [], total: 0 })),
  ]);
  return { user, roles: roles.data.map((role) => ({ value: role.id, label: role.name })) };
}

/**
 * A user: create (with a password) or edit; deactivating keeps the user but refuses the login. Roles are
 * links: a save adds the chosen ones in the PATCH and removes the others through the association route.
 */
export function UserDetail() {
  const { id } = useParams();
  const creating = !id;
  const api = useApi();
  const can = useCan();
  const navigate = useNavigate();
  const loaded = useLoad(() => loadUser(api, id), [id]);
  const [form, setForm] = useState<UserForm>();
  const save = useEntitySave();
  useEffect(() => {
    const user = loaded.data?.user;
    if (!loaded.data) return;
    setForm({
      username: user?.username ?? '',
      firstName: user?.firstName ?? '',
      lastName: user?.lastName ?? '',
      email: user?.email ?? '',
      admin: user?.admin ?? false,
      active: user?.active ?? true,
      password: '',
      roleIds: user?.aclRoles?.map((role) => role.id) ?? [],
    });
  }, [loaded.data]);

  if (loaded.error) return <LoadError error={loaded.error} onRetry={loaded.reload} />;
  if (!form || !loaded.data) return <Loading />;
  const user = loaded.data.user;
  if (!creating && !user) return <EmptyState title="User not found" />;
  const editable = can(creating ? 'user:create' : 'user:update');
  const change = (patch: Partial<UserForm>) => setForm({ ...form, ...patch });

  const submit = async () => {
    const body: Record<string, unknown> = {
      username: form.username,
      firstName: form.firstName || null,
      lastName: form.lastName || null,
      email: form.email || null,
      admin: form.admin,
      active: form.active,
      aclRoles: form.roleIds.map((roleId) => ({ id: roleId })),
    };
    if (form.password) body.password = form.password;
    if (creating) {
      const newId = newEntityId();
      if (await save.run(() => api.post('/api/user', { id: newId, ...body }, { quiet: [400] }))) navigate(`/users/${newId}`, { replace: true });
      return;
    }
    const removed = (user?.aclRoles ?? []).filter((role) => !form.roleIds.includes(role.id));
    const saved = await save.run(
      async () => {
        await api.patch(`/api/user/${id}`, body, { quiet: [400, 409] });
        for (const role of removed) await api.delete(`/api/user/${id}/acl-roles/${role.id}`);
      },
      { api, entity: 'user', id: id!, updatedAt: user!.updatedAt },
    );
    if (saved) loaded.reload();
  };

  return (
    <>
      <PageHeader
        title={creating ? 'New user' : user!.username}
        subtitle={<Anchor component={Link} to="/users" size="sm">All users</Anchor>}
        actions={editable && <Button onClick={submit} loading={save.saving}>Save</Button>}
      />
      <SaveProblems conflict={save.conflict} errors={save.errors} fields={FIELDS} onReload={loaded.reload} />
      <Paper withBorder p="md">
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Username" required autoComplete="off" value={form.username} onChange={(e) => change({ username: e.currentTarget.value })} error={save.errorOf('username')} readOnly={!editable} />
            <TextInput label="E-mail" type="email" value={form.email} onChange={(e) => change({ email: e.currentTarget.value })} error={save.errorOf('email')} readOnly={!editable} />
            <TextInput label="First name" value={form.firstName} onChange={(e) => change({ firstName: e.currentTarget.value })} error={save.errorOf('firstName')} readOnly={!editable} />
            <TextInput label="Last name" value={form.lastName} onChange={(e) => change({ lastName: e.currentTarget.value })} error={save.errorOf('lastName')} readOnly={!editable} />
            {editable && (
              <PasswordInput
                label={creating ? 'Password' : 'New password'}
                description={creating ? undefined : 'Leave empty to keep the current password.'}
                required={creating}
                autoComplete="new-password"
                value={form.password}
                onChange={(e) => change({ password: e.currentTarget.value })}
                error={save.errorOf('password')}
              />
            )}
            <MultiSelect
              label="Roles"
              data={loaded.data.roles}
              value={form.roleIds}
              onChange={(roleIds) => change({ roleIds })}
              error={save.errorOf('aclRoles')}
              disabled={!editable || form.admin}
              description={form.admin ? 'An administrator holds every privilege.' : undefined}
              searchable
            />
          </SimpleGrid>
          <Group>
            <Switch label="Active (may log in)" checked={form.active} onChange={(e) => change({ active: e.currentTarget.checked })} disabled={!editable} />
            <Switch label="Administrator" checked={form.admin} onChange={(e) => change({ admin: e.currentTarget.checked })} disabled={!editable} />
          </Group>
        </Stack>
      </Paper>
    </>
  );
}
