import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Alert, Button, Group, MultiSelect, NumberInput, Select, SimpleGrid, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { LoadError, Loading, PageHeader, Section, useApi, useCan, useLoad, type ApiClient } from '../../sdk';
import { newEntityId, SaveProblems, useEntitySave } from '../../components/entity-form';
import { READABLE_ERRORS } from '../../components/field-errors';
import { MoneyPerCurrency, type CurrencyPrice } from '../../components/money-per-currency';
import { loadProduct, loadProductChoices, loadProductSeoUrls, type AdvancedPriceRow, type DomainRow, type ProductChoices, type ProductMediaRow, type ProductRecord, type SeoUrlRow } from './catalogue-data';
import { ProductAdvancedPrices } from './product-advanced-prices';
import { crossSellingDrafts, crossSellingPayload, ProductCrossSelling, type CrossSellingDraft } from './product-cross-selling';
import { ProductMedia } from './product-media';
import { ProductSeo, saveSeoPaths, seoPathDrafts, type SeoPathDraft } from './product-seo';
import { VariantGenerator } from './variant-generator';

const QUIET = { quiet: [400, 409] };
/** Every field the form places an error at; others show above the form. */
const FORM_FIELDS = ['name', 'productNumber', 'stock', 'taxId', 'price', 'description', 'manufacturerId', 'metaTitle', 'metaDescription', 'keywords'];

/** The product's SEO URLs with the domains they are reached under; null for a product not saved yet. */
type SeoState = { urls: SeoUrlRow[]; domains: DomainRow[] } | null;

interface Draft {
  name: string;
  productNumber: string;
  description: string;
  active: boolean;
  stock: number;
  taxId: string | null;
  manufacturerId: string | null;
  price: CurrencyPrice[];
  categoryIds: string[];
  salesChannelIds: string[];
  propertyIds: string[];
  media: ProductMediaRow[];
  coverId: string | null;
  metaTitle: string;
  metaDescription: string;
  keywords: string;
  prices: AdvancedPriceRow[];
  crossSellings: CrossSellingDraft[];
  seoPaths: Record<string, SeoPathDraft>;
}

function draftOf(product: ProductRecord | null, choices: ProductChoices, seo: SeoState): Draft {
  const fallbackCurrency = choices.currencies.find((currency) => currency.isDefault) ?? choices.currencies[0];
  return {
    name: product?.name ?? '',
    productNumber: product?.productNumber ?? '',
    description: product?.description ?? '',
    active: product?.active ?? true,
    stock: product?.stock ?? 0,
    taxId: product?.taxId ?? choices.taxes[0]?.id ?? null,
    manufacturerId: product?.manufacturerId ?? null,
    price: product?.price ?? (fallbackCurrency ? [{ currencyId: fallbackCurrency.id, gross: 0, net: 0, linked: true }] : []),
    categoryIds: product?.categories?.map((category) => category.id) ?? [],
    salesChannelIds: product?.visibilities?.map((visibility) => visibility.salesChannelId) ?? (product ? [] : choices.salesChannels.map((channel) => channel.id)),
    propertyIds: product?.properties?.map((option) => option.id) ?? [],
    media: product?.media ?? [],
    coverId: product?.coverId ?? null,
    metaTitle: product?.metaTitle ?? '',
    metaDescription: product?.metaDescription ?? '',
    keywords: product?.keywords ?? '',
    prices: (product?.prices ?? []).map((row) => ({ id: row.id, ruleId: row.ruleId, quantityStart: row.quantityStart, quantityEnd: row.quantityEnd, price: row.price })),
    crossSellings: crossSellingDrafts(product?.crossSellings),
    seoPaths: seoPathDrafts(seo?.urls ?? []),
  };
}

/**
 * The advanced prices as the write takes them. A new tier where a removed one of the same rule started
 * takes over that row: the table allows one tier per rule and start, and removed rows go only after the write.
 */
