import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { Alert, Anchor, Button, ColorInput, MultiSelect, Select, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { ApiError, LoadError, Loading, PageHeader, Section, useApi, useCan, useLoad } from '../../sdk';
import {
  checkForm,
  DEFAULT_OF,
  fieldErrors,
  formOf,
  LINKS,
  loadBrand,
  loadChannel,
  loadChoices,
  saveChannel,
  type ChannelForm,
  type Choice,
  type Choices,
  type LinkName,
} from './channel-data';
import { AccessKeySection } from './access-key-section';
import { DomainsSection } from './domains-section';
import { LogoField } from './logo-field';

const LINK_LABELS: Record<LinkName, { list: string; default: string }> = {
  languages: { list: 'Languages', default: 'Default language' },
  currencies: { list: 'Currencies', default: 'Default currency' },
  countries: { list: 'Countries', default: 'Default country' },
  paymentMethods: { list: 'Payment methods', default: 'Default payment method' },
  shippingMethods: { list: 'Shipping methods', default: 'Default shipping method' },
};

const SERVICE_PAGES = [
  ['imprintPage', 'Imprint'],
  ['privacyPage', 'Privacy'],
  ['tosPage', 'Terms'],
  ['shippingPaymentInfoPage', 'Shipping and payment'],
] as const;

/** The choices of a kind, plus the channel's current ones a user without read access to that kind cannot list. */
function withCurrent(choices: Choice[], ids: string[]): Choice[] {
  const known = new Set(choices.map((choice) => choice.value));
  return [...choices, ...ids.filter((id) => id && !known.has(id)).map((id) => ({ value: id, label: id }))];
}

/** One sales channel: what it sells where, in which languages and currencies, and how its storefront looks. */
export function ChannelDetail() {
  const { id = '' } = useParams();
  const api = useApi();
  const can = useCan();
  const canUpdate = can('sales_channel:update');
  const canBrand = can('system_config:update') && can('system_config:create') && can('system_config:delete');
  const loaded = useLoad(async () => {
    const [channel, brand, choices] = await Promise.all([loadChannel(api, id), loadBrand(api, id), loadChoices(api)]);
    return { channel, brand, choices };
  }, [id]);
  const [form, setForm] = useState<ChannelForm>();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [conflict, setConflict] = useState(false);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!loaded.data) return;
    setForm(formOf(loaded.data.channel, loaded.data.brand));
    setErrors({});
    setConflict(false);
  }, [loaded.data]);

  if (loaded.error) return <LoadError error={loaded.error} onRetry={loaded.reload} />;
  if (!loaded.data || !form) return <Loading />;
  const { channel, choices } = loaded.data;
  const readOnly = !canUpdate;
  const change = (patch: Partial<ChannelForm>) => setForm({ ...form, ...patch });

  const save = async () => {
    const problems = checkForm(form);
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    setSaving(true);
    try {
      await saveChannel(api, channel, form, { brand: canBrand });
      notifications.show({ color: 'green', title: 'Saved', message: `${form.name} is saved.` });
      loaded.reload();
    } catch (error) {
      if (error instanceof ApiError && error.status === 412) setConflict(true);
      if (error instanceof ApiError && error.status === 400) {
        setErrors(fieldErrors(error.body));
        notifications.show({ color: 'red', title: 'Not saved', message: 'Please correct the marked fields.' });
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <PageHeader
        title={channel.name}
        subtitle={
          <Anchor component={Link} to="/sales-channels" size="sm">
            All sales channels
          </Anchor>
        }
        actions={
          canUpdate && (
            <Button onClick={save} loading={saving}>
              Save
            </Button>
          )
        }
      />
      {readOnly && (
        <Alert color="gray" mb="md" title="Read only">
          Your role may look at sales channels but not change them (sales_channel:update).
        </Alert>
      )}
      {conflict && (
        <Alert color="orange" mb="md" title="Changed by someone else" role="alert">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">This sales channel was saved by someone else after you opened it. Reload it to see their changes, then make yours again; nothing of yours was saved.</Text>
            <Button size="xs" variant="light" color="orange" onClick={loaded.reload}>
              Reload
            </Button>
          </Stack>
        </Alert>
      )}
      {errors[''] && (
        <Alert color="red" mb="md" title="Not saved" role="alert">
          {errors['']}
        </Alert>
      )}
      <Stack gap="md">
        <Section title="General">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Name" required value={form.name} onChange={(e) => change({ name: e.currentTarget.value })} error={errors.name} disabled={readOnly} />
            <Select
              label="Navigation category"
              description="The root of the storefront's menu"
              data={withCurrent(choices.categories, [form.navigationCategoryId])}
              value={form.navigationCategoryId}
              onChange={(value) => value && change({ navigationCategoryId: value })}
              error={errors.navigationCategoryId}
              searchable
              disabled={readOnly}
            />
          </SimpleGrid>
          <Switch mt="md" label="Active" checked={form.active} onChange={(e) => change({ active: e.currentTarget.checked })} disabled={readOnly} />
        </Section>

        <Section title="Storefront look">
          {!canBrand && (
            <Text size="sm" c="dimmed" mb="sm">
              Changing the look needs the system configuration privileges.
            </Text>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="Shop name"
              description="Header, page titles, footer and mails; empty: the channel's name"
              value={form.brand.shopName}
              onChange={(e) => change({ brand: { ...form.brand, shopName: e.currentTarget.value } })}
              error={errors['brand.shopName']}
              disabled={readOnly || !canBrand}
            />
            <ColorInput
              label="Primary colour"
              description="Header band and buttons, e.g. #1a73e8"
              format="hex"
              value={form.brand.primaryColor}
              onChange={(value) => change({ brand: { ...form.brand, primaryColor: value } })}
              error={errors['brand.primaryColor']}
              disabled={readOnly || !canBrand}
              withEyeDropper={false}
            />
          </SimpleGrid>
          <LogoField mediaId={form.brand.logo} onChange={(logo) => change({ brand: { ...form.brand, logo } })} error={errors['brand.logo']} disabled={readOnly || !canBrand} />
        </Section>

        <DomainsSection form={form} choices={choices} errors={errors} onChange={(domains) => change({ domains })} disabled={readOnly} />

        <Section title="Languages, currencies, countries, payment and shipping">
          <Stack gap="md">
            {LINKS.map((name) => (
              <LinkFields key={name} name={name} form={form} choices={choices} errors={errors} onChange={change} disabled={readOnly} />
            ))}
          </Stack>
        </Section>

        <Section title="Service pages">
          <Text size="sm" c="dimmed" mb="sm">
            Landing pages linked in the storefront's footer.
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {SERVICE_PAGES.map(([field, label]) => (
              <Select
                key={field}
                label={label}
                placeholder="None"
                data={withCurrent(choices.landingPages, [form.brand[field]])}
                value={form.brand[field] || null}
                onChange={(value) => change({ brand: { ...form.brand, [field]: value ?? '' } })}
                error={errors[`brand.${field}`]}
                clearable
                searchable
                disabled={readOnly || !canBrand}
              />
            ))}
          </SimpleGrid>
        </Section>

        <AccessKeySection channel={channel} disabled={readOnly} onRegenerated={loaded.reload} />
      </Stack>
    </>
  );
}

/** A many-to-many list of the channel and its default, which must be one of the list. */
function LinkFields(props: { name: LinkName; form: ChannelForm; choices: Choices; errors: Record<string, string>; onChange: (patch: Partial<ChannelForm>) => void; disabled: boolean }) {
  const { name, form, choices, errors, onChange, disabled } = props;
  const defaultField = DEFAULT_OF[name];
  const all = withCurrent(choices[name], [...form.links[name], form[defaultField]]);
  const chosen = new Set(form.links[name]);
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <MultiSelect
        label={LINK_LABELS[name].list}
        data={all}
        value={form.links[name]}
        onChange={(ids) => onChange({ links: { ...form.links, [name]: ids } })}
        error={errors[name]}
        searchable
        hidePickedOptions
        disabled={disabled}
      />
      <Select
        label={LINK_LABELS[name].default}
        data={all.filter((choice) => chosen.has(choice.value))}
        value={form[defaultField]}
        onChange={(value) => value && onChange({ [defaultField]: value })}
        error={errors[defaultField]}
        disabled={disabled}
      />
    </SimpleGrid>
  );
}
