import { useState, type ReactNode } from 'react';
import { Alert, Badge, Button, Center, Group, Loader, NumberInput, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useApi, useCan } from './auth';
import { useLoad } from './use-load';

export function PageHeader({ title, subtitle, actions }: { title: ReactNode; subtitle?: ReactNode; actions?: ReactNode }) {
  return (
    <Group justify="space-between" align="flex-start" mb="lg" wrap="wrap">
      <div>
        <Title order={2}>{title}</Title>
        {subtitle && (
          <Text c="dimmed" size="sm">
            {subtitle}
          </Text>
        )}
      </div>
      {actions && <Group gap="sm">{actions}</Group>}
    </Group>
  );
}

export function Loading({ label = 'Loading…' }: { label?: string }) {
  return (
    <Center py="xl" aria-busy="true">
      <Group gap="sm">
        <Loader size="sm" />
        <Text c="dimmed">{label}</Text>
      </Group>
    </Center>
  );
}

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Center py="xl">
      <Stack align="center" gap={4}>
        <Text fw={600}>{title}</Text>
        {children && (
          <Text c="dimmed" size="sm" ta="center">
            {children}
          </Text>
        )}
      </Stack>
    </Center>
  );
}

export function LoadError({ error, onRetry }: { error: Error; onRetry?: () => void }) {
  return (
    <Alert color="red" title="Could not load" my="md">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{error.message}</Text>
        {onRetry && (
          <Button size="xs" variant="light" color="red" onClick={onRetry}>
            Try again
          </Button>
        )}
      </Stack>
    </Alert>
  );
}

const STATE_COLORS: Record<string, string> = {
  open: 'blue',
  in_progress: 'cyan',
  authorized: 'cyan',
  paid: 'green',
  paid_partially: 'teal',
  completed: 'green',
  acknowledged: 'green',
  delivered: 'green',
  finished: 'green',
  refunded: 'grape',
  refunded_partially: 'grape',
  cancelled: 'gray',
  failed: 'red',
  rejected: 'red',
  reminded: 'yellow',
  unconfirmed: 'yellow',
  running: 'cyan',
  awaiting_acknowledgement: 'yellow',
  deduplicated: 'gray',
};

/** A state machine state (or any status word) as a coloured badge. */
export function StateBadge({ state, label }: { state: string | null | undefined; label?: string | null }) {
  if (!state) return <Badge color="gray">unknown</Badge>;
  return (
    <Badge color={STATE_COLORS[state] ?? 'gray'} variant="light">
      {label ?? state.replace(/_/g, ' ')}
    </Badge>
  );
}

export function formatMoney(value: number | null | undefined, isoCode = 'EUR', decimals?: number): string {
  if (value === null || value === undefined) return '–';
  try {
    return new Intl.NumberFormat('en-GB', { style: 'currency', currency: isoCode, minimumFractionDigits: decimals, maximumFractionDigits: decimals }).format(value);
  } catch {
    return `${value.toFixed(decimals ?? 2)} ${isoCode}`;
  }
}

export function Money({ value, currency, decimals }: { value: number | null | undefined; currency?: string; decimals?: number }) {
  return <span style={{ fontVariantNumeric: 'tabular-nums' }}>{formatMoney(value, currency, decimals)}</span>;
}

