import { useState } from 'react';
import { Alert, Badge, Button, Code, Group, Modal, NumberInput, PasswordInput, Select, Stack, Switch, Table, Text, TextInput, Textarea } from '@mantine/core';
import { ApiError, DateTime, EmptyState, LoadError, Loading, Section, useApi, useCan, useLoad } from '../../../admin/sdk';
import { HealthActions, HealthBadge, type TargetHealth } from './target-health';

export interface Target extends TargetHealth {
  id: string;
  name: string;
  active: boolean;
  url: string;
  method: string;
  ackMode: string;
  autoExport: string;
  timeoutMs: number;
  includeTestOrders: boolean;
  maxPerSecond: number | null;
  credentialId: string | null;
  mappingId: string;
}

interface Credential {
  id: string;
  name: string;
  authType: string;
  publicMeta: Record<string, string>;
  rotatedAt: string | null;
  secretSet: boolean;
}

interface Mapping {
  id: string;
  name: string;
  definition: unknown;
  currentVersion: number;
}

const AUTH_TYPES = ['none', 'api_key', 'basic', 'bearer', 'oauth2'];
/** The public (non-secret) fields each auth type needs. */
const PUBLIC_FIELDS: Record<string, string[]> = { none: [], api_key: ['headerName'], basic: ['username'], bearer: [], oauth2: ['tokenUrl', 'clientId', 'scope'] };

