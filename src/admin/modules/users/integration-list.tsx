import { useState } from 'react';
import { Alert, Badge, Button, Code, Group, Modal, MultiSelect, Stack, Switch, Text, TextInput } from '@mantine/core';
import { DateTime, PageHeader, useApi, useCan, useLoad } from '../../sdk';
import { EntityTable } from '../../components/entity-table';
import { newEntityId, useEntitySave } from '../../components/entity-form';

interface IntegrationRow {
  id: string;
  label: string;
  accessKey: string;
  admin: boolean;
  lastUsageAt: string | null;
  aclRoles?: Array<{ name: string }>;
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** Shopware's integration key: `SWIA` and 22 upper-case letters or digits (uniform: 252 = 7 × 36). */
function accessKey(): string {
  let key = 'SWIA';
  while (key.length < 26) {
    for (const byte of crypto.getRandomValues(new Uint8Array(32))) if (byte < 252 && key.length < 26) key += ALPHABET[byte % 36];
  }
  return key;
}

/** 40 random bytes, base64url: the API stores only its hash, so this is the one time anyone sees it. */
function secretAccessKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(40));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * Integrations (API clients with the client_credentials grant): a new one gets its access key and secret
 * made in the browser from the platform's random source; the secret is shown once, in the dialog that
 * follows the save, and never again (the API returns no secret).
 */
export function IntegrationList() {
  const api = useApi();
  const can = useCan();
  const [creating, setCreating] = useState(false);
  const [label, setLabel] = useState('');
  const [admin, setAdmin] = useState(false);
  const [roleIds, setRoleIds] = useState<string[]>([]);
  const [shown, setShown] = useState<{ accessKey: string; secret: string } | null>(null);
  const [round, setRound] = useState(0);
  const save = useEntitySave();
  const roles = useLoad(
    () => (creating ? api.search<{ id: string; name: string }>('acl-role', { limit: 500, sort: [{ field: 'name', order: 'ASC' }] }, { quiet: [403] }).then((answer) => answer.data) : Promise.resolve([])),
    [creating],
  );

  const create = async () => {
    const keys = { accessKey: accessKey(), secret: secretAccessKey() };
    const body = { id: newEntityId(), label, admin, accessKey: keys.accessKey, secretAccessKey: keys.secret, aclRoles: roleIds.map((id) => ({ id })) };
    if (await save.run(() => api.post('/api/integration', body, { quiet: [400] }))) {
      setCreating(false);
      setLabel('');
      setAdmin(false);
      setRoleIds([]);
      setShown(keys);
      setRound((n) => n + 1);
    }
  };

  const remove = async (row: IntegrationRow) => {
    if (!window.confirm(`Delete the integration "${row.label}"? Whatever uses its key stops working.`)) return;
    await api.delete(`/api/integration/${row.id}`);
    setRound((n) => n + 1);
  };

  return (
    <>
      <PageHeader
        title="Integrations"
        subtitle="API access for other systems (ERP, PIM): an access key and a secret, with the privileges of their roles."
        actions={can('integration:create') && <Button onClick={() => setCreating(true)}>New integration</Button>}
      />
      <EntityTable<IntegrationRow>
        entity="integration"
        label="Integrations"
        defaultSort={{ field: 'label', order: 'ASC' }}
        criteria={{ associations: { aclRoles: {} } }}
        searchPlaceholder="Name…"
        reloadKey={round}
        columns={[
          { label: 'Name', sortField: 'label', render: (row) => row.label },
          { label: 'Access key', render: (row) => <Code>{row.accessKey}</Code> },
          { label: 'Roles', render: (row) => (row.admin ? <Badge color="grape" variant="light">Administrator</Badge> : row.aclRoles?.map((role) => role.name).join(', ') || '–') },
          { label: 'Last used', sortField: 'lastUsageAt', render: (row) => <DateTime value={row.lastUsageAt} /> },
          {
            label: 'Actions',
            render: (row) =>
              can('integration:delete') ? (
                <Button size="xs" variant="subtle" color="red" onClick={() => remove(row)} aria-label={`Delete ${row.label}`}>
                  Delete
                </Button>
              ) : null,
          },
        ]}
      />
      <Modal opened={creating} onClose={() => setCreating(false)} title="New integration" centered closeButtonProps={{ 'aria-label': 'Close' }}>
        <Stack>
          {save.errors[''] && <Alert color="red">{save.errors['']}</Alert>}
          <TextInput label="Name" required value={label} onChange={(e) => setLabel(e.currentTarget.value)} error={save.errorOf('label')} data-autofocus />
          <MultiSelect label="Roles" data={(roles.data ?? []).map((role) => ({ value: role.id, label: role.name }))} value={roleIds} onChange={setRoleIds} disabled={admin} error={save.errorOf('aclRoles')} searchable />
          <Switch label="Administrator (every privilege)" checked={admin} onChange={(e) => setAdmin(e.currentTarget.checked)} />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setCreating(false)}>
              Cancel
            </Button>
            <Button onClick={create} loading={save.saving}>
              Create
            </Button>
          </Group>
        </Stack>
      </Modal>
      <Modal opened={shown !== null} onClose={() => setShown(null)} title="Integration created" centered closeOnClickOutside={false} closeButtonProps={{ 'aria-label': 'Close' }}>
        {shown && (
          <Stack>
            <Alert color="yellow" title="Copy the secret now">
              The secret is shown only this once; the shop keeps only a hash of it. If it is lost, delete the integration and create a new one.
            </Alert>
            <Text size="sm" fw={600}>
              Access key ID
            </Text>
            <Code block data-testid="integration-access-key">
              {shown.accessKey}
            </Code>
            <Text size="sm" fw={600}>
              Secret access key
            </Text>
            <Code block data-testid="integration-secret">
              {shown.secret}
            </Code>
            <Group justify="flex-end">
              <Button onClick={() => setShown(null)}>I have copied it</Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </>
  );
}