function pricesPayload(stored: AdvancedPriceRow[], draft: AdvancedPriceRow[]): AdvancedPriceRow[] {
  const kept = new Set(draft.map((row) => row.id));
  const free = stored.filter((row) => !kept.has(row.id));
  return draft.map((row) => {
    if (stored.some((old) => old.id === row.id)) return row;
    const reused = free.find((old) => old.ruleId === row.ruleId && old.quantityStart === row.quantityStart);
    if (!reused) return row;
    free.splice(free.indexOf(reused), 1);
    return { ...row, id: reused.id };
  });
}

/**
 * Writes a product: its changed SEO paths first (a refused path then leaves the product as it was), one POST
 * or PATCH with its fields and the links and rows it gains (categories, properties, visibilities in every
 * chosen channel at "all", images, advanced prices, cross-selling groups with their products), then the ones
 * it lost one by one, then the cover (a product_media row the first write created).
 */
async function saveProduct(api: ApiClient, id: string, stored: ProductRecord | null, draft: Draft, seo: SeoState): Promise<void> {
  if (stored && seo) await saveSeoPaths(api, id, seo.urls, draft.seoPaths);
  const prices = pricesPayload(stored?.prices ?? [], draft.prices);
  const crossSellings = crossSellingPayload(draft.crossSellings, stored?.crossSellings);
  const storedVisibility = new Map(stored?.visibilities?.map((visibility) => [visibility.salesChannelId, visibility.id]));
  const storedMedia = new Set(stored?.media?.map((row) => row.id));
  const body = {
    name: draft.name,
    productNumber: draft.productNumber,
    description: draft.description || null,
    active: draft.active,
    stock: draft.stock,
    taxId: draft.taxId,
    manufacturerId: draft.manufacturerId,
    price: draft.price,
    categories: draft.categoryIds.map((categoryId) => ({ id: categoryId })),
    properties: draft.propertyIds.map((optionId) => ({ id: optionId })),
    visibilities: draft.salesChannelIds.map((salesChannelId) => ({ id: storedVisibility.get(salesChannelId) ?? newEntityId(), salesChannelId, visibility: 30 })),
    media: draft.media.map((row) => ({ id: row.id, mediaId: row.mediaId, position: row.position })),
    metaTitle: draft.metaTitle || null,
    metaDescription: draft.metaDescription || null,
    keywords: draft.keywords || null,
    prices: prices.map((row) => ({ id: row.id, ruleId: row.ruleId || null, quantityStart: row.quantityStart, quantityEnd: row.quantityEnd, price: row.price })),
    crossSellings,
    // a cover among the stored rows can be written now; a new one waits for its row
    ...(draft.coverId === null || storedMedia.has(draft.coverId) ? { coverId: draft.coverId } : {}),
  };
  if (stored) await api.patch(`/api/product/${id}`, body, QUIET);
  else await api.post('/api/product', { id, ...body }, QUIET);
  if (stored) {
    for (const category of stored.categories ?? []) if (!draft.categoryIds.includes(category.id)) await api.delete(`/api/product/${id}/categories/${category.id}`);
    for (const option of stored.properties ?? []) if (!draft.propertyIds.includes(option.id)) await api.delete(`/api/product/${id}/properties/${option.id}`);
    for (const visibility of stored.visibilities ?? []) if (!draft.salesChannelIds.includes(visibility.salesChannelId)) await api.delete(`/api/product-visibility/${visibility.id}`);
    for (const row of stored.media ?? []) if (!draft.media.some((kept) => kept.id === row.id)) await api.delete(`/api/product-media/${row.id}`);
    for (const row of stored.prices ?? []) if (!prices.some((kept) => kept.id === row.id)) await api.delete(`/api/product-price/${row.id}`);
    for (const group of stored.crossSellings ?? []) {
      const kept = crossSellings.find((other) => other.id === group.id);
      if (!kept) await api.delete(`/api/product-cross-selling/${group.id}`);
      else for (const row of group.assignedProducts ?? []) if (!kept.assignedProducts.some((other) => other.id === row.id)) await api.delete(`/api/product-cross-selling-assigned-products/${row.id}`);
    }
  }
  if (draft.coverId !== null && !storedMedia.has(draft.coverId)) await api.patch(`/api/product/${id}`, { coverId: draft.coverId }, QUIET);
}

