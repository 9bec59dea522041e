import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Alert, Anchor, Button, Group, Modal, MultiSelect, NumberInput, Paper, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { LoadError, Loading, PageHeader, Section, useApi, useCan, useLoad, type ApiClient } from '../../sdk';
import { EntityTable } from '../../components/entity-table';
import { newEntityId, SaveProblems, useEntitySave } from '../../components/entity-form';
import { READABLE_ERRORS } from '../../components/field-errors';
import { BackLink, ConfirmDelete, DetailActions, DialogButtons, optionsOf, orNull, QUIET, useEditing } from './settings-parts';

interface Tax {
  id: string;
  name: string;
  taxRate: number;
  position: number;
  updatedAt: string | null;
}

type RuleData = { states?: string[]; zipCode?: string | null; fromZipCode?: string | null; toZipCode?: string | null } | null;

interface TaxRule {
  id: string;
  taxId: string;
  countryId: string;
  taxRuleTypeId: string;
  taxRate: number;
  data: RuleData;
  updatedAt: string | null;
  country?: { name: string; iso: string } | null;
  type?: { technicalName: string; typeName: string } | null;
}

/** A number input's value for the API: a typed number, or null for an empty field (the API names it missing). */
const numberOrNull = (value: number | string) => (typeof value === 'number' ? value : value.trim() === '' || Number.isNaN(Number(value)) ? null : Number(value));

/** `/shop-settings/taxes`: the tax rates, searched, sorted and paged on the server. */
export function Taxes() {
  const can = useCan();
  return (
    <>
      <PageHeader
        title="Taxes"
        subtitle={<BackLink />}
        actions={can('tax:create') && <Button component={Link} to="/shop-settings/taxes/new">New tax</Button>}
      />
      <EntityTable<Tax>
        entity="tax"
        label="Taxes"
        defaultSort={{ field: 'position', order: 'ASC' }}
        searchPlaceholder="Name…"
        emptyText="Add a tax to price products with it."
        columns={[
          { label: 'Name', sortField: 'name', render: (row) => <Anchor component={Link} to={`/shop-settings/taxes/${row.id}`}>{row.name}</Anchor> },
          { label: 'Rate', sortField: 'taxRate', render: (row) => <span data-testid={`tax-rate-${row.id}`}>{row.taxRate} %</span> },
          { label: 'Position', sortField: 'position', render: (row) => row.position },
        ]}
      />
    </>
  );
}

async function loadTax(api: ApiClient, id: string): Promise<Tax | null> {
  if (id === 'new') return null;
  const answer = await api.search<Tax>('tax', { ids: [id] });
  return answer.data[0] ?? Promise.reject(new Error('No such tax.'));
}

/** `/shop-settings/taxes/:id` (`new` to create): name, rate and position, and once saved its rules per country. */
export function TaxDetail() {
  const { id } = useParams();
  const api = useApi();
  const can = useCan();
  const navigate = useNavigate();
  const loaded = useLoad(() => loadTax(api, id!), [id]);
  const [form, setForm] = useState<{ name: string; taxRate: number | string; position: number | string }>();
  const [deleting, setDeleting] = useState(false);
  const save = useEntitySave();
  useEffect(() => {
    if (loaded.data !== undefined) setForm({ name: loaded.data?.name ?? '', taxRate: loaded.data?.taxRate ?? '', position: loaded.data?.position ?? 1 });
  }, [loaded.data]);

  if (loaded.error) return <LoadError error={loaded.error} onRetry={loaded.reload} />;
  if (!form || loaded.data === undefined) return <Loading />;
  const tax = loaded.data;
  const editable = can(tax ? 'tax:update' : 'tax:create');

  const submit = async () => {
    const body = { name: orNull(form.name), taxRate: numberOrNull(form.taxRate), position: numberOrNull(form.position) };
    if (tax) {
      if (await save.run(() => api.patch(`/api/tax/${tax.id}`, body, QUIET), { api, entity: 'tax', id: tax.id, updatedAt: tax.updatedAt })) loaded.reload();
      return;
    }
    const newId = newEntityId();
    if (await save.run(() => api.post('/api/tax', { id: newId, ...body }, QUIET), null, 'The tax is created; add its rules per country below.')) navigate(`/shop-settings/taxes/${newId}`, { replace: true });
  };

  return (
    <>
      <PageHeader
        title={tax?.name ?? 'New tax'}
        subtitle={<BackLink to="/shop-settings/taxes">All taxes</BackLink>}
        actions={<DetailActions onDelete={tax && can('tax:delete') ? () => setDeleting(true) : null} onSave={editable ? submit : null} saving={save.saving} />}
      />
      <Stack style={READABLE_ERRORS}>
        <SaveProblems conflict={save.conflict} errors={save.errors} fields={['name', 'taxRate', 'position']} onReload={loaded.reload} />
        <Paper withBorder p="md">
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput label="Name" required value={form.name} onChange={(e) => setForm({ ...form, name: e.currentTarget.value })} error={save.errorOf('name')} readOnly={!editable} />
            <NumberInput label="Rate (%)" required description="At least 0 and below 100." value={form.taxRate} decimalScale={3} onChange={(value) => setForm({ ...form, taxRate: value })} error={save.errorOf('taxRate')} readOnly={!editable} />
            <NumberInput label="Position" value={form.position} allowDecimal={false} onChange={(value) => setForm({ ...form, position: value })} error={save.errorOf('position')} readOnly={!editable} />
          </SimpleGrid>
        </Paper>
        {tax && can('tax_rule:read') && <TaxRules tax={tax} />}
      </Stack>
      {deleting && tax && (
        <ConfirmDelete
          title={`Delete ${tax.name}?`}
          text="The tax and its rates per country are deleted; shipping methods taxed with it then take the cart's highest rate. A tax that products still use cannot be deleted."
          url={`/api/tax/${tax.id}`}
          onClose={() => setDeleting(false)}
          onDeleted={() => navigate('/shop-settings/taxes')}
        />
      )}
    </>
  );
}

