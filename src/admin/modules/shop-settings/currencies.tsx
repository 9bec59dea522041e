import { useState } from 'react';
import { Link } from 'react-router';
import { Anchor, Button, Modal, NumberInput, Stack, TextInput } from '@mantine/core';
import { PageHeader, useApi, useCan } from '../../sdk';
import { EntityTable } from '../../components/entity-table';
import { SaveProblems, useEntitySave } from '../../components/entity-form';
import { DialogButtons } from './settings-parts';

interface Currency {
  id: string;
  isoCode: string;
  name: string;
  symbol: string;
  factor: number;
  decimals: number;
  position: number;
  updatedAt: string | null;
}

/** Currencies with their exchange rate to the default currency and their minor-unit digits. */
export function Currencies() {
  const api = useApi();
  const can = useCan();
  const [editing, setEditing] = useState<Currency | null>(null);
  const [round, setRound] = useState(0);
  const save = useEntitySave();

  const submit = async () => {
    if (!editing) return;
    const body = { name: editing.name, symbol: editing.symbol, factor: editing.factor, decimals: editing.decimals, position: editing.position };
    if (await save.run(() => api.patch(`/api/currency/${editing.id}`, body, { quiet: [400, 409] }), { api, entity: 'currency', id: editing.id, updatedAt: editing.updatedAt })) {
      setEditing(null);
      setRound((n) => n + 1);
    }
  };

  return (
    <>
      <PageHeader title="Currencies" subtitle={<Anchor component={Link} to="/shop-settings" size="sm">All shop settings</Anchor>} />
      <EntityTable<Currency>
        entity="currency"
        label="Currencies"
        defaultSort={{ field: 'position', order: 'ASC' }}
        searchPlaceholder="Name or ISO code…"
        reloadKey={round}
        columns={[
          { label: 'ISO code', sortField: 'isoCode', render: (row) => row.isoCode },
          { label: 'Name', sortField: 'name', render: (row) => row.name },
          { label: 'Rate', sortField: 'factor', render: (row) => <span data-testid={`rate-${row.isoCode}`}>{row.factor}</span> },
          { label: 'Decimals', sortField: 'decimals', render: (row) => row.decimals },
          {
            label: 'Actions',
            render: (row) =>
              can('currency:update') ? (
                <Button size="xs" variant="subtle" onClick={() => setEditing({ ...row })} aria-label={`Edit ${row.isoCode}`}>
                  Edit
                </Button>
              ) : null,
          },
        ]}
      />
      <Modal opened={editing !== null} onClose={() => setEditing(null)} title={`Edit ${editing?.isoCode ?? ''}`} centered closeButtonProps={{ 'aria-label': 'Close' }}>
        {editing && (
          <Stack>
            <SaveProblems conflict={save.conflict} errors={save.errors} fields={['name', 'symbol', 'factor', 'decimals', 'position']} onReload={() => { setEditing(null); setRound((n) => n + 1); }} />
            <TextInput label="Name" value={editing.name} onChange={(e) => setEditing({ ...editing, name: e.currentTarget.value })} error={save.errorOf('name')} />
            <TextInput label="Symbol" value={editing.symbol} onChange={(e) => setEditing({ ...editing, symbol: e.currentTarget.value })} error={save.errorOf('symbol')} />
            <NumberInput
              label="Exchange rate"
              description="Prices in this currency = prices in the default currency × rate (where a product has no own price in it)."
              value={editing.factor}
              decimalScale={10}
              min={0}
              onChange={(value) => setEditing({ ...editing, factor: Number(value) })}
              error={save.errorOf('factor')}
            />
            <NumberInput label="Decimals" value={editing.decimals} min={0} max={4} allowDecimal={false} onChange={(value) => setEditing({ ...editing, decimals: Number(value) })} error={save.errorOf('decimals')} />
            <NumberInput label="Position" value={editing.position} allowDecimal={false} onChange={(value) => setEditing({ ...editing, position: Number(value) })} error={save.errorOf('position')} />
            <DialogButtons onCancel={() => setEditing(null)} onSave={submit} saving={save.saving} />
          </Stack>
        )}
      </Modal>
    </>
  );
}
