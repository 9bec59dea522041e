import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Anchor, Badge, Button, Checkbox, Group, NumberInput, PasswordInput, Select, Stack, Switch, Text, TextInput, Textarea } from '@mantine/core';
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
        subtitle={domain}
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
      <Stack>
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