/** Where a rule applies, in words. */
function scopeOf(rule: TaxRule): string {
  switch (rule.type?.technicalName) {
    case 'individual_states':
      return `${rule.data?.states?.length ?? 0} state(s)`;
    case 'zip_code':
      return `Zip code ${rule.data?.zipCode ?? ''}`;
    case 'zip_code_range':
      return `Zip codes ${rule.data?.fromZipCode ?? ''} – ${rule.data?.toZipCode ?? ''}`;
    default:
      return 'Entire country';
  }
}

/**
 * The tax's other rates: per country, for some of its states, a zip code or a zip code range. The cart
 * charges the most specific rule that matches the shipping address (zip code before range before states before
 * the entire country), else the tax's own rate.
 */
function TaxRules({ tax }: { tax: Tax }) {
  const api = useApi();
  const can = useCan();
  const [editing, setEditing] = useEditing<TaxRule>();
  const [deleting, setDeleting] = useState<TaxRule | null>(null);
  const [round, setRound] = useState(0);
  const choices = useLoad(
    () =>
      Promise.all([
        optionsOf(api, 'country', (row) => `${row.name} (${row.iso})`, 'name'),
        api.search<{ id: string; technicalName: string; typeName: string }>('tax-rule-type', { limit: 20, sort: [{ field: 'position', order: 'ASC' }] }, { quiet: [403] }).then((answer) => answer.data).catch(() => []),
      ]).then(([countries, types]) => ({ countries, types })),
    [],
  );
  const changed = () => {
    setEditing(null);
    setDeleting(null);
    setRound((n) => n + 1);
  };

  return (
    <Section title="Rates per country" actions={can('tax_rule:create') && <Button size="xs" onClick={() => setEditing('new')} disabled={!choices.data}>Add rule</Button>}>
      <EntityTable<TaxRule>
        entity="tax-rule"
        label="Tax rules"
        defaultSort={{ field: 'country.name', order: 'ASC' }}
        criteria={{ filter: [{ type: 'equals', field: 'taxId', value: tax.id }], associations: { country: {}, type: {} } }}
        reloadKey={round}
        emptyText={`Every shopper pays ${tax.taxRate} %.`}
        columns={[
          { label: 'Country', sortField: 'country.name', render: (row) => row.country?.name ?? row.countryId },
          { label: 'Type', sortField: 'type.position', render: (row) => row.type?.typeName ?? '' },
          { label: 'Applies to', render: scopeOf },
          { label: 'Rate', sortField: 'taxRate', render: (row) => `${row.taxRate} %` },
          {
            label: 'Actions',
            render: (row) => (
              <Group gap={4} wrap="nowrap">
                {can('tax_rule:update') && (
                  <Button size="xs" variant="subtle" onClick={() => setEditing(row)} aria-label={`Edit rule for ${row.country?.name ?? row.countryId}`}>
                    Edit
                  </Button>
                )}
                {can('tax_rule:delete') && (
                  <Button size="xs" variant="subtle" color="red" onClick={() => setDeleting(row)} aria-label={`Delete rule for ${row.country?.name ?? row.countryId}`}>
                    Delete
                  </Button>
                )}
              </Group>
            ),
          },
        ]}
      />
      {editing && choices.data && <RuleEditor tax={tax} rule={editing === 'new' ? null : editing} choices={choices.data} onClose={() => setEditing(null)} onSaved={changed} />}
      {deleting && (
        <ConfirmDelete
          title="Delete this rule?"
          text={`Shoppers in ${deleting.country?.name ?? 'this country'} then pay ${tax.taxRate} %.`}
          url={`/api/tax-rule/${deleting.id}`}
          onClose={() => setDeleting(null)}
          onDeleted={changed}
        />
      )}
    </Section>
  );
}