function ProductForm({ product, choices, seo, onSaved }: { product: ProductRecord | null; choices: ProductChoices; seo: SeoState; onSaved: (id: string) => void }) {
  const api = useApi();
  const can = useCan();
  const editable = can(product ? 'product:update' : 'product:create');
  const [draft, setDraft] = useState<Draft>(() => draftOf(product, choices, seo));
  const save = useEntitySave();
  const set = <K extends keyof Draft>(field: K, value: Draft[K]) => setDraft((current) => ({ ...current, [field]: value }));
  const taxRate = choices.taxes.find((tax) => tax.id === draft.taxId)?.taxRate ?? 0;
  const priceError = (path: string) => save.errorOf(path ? `price.${path}` : 'price');

  async function submit() {
    const id = product?.id ?? newEntityId();
    const done = await save.run(() => saveProduct(api, id, product, draft, seo), product ? { api, entity: 'product', id: product.id, updatedAt: product.updatedAt } : undefined);
    if (done) onSaved(id);
  }

  return (
    <Stack style={READABLE_ERRORS}>
      <SaveProblems conflict={save.conflict} errors={save.errors} fields={[...FORM_FIELDS, ...Object.keys(save.errors).filter((key) => placedByParts(key, draft))]} onReload={() => onSaved(product!.id)} />
      {!editable && <Alert color="gray">Your role may look at products but not change them.</Alert>}
      <Section title="General">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Name" required value={draft.name} onChange={(e) => set('name', e.currentTarget.value)} error={save.errorOf('name')} disabled={!editable} />
          <TextInput label="Product number" required value={draft.productNumber} onChange={(e) => set('productNumber', e.currentTarget.value)} error={save.errorOf('productNumber')} disabled={!editable} />
          <Select label="Manufacturer" clearable data={choices.manufacturers.map((m) => ({ value: m.id, label: m.name }))} value={draft.manufacturerId} onChange={(value) => set('manufacturerId', value)} error={save.errorOf('manufacturerId')} disabled={!editable} />
          <Switch label="Active" checked={draft.active} onChange={(e) => set('active', e.currentTarget.checked)} disabled={!editable} mt="lg" />
        </SimpleGrid>
        <Textarea label="Description" mt="sm" autosize minRows={2} value={draft.description} onChange={(e) => set('description', e.currentTarget.value)} error={save.errorOf('description')} disabled={!editable} />
      </Section>
      <Section title="Prices and stock">
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select label="Tax" data={choices.taxes.map((tax) => ({ value: tax.id, label: `${tax.name} (${tax.taxRate} %)` }))} value={draft.taxId} onChange={(value) => set('taxId', value)} error={save.errorOf('taxId')} disabled={!editable} allowDeselect={false} />
            <NumberInput label="Stock" value={draft.stock} onChange={(value) => set('stock', Number(value) || 0)} error={save.errorOf('stock')} disabled={!editable} allowDecimal={false} />
          </SimpleGrid>
          <MoneyPerCurrency label="Price" value={draft.price} onChange={(price) => set('price', price)} currencies={choices.currencies} taxRate={taxRate} disabled={!editable} errorOf={priceError} />
        </Stack>
      </Section>
      <Section title="Advanced prices">
        <ProductAdvancedPrices
          value={draft.prices}
          onChange={(prices) => set('prices', prices)}
          rules={choices.rules}
          currencies={choices.currencies}
          basePrice={draft.price}
          taxRate={taxRate}
          disabled={!editable}
          errors={save.errors}
        />
      </Section>
      <Section title="Assignment">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <MultiSelect label="Categories" searchable data={choices.categories.map((c) => ({ value: c.id, label: c.name }))} value={draft.categoryIds} onChange={(value) => set('categoryIds', value)} disabled={!editable} />
          <MultiSelect label="Visible in sales channels" data={choices.salesChannels.map((c) => ({ value: c.id, label: c.name }))} value={draft.salesChannelIds} onChange={(value) => set('salesChannelIds', value)} disabled={!editable} />
          <MultiSelect
            label="Properties"
            searchable
            data={choices.propertyGroups.map((group) => ({ group: group.name, items: group.options.map((option) => ({ value: option.id, label: `${group.name}: ${option.name}` })) }))}
            value={draft.propertyIds}
            onChange={(value) => set('propertyIds', value)}
            disabled={!editable}
          />
        </SimpleGrid>
      </Section>
      <Section title="Images">
        <ProductMedia value={draft.media} onChange={(media) => set('media', media)} coverId={draft.coverId} onCover={(coverId) => set('coverId', coverId)} disabled={!editable} />
      </Section>
      <Section title="Cross-selling">
        <ProductCrossSelling value={draft.crossSellings} onChange={(groups) => set('crossSellings', groups)} disabled={!editable} errors={save.errors} />
      </Section>
      <Section title="SEO">
        <ProductSeo
          meta={{ metaTitle: draft.metaTitle, metaDescription: draft.metaDescription, keywords: draft.keywords }}
          onMeta={(field, value) => set(field, value)}
          urls={seo ? seo.urls : null}
          channelName={(channelId) => choices.salesChannels.find((channel) => channel.id === channelId)?.name ?? channelId}
          languageName={(row) => (seo && seo.urls.filter((other) => other.salesChannelId === row.salesChannelId).length > 1 ? (row.language?.name ?? null) : null)}
          storefrontUrl={(row) => {
            const domain = seo?.domains.find((other) => other.salesChannelId === row.salesChannelId && other.languageId === row.languageId);
            return domain ? `${domain.url.replace(/\/+$/, '')}/${row.seoPathInfo}` : null;
          }}
          paths={draft.seoPaths}
          onPath={(rowId, path) => set('seoPaths', { ...draft.seoPaths, [rowId]: path })}
          disabled={!editable}
          errorOf={save.errorOf}
        />
      </Section>
      {editable && (
        <Group justify="flex-end">
          <Button onClick={submit} loading={save.saving}>
            Save
          </Button>
        </Group>
      )}
    </Stack>
  );
}

