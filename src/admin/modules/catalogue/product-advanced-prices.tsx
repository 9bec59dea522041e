import { useState } from 'react';
import { Button, Group, NumberInput, Paper, Select, Stack, Text } from '@mantine/core';
import { useApi, useCan } from '../../sdk';
import { newEntityId } from '../../components/entity-form';
import { MoneyPerCurrency, type CurrencyChoice, type CurrencyPrice } from '../../components/money-per-currency';
import type { AdvancedPriceRow } from './catalogue-data';

/** A rule that always holds (Shopware's `alwaysValid` condition): the price tiers every shopper gets. */
const ALWAYS_VALID = { name: 'Always valid', conditions: [{ type: 'alwaysValid' }] };

/**
 * The errors of `prefix.index` that no field of the row shows (the quantity range check names the row,
 * not a field), joined for the row's own line.
 */
export function rowProblems(errors: Record<string, string>, prefix: string, placed: string[]): string | undefined {
  const own = Object.entries(errors).filter(([key]) => (key === prefix || key.startsWith(`${prefix}.`)) && !placed.some((field) => key === field || key.startsWith(`${field}.`)));
  return own.length > 0 ? own.map(([, message]) => message).join(' ') : undefined;
}

/**
 * Advanced prices (`product_price`): per rule, quantity tiers with a price per currency each. A quantity the
 * tiers of the rule that applies do not cover costs the product's own price. Saved with the product.
 */
export function ProductAdvancedPrices(props: {
  value: AdvancedPriceRow[];
  onChange: (rows: AdvancedPriceRow[]) => void;
  rules: Array<{ id: string; name: string }>;
  currencies: Array<CurrencyChoice & { isDefault: boolean }>;
  basePrice: CurrencyPrice[];
  taxRate: number;
  disabled: boolean;
  errors: Record<string, string>;
}) {
  const api = useApi();
  const can = useCan();
  const [rules, setRules] = useState(props.rules);
  const [creating, setCreating] = useState(false);
  const { value, onChange } = props;
  const update = (index: number, change: Partial<AdvancedPriceRow>) => onChange(value.map((row, i) => (i === index ? { ...row, ...change } : row)));

  function addRow() {
    const last = value[value.length - 1];
    // the next tier of the same rule starts after the last one; its prices start as the product's
    const start = last ? (last.quantityEnd ?? last.quantityStart) + 1 : 1;
    onChange([...value, { id: newEntityId(), ruleId: last?.ruleId ?? rules[0]?.id ?? '', quantityStart: start, quantityEnd: null, price: props.basePrice.map((price) => ({ ...price })) }]);
  }

  async function createAlwaysValid() {
    setCreating(true);
    try {
      const id = newEntityId();
      await api.post('/api/rule', { id, ...ALWAYS_VALID });
      setRules([{ id, name: ALWAYS_VALID.name }]);
    } catch {
      // the client showed the API's message
    } finally {
      setCreating(false);
    }
  }

  const ruleOptions = rules.map((rule) => ({ value: rule.id, label: rule.name }));
  return (
    <Stack gap="sm" data-testid="advanced-prices">
      <Text size="sm" c="dimmed">
        Prices per piece from a quantity on, while a rule holds for the shopper. Quantities no tier covers cost the price above.
      </Text>
      {value.length === 0 && <Text size="sm">No advanced prices.</Text>}
      {value.map((row, index) => {
        const at = `prices.${index}`;
        const problem = rowProblems(props.errors, at, [`${at}.ruleId`, `${at}.quantityStart`, `${at}.quantityEnd`, `${at}.price`]);
        const tier = `tier ${index + 1}`;
        return (
          <Paper withBorder p="sm" key={row.id} data-testid="advanced-price-row" aria-label={`Advanced price ${tier}`} role="group">
            <Stack gap="xs">
              <Group align="flex-end" gap="sm" wrap="wrap">
                <Select
                  label={`Rule of ${tier}`}
                  required
                  data={ruleOptions}
                  value={row.ruleId || null}
                  onChange={(ruleId) => update(index, { ruleId: ruleId ?? '' })}
                  error={props.errors[`${at}.ruleId`]}
                  disabled={props.disabled}
                  allowDeselect={false}
                  w={220}
                />
                <NumberInput
                  label={`From quantity (${tier})`}
                  required
                  min={1}
                  allowDecimal={false}
                  value={row.quantityStart}
                  onChange={(start) => update(index, { quantityStart: Number(start) || 1 })}
                  error={props.errors[`${at}.quantityStart`]}
                  disabled={props.disabled}
                  w={150}
                />
                <NumberInput
                  label={`To quantity (${tier})`}
                  description="Empty: no upper end"
                  min={1}
                  allowDecimal={false}
                  value={row.quantityEnd ?? ''}
                  onChange={(end) => update(index, { quantityEnd: end === '' || end === undefined ? null : Number(end) })}
                  error={props.errors[`${at}.quantityEnd`]}
                  disabled={props.disabled}
                  w={150}
                />
              </Group>
              <MoneyPerCurrency
                label={`Price per piece (${tier})`}
                value={row.price}
                onChange={(price) => update(index, { price })}
                currencies={props.currencies}
                taxRate={props.taxRate}
                disabled={props.disabled}
                errorOf={(path) => props.errors[path ? `${at}.price.${path}` : `${at}.price`]}
              />
              {problem && <Text c="red.9" size="sm" role="alert">{problem}</Text>}
              {!props.disabled && (
                <Group justify="flex-end">
                  <Button size="compact-sm" variant="subtle" color="red" onClick={() => onChange(value.filter((_, i) => i !== index))} aria-label={`Remove advanced price ${tier}`}>
                    Remove
                  </Button>
                </Group>
              )}
            </Stack>
          </Paper>
        );
      })}
      {!props.disabled &&
        (rules.length > 0 ? (
          <Group>
            <Button variant="light" size="xs" onClick={addRow}>
              Add advanced price
            </Button>
          </Group>
        ) : (
          <Stack gap={4} align="flex-start">
            <Text size="sm">Advanced prices apply under a rule, and the shop has none yet.</Text>
            {can('rule:create') && (
              <Button variant="light" size="xs" loading={creating} onClick={createAlwaysValid}>
                Create the rule “Always valid”
              </Button>
            )}
          </Stack>
        ))}
    </Stack>
  );
}
