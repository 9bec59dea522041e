import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ActionIcon, Anchor, Badge, Button, Checkbox, Fieldset, Group, NumberInput, PasswordInput, Select, Stack, Switch, Text, TextInput, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { LoadError, Loading, PageHeader, Section, useApi, useCan, useLoad } from '../../sdk';
import { useModules } from '../../module-context';

interface Element {
  name: string;
  type: string;
  secret: boolean;
  scope: 'global' | 'channel';
  config: { label?: Record<string, string>; helpText?: Record<string, string>; defaultValue?: unknown; options?: Array<{ id: string; name: Record<string, string> }> };
}

interface Card {
  name: string;
  title: Record<string, string>;
  elements: Element[];
}

const english = (text: Record<string, string> | undefined, fallback = '') => text?.['en-GB'] ?? Object.values(text ?? {})[0] ?? fallback;
const isSecretSet = (value: unknown) => typeof value === 'object' && value !== null && (value as { secretSet?: boolean }).secretSet === true;

/** A global value as the "Inherit" label shows it: short, on one line (long JSON is cut). */
function show(value: unknown): string {
  if (value === undefined || value === null || value === '') return 'empty';
  if (isSecretSet(value)) return 'set';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > 48 ? `${text.slice(0, 47)}…` : text;
}

const DECIMAL = /^\d+(\.\d+)?$/;

/** A JSON setting whose default is a table of decimal strings per currency (`{"default":"1","NGN":"50"}`), e.g. minimum refund amounts. */
function isAmountPerCurrency(element: Element): boolean {
  const fallback = element.config.defaultValue;
  return (
    typeof fallback === 'object' && fallback !== null && !Array.isArray(fallback) &&
    Object.entries(fallback).length > 0 && Object.entries(fallback).every(([key, amount]) => (key === 'default' || /^[A-Z]{3}$/.test(key)) && typeof amount === 'string' && DECIMAL.test(amount))
  );
}

/** Amounts per currency as rows of currency code and amount (major units); `default` covers every currency not listed. */
function AmountPerCurrencyField({ label, value, onChange, disabled }: { label: string; value: unknown; onChange: (value: unknown) => void; disabled: boolean }) {
  const table = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  const [rows, setRows] = useState<Array<[string, string]>>(() => Object.entries(table).map(([currency, amount]) => [currency, String(amount)]));
  const update = (next: Array<[string, string]>) => {
    setRows(next);
    // only complete rows are sent; the API refuses amounts that are not decimals
    onChange(Object.fromEntries(next.filter(([currency, amount]) => currency.trim() !== '' && amount.trim() !== '').map(([currency, amount]) => [currency === 'default' ? currency : currency.trim().toUpperCase(), amount.trim()])));
  };
  return (
    <Fieldset legend={label} variant="unstyled" disabled={disabled}>
      <Stack gap={6}>
        {rows.map(([currency, amount], index) => {
          const name = currency === 'default' ? 'Any other currency' : currency || `row ${index + 1}`;
          return (
            <Group key={index} gap="xs" wrap="nowrap" align="flex-start">
              {currency === 'default' ? (
                <TextInput aria-label={`Currency of ${name}`} value="Any other" readOnly w={130} />
              ) : (
                <TextInput aria-label={`Currency of ${name}`} placeholder="ISO code, e.g. EUR" value={currency} maxLength={3} w={130}
                  error={currency !== '' && !/^[A-Za-z]{3}$/.test(currency) ? 'Three letters' : undefined}
                  onChange={(e) => update(rows.map((row, i) => (i === index ? [e.currentTarget.value.toUpperCase(), row[1]] : row)))} />
              )}
              <TextInput aria-label={`Amount for ${name}`} placeholder="0.00" value={amount} inputMode="decimal" w={140}
                error={amount !== '' && !DECIMAL.test(amount) ? 'A decimal, e.g. 2.50' : undefined}
                onChange={(e) => update(rows.map((row, i) => (i === index ? [row[0], e.currentTarget.value] : row)))} />
              {currency !== 'default' && (
                <ActionIcon variant="subtle" color="red" size="lg" aria-label={`Remove ${name}`} onClick={() => update(rows.filter((_, i) => i !== index))}>
                  ×
                </ActionIcon>
              )}
            </Group>
          );
        })}
        <Button variant="light" size="xs" w="fit-content" onClick={() => setRows([...rows, ['', '']])}>
          Add a currency
        </Button>
      </Stack>
    </Fieldset>
  );
}