/** Create or edit a target; the signing secret is write-only (generated when left empty). */
function TargetForm({ target, onDone }: { target: Partial<Target> | null; onDone: (saved: boolean) => void }) {
  const api = useApi();
  const [value, setValue] = useState<Partial<Target>>(target ?? { method: 'POST', ackMode: 'none', autoExport: 'off', active: true, timeoutMs: 10000 });
  const [signingSecret, setSigningSecret] = useState('');
  const [busy, setBusy] = useState(false);
  const choices = useLoad(async () => {
    const [mappings, credentials] = await Promise.all([
      api.search<Mapping>('ext-order-export-mapping', { limit: 100 }),
      api.get<{ data: Credential[] }>('/api/_action/ext-order-export/credential', { quiet: [403] }).catch(() => ({ data: [] })),
    ]);
    return { mappings: mappings.data, credentials: credentials.data };
  }, []);
  const set = (patch: Partial<Target>) => setValue((v) => ({ ...v, ...patch }));

  async function save() {
    setBusy(true);
    try {
      const body: Record<string, unknown> = {
        name: value.name,
        url: value.url,
        method: value.method,
        ackMode: value.ackMode,
        autoExport: value.autoExport,
        active: value.active,
        timeoutMs: value.timeoutMs,
        pauseAfterFailures: value.pauseAfterFailures ?? 20,
        includeTestOrders: value.includeTestOrders ?? false,
        maxPerSecond: value.maxPerSecond ?? null,
        mappingId: value.mappingId,
        credentialId: value.credentialId ?? null,
      };
      if (signingSecret) body.signingSecret = signingSecret;
      if (value.id) await api.patch(`/api/ext-order-export-config/${value.id}`, body);
      else await api.post('/api/ext-order-export-config', body);
      onDone(true);
    } catch {
      // toast shown
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack>
      <TextInput label="Name" value={value.name ?? ''} onChange={(e) => set({ name: e.currentTarget.value })} required />
      <Group grow>
        <Select label="Method" data={['POST', 'PUT']} value={value.method ?? 'POST'} onChange={(v) => set({ method: v ?? 'POST' })} maw={120} />
        <TextInput label="URL" value={value.url ?? ''} onChange={(e) => set({ url: e.currentTarget.value })} required />
      </Group>
      <Group grow>
        <Select label="Mapping" data={(choices.data?.mappings ?? []).map((m) => ({ value: m.id, label: m.name }))} value={value.mappingId ?? null} onChange={(v) => set({ mappingId: v ?? undefined })} required />
        <Select
          label="Credential"
          placeholder="None"
          clearable
          data={(choices.data?.credentials ?? []).map((c) => ({ value: c.id, label: `${c.name} (${c.authType})` }))}
          value={value.credentialId ?? null}
          onChange={(v) => set({ credentialId: v })}
        />
      </Group>
      <Group grow>
        <Select label="Acknowledgement" data={[{ value: 'none', label: 'None' }, { value: 'callback', label: 'Callback' }]} value={value.ackMode ?? 'none'} onChange={(v) => set({ ackMode: v ?? 'none' })} />
        <Select
          label="Export automatically"
          data={[{ value: 'off', label: 'Off' }, { value: 'order_placed', label: 'When placed' }, { value: 'order_paid', label: 'When paid' }]}
          value={value.autoExport ?? 'off'}
          onChange={(v) => set({ autoExport: v ?? 'off' })}
        />
        <NumberInput label="Timeout (ms)" min={100} max={60000} value={value.timeoutMs ?? 10000} onChange={(v) => set({ timeoutMs: Number(v) })} />
        <NumberInput
          label="Pause after failures in a row"
          description="Also paused after failing for 24 hours; you are mailed, and resuming sends what was held"
          min={1}
          max={100000}
          value={value.pauseAfterFailures ?? 20}
          onChange={(v) => set({ pauseAfterFailures: Number(v) })}
        />
        <NumberInput
          label="Bulk replay rate (requests per second)"
          description="Empty: no limit"
          min={1}
          max={1000}
          value={value.maxPerSecond ?? ''}
          onChange={(v) => set({ maxPerSecond: v === '' ? null : Number(v) })}
        />
        <Switch label="Include test orders" checked={value.includeTestOrders ?? false} onChange={(e) => set({ includeTestOrders: e.currentTarget.checked })} />
      </Group>
      <PasswordInput
        label="Signing secret"
        description={value.id ? 'Stored and never shown; type to replace it.' : 'whsec_…; generated when left empty.'}
        value={signingSecret}
        onChange={(e) => setSigningSecret(e.currentTarget.value)}
        autoComplete="new-password"
      />
      <Switch label="Active" checked={value.active ?? true} onChange={(e) => set({ active: e.currentTarget.checked })} />
      <Group justify="flex-end">
        <Button variant="default" onClick={() => onDone(false)}>
          Cancel
        </Button>
        <Button onClick={save} loading={busy} disabled={!value.name || !value.url || !value.mappingId}>
          Save
        </Button>
      </Group>
    </Stack>
  );
}

export function TargetsSection() {
  const api = useApi();
  const can = useCan();
  const targets = useLoad(() => api.search<Target>('ext-order-export-config', { limit: 100, sort: [{ field: 'name', order: 'ASC' }] }).then((a) => a.data), []);
  const [tests, setTests] = useState<Record<string, { reachable: boolean; message: string }>>({});
  const [editing, setEditing] = useState<Partial<Target> | null | undefined>(undefined);
  const writable = can('ext_order_export_config:update');

  async function toggle(target: Target, active: boolean) {
    try {
      await api.patch(`/api/ext-order-export-config/${target.id}`, { active });
    } finally {
      targets.reload();
    }
  }

  async function remove(target: Target) {
    if (!window.confirm(`Delete the target "${target.name}" and its export history?`)) return;
    try {
      await api.delete(`/api/ext-order-export-config/${target.id}`);
    } finally {
      targets.reload();
    }
  }

  async function test(target: Target) {
    const answer = await api.post<{ reachable: boolean; message: string }>('/api/_action/ext-order-export/test-connection', { configId: target.id });
    setTests((all) => ({ ...all, [target.id]: answer }));
  }

  return (
    <Section title="Targets" actions={can('ext_order_export_config:create') && <Button size="xs" onClick={() => setEditing(null)}>Add target</Button>}>
      <Modal opened={editing !== undefined} onClose={() => setEditing(undefined)} title={editing?.id ? 'Edit target' : 'New target'} size="lg">
        {editing !== undefined && (
          <TargetForm
            target={editing}
            onDone={(saved) => {
              setEditing(undefined);
              if (saved) targets.reload();
            }}
          />
        )}
      </Modal>
      {targets.error ? (
        <LoadError error={targets.error} onRetry={targets.reload} />
      ) : !targets.data ? (
        <Loading />
      ) : targets.data.length === 0 ? (
        <EmptyState title="No targets yet">A target is an ERP endpoint orders are sent to, with a mapping and optionally a credential.</EmptyState>
      ) : (
        <Table.ScrollContainer minWidth={900}>
          <Table verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>URL</Table.Th>
                <Table.Th>Automatic</Table.Th>
                <Table.Th>Active</Table.Th>
                <Table.Th>Health</Table.Th>
                <Table.Th>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {targets.data.map((target) => (
                <Table.Tr key={target.id}>
                  <Table.Td fw={600}>{target.name}</Table.Td>
                  <Table.Td>
                    <Text size="xs">
                      {target.method} {target.url}
                    </Text>
                  </Table.Td>
                  <Table.Td>{target.autoExport.replace(/_/g, ' ')}</Table.Td>
                  <Table.Td>
                    <Switch checked={target.active} disabled={!writable} onChange={(e) => toggle(target, e.currentTarget.checked)} aria-label={`${target.name} active`} />
                  </Table.Td>
                  <Table.Td>
                    <HealthBadge target={target} />
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs">
                      {can('ext_order_export:update') && <HealthActions target={target} onChanged={targets.reload} />}
                      <Button size="compact-xs" variant="light" onClick={() => test(target)}>
                        Test connection
                      </Button>
                      {writable && (
                        <Button size="compact-xs" variant="default" onClick={() => setEditing(target)}>
                          Edit
                        </Button>
                      )}
                      {can('ext_order_export_config:delete') && (
                        <Button size="compact-xs" variant="subtle" color="red" onClick={() => remove(target)}>
                          Delete
                        </Button>
                      )}
                      {tests[target.id] && <Badge color={tests[target.id]!.reachable ? 'green' : 'red'}>{tests[target.id]!.message}</Badge>}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Section>
  );
}

/** Credentials: the secret is write-only, the API answers only whether one is stored. */
export function CredentialsSection() {
  const api = useApi();
  const can = useCan();
  const credentials = useLoad(() => api.get<{ data: Credential[] }>('/api/_action/ext-order-export/credential').then((a) => a.data), []);
  const [editing, setEditing] = useState<Partial<Credential> | null>(null);
  const [secret, setSecret] = useState('');
  const [busy, setBusy] = useState(false);
  const writable = can('ext_order_export_credential:update');

  async function save() {
    if (!editing) return;
    setBusy(true);
    try {
      const body: Record<string, unknown> = { name: editing.name, authType: editing.authType, publicMeta: editing.publicMeta ?? {} };
      if (editing.id) body.id = editing.id;
      if (secret) body.secret = secret;
      await api.post('/api/_action/ext-order-export/credential/save', body);
      setEditing(null);
      setSecret('');
      credentials.reload();
    } catch {
      // toast shown
    } finally {
      setBusy(false);
    }
  }

  return (
    <Section title="Credentials" actions={writable && <Button size="xs" onClick={() => setEditing({ authType: 'bearer', publicMeta: {} })}>Add credential</Button>}>
      <Modal opened={editing !== null} onClose={() => setEditing(null)} title={editing?.id ? 'Edit credential' : 'New credential'}>
        {editing && (
          <Stack>
            <TextInput label="Name" value={editing.name ?? ''} onChange={(e) => setEditing({ ...editing, name: e.currentTarget.value })} />
            <Select label="Authentication" data={AUTH_TYPES} value={editing.authType ?? 'none'} onChange={(v) => setEditing({ ...editing, authType: v ?? 'none', publicMeta: {} })} />
            {(PUBLIC_FIELDS[editing.authType ?? 'none'] ?? []).map((field) => (
              <TextInput
                key={field}
                label={field}
                value={editing.publicMeta?.[field] ?? ''}
                onChange={(e) => setEditing({ ...editing, publicMeta: { ...editing.publicMeta, [field]: e.currentTarget.value } })}
              />
            ))}
            {editing.authType !== 'none' && (
              <PasswordInput
                label="Secret"
                description={editing.secretSet ? 'Stored and never shown; type to replace it.' : 'Token, password, API key or client secret.'}
                value={secret}
                onChange={(e) => setSecret(e.currentTarget.value)}
                autoComplete="new-password"
              />
            )}
            <Group justify="flex-end">
              <Button onClick={save} loading={busy}>
                Save
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
      {credentials.error ? (
        <LoadError error={credentials.error} onRetry={credentials.reload} />
      ) : !credentials.data ? (
        <Loading />
      ) : credentials.data.length === 0 ? (
        <EmptyState title="No credentials" />
      ) : (
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Type</Table.Th>
              <Table.Th>Secret</Table.Th>
              <Table.Th>Rotated</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {credentials.data.map((credential) => (
              <Table.Tr key={credential.id}>
                <Table.Td>{credential.name}</Table.Td>
                <Table.Td>{credential.authType}</Table.Td>
                <Table.Td>
                  <Badge color={credential.secretSet ? 'green' : 'gray'} variant="light">
                    {credential.secretSet ? 'set' : 'not set'}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <DateTime value={credential.rotatedAt} />
                </Table.Td>
                <Table.Td>
                  {writable && (
                    <Button size="compact-xs" variant="default" onClick={() => setEditing(credential)}>
                      Edit
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Section>
  );
}

/** Mappings: the definition as JSON, validated and previewed against a real order before saving. */
export function MappingsSection() {
  const api = useApi();
  const can = useCan();
  const mappings = useLoad(() => api.search<Mapping>('ext-order-export-mapping', { limit: 100, sort: [{ field: 'name', order: 'ASC' }] }).then((a) => a.data), []);
  const [editing, setEditing] = useState<{ id?: string; name: string; text: string } | null>(null);
  const [problems, setProblems] = useState<string[] | null>(null);
  const [orderNumber, setOrderNumber] = useState('');
  const [preview, setPreview] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const writable = can('ext_order_export_mapping:update');

  function parsed(): unknown {
    try {
      return JSON.parse(editing!.text);
    } catch (error) {
      setProblems([`Not valid JSON: ${(error as Error).message}`]);
      return undefined;
    }
  }

  async function validate() {
    const definition = parsed();
    if (definition === undefined) return;
    const answer = await api.post<{ valid: boolean; problems: string[] }>('/api/_action/ext-order-export/mapping/validate', { definition });
    setProblems(answer.problems);
  }

  async function runPreview() {
    const definition = parsed();
    if (definition === undefined) return;
    const found = await api.search<{ id: string }>('order', { filter: [{ type: 'equals', field: 'orderNumber', value: orderNumber }], limit: 1 });
    if (!found.data[0]) {
      setPreview(`No order ${orderNumber}.`);
      return;
    }
    const answer = await api.post<{ valid: boolean; problems: string[]; data: unknown; errors: unknown }>('/api/_action/ext-order-export/mapping/preview', { definition, orderId: found.data[0].id });
    setProblems(answer.problems);
    setPreview(JSON.stringify(answer.valid ? { data: answer.data, errors: answer.errors } : answer.problems, null, 2));
  }

  async function save() {
    const definition = parsed();
    if (definition === undefined || !editing) return;
    setBusy(true);
    try {
      if (editing.id) await api.patch(`/api/ext-order-export-mapping/${editing.id}`, { name: editing.name, definition });
      else await api.post('/api/ext-order-export-mapping', { name: editing.name, definition });
      setEditing(null);
      mappings.reload();
    } catch (error) {
      if (error instanceof ApiError) setProblems([error.message]);
    } finally {
      setBusy(false);
    }
  }

  const open = (value: { id?: string; name: string; text: string }) => {
    setEditing(value);
    setProblems(null);
    setPreview(null);
  };

  return (
    <Section
      title="Mappings"
      actions={can('ext_order_export_mapping:create') && <Button size="xs" onClick={() => open({ name: '', text: '{\n  "fields": {\n    "orderNumber": { "expr": "orderNumber" }\n  }\n}' })}>Add mapping</Button>}
    >
      <Modal opened={editing !== null} onClose={() => setEditing(null)} title={editing?.id ? 'Edit mapping' : 'New mapping'} size="xl">
        {editing && (
          <Stack>
            <TextInput label="Name" value={editing.name} onChange={(e) => setEditing({ ...editing, name: e.currentTarget.value })} />
            <Textarea
              label="Definition (JSON)"
              autosize
              minRows={10}
              maxRows={24}
              value={editing.text}
              onChange={(e) => setEditing({ ...editing, text: e.currentTarget.value })}
              styles={{ input: { fontFamily: 'monospace', fontSize: 13 } }}
            />
            {problems && (problems.length === 0 ? <Alert color="green">The definition is valid.</Alert> : <Alert color="red">{problems.map((p) => <div key={p}>{p}</div>)}</Alert>)}
            <Group align="flex-end">
              <Button variant="light" onClick={validate}>
                Validate
              </Button>
              <TextInput label="Preview with order number" value={orderNumber} onChange={(e) => setOrderNumber(e.currentTarget.value)} w={200} />
              <Button variant="light" onClick={runPreview} disabled={!orderNumber}>
                Preview
              </Button>
            </Group>
            {preview && <Code block>{preview}</Code>}
            {writable && (
              <Group justify="flex-end">
                <Button onClick={save} loading={busy} disabled={!editing.name}>
                  Save
                </Button>
              </Group>
            )}
          </Stack>
        )}
      </Modal>
      {mappings.error ? (
        <LoadError error={mappings.error} onRetry={mappings.reload} />
      ) : !mappings.data ? (
        <Loading />
      ) : mappings.data.length === 0 ? (
        <EmptyState title="No mappings" />
      ) : (
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Version</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {mappings.data.map((mapping) => (
              <Table.Tr key={mapping.id}>
                <Table.Td>{mapping.name}</Table.Td>
                <Table.Td>{mapping.currentVersion}</Table.Td>
                <Table.Td>
                  <Button size="compact-xs" variant="default" onClick={() => open({ id: mapping.id, name: mapping.name, text: JSON.stringify(mapping.definition, null, 2) })}>
                    {writable ? 'Edit' : 'View'}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Section>
  );
}
