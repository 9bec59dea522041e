import { useState } from 'react';
import { Button, Group, MultiSelect, NumberInput, Stack, Table, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Section, formatMoney, useApi, useCan } from '../../sdk';
import { newEntityId } from '../../components/entity-form';
import { fieldErrorsOf } from '../../components/field-errors';
import { netOf } from '../../components/money-per-currency';
import type { ProductChoices, ProductRecord } from './catalogue-data';
import { combinations } from './variant-combinations';

const key = (optionIds: string[]) => [...optionIds].sort().join('|');

function VariantRow({ variant, product, choices, onSaved }: { variant: ProductRecord; product: ProductRecord; choices: ProductChoices; onSaved: () => void }) {
  const api = useApi();
  const can = useCan();
  const currency = choices.currencies.find((c) => c.isDefault) ?? choices.currencies[0]!;
  const own = variant.price?.find((price) => price.currencyId === currency.id);
  const [number, setNumber] = useState(variant.productNumber);
  const [stock, setStock] = useState<number | string>(variant.stock);
  const [gross, setGross] = useState<number | string>(own?.gross ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const inherited = product.price?.find((price) => price.currencyId === currency.id)?.gross;
  const label = (variant.options ?? []).map((option) => option.name).join(' / ');
  const taxRate = choices.taxes.find((tax) => tax.id === product.taxId)?.taxRate ?? 0;

  async function save() {
    setErrors({});
    // an empty price inherits the parent's (Shopware's inheritance: null on the variant)
    const price = gross === '' ? null : [{ currencyId: currency.id, gross: Number(gross), net: netOf(Number(gross), taxRate, currency.decimalPrecision), linked: true }];
    try {
      await api.patch(`/api/product/${variant.id}`, { productNumber: number, stock: Number(stock) || 0, price }, { quiet: [400] });
      notifications.show({ color: 'green', message: `Variant ${label} saved` });
      onSaved();
    } catch (reason) {
      setErrors(fieldErrorsOf(reason));
    }
  }

  const editable = can('product:update');
  return (
    <Table.Tr>
      <Table.Td>
        <Text fw={600} size="sm">{label}</Text>
        {errors[''] && <Text c="red" size="xs">{errors['']}</Text>}
      </Table.Td>
      <Table.Td><TextInput aria-label={`Product number of ${label}`} value={number} onChange={(e) => setNumber(e.currentTarget.value)} error={errors.productNumber} disabled={!editable} miw={120} /></Table.Td>
      <Table.Td><NumberInput aria-label={`Stock of ${label}`} value={stock} onChange={setStock} allowDecimal={false} error={errors.stock} disabled={!editable} w={90} /></Table.Td>
      <Table.Td>
        <NumberInput
          aria-label={`Gross price of ${label} in ${currency.isoCode}`}
          placeholder={inherited === undefined ? 'inherited' : `${formatMoney(inherited, currency.isoCode)} (inherited)`}
          value={gross}
          onChange={setGross}
          min={0}
          decimalScale={currency.decimalPrecision ?? 2}
          error={errors['price.0.gross'] ?? errors.price}
          disabled={!editable}
          w={150}
        />
      </Table.Td>
      <Table.Td>{editable && <Button size="xs" variant="light" onClick={save} aria-label={`Save variant ${label}`}>Save</Button>}</Table.Td>
    </Table.Tr>
  );
}

/**
 * Variants as Shopware generates them: choose options of property groups; every combination not yet
 * present becomes a child product (`parentId`, `options`) numbered `<parent number>.<n>`, inheriting the
 * parent's price, tax, images and visibility until it is given its own number, stock or price below.
 */
export function VariantGenerator({ product, choices, onChanged }: { product: ProductRecord; choices: ProductChoices; onChanged: () => void }) {
  const api = useApi();
  const can = useCan();
  const children = product.children ?? [];
  const [chosen, setChosen] = useState<Record<string, string[]>>({});
  const [busy, setBusy] = useState(false);
  const existing = new Set(children.map((child) => key((child.options ?? []).map((option) => option.id))));
  const planned = combinations(Object.values(chosen)).filter((combo) => !existing.has(key(combo)));

  async function generate() {
    setBusy(true);
    try {
      let n = children.length;
      for (const combo of planned) {
        n += 1;
        await api.post('/api/product', { id: newEntityId(), parentId: product.id, productNumber: `${product.productNumber}.${n}`, stock: 0, options: combo.map((id) => ({ id })) });
      }
      notifications.show({ color: 'green', message: `${planned.length} ${planned.length === 1 ? 'variant' : 'variants'} generated` });
      setChosen({});
      onChanged();
    } catch {
      // the client showed the API's message; the variants created so far stay and show below
      onChanged();
    } finally {
      setBusy(false);
    }
  }

  return (
    <Section title="Variants">
      <Stack>
        {can('product:create') && (
          <>
            <Text size="sm" c="dimmed">Choose the options the variants differ in; each combination becomes a variant.</Text>
            <Group align="flex-end" wrap="wrap">
              {choices.propertyGroups.filter((group) => group.options.length > 0).map((group) => (
                <MultiSelect
                  key={group.id}
                  label={`${group.name} options`}
                  data={group.options.map((option) => ({ value: option.id, label: option.name }))}
                  value={chosen[group.id] ?? []}
                  onChange={(value) => setChosen((current) => ({ ...current, [group.id]: value }))}
                  miw={200}
                  // typing narrows a long list of options (and the field is a real text box to click)
                  searchable
                />
              ))}
              <Button onClick={generate} loading={busy} disabled={planned.length === 0}>
                Generate {planned.length || ''} {planned.length === 1 ? 'variant' : 'variants'}
              </Button>
            </Group>
          </>
        )}
        {children.length === 0 ? (
          <Text size="sm" c="dimmed">No variants.</Text>
        ) : (
          <Table.ScrollContainer minWidth={600}>
            <Table aria-label="Variants">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Variant</Table.Th>
                  <Table.Th>Number</Table.Th>
                  <Table.Th>Stock</Table.Th>
                  <Table.Th>Price</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {children.map((variant) => (
                  <VariantRow key={`${variant.id}-${variant.updatedAt}`} variant={variant} product={product} choices={choices} onSaved={onChanged} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Section>
  );
}