/** Whether a field error belongs to a part of the form that shows it itself (prices, a group, a SEO path). */
function placedByParts(key: string, draft: Draft): boolean {
  if (key.startsWith('price.') || key.startsWith('seoUrls.')) return true;
  const [list, index] = key.split('.');
  const at = Number(index);
  if (list === 'prices') return Number.isInteger(at) && at < draft.prices.length;
  if (list === 'crossSellings') return Number.isInteger(at) && at < draft.crossSellings.length;
  return false;
}

/** `/catalogue/products/new` and `/catalogue/products/:id`: the form, and for a saved product its variants. */
export function ProductDetail() {
  const { id } = useParams();
  const api = useApi();
  const navigate = useNavigate();
  const isNew = id === 'new';
  const [round, setRound] = useState(0);
  const loaded = useLoad(async () => {
    const [choices, product, seo] = await Promise.all([loadProductChoices(api), isNew ? Promise.resolve(null) : loadProduct(api, id!), isNew ? Promise.resolve(null) : loadProductSeoUrls(api, id!)]);
    return { choices, product, seo };
  }, [id, round]);
  const reload = (savedId: string) => {
    if (isNew) navigate(`/catalogue/products/${savedId}`);
    else setRound((n) => n + 1);
  };
  if (loaded.error) return <LoadError error={loaded.error} onRetry={loaded.reload} />;
  if (!loaded.data || loaded.loading) return <Loading />;
  const { choices, product, seo } = loaded.data;
  return (
    <>
      <PageHeader title={product?.name ?? 'New product'} subtitle={product ? product.productNumber : 'Fill in the product and save it; variants come after the first save.'} />
      <Stack>
        <ProductForm key={`${product?.id}-${product?.updatedAt}-${seo?.urls.map((url) => `${url.id}:${url.isModified}`).join(',')}`} product={product} choices={choices} seo={seo} onSaved={reload} />
        {product && !product.parentId && <VariantGenerator product={product} choices={choices} onChanged={() => setRound((n) => n + 1)} />}
      </Stack>
    </>
  );
}
