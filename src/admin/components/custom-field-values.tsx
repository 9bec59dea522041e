import { Stack, Table, Text } from '@mantine/core';
import { useApi, useLoad } from '../sdk';

/** `pay_b_customer` → "Customer", `payment_needs_review` → "Payment needs review": words a merchant reads. */
export function humanizeKey(key: string): string {
  const words = key
    .replace(/^(ext_)?pay_[a-z]_/, '')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function Value({ value }: { value: unknown }) {
  if (value === null || value === undefined || value === '') return <Text size="sm" c="dimmed">–</Text>;
  if (typeof value === 'boolean') return <Text size="sm">{value ? 'Yes' : 'No'}</Text>;
  if (Array.isArray(value)) return <Text size="sm">{value.map((item) => (typeof item === 'object' ? JSON.stringify(item) : String(item))).join(', ')}</Text>;
  if (typeof value === 'object') {
    // a nested record (e.g. the gateway's customer) as its own labelled lines
    return (
      <Stack gap={0}>
        {Object.entries(value as Record<string, unknown>).map(([key, inner]) => (
          <Text size="sm" key={key}>
            <Text span c="dimmed" size="sm">
              {humanizeKey(key)}:
            </Text>{' '}
            {inner !== null && typeof inner === 'object' ? JSON.stringify(inner) : typeof inner === 'boolean' ? (inner ? 'Yes' : 'No') : String(inner ?? '–')}
          </Text>
        ))}
      </Stack>
    );
  }
  return <Text size="sm" style={{ wordBreak: 'break-word' }}>{String(value)}</Text>;
}

/**
 * Custom fields as labelled values: the label of the field's definition (`custom-field`, Shopware's
 * `config.label`) when there is one, else the key in words; the technical key stays as secondary text.
 */
export function CustomFieldValues({ fields }: { fields: Record<string, unknown> | null | undefined }) {
  const api = useApi();
  const entries = Object.entries(fields ?? {});
  const names = entries.map(([key]) => key);
  const labels = useLoad(
    () =>
      names.length === 0
        ? Promise.resolve({} as Record<string, string>)
        : api
            .search<{ name: string; config?: { label?: Record<string, string> } | null }>('custom-field', { filter: [{ type: 'equalsAny', field: 'name', value: names }], limit: names.length }, { quiet: [403] })
            .then((answer) => Object.fromEntries(answer.data.map((field) => [field.name, field.config?.label?.['en-GB'] ?? Object.values(field.config?.label ?? {})[0] ?? ''])))
            .catch(() => ({}) as Record<string, string>),
    [names.join(',')],
  );
  if (entries.length === 0) return <Text c="dimmed" size="sm">None</Text>;
  return (
    <Table withRowBorders={false} verticalSpacing={4} layout="fixed" style={{ overflowWrap: 'anywhere' }} data-testid="custom-field-values">
      <Table.Tbody>
        {entries.map(([key, value]) => (
          <Table.Tr key={key}>
            <Table.Td w="40%" valign="top">
              <Text size="sm">{labels.data?.[key] || humanizeKey(key)}</Text>
              <Text size="xs" c="dimmed" ff="monospace">
                {key}
              </Text>
            </Table.Td>
            <Table.Td valign="top">
              <Value value={value} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
