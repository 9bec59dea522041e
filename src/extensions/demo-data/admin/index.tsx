import { useEffect, useState } from 'react';
import { Alert, Badge, Button, Checkbox, Code, CopyButton, Group, NumberInput, Progress, Stack, Switch, Table, Text, TextInput } from '@mantine/core';
import {
  ApiError,
  DateTime,
  defineModule,
  LoadError,
  Loading,
  PageHeader,
  Section,
  StateBadge,
  useApi,
  useCan,
  useLoad,
} from '../../../admin/sdk';

const GENERATE = 'ext_demo_data:generate';
const MANAGE_USER = 'ext_demo_data:manage_user';

interface RunStatus {
  state: 'idle' | 'running' | 'finished' | 'failed';
  kind?: 'seed' | 'remove' | 'remove-dry-run';
  queuedAt: string | null;
  startedAt: string | null;
  finishedAt: string | null;
  created: number;
  enriched: number;
  rows: string[][];
  notes: string[];
  message: string | null;
}

interface StatusAnswer {
  status: RunStatus;
  channels: Array<{ key: string; name: string }>;
  defaultPerCategory: number;
  demoUser: { exists: boolean; email: string | null; username: string | null; active: boolean; privileges: number };
}

function Tally({ status }: { status: RunStatus }) {
  if (status.rows.length === 0) return null;
  // the route's rows carry no header: its columns are documented (StatusAnswer), per kind of run
  const head = status.kind === 'remove' || status.kind === 'remove-dry-run' ? ['Entity', 'Removed', 'Kept', 'Absent'] : ['Entity', 'Created', 'Reused', 'Adopted', 'Enriched', 'Skipped'];
  const body = status.rows;
  return (
    <Table.ScrollContainer minWidth={500}>
      <Table striped data-testid="demo-data-tally">
        <Table.Thead>
          <Table.Tr>
            {head.map((cell) => (
              <Table.Th key={cell}>{cell}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {body.map((row) => (
            <Table.Tr key={row[0]}>
              {row.map((cell, index) => (
                <Table.Td key={index}>{cell}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function DemoUser({ info, onChanged }: { info: StatusAnswer['demoUser']; onChanged: () => void }) {
  const api = useApi();
  const can = useCan();
  const [email, setEmail] = useState('');
  const [username, setUsername] = useState('');
  const [busy, setBusy] = useState(false);
  const [shown, setShown] = useState<{ username: string; password: string } | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  async function provision(rotatePassword: boolean) {
    setBusy(true);
    setRefusal(null);
    try {
      const body: Record<string, unknown> = { rotatePassword };
      if (email) body.email = email;
      if (username) body.username = username;
      const answer = await api.post<{ refused: boolean; username: string; password?: string | null }>('/api/_action/ext-demo-data/demo-user', body, { quiet: [409] });
      if (answer.password) setShown({ username: answer.username, password: answer.password });
      onChanged();
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) setRefusal('The user name or e-mail belongs to another user: the demo user was not changed.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <Section title="Read-only demo user">
      <Stack gap="sm">
        <Group gap="xs">
          {info.exists ? <Badge color={info.active ? 'green' : 'gray'}>{info.active ? 'active' : 'inactive'}</Badge> : <Badge color="gray">not created</Badge>}
          {info.exists && (
            <Text size="sm">
              {info.username} · {info.email} · {info.privileges} read privileges
            </Text>
          )}
        </Group>
        {shown && (
          <Alert color="yellow" title="Password shown once" data-testid="demo-user-password">
            <Group gap="xs">
              <Text size="sm">
                <span data-testid="demo-user-login">{shown.username}</span> / <Code data-testid="demo-user-secret">{shown.password}</Code>
              </Text>
              <CopyButton value={shown.password}>{({ copied, copy }) => <Button size="compact-xs" variant="light" onClick={copy}>{copied ? 'Copied' : 'Copy'}</Button>}</CopyButton>
            </Group>
            <Text size="xs" mt={4}>
              Keep it now: the shop stores only its hash.
            </Text>
          </Alert>
        )}
        {refusal && <Alert color="red">{refusal}</Alert>}
        {can(MANAGE_USER) && (
          <>
            {!info.exists && (
              <Group grow>
                <TextInput label="User name" placeholder="demo" value={username} onChange={(e) => setUsername(e.currentTarget.value)} />
                <TextInput label="E-mail" placeholder="demo@example.com" value={email} onChange={(e) => setEmail(e.currentTarget.value)} />
              </Group>
            )}
            <Group>
              {!info.exists && (
                <Button onClick={() => provision(false)} loading={busy}>
                  Create demo user
                </Button>
              )}
              {info.exists && (
                <Button variant="light" onClick={() => provision(true)} loading={busy}>
                  Rotate password
                </Button>
              )}
            </Group>
          </>
        )}
      </Stack>
    </Section>
  );
}

function DemoDataPage() {
  const api = useApi();
  const can = useCan();
  const status = useLoad(() => api.get<StatusAnswer>('/api/_action/ext-demo-data/status'), []);
  const [channels, setChannels] = useState<string[] | null>(null);
  const [perCategory, setPerCategory] = useState<number | string>('');
  const [withMedia, setWithMedia] = useState(true);
  const [withOrders, setWithOrders] = useState(true);
  const [starting, setStarting] = useState(false);
  const [active, setActive] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<string | null>(null);
  const [dryRun, setDryRun] = useState(true);
  const state = status.data?.status.state;

  // poll while a run is queued or running
  useEffect(() => {
    if (state !== 'running') return;
    const timer = setInterval(status.reload, 1500);
    return () => clearInterval(timer);
  }, [state, status.reload]);

  /** Queues a seed or a removal; a 409 is either a run in progress or (seed) the real-orders question. */
  async function queue(url: string, body: Record<string, unknown>) {
    setStarting(true);
    setActive(null);
    setConfirm(null);
    try {
      if (channels) body.channels = channels;
      await api.post(url, body, { quiet: [409] });
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        const answer = error.body as { confirmationRequired?: boolean; message?: string } | null;
        if (answer?.confirmationRequired) setConfirm(answer.message ?? 'This shop has real orders.');
        else setActive('A run is active: wait for it to finish.');
      }
    } finally {
      setStarting(false);
      status.reload();
    }
  }

  function start(confirmRealOrders = false) {
    const body: Record<string, unknown> = { withMedia, withOrders };
    if (perCategory !== '') body.perCategory = Number(perCategory);
    if (confirmRealOrders) body.confirmRealOrders = true;
    return queue('/api/_action/ext-demo-data/generate', body);
  }

  if (status.error) return <LoadError error={status.error} onRetry={status.reload} />;
  if (!status.data) return <Loading />;
  const { status: run, channels: all, defaultPerCategory, demoUser } = status.data;
  const chosen = channels ?? all.map((c) => c.key);

  return (
    <>
      <PageHeader title="Demo data" subtitle="Fills the shop with sales channels, products, customers and orders from the blueprint." />
      <Stack>
        <Section title="New run">
          <Stack gap="sm">
            <Text size="sm" fw={500}>
              Sales channels
            </Text>
            <Group>
              {all.map((channel) => (
                <Checkbox
                  key={channel.key}
                  label={channel.name}
                  checked={chosen.includes(channel.key)}
                  onChange={(e) => {
                    const checked = e.currentTarget.checked;
                    setChannels(checked ? [...chosen, channel.key] : chosen.filter((key) => key !== channel.key));
                  }}
                />
              ))}
            </Group>
            <Group align="flex-end">
              <NumberInput label="Products per category" placeholder={`${defaultPerCategory} (blueprint default)`} min={1} max={50} value={perCategory} onChange={setPerCategory} w={220} />
              <Switch label="Images" checked={withMedia} onChange={(e) => setWithMedia(e.currentTarget.checked)} />
              <Switch label="Customers and orders" checked={withOrders} onChange={(e) => setWithOrders(e.currentTarget.checked)} />
            </Group>
            {active && (
              <Alert color="yellow" data-testid="run-active">
                {active}
              </Alert>
            )}
            {confirm && (
              <Alert color="orange" title="Seed into a shop with real orders?" data-testid="demo-data-confirm">
                <Stack gap="xs">
                  <Text size="sm">{confirm}</Text>
                  <Group>
                    <Button color="orange" size="xs" onClick={() => start(true)} loading={starting}>
                      Seed anyway
                    </Button>
                    <Button variant="default" size="xs" onClick={() => setConfirm(null)}>
                      Cancel
                    </Button>
                  </Group>
                </Stack>
              </Alert>
            )}
            {can(GENERATE) && (
              <Group>
                <Button onClick={() => start()} loading={starting} disabled={chosen.length === 0 || run.state === 'running'}>
                  Generate demo data
                </Button>
              </Group>
            )}
          </Stack>
        </Section>
        {can(GENERATE) && (
          <Section title="Remove demo data">
            <Stack gap="sm">
              <Text size="sm">
                Deletes only what demo data created in the channels ticked above. Rows a merchant changed since, adopted rows and real orders stay; the result lists them.
              </Text>
              <Group>
                <Switch label="Dry run (report only, write nothing)" checked={dryRun} onChange={(e) => setDryRun(e.currentTarget.checked)} />
                <Button color="red" variant={dryRun ? 'light' : 'filled'} onClick={() => queue('/api/_action/ext-demo-data/remove', { dryRun })} loading={starting} disabled={chosen.length === 0 || run.state === 'running'}>
                  {dryRun ? 'Preview removal' : 'Remove demo data'}
                </Button>
              </Group>
            </Stack>
          </Section>
        )}
        <Section title="Current or last run" actions={<StateBadge state={run.state} />}>
          <Stack gap="sm" data-testid="demo-data-run" data-state={run.state}>
            {run.state === 'running' && <Progress value={100} animated striped aria-label="Running" />}
            {run.state === 'idle' && <Text c="dimmed">No run yet.</Text>}
            {run.state !== 'idle' && (
              <Text size="sm">
                Queued <DateTime value={run.queuedAt} /> · started <DateTime value={run.startedAt} /> · finished <DateTime value={run.finishedAt} />
              </Text>
            )}
            {(run.state === 'finished' || run.state === 'failed') && (
              <Text size="sm">
                {run.kind === 'remove' ? `${run.created} records removed.` : run.kind === 'remove-dry-run' ? `Dry run: ${run.created} records would be removed; nothing was written.` : `${run.created} records created, ${run.enriched} enriched.`}
              </Text>
            )}
            {run.message && <Alert color={run.state === 'failed' ? 'red' : 'blue'}>{run.message}</Alert>}
            <Tally status={run} />
            {run.notes.map((note) => (
              <Text key={note} size="xs" c="dimmed">
                {note}
              </Text>
            ))}
          </Stack>
        </Section>
        <DemoUser info={demoUser} onChanged={status.reload} />
      </Stack>
    </>
  );
}

export default defineModule({
  id: 'demo-data',
  extension: 'ExtDemoData',
  navigation: [{ label: 'Demo data', path: '/demo-data', privilege: GENERATE, position: 60 }],
  routes: [{ path: '/demo-data', component: DemoDataPage, privilege: GENERATE }],
});
