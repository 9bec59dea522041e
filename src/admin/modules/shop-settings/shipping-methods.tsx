import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Alert, Anchor, Button, NumberInput, Select, SimpleGrid, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { LoadError, Loading, PageHeader, Section, useApi, useCan, useLoad, type ApiClient } from '../../sdk';
import { newEntityId, SaveProblems, useEntitySave } from '../../components/entity-form';
import { READABLE_ERRORS } from '../../components/field-errors';
import { MoneyPerCurrency, type CurrencyChoice, type CurrencyPrice } from '../../components/money-per-currency';
import { BackLink, ConfirmDelete, DetailActions, optionsOf, orNull, QUIET } from './settings-parts';
import { SwitchList } from './switch-list';

interface ShippingMethod {
  id: string;
  name: string;
  description: string | null;
  active: boolean;
  position: number;
  availabilityRuleId: string | null;
  taxId: string | null;
  price: CurrencyPrice[];
  deliveryTimeMinDays: number;
  deliveryTimeMaxDays: number;
  updatedAt: string | null;
}

const FIELDS = ['name', 'description', 'active', 'position', 'availabilityRuleId', 'taxId', 'price', 'deliveryTimeMinDays', 'deliveryTimeMaxDays'];

/** `/shop-settings/shipping-methods`: switched and ordered in place like payment methods; the name opens the detail. */
export function ShippingMethods() {
  const can = useCan();
  return (
    <SwitchList
      title="Shipping methods"
      entity="shipping-method"
      privilegeEntity="shipping_method"
      label="Shipping methods"
      linkOf={(row) => `/shop-settings/shipping-methods/${row.id}`}
      activeFilter
      actions={can('shipping_method:create') && <Button component={Link} to="/shop-settings/shipping-methods/new">New shipping method</Button>}
      switches={[{ field: 'active', label: 'Active' }]}
      extraColumns={[{ label: 'Delivery time', render: (row) => `${row.deliveryTimeMinDays}–${row.deliveryTimeMaxDays} days` }]}
    />
  );
}

interface Choices {
  currencies: Array<CurrencyChoice & { isDefault: boolean }>;
  taxes: Array<{ value: string; label: string; rate: number }>;
  rules: Array<{ value: string; label: string }>;
}

async function loadMethod(api: ApiClient, id: string) {
  const [method, currencies, taxes, rules, channels] = await Promise.all([
    id === 'new' ? Promise.resolve(null) : api.search<ShippingMethod>('shipping-method', { ids: [id] }).then((answer) => answer.data[0] ?? Promise.reject(new Error('No such shipping method.'))),
    api.search<{ id: string; isoCode: string; decimals: number; factor: number }>('currency', { limit: 100, sort: [{ field: 'position', order: 'ASC' }] }),
    api.search<{ id: string; name: string; taxRate: number }>('tax', { limit: 500, sort: [{ field: 'position', order: 'ASC' }] }, { quiet: [403] }).catch(() => ({ data: [] })),
    optionsOf(api, 'rule', (row) => row.name, 'name'),
    // which channels offer it: a method no channel lists is offered nowhere
    id === 'new'
      ? Promise.resolve([])
      : api
          .search<{ id: string; name: string }>('sales-channel', { limit: 100, filter: [{ type: 'equals', field: 'shippingMethods.id', value: id }], sort: [{ field: 'name', order: 'ASC' }] }, { quiet: [403] })
          .then((answer) => answer.data)
          .catch(() => null),
  ]);
  // the system currency (factor 1) is the price every method must have, as for products
  const defaultId = currencies.data.find((currency) => currency.factor === 1)?.id;
  const choices: Choices = {
    currencies: currencies.data.map((currency) => ({ id: currency.id, isoCode: currency.isoCode, decimalPrecision: currency.decimals, isDefault: currency.id === defaultId })),
    taxes: taxes.data.map((tax) => ({ value: tax.id, label: `${tax.name} (${tax.taxRate} %)`, rate: tax.taxRate })),
    rules,
  };
  return { method, choices, channels };
}