const RULE_FIELDS = ['countryId', 'taxRuleTypeId', 'taxRate', 'data'];

function RuleEditor({
  tax,
  rule,
  choices,
  onClose,
  onSaved,
}: {
  tax: Tax;
  rule: TaxRule | null;
  choices: { countries: Array<{ value: string; label: string }>; types: Array<{ id: string; technicalName: string; typeName: string }> };
  onClose: () => void;
  onSaved: () => void;
}) {
  const api = useApi();
  const save = useEntitySave();
  const entireCountry = choices.types.find((type) => type.technicalName === 'entire_country')?.id ?? null;
  const [countryId, setCountryId] = useState<string | null>(rule?.countryId ?? null);
  const [typeId, setTypeId] = useState<string | null>(rule?.taxRuleTypeId ?? entireCountry);
  const [rate, setRate] = useState<number | string>(rule?.taxRate ?? '');
  const [data, setData] = useState<NonNullable<RuleData>>(rule?.data ?? {});
  const type = choices.types.find((entry) => entry.id === typeId)?.technicalName;
  const states = useLoad(
    () => (countryId && type === 'individual_states' ? optionsOf(api, 'country-state', (row) => `${row.name} (${row.shortCode})`, 'position', { filter: [{ type: 'equals', field: 'countryId', value: countryId }] }) : Promise.resolve([])),
    [countryId, type],
  );

  // only what the type reads is sent: a rule switched from states to a zip code keeps no stale states
  const dataOf = (): RuleData => {
    switch (type) {
      case 'individual_states':
        return { states: data.states ?? [] };
      case 'zip_code':
        return { zipCode: orNull(data.zipCode ?? '') };
      case 'zip_code_range':
        return { fromZipCode: orNull(data.fromZipCode ?? ''), toZipCode: orNull(data.toZipCode ?? '') };
      default:
        return null;
    }
  };
  const submit = async () => {
    const body = { countryId, taxRuleTypeId: typeId, taxRate: numberOrNull(rate), data: dataOf() };
    const write = async () => {
      if (rule) await api.patch(`/api/tax-rule/${rule.id}`, body, QUIET);
      else await api.post('/api/tax-rule', { taxId: tax.id, ...body }, QUIET);
    };
    if (await save.run(write, rule ? { api, entity: 'tax-rule', id: rule.id, updatedAt: rule.updatedAt } : null)) onSaved();
  };

  return (
    <Modal opened onClose={onClose} title={rule ? 'Edit rule' : `New rule for ${tax.name}`} centered closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack style={READABLE_ERRORS}>
        <SaveProblems conflict={save.conflict} errors={save.errors} fields={RULE_FIELDS} onReload={onSaved} />
        <Select label="Country" required searchable data={choices.countries} value={countryId} onChange={setCountryId} error={save.errorOf('countryId')} />
        <Select label="Applies to" required data={choices.types.map((entry) => ({ value: entry.id, label: entry.typeName }))} value={typeId} onChange={setTypeId} allowDeselect={false} error={save.errorOf('taxRuleTypeId')} />
        {type === 'individual_states' && (
          <MultiSelect label="States" searchable data={states.data ?? []} value={data.states ?? []} onChange={(value) => setData({ ...data, states: value })} error={save.errorOf('data')} disabled={!countryId} description={countryId ? undefined : 'Choose the country first.'} />
        )}
        {type === 'zip_code' && <TextInput label="Zip code" value={data.zipCode ?? ''} onChange={(e) => setData({ ...data, zipCode: e.currentTarget.value })} error={save.errorOf('data')} />}
        {type === 'zip_code_range' && (
          <Group grow align="flex-start">
            <TextInput label="From zip code" value={data.fromZipCode ?? ''} onChange={(e) => setData({ ...data, fromZipCode: e.currentTarget.value })} error={save.errorOf('data')} />
            <TextInput label="To zip code" value={data.toZipCode ?? ''} onChange={(e) => setData({ ...data, toZipCode: e.currentTarget.value })} />
          </Group>
        )}
        <NumberInput label="Rate (%)" required value={rate} decimalScale={3} onChange={setRate} error={save.errorOf('taxRate')} />
        {!rule && <Alert color="gray">Shoppers whose shipping address matches pay this rate instead of {tax.taxRate} %.</Alert>}
        <DialogButtons onCancel={onClose} onSave={submit} saving={save.saving} label="Save rule" />
      </Stack>
    </Modal>
  );
}