export function DateTime({ value }: { value: string | null | undefined }) {
  if (!value) return <>–</>;
  return <>{new Date(value).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' })}</>;
}

export function Section({ title, actions, children }: { title: ReactNode; actions?: ReactNode; children: ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Group justify="space-between" mb="sm">
        <Title order={4}>{title}</Title>
        {actions}
      </Group>
      {children}
    </Paper>
  );
}

export function KeyValue({ rows }: { rows: Array<[string, ReactNode]> }) {
  return (
    <Table withRowBorders={false} verticalSpacing={4}>
      <Table.Tbody>
        {rows.map(([key, value]) => (
          <Table.Tr key={key}>
            <Table.Td w="40%" c="dimmed">
              {key}
            </Table.Td>
            <Table.Td>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

interface RefundRecord {
  id: string;
  amount: { totalPrice?: number } | null;
  externalReference: string | null;
  reason: string | null;
  createdAt: string;
  stateMachineState?: { technicalName: string; name: string } | null;
}

/**
 * A gateway's refund tab: what the shop has refunded of one transaction (its capture refunds with their
 * states), the form, and the gateway route that refunds. The gateway reads its own ledger live when
 * refunding, so the balance shown here is the shop's view and the route's answer is final.
 */
export function RefundPanel(props: {
  transaction: { id: string; amount: { totalPrice?: number } | Record<string, any>; stateMachineState?: { technicalName: string; name: string } | null };
  currency: string;
  refundUrl: string;
  privilege: string;
  onRefunded: () => void;
}) {
  const api = useApi();
  const can = useCan();
  const [amount, setAmount] = useState<number | string>('');
  const [comments, setComments] = useState('');
  const [busy, setBusy] = useState(false);
  const refunds = useLoad(
    () =>
      api
        .search<RefundRecord>('order-transaction-capture-refund', {
          filter: [{ type: 'equals', field: 'transactionCapture.orderTransactionId', value: props.transaction.id }],
          associations: { stateMachineState: {} },
          sort: [{ field: 'createdAt', order: 'DESC' }],
          limit: 100,
        })
        .then((answer) => answer.data),
    [props.transaction.id],
  );
  const total = Number((props.transaction.amount as { totalPrice?: number }).totalPrice ?? 0);
  const refunded = (refunds.data ?? [])
    .filter((refund) => !['failed', 'cancelled'].includes(refund.stateMachineState?.technicalName ?? ''))
    .reduce((sum, refund) => sum + Number(refund.amount?.totalPrice ?? 0), 0);
  const balance = Math.max(0, Math.round((total - refunded) * 1000) / 1000);
  const allowed = can(props.privilege);

  async function submit() {
    setBusy(true);
    try {
      const body: Record<string, unknown> = { orderTransactionId: props.transaction.id };
      if (amount !== '') body.amount = String(amount);
      if (comments.trim()) body.comments = comments.trim();
      await api.post(props.refundUrl, body);
      notifications.show({ color: 'green', title: 'Refund requested', message: 'The gateway accepted the refund; it stays pending until the gateway completes it.' });
      setAmount('');
      setComments('');
      refunds.reload();
      props.onRefunded();
    } catch {
      // the client showed the gateway's message
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack>
      <Group grow align="stretch">
        <Paper withBorder p="sm">
          <Text size="xs" c="dimmed">Paid</Text>
          <Text fw={600}><Money value={total} currency={props.currency} /></Text>
        </Paper>
        <Paper withBorder p="sm">
          <Text size="xs" c="dimmed">Refunded or pending</Text>
          <Text fw={600}><Money value={refunded} currency={props.currency} /></Text>
        </Paper>
        <Paper withBorder p="sm">
          <Text size="xs" c="dimmed">Refundable balance</Text>
          <Text fw={600} data-testid="refundable-balance"><Money value={balance} currency={props.currency} /></Text>
        </Paper>
      </Group>
      {allowed ? (
        <Paper withBorder p="md">
          <Stack gap="sm">
            <Group grow align="flex-end" wrap="wrap">
              <NumberInput label="Refund amount" description="Empty refunds the whole remaining balance" value={amount} onChange={setAmount} min={0} decimalScale={3} />
              <TextInput label="Comment for the gateway" value={comments} onChange={(event) => setComments(event.currentTarget.value)} maxLength={500} />
            </Group>
            <Group justify="flex-end">
              <Button onClick={submit} loading={busy} disabled={balance <= 0}>
                Refund
              </Button>
            </Group>
          </Stack>
        </Paper>
      ) : (
        <Alert color="gray">You may view refunds but not start one (privilege {props.privilege}).</Alert>
      )}
      <Title order={5}>Refund history</Title>
      {refunds.loading && !refunds.data ? (
        <Loading />
      ) : refunds.error ? (
        <LoadError error={refunds.error} onRetry={refunds.reload} />
      ) : refunds.data!.length === 0 ? (
        <EmptyState title="No refunds yet" />
      ) : (
        <Table.ScrollContainer minWidth={500}>
          <Table striped data-testid="refund-history">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Date</Table.Th>
                <Table.Th>Amount</Table.Th>
                <Table.Th>State</Table.Th>
                <Table.Th>Gateway reference</Table.Th>
                <Table.Th>Reason</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {refunds.data!.map((refund) => (
                <Table.Tr key={refund.id}>
                  <Table.Td><DateTime value={refund.createdAt} /></Table.Td>
                  <Table.Td><Money value={refund.amount?.totalPrice} currency={props.currency} /></Table.Td>
                  <Table.Td><StateBadge state={refund.stateMachineState?.technicalName} label={refund.stateMachineState?.name} /></Table.Td>
                  <Table.Td>{refund.externalReference ?? '–'}</Table.Td>
                  <Table.Td>{refund.reason ?? '–'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
