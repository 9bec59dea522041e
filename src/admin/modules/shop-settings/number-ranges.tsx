import { useState } from 'react';
import { Button, Code, Modal, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { PageHeader, useApi, useCan, useLoad, type ApiClient } from '../../sdk';
import { EntityTable } from '../../components/entity-table';
import { SaveProblems, useEntitySave } from '../../components/entity-form';
import { READABLE_ERRORS } from '../../components/field-errors';
import { BackLink, DialogButtons, QUIET } from './settings-parts';

interface NumberRange {
  id: string;
  name: string;
  technicalName: string;
  pattern: string;
  start: number;
  updatedAt: string | null;
}

const TYPES: Record<string, string> = { order: 'Orders', customer: 'Customers' };

/** A pattern with its `{n}` filled, as the shop writes the number. */
const numberOf = (pattern: string, value: number | string) => pattern.replace('{n}', String(value));

/** The number the range hands out next (Shopware's reserve action with `preview`: nothing is used up). */
const nextNumber = (api: ApiClient, technicalName: string) =>
  api.get<{ number: string }>(`/api/_action/number-range/reserve/${encodeURIComponent(technicalName)}?preview=1`, { quiet: [403, 404] }).then((answer) => answer.number);

function NextNumber({ technicalName, round }: { technicalName: string; round: number }) {
  const api = useApi();
  const next = useLoad(() => nextNumber(api, technicalName), [technicalName, round]);
  return <Code data-testid={`next-${technicalName}`}>{next.data ?? '…'}</Code>;
}

/** `/shop-settings/number-ranges`: how orders and customers are numbered; pattern and start are edited in a dialog. */
export function NumberRanges() {
  const can = useCan();
  const [editing, setEditing] = useState<NumberRange | null>(null);
  const [round, setRound] = useState(0);
  return (
    <>
      <PageHeader title="Number ranges" subtitle={<BackLink />} />
      <Text size="sm" c="dimmed" mb="md">
        A new number is the last one handed out plus one, or the start when that is higher: raising the start skips ahead, lowering it never repeats a number.
      </Text>
      <EntityTable<NumberRange>
        entity="number-range"
        label="Number ranges"
        defaultSort={{ field: 'name', order: 'ASC' }}
        reloadKey={round}
        columns={[
          { label: 'Type', sortField: 'technicalName', render: (row) => TYPES[row.technicalName] ?? row.technicalName },
          { label: 'Name', sortField: 'name', render: (row) => row.name },
          { label: 'Pattern', sortField: 'pattern', render: (row) => <Code data-testid={`pattern-${row.technicalName}`}>{row.pattern}</Code> },
          { label: 'Start', sortField: 'start', render: (row) => row.start },
          { label: 'Next number', render: (row) => <NextNumber technicalName={row.technicalName} round={round} /> },
          {
            label: 'Actions',
            render: (row) =>
              can('number_range:update') ? (
                <Button size="xs" variant="subtle" onClick={() => setEditing(row)} aria-label={`Edit ${row.name}`}>
                  Edit
                </Button>
              ) : null,
          },
        ]}
      />
      {editing && (
        <RangeEditor
          range={editing}
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

function RangeEditor({ range, onClose, onSaved }: { range: NumberRange; onClose: () => void; onSaved: () => void }) {
  const api = useApi();
  const save = useEntitySave();
  const [pattern, setPattern] = useState(range.pattern);
  const [start, setStart] = useState<number | string>(range.start);
  const next = useLoad(() => nextNumber(api, range.technicalName), [range.technicalName]);
  const submit = async () => {
    const body = { pattern, start: typeof start === 'number' ? start : null };
    if (await save.run(() => api.patch(`/api/number-range/${range.id}`, body, QUIET), { api, entity: 'number-range', id: range.id, updatedAt: range.updatedAt })) onSaved();
  };
  return (
    <Modal opened onClose={onClose} title={`Edit ${range.name}`} centered closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack style={READABLE_ERRORS}>
        <SaveProblems conflict={save.conflict} errors={save.errors} fields={['pattern', 'start']} onReload={onSaved} />
        <TextInput label="Pattern" required description="{n} stands for the running number, e.g. ORD-{n}." value={pattern} onChange={(e) => setPattern(e.currentTarget.value)} error={save.errorOf('pattern')} />
        <NumberInput label="Start" description="The lowest number handed out from now on." value={start} min={0} allowDecimal={false} allowNegative={false} onChange={setStart} error={save.errorOf('start')} />
        <Text size="sm" data-testid="range-example">
          {next.data ? (
            <>
              The next number is <Code>{next.data}</Code> now; with this pattern and start it will be at least{' '}
            </>
          ) : (
            'With this pattern and start the next number is at least '
          )}
          <Code>{numberOf(pattern, typeof start === 'number' ? start : '…')}</Code>.
        </Text>
        <DialogButtons onCancel={onClose} onSave={submit} saving={save.saving} />
      </Stack>
    </Modal>
  );
}