interface Draft {
  name: string;
  description: string;
  active: boolean;
  position: number | string;
  availabilityRuleId: string | null;
  taxId: string | null;
  price: CurrencyPrice[];
  deliveryTimeMinDays: number | string;
  deliveryTimeMaxDays: number | string;
}

function draftOf(method: ShippingMethod | null, choices: Choices): Draft {
  const fallback = choices.currencies.find((currency) => currency.isDefault) ?? choices.currencies[0];
  return {
    name: method?.name ?? '',
    description: method?.description ?? '',
    active: method?.active ?? true,
    position: method?.position ?? 1,
    availabilityRuleId: method?.availabilityRuleId ?? null,
    taxId: method?.taxId ?? null,
    price: method?.price ?? (fallback ? [{ currencyId: fallback.id, gross: 0, net: 0, linked: true }] : []),
    deliveryTimeMinDays: method?.deliveryTimeMinDays ?? 1,
    deliveryTimeMaxDays: method?.deliveryTimeMaxDays ?? 3,
  };
}

const intOrNull = (value: number | string) => (typeof value === 'number' ? value : value.trim() === '' ? null : Number(value));

/**
 * `/shop-settings/shipping-methods/:id` (`new` to create): name, description, active, availability rule, tax,
 * delivery time and the price per currency, as the cart charges it.
 */
