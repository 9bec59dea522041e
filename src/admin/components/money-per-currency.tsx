import { ActionIcon, Checkbox, Group, NumberInput, Select, Stack, Text } from '@mantine/core';

/** One price of the Admin API's price lists (`product.price`, `product_price.price`): major units. */
export interface CurrencyPrice {
  currencyId: string;
  gross: number;
  net: number;
  linked: boolean;
}

export interface CurrencyChoice {
  id: string;
  isoCode: string;
  decimalPrecision?: number;
}

/** Net from gross at `taxRate` percent, rounded to the currency's digits (the API stores what it gets). */
export function netOf(gross: number, taxRate: number, decimals = 2): number {
  const factor = 10 ** decimals;
  return Math.round((gross / (1 + taxRate / 100)) * factor) / factor;
}

export function grossOf(net: number, taxRate: number, decimals = 2): number {
  const factor = 10 ** decimals;
  return Math.round(net * (1 + taxRate / 100) * factor) / factor;
}

/**
 * Prices per currency as rows: currency, gross, net and whether they are linked by the tax rate (a
 * linked row derives the other amount when one is typed). `errorOf(index)` shows the API's violation
 * of a row (`price.0.gross`) beside it.
 */
export function MoneyPerCurrency(props: {
  label: string;
  value: CurrencyPrice[];
  onChange: (value: CurrencyPrice[]) => void;
  currencies: CurrencyChoice[];
  taxRate: number;
  disabled?: boolean;
  errorOf?: (path: string) => string | undefined;
}) {
  const { value, onChange, currencies, taxRate } = props;
  const iso = (id: string) => currencies.find((currency) => currency.id === id)?.isoCode ?? id;
  const digits = (id: string) => currencies.find((currency) => currency.id === id)?.decimalPrecision ?? 2;
  const unused = currencies.filter((currency) => !value.some((row) => row.currencyId === currency.id));
  const update = (index: number, change: Partial<CurrencyPrice>) => {
    const next = value.map((row, i) => {
      if (i !== index) return row;
      const merged = { ...row, ...change };
      if (merged.linked && change.gross !== undefined) merged.net = netOf(merged.gross, taxRate, digits(row.currencyId));
      if (merged.linked && change.net !== undefined) merged.gross = grossOf(merged.net, taxRate, digits(row.currencyId));
      return merged;
    });
    onChange(next);
  };
  return (
    <Stack gap="xs">
      <Text fw={500} size="sm">{props.label}</Text>
      {value.map((row, index) => (
        <Group key={row.currencyId} align="flex-end" gap="xs" wrap="wrap">
          <Text w={48} fw={600} pb={8}>{iso(row.currencyId)}</Text>
          <NumberInput
            label={`Gross (${iso(row.currencyId)})`}
            value={row.gross}
            min={0}
            decimalScale={digits(row.currencyId)}
            disabled={props.disabled}
            onChange={(gross) => update(index, { gross: Number(gross) || 0 })}
            error={props.errorOf?.(`${index}.gross`)}
            w={140}
          />
          <NumberInput
            label={`Net (${iso(row.currencyId)})`}
            value={row.net}
            min={0}
            decimalScale={digits(row.currencyId)}
            disabled={props.disabled}
            onChange={(net) => update(index, { net: Number(net) || 0 })}
            error={props.errorOf?.(`${index}.net`)}
            w={140}
          />
          <Checkbox label="Linked by tax" checked={row.linked} disabled={props.disabled} onChange={(event) => update(index, { linked: event.currentTarget.checked })} mb={8} />
          {!props.disabled && value.length > 1 && (
            <ActionIcon variant="subtle" color="red" aria-label={`Remove ${iso(row.currencyId)} price`} onClick={() => onChange(value.filter((_, i) => i !== index))} mb={6}>
              ×
            </ActionIcon>
          )}
        </Group>
      ))}
      {!props.disabled && unused.length > 0 && (
        <Group gap="xs">
          <Select
            aria-label={`Add a currency to ${props.label}`}
            placeholder="Add a currency"
            data={unused.map((currency) => ({ value: currency.id, label: currency.isoCode }))}
            value={null}
            onChange={(id) => id && onChange([...value, { currencyId: id, gross: 0, net: 0, linked: true }])}
            w={180}
          />
        </Group>
      )}
      {props.errorOf?.('') && <Text c="red" size="sm">{props.errorOf('')}</Text>}
    </Stack>
  );
}