/** One input for one element; `value` is the edited or stored value of the scope shown. */
function Field({ element, value, onChange, disabled }: { element: Element; value: unknown; onChange: (value: unknown) => void; disabled: boolean }) {
  const label = english(element.config.label, element.name);
  switch (element.type) {
    case 'bool':
      return <Switch label={label} checked={value === true} onChange={(e) => onChange(e.currentTarget.checked)} disabled={disabled} />;
    case 'int':
    case 'float':
      return <NumberInput label={label} value={typeof value === 'number' ? value : ''} onChange={(v) => onChange(v === '' ? null : Number(v))} disabled={disabled} />;
    case 'single-select':
      return (
        <Select
          label={label}
          data={(element.config.options ?? []).map((option) => ({ value: option.id, label: english(option.name, option.id) }))}
          value={typeof value === 'string' ? value : null}
          onChange={(v) => onChange(v)}
          disabled={disabled}
        />
      );
    case 'password':
      // write-only: the API answers {secretSet} and never the value
      return (
        <PasswordInput
          label={
            <Group gap={6}>
              {label}
              <Badge size="xs" color={isSecretSet(value) ? 'green' : 'gray'} variant="light">
                {isSecretSet(value) ? 'set' : 'not set'}
              </Badge>
            </Group>
          }
          placeholder={isSecretSet(value) ? 'Stored; type to replace' : 'Not set'}
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => onChange(e.currentTarget.value === '' ? value : e.currentTarget.value)}
          disabled={disabled}
          autoComplete="new-password"
        />
      );
    case 'json':
      if (isAmountPerCurrency(element)) return <AmountPerCurrencyField label={label} value={value} onChange={onChange} disabled={disabled} />;
      return (
        <Textarea
          label={label}
          autosize
          minRows={2}
          defaultValue={value === undefined ? '' : JSON.stringify(value, null, 2)}
          onBlur={(e) => {
            try {
              onChange(e.currentTarget.value.trim() === '' ? null : JSON.parse(e.currentTarget.value));
            } catch {
              notifications.show({ color: 'red', message: `${label}: not valid JSON` });
            }
          }}
          disabled={disabled}
          styles={{ input: { fontFamily: 'monospace' } }}
        />
      );
    default:
      return <TextInput label={label} value={typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value)} onChange={(e) => onChange(e.currentTarget.value)} disabled={disabled} />;
  }
}