export function ShippingMethodDetail() {
  const { id } = useParams();
  const api = useApi();
  const can = useCan();
  const navigate = useNavigate();
  const loaded = useLoad(() => loadMethod(api, id!), [id]);
  const [draft, setDraft] = useState<Draft>();
  const [deleting, setDeleting] = useState(false);
  const save = useEntitySave();
  useEffect(() => {
    if (loaded.data) setDraft(draftOf(loaded.data.method, loaded.data.choices));
  }, [loaded.data]);

  if (loaded.error) return <LoadError error={loaded.error} onRetry={loaded.reload} />;
  if (!draft || !loaded.data) return <Loading />;
  const { method, choices, channels } = loaded.data;
  const editable = can(method ? 'shipping_method:update' : 'shipping_method:create');
  const set = <K extends keyof Draft>(field: K, value: Draft[K]) => setDraft((current) => current && { ...current, [field]: value });
  // without an own tax the cart taxes shipping at its highest item rate; the net hint then uses the highest rate there is
  const taxRate = choices.taxes.find((tax) => tax.value === draft.taxId)?.rate ?? Math.max(0, ...choices.taxes.map((tax) => tax.rate));
  const priceError = (path: string) => save.errorOf(path ? `price.${path}` : 'price');

  const submit = async () => {
    const body = {
      name: orNull(draft.name),
      description: orNull(draft.description),
      active: draft.active,
      position: intOrNull(draft.position),
      availabilityRuleId: draft.availabilityRuleId,
      taxId: draft.taxId,
      price: draft.price,
      deliveryTimeMinDays: intOrNull(draft.deliveryTimeMinDays),
      deliveryTimeMaxDays: intOrNull(draft.deliveryTimeMaxDays),
    };
    if (method) {
      if (await save.run(() => api.patch(`/api/shipping-method/${method.id}`, body, QUIET), { api, entity: 'shipping-method', id: method.id, updatedAt: method.updatedAt })) loaded.reload();
      return;
    }
    const newId = newEntityId();
    if (await save.run(() => api.post('/api/shipping-method', { id: newId, ...body }, QUIET), null, 'The shipping method is created; a sales channel offers it once it is added there.')) {
      navigate(`/shop-settings/shipping-methods/${newId}`, { replace: true });
    }
  };

  return (
    <>
      <PageHeader
        title={method?.name ?? 'New shipping method'}
        subtitle={<BackLink to="/shop-settings/shipping-methods">All shipping methods</BackLink>}
        actions={<DetailActions onDelete={method && can('shipping_method:delete') ? () => setDeleting(true) : null} onSave={editable ? submit : null} saving={save.saving} />}
      />
      <Stack style={READABLE_ERRORS}>
        <SaveProblems conflict={save.conflict} errors={save.errors} fields={[...FIELDS, ...Object.keys(save.errors).filter((key) => key.startsWith('price.'))]} onReload={loaded.reload} />
        {method && channels !== null && (
          <Alert color={channels.length ? 'blue' : 'yellow'} data-testid="method-channels">
            {channels.length ? `Offered in: ${channels.map((channel) => channel.name).join(', ')}.` : 'No sales channel offers this method yet: add it on a sales channel.'}{' '}
            {can('sales_channel:read') && (
              <Anchor component={Link} to="/sales-channels" size="sm">
                Sales channels
              </Anchor>
            )}
          </Alert>
        )}
        <Section title="General">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Name" required value={draft.name} onChange={(e) => set('name', e.currentTarget.value)} error={save.errorOf('name')} readOnly={!editable} />
            <Switch label="Active" checked={draft.active} onChange={(e) => set('active', e.currentTarget.checked)} disabled={!editable} mt="lg" />
            <Select
              label="Availability rule"
              description="The checkout offers the method only where the rule matches."
              placeholder="Always available"
              clearable
              searchable
              data={choices.rules}
              value={draft.availabilityRuleId}
              onChange={(value) => set('availabilityRuleId', value)}
              error={save.errorOf('availabilityRuleId')}
              disabled={!editable}
            />
            <NumberInput label="Position" value={draft.position} allowDecimal={false} onChange={(value) => set('position', value)} error={save.errorOf('position')} readOnly={!editable} />
          </SimpleGrid>
          <Textarea label="Description" mt="sm" autosize minRows={2} value={draft.description} onChange={(e) => set('description', e.currentTarget.value)} error={save.errorOf('description')} readOnly={!editable} />
        </Section>
        <Section title="Delivery time">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NumberInput label="At least (days)" value={draft.deliveryTimeMinDays} allowDecimal={false} onChange={(value) => set('deliveryTimeMinDays', value)} error={save.errorOf('deliveryTimeMinDays')} readOnly={!editable} />
            <NumberInput label="At most (days)" value={draft.deliveryTimeMaxDays} allowDecimal={false} onChange={(value) => set('deliveryTimeMaxDays', value)} error={save.errorOf('deliveryTimeMaxDays')} readOnly={!editable} />
          </SimpleGrid>
        </Section>
        <Section title="Price">
          <Stack>
            <Select
              label="Tax"
              description="None: the cart's highest item rate, as Shopware's automatic shipping tax."
              placeholder="Highest rate in the cart"
              clearable
              data={choices.taxes}
              value={draft.taxId}
              onChange={(value) => set('taxId', value)}
              error={save.errorOf('taxId')}
              disabled={!editable}
            />
            <MoneyPerCurrency label="Shipping costs" value={draft.price} onChange={(price) => set('price', price)} currencies={choices.currencies} taxRate={taxRate} disabled={!editable} errorOf={priceError} />
            <Text size="sm" c="dimmed">
              A currency without its own price is charged the {choices.currencies.find((currency) => currency.isDefault)?.isoCode ?? 'default currency'} price times its exchange rate.
            </Text>
          </Stack>
        </Section>
      </Stack>
      {deleting && method && (
        <ConfirmDelete
          title={`Delete ${method.name}?`}
          text="A method that a sales channel uses as its default, or that orders name, cannot be deleted; deactivate it instead."
          url={`/api/shipping-method/${method.id}`}
          onClose={() => setDeleting(false)}
          onDeleted={() => navigate('/shop-settings/shipping-methods')}
        />
      )}
    </>
  );
}
