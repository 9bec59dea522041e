import { Button, Group, Paper, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { Section } from '../../sdk';
import type { ChannelForm, Choices, DomainRow } from './channel-data';

/**
 * The channel's domains: each URL answers with a language and currency of the channel. Violations come
 * back per row (`/domains/1/url`), the row's index in the form.
 */
export function DomainsSection(props: { form: ChannelForm; choices: Choices; errors: Record<string, string>; onChange: (domains: DomainRow[]) => void; disabled: boolean }) {
  const { form, choices, errors, onChange, disabled } = props;
  const ofChannel = (list: Choices['languages'], ids: string[]) => list.filter((choice) => ids.includes(choice.value));
  const languages = ofChannel(choices.languages, form.links.languages);
  const currencies = ofChannel(choices.currencies, form.links.currencies);
  const set = (index: number, patch: Partial<DomainRow>) => onChange(form.domains.map((domain, at) => (at === index ? { ...domain, ...patch } : domain)));
  return (
    <Section
      title="Domains"
      actions={
        !disabled && (
          <Button size="xs" variant="light" onClick={() => onChange([...form.domains, { url: 'https://', languageId: form.languageId, currencyId: form.currencyId }])}>
            Add domain
          </Button>
        )
      }
    >
      {form.domains.length === 0 ? (
        <Text size="sm" c="dimmed">
          No domain: the storefront does not answer for this channel; the Store API does (with its access key).
        </Text>
      ) : (
        <Stack gap="sm">
          {form.domains.map((domain, index) => (
            <Paper key={domain.id ?? `new-${index}`} withBorder p="sm">
              <SimpleGrid cols={{ base: 1, sm: 3 }}>
                <TextInput label={`URL of domain ${index + 1}`} value={domain.url} onChange={(e) => set(index, { url: e.currentTarget.value })} error={errors[`domains.${index}.url`]} disabled={disabled} />
                <Select label="Language" data={languages} value={domain.languageId} onChange={(value) => value && set(index, { languageId: value })} error={errors[`domains.${index}.languageId`]} disabled={disabled} />
                <Select label="Currency" data={currencies} value={domain.currencyId} onChange={(value) => value && set(index, { currencyId: value })} error={errors[`domains.${index}.currencyId`]} disabled={disabled} />
              </SimpleGrid>
              {!disabled && (
                <Group justify="flex-end" mt="xs">
                  <Button size="xs" variant="subtle" color="red" aria-label={`Remove domain ${index + 1}`} onClick={() => onChange(form.domains.filter((_, at) => at !== index))}>
                    Remove
                  </Button>
                </Group>
              )}
            </Paper>
          ))}
        </Stack>
      )}
    </Section>
  );
}
