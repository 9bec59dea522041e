import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Alert, Badge, Button, Center, Group, Loader, Modal, NumberInput, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useApi, useCan } from './auth';
import { useLoad } from './use-load';

export function PageHeader({ title, subtitle, actions }: { title: ReactNode; subtitle?: ReactNode; actions?: ReactNode }) {
  return (
    <Group justify="space-between" align="flex-start" mb="lg" wrap="wrap">
      {/* a long word in the subtitle (an e-mail address) breaks instead of widening the page on a phone */}
      <div style={{ minWidth: 0, maxWidth: '100%', overflowWrap: 'anywhere' }}>
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

/** A titled card; a landmark region named by its title, so assistive technology (and tests) can find it. */
export function Section({ title, actions, children }: { title: ReactNode; actions?: ReactNode; children: ReactNode }) {
  const titleId = useId();
  return (
    <Paper component="section" aria-labelledby={titleId} withBorder p="md" radius="md">
      <Group justify="space-between" mb="sm">
        <Title order={4} id={titleId}>
          {title}
        </Title>
        {actions}
      </Group>
      {children}
    </Paper>
  );
}

export function KeyValue({ rows }: { rows: Array<[string, ReactNode]> }) {
  return (
    // fixed layout: a long value (an e-mail address, an id) breaks inside its column instead of widening the page
    <Table withRowBorders={false} verticalSpacing={4} layout="fixed" style={{ overflowWrap: 'anywhere' }}>
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

/** A gateway's refundable route's answer (`GET <balanceUrl>/<order transaction id>`, the gateway kit): amounts as exact decimal strings. */
export interface RefundableBalance {
  orderTransactionId: string;
  currency: string;
  decimals: number;
  paid: string;
  refunded: string;
  pending: string;
  refundable: string;
  minimum: string;
  /** Why the gateway's refund route refuses any amount now, or null. */
  refusal: string | null;
  /** `gateway`: read live from the gateway; `none`: the gateway holds no payment of the transaction. */
  source: 'gateway' | 'none';
}

/** What the refund form sends: the amount as typed (major units; none: the whole balance) and the comment. */
export interface RefundInput {
  amount?: string;
  comment?: string;
}

/** Statuses the balance shows in the panel itself (no toast). */
const BALANCE_ERRORS_SHOWN_IN_PANEL = [403, 404, 500, 502, 503, 504];

/** A decimal string from the API as a number, for display only (Intl formats it with the currency's digits; nothing is computed with it). */
const shown = (amount: string) => Number(amount);

/**
 * A gateway's refund tab: the refundable balance read live from the gateway (`balanceUrl`, the gateway
 * kit's refundable route: paid, refunded, pending, refundable, computed as the refund route checks an
 * amount), the form (at most the refundable balance), and the shop's refund history (its capture
 * refunds with their states). The balance is read again after a refund.
 */
export function RefundPanel(props: {
  transaction: {
    id: string;
    amount: { totalPrice?: number } | Record<string, any>;
    stateMachineState?: { technicalName: string; name: string } | null;
    customFields?: Record<string, unknown> | null;
  };
  currency: string;
  refundUrl: string;
  /** The gateway's refundable route without the id, e.g. `/api/_action/pay-b/refundable`. */
  balanceUrl: string;
  privilege: string;
  /** The refund route's body; default `{orderTransactionId, amount?, comments?}` (gateway D's). */
  refundBody?: (input: RefundInput) => Record<string, unknown>;
  /** The comment field: its label and the most characters the refund route takes; default "Comment for the gateway", 500. */
  comment?: { label: string; maxLength: number };
  onRefunded: () => void;
}) {
  const api = useApi();
  const can = useCan();
  const [amount, setAmount] = useState<number | string>('');
  const [comments, setComments] = useState('');
  const [busy, setBusy] = useState(false);
  // the amount the confirmation names (major units as shown), null while no confirmation is open
  const [confirming, setConfirming] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const balance = useLoad(
    () => api.get<RefundableBalance>(`${props.balanceUrl}/${props.transaction.id}`, { quiet: BALANCE_ERRORS_SHOWN_IN_PANEL }),
    [props.balanceUrl, props.transaction.id],
  );
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
  // after a refund: the gateway settles it by webhook moments later, so the panel reads the history, the balance
  // and the order (its payment badge) again a few times while the newest refund is still pending
  const [follow, setFollow] = useState(0);
  // the history as it was when the refund was sent: nothing is decided on it, only on a history read after
  const historyBeforeRefund = useRef<unknown>(null);
  const newestPending = ['open', 'in_progress'].includes(refunds.data?.[0]?.stateMachineState?.technicalName ?? '');
  useEffect(() => {
    if (follow <= 0 || refunds.loading || refunds.data === historyBeforeRefund.current) return;
    if (!newestPending) {
      // settled (perhaps before the first reload came back): the order once more, so its badge shows the state
      // the same database transaction moved the payment to
      setFollow(0);
      props.onRefunded();
      return;
    }
    const timer = setTimeout(() => {
      setFollow((n) => n - 1);
      refunds.reload();
      balance.reload();
      props.onRefunded();
    }, 1000);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [follow, refunds.loading, refunds.data, newestPending]);
  const allowed = can(props.privilege);
  const live = balance.error ? undefined : balance.data;
  // the route answers 0 itself while a refusal stands
  const refundable = live ? shown(live.refundable) : 0;
  const comment = props.comment ?? { label: 'Comment for the gateway', maxLength: 500 };

  /** The amount the refund sends, as the merchant reads it: the typed one, or the whole refundable balance. */
  function askConfirmation() {
    if (!live) return;
    setDone(null);
    setConfirming(formatMoney(amount === '' ? refundable : Number(amount), live.currency, live.decimals));
  }

  async function submit() {
    const named = confirming;
    setConfirming(null);
    setBusy(true);
    try {
      const input: RefundInput = {};
      if (amount !== '') input.amount = String(amount);
      if (comments.trim()) input.comment = comments.trim();
      const body = props.refundBody
        ? props.refundBody(input)
        : { orderTransactionId: props.transaction.id, ...(input.amount === undefined ? {} : { amount: input.amount }), ...(input.comment === undefined ? {} : { comments: input.comment }) };
      await api.post(props.refundUrl, body);
      const message = `The gateway accepted the refund of ${named}; the history shows its state, pending until the gateway completes it.`;
      notifications.show({ color: 'green', title: 'Refund requested', message });
      setDone(message);
      setAmount('');
      setComments('');
      historyBeforeRefund.current = refunds.data;
      setFollow(15);
      refunds.reload();
      props.onRefunded();
    } catch {
      // the client showed the gateway's message
    } finally {
      // whatever happened, the gateway's balance may have changed
      balance.reload();
      setBusy(false);
    }
  }

  return (
    <Stack>
      {balance.error ? (
        <LoadError error={balance.error} onRetry={balance.reload} />
      ) : !live ? (
        <Loading label="Reading the balance from the gateway…" />
      ) : (
        <>
          <Group grow align="stretch" data-testid="refund-balance">
            {(
              [
                ['Paid', shown(live.paid), 'refund-paid'],
                ['Refunded', shown(live.refunded), 'refund-refunded'],
                ['Pending', shown(live.pending), 'refund-pending'],
                ['Refundable balance', refundable, 'refundable-balance'],
              ] as const
            ).map(([label, value, testId]) => (
              <Paper withBorder p="sm" key={testId}>
                <Text size="xs" c="dimmed">{label}</Text>
                <Text fw={600} data-testid={testId}><Money value={value} currency={live.currency} decimals={live.decimals} /></Text>
              </Paper>
            ))}
          </Group>
          <Text size="xs" c="dimmed">
            {live.source === 'gateway' ? 'Read live from the gateway.' : 'The gateway holds no payment of this transaction.'}
            {balance.loading ? ' Updating…' : ''}
          </Text>
          {live.refusal && <Alert color="yellow" data-testid="refund-refusal">{live.refusal}</Alert>}
        </>
      )}
      {allowed ? (
        <Paper withBorder p="md">
          <Stack gap="sm">
            <Group grow align="flex-end" wrap="wrap">
              <NumberInput
                label="Refund amount"
                description={
                  live && refundable > 0
                    ? `At most ${formatMoney(refundable, live.currency, live.decimals)}, at least ${formatMoney(shown(live.minimum), live.currency, live.decimals)}; empty refunds the whole remaining balance`
                    : 'Empty refunds the whole remaining balance'
                }
                value={amount}
                onChange={setAmount}
                min={0}
                max={refundable}
                decimalScale={live?.decimals ?? 3}
              />
              <TextInput label={comment.label} value={comments} onChange={(event) => setComments(event.currentTarget.value)} maxLength={comment.maxLength} />
            </Group>
            <Group justify="flex-end">
              <Button onClick={askConfirmation} loading={busy} disabled={refundable <= 0}>
                Refund
              </Button>
            </Group>
            {done && (
              <Alert color="green" role="status" data-testid="refund-success" withCloseButton onClose={() => setDone(null)}>
                {done}
              </Alert>
            )}
          </Stack>
          <Modal opened={confirming !== null} onClose={() => setConfirming(null)} title="Send this refund?" centered closeButtonProps={{ 'aria-label': 'Close' }}>
            <Stack>
              <Text data-testid="refund-confirmation">
                Refund <strong>{confirming}</strong> ({live?.currency}) to the customer through the gateway? The money leaves the shop's account; this cannot be undone.
              </Text>
              <Group justify="flex-end">
                <Button variant="default" onClick={() => setConfirming(null)}>
                  Cancel
                </Button>
                <Button color="red" onClick={submit}>
                  Send refund of {confirming}
                </Button>
              </Group>
            </Stack>
          </Modal>
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
