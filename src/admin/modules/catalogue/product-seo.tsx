import { Anchor, Button, Group, Paper, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { ApiError, type ApiClient } from '../../sdk';
import type { SeoUrlRow } from './catalogue-data';

/** What the form holds per SEO URL: the path typed, or a return to the automatic one. */
export interface SeoPathDraft {
  path: string;
  automatic: boolean;
}

export function seoPathDrafts(rows: SeoUrlRow[]): Record<string, SeoPathDraft> {
  return Object.fromEntries(rows.map((row) => [row.id, { path: row.seoPathInfo, automatic: false }]));
}

const clean = (path: string) => path.trim().replace(/^\/+/, '');

/**
 * Writes the SEO paths the merchant changed (`PATCH /api/_action/seo-url/canonical`): a typed path becomes
 * the product's own canonical path, kept when the name changes; "automatic" gives it up. A refused path's
 * error is re-pointed at its row (`seoUrls.{id}.seoPathInfo`) so the form shows it at the field.
 */
export async function saveSeoPaths(api: ApiClient, productId: string, rows: SeoUrlRow[], drafts: Record<string, SeoPathDraft>): Promise<void> {
  for (const row of rows) {
    const draft = drafts[row.id];
    if (!draft) continue;
    const target = { foreignKey: productId, routeName: 'frontend.detail.page', salesChannelId: row.salesChannelId, languageId: row.languageId };
    let body: Record<string, unknown> | null = null;
    if (draft.automatic) body = row.isModified ? { ...target, isModified: false } : null;
    else if (clean(draft.path) !== row.seoPathInfo) body = { ...target, seoPathInfo: clean(draft.path), isModified: true };
    if (!body) continue;
    try {
      await api.patch('/api/_action/seo-url/canonical', body, { quiet: [400] });
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 400) throw error;
      const list = (error.body as { errors?: Array<Record<string, unknown> & { source?: { pointer?: string } }> } | null)?.errors ?? [];
      const repointed = list.map((entry) => ({ ...entry, source: { pointer: `/seoUrls/${row.id}/seoPathInfo` } }));
      throw new ApiError(400, error.message, { errors: repointed.length > 0 ? repointed : [{ detail: error.message, source: { pointer: `/seoUrls/${row.id}/seoPathInfo` } }] });
    }
  }
}

/**
 * The product's SEO texts (meta title, description, keywords: the default language's, saved with the
 * product) and its SEO URL per sales channel: the canonical path, which the merchant may replace with one
 * of their own.
 */
export function ProductSeo(props: {
  meta: { metaTitle: string; metaDescription: string; keywords: string };
  onMeta: (field: 'metaTitle' | 'metaDescription' | 'keywords', value: string) => void;
  urls: SeoUrlRow[] | null;
  channelName: (id: string) => string;
  languageName: (row: SeoUrlRow) => string | null;
  storefrontUrl: (row: SeoUrlRow) => string | null;
  paths: Record<string, SeoPathDraft>;
  onPath: (id: string, draft: SeoPathDraft) => void;
  disabled: boolean;
  errorOf: (field: string) => string | undefined;
}) {
  const { meta } = props;
  return (
    <Stack>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label="Meta title" description="The page title in search results; empty: the product name" value={meta.metaTitle} onChange={(e) => props.onMeta('metaTitle', e.currentTarget.value)} error={props.errorOf('metaTitle')} disabled={props.disabled} />
        <TextInput label="Keywords" description="Comma separated" value={meta.keywords} onChange={(e) => props.onMeta('keywords', e.currentTarget.value)} error={props.errorOf('keywords')} disabled={props.disabled} />
      </SimpleGrid>
      <Textarea label="Meta description" autosize minRows={2} value={meta.metaDescription} onChange={(e) => props.onMeta('metaDescription', e.currentTarget.value)} error={props.errorOf('metaDescription')} disabled={props.disabled} />
      <Text fw={500} size="sm">SEO URLs</Text>
      {props.urls === null ? (
        <Text size="sm" c="dimmed">The SEO URL exists once the product is saved and visible in a sales channel.</Text>
      ) : props.urls.length === 0 ? (
        <Text size="sm" c="dimmed">No SEO URL: the product is not active or not visible in any sales channel.</Text>
      ) : (
        props.urls.map((row) => {
          const draft = props.paths[row.id] ?? { path: row.seoPathInfo, automatic: false };
          const language = props.languageName(row);
          const where = `${props.channelName(row.salesChannelId)}${language ? ` (${language})` : ''}`;
          const link = props.storefrontUrl(row);
          return (
            <Paper withBorder p="sm" key={row.id} data-testid="seo-url-row">
              <Stack gap={6}>
                <TextInput
                  label={`SEO path in ${where}`}
                  description={draft.automatic ? 'Automatic again after saving (from name and product number)' : row.isModified ? 'Your own path: kept when the name changes' : 'Automatic from name and product number; type a path of your own to keep it'}
                  leftSection={<Text size="sm" c="dimmed">/</Text>}
                  value={draft.automatic ? row.seoPathInfo : draft.path}
                  onChange={(e) => props.onPath(row.id, { path: e.currentTarget.value, automatic: false })}
                  error={props.errorOf(`seoUrls.${row.id}.seoPathInfo`)}
                  disabled={props.disabled || draft.automatic}
                />
                <Group gap="sm" justify="space-between" wrap="wrap">
                  {link ? (
                    <Anchor href={link} target="_blank" rel="noreferrer" size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {link}
                    </Anchor>
                  ) : (
                    <span />
                  )}
                  {!props.disabled && row.isModified && !draft.automatic && (
                    <Button size="compact-sm" variant="subtle" onClick={() => props.onPath(row.id, { path: row.seoPathInfo, automatic: true })} aria-label={`Use the automatic path in ${where}`}>
                      Use the automatic path
                    </Button>
                  )}
                </Group>
              </Stack>
            </Paper>
          );
        })
      )}
    </Stack>
  );
}