export function SettingsForm() {
  const modules = useModules();
  const domain = decodeURIComponent(useParams().domain ?? '');
  const api = useApi();
  const can = useCan();
  const writable = can('system_config:update') || can('system_config:create');
  const [channel, setChannel] = useState<string | null>(null);
  const [edits, setEdits] = useState<Record<string, unknown>>({});
  // in a channel's scope: the fields whose "Inherit" box the user changed (true: the channel keeps its own value)
  const [ownChosen, setOwnChosen] = useState<Record<string, boolean>>({});
  const resetEdits = () => {
    setEdits({});
    setOwnChosen({});
  };
  const [saving, setSaving] = useState(false);
  const title = modules.flatMap((m) => m.settings ?? []).find((d) => d.domain === domain)?.title ?? domain;

  const schema = useLoad(() => api.get<Card[]>(`/api/_action/system-config/schema?domain=${encodeURIComponent(domain)}`), [domain]);
  const channels = useLoad(
    () => api.search<{ id: string; name: string }>('sales-channel', { limit: 100 }, { quiet: [403] }).then((a) => a.data).catch(() => []),
    [],
  );
  const values = useLoad(async () => {
    const global = await api.get<Record<string, unknown>>(`/api/_action/system-config?domain=${encodeURIComponent(domain)}`);
    const own = channel ? await api.get<Record<string, unknown>>(`/api/_action/system-config?domain=${encodeURIComponent(domain)}&salesChannelId=${channel}`) : {};
    return { global, own };
  }, [domain, channel]);

  async function save() {
    setSaving(true);
    try {
      await api.post(`/api/_action/system-config${channel ? `?salesChannelId=${channel}` : ''}`, edits);
      notifications.show({ color: 'green', message: 'Settings saved' });
      resetEdits();
      values.reload();
    } catch {
      // toast shown
    } finally {
      setSaving(false);
    }
  }

  if (schema.error) return <LoadError error={schema.error} onRetry={schema.reload} />;
  if (!schema.data || !values.data) return <Loading />;
  const { global, own } = values.data;

  return (
    <>
      <Anchor component={Link} to="/settings" size="sm">
        ← Settings
      </Anchor>
      <PageHeader
        title={title}
        subtitle={`The extension's settings, stored under the technical name ${domain}`}
        actions={
          <>
            <Select
              aria-label="Scope"
              data={[{ value: '', label: 'All sales channels (global)' }, ...(channels.data ?? []).map((c) => ({ value: c.id, label: c.name }))]}
              value={channel ?? ''}
              onChange={(v) => {
                setChannel(v || null);
                resetEdits();
              }}
              w={260}
            />
            {writable && (
              <Button onClick={save} loading={saving} disabled={Object.keys(edits).length === 0}>
                Save
              </Button>
            )}
          </>
        }
      />
      {/* a new scope remounts the fields: inputs that keep rows of their own start from that scope's values */}
      <Stack key={channel ?? ''}>
        {schema.data.map((card) => (
          <Section key={card.name} title={english(card.title, card.name)}>
            <Stack gap="md">
              {card.elements.map((element) => {
                const globalOnly = channel !== null && element.scope === 'global';
                const stored = channel ? own[element.name] : global[element.name];
                // a channel inherits a setting it has no value of, unless the user just chose its own
                const inherited = channel !== null && (element.name in ownChosen ? !ownChosen[element.name] : !(element.name in own));
                const current = element.name in edits && edits[element.name] !== null ? edits[element.name] : inherited ? global[element.name] : stored;
                return (
                  <div key={element.name}>
                    <Field
                      element={element}
                      value={current}
                      disabled={!writable || globalOnly || inherited}
                      onChange={(value) => setEdits((e) => ({ ...e, [element.name]: value }))}
                    />
                    {channel !== null && !globalOnly && (
                      <Checkbox
                        mt={4}
                        size="xs"
                        label={`Inherit the global value: ${show(global[element.name])}`}
                        checked={inherited}
                        disabled={!writable}
                        onChange={(e) => {
                          const inherit = e.currentTarget.checked;
                          setOwnChosen((chosen) => ({ ...chosen, [element.name]: !inherit }));
                          setEdits((all) => {
                            const next = { ...all };
                            // inheriting again removes the channel's stored value (null); a value never stored needs nothing
                            if (inherit && element.name in own) next[element.name] = null;
                            else if (inherit) delete next[element.name];
                            // the channel's own value starts as the global one
                            else if (global[element.name] !== undefined && global[element.name] !== null) next[element.name] = global[element.name];
                            else delete next[element.name];
                            return next;
                          });
                        }}
                      />
                    )}
                    <Text size="xs" c="dimmed" mt={2}>
                      {english(element.config.helpText)}
                      {globalOnly ? ' Global setting: a sales channel value is ignored.' : ''}
                    </Text>
                  </div>
                );
              })}
            </Stack>
          </Section>
        ))}
      </Stack>
    </>
  );
}
