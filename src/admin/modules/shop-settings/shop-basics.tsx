import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Anchor, Button, Paper, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { LoadError, Loading, PageHeader, useApi, useCan, useLoad } from '../../sdk';
import { useEntitySave } from '../../components/entity-form';

/** The global system-config keys the storefront header and the mails read (src/platform/mail/mail-settings.ts). */
const KEYS = {
  shopName: 'core.basicInformation.shopName',
  email: 'core.basicInformation.email',
  senderAddress: 'core.mailerSettings.senderAddress',
  senderName: 'core.mailerSettings.senderName',
} as const;
type Basics = Record<keyof typeof KEYS, string>;

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** Shop name, contact address and mail sender, globally (a sales channel's own values are set on the channel). */
export function ShopBasics() {
  const api = useApi();
  const can = useCan();
  const editable = can('system_config:update') && can('system_config:create');
  const loaded = useLoad(
    () =>
      Promise.all([
        api.get<Record<string, unknown>>('/api/_action/system-config?domain=core.basicInformation'),
        api.get<Record<string, unknown>>('/api/_action/system-config?domain=core.mailerSettings'),
      ]).then(([basic, mailer]) => {
        const values = { ...basic, ...mailer };
        return Object.fromEntries(Object.entries(KEYS).map(([name, key]) => [name, text(values[key])])) as Basics;
      }),
    [],
  );
  const [form, setForm] = useState<Basics>();
  const save = useEntitySave();
  useEffect(() => setForm(loaded.data), [loaded.data]);
  if (loaded.error) return <LoadError error={loaded.error} onRetry={loaded.reload} />;
  if (!form) return <Loading />;

  const submit = async () => {
    // an empty field removes the key: the code falls back to its default (see the descriptions)
    const body = Object.fromEntries(Object.entries(KEYS).map(([name, key]) => [key, form[name as keyof Basics].trim() || null]));
    if (await save.run(() => api.post('/api/_action/system-config', body, { quiet: [400] }))) loaded.reload();
  };
  // the route points at the key, e.g. `/core.basicInformation.email`
  const errorOf = (name: keyof Basics) => save.errorOf(KEYS[name]);
  const input = (name: keyof Basics, label: string, description: string, type = 'text') => (
    <TextInput label={label} description={description} type={type} value={form[name]} onChange={(e) => setForm({ ...form, [name]: e.currentTarget.value })} error={errorOf(name)} readOnly={!editable} />
  );

  return (
    <>
      <PageHeader
        title="Shop basics"
        subtitle={<Anchor component={Link} to="/shop-settings" size="sm">All shop settings</Anchor>}
        actions={editable && <Button onClick={submit} loading={save.saving}>Save</Button>}
      />
      {save.errors[''] && <Paper withBorder p="sm" mb="md" c="red" role="alert">{save.errors['']}</Paper>}
      <Paper withBorder p="md">
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {input('shopName', 'Shop name', 'The storefront header and every mail; empty: "Demo Shop" or the channel name.')}
            {input('email', 'Contact e-mail', 'The shop owner: where contact form mails go.', 'email')}
            {input('senderAddress', 'Sender address', 'The From of mails; empty: the contact e-mail.', 'email')}
            {input('senderName', 'Sender name', "The From name; empty: the template's sender name or the shop name.")}
          </SimpleGrid>
        </Stack>
      </Paper>
    </>
  );
}
