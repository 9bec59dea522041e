import type { Db } from '../../database/connection.js';
import { executorOf, isUnitOfWork, type UnitOfWork } from '../../database/transaction.js';
import { catalogueCacheOf } from './listing-cache.js';
import { EntityReader } from '../../entities/reader.js';
import type { EntityRegistry } from '../../entities/registry.js';
import type { EntityRecord } from '../../entities/serializer.js';
import type { SalesChannelContext } from '../../sales-channel/context/sales-channel-context.js';
import { canonicalSeoUrlsOf } from '../../seo/store-seo-urls.js';
import { SEO_ROUTES } from '../../seo/entities.js';
import { categoryTranslations } from './category-translation.js';
import { LANGUAGE_SYSTEM } from '../../first-start/default-ids.js';

/** The ids of a category's ancestors, root first, from its materialised `path` (`|root|…|parent|`). */
export function pathIds(path: string | null | undefined): string[] {
  return (path ?? '').split('|').filter((id) => id !== '');
}

/** The names of categories by id (the ancestors breadcrumbs are made of). */
export async function categoryNames(within: Db | UnitOfWork, ids: Iterable<string>): Promise<Map<string, string>> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return new Map();
  const rows = await executorOf(within).selectFrom('category').select(['id', 'name']).where('id', 'in', wanted).execute();
  return new Map(rows.map((row) => [row.id as string, row.name as string]));
}

/**
 * Categories as Shopware's Store API answers them: the entity plus its `breadcrumb` (the names from the
 * tree's root down to the category), `translated`, and `children` (those given, else none loaded).
 * `seoUrls` (with `sw-include-seo-urls`, given the context): the category's canonical SEO URL in the channel and language.
 * `languageId`: names, breadcrumbs and descriptions in that language where a translation exists (else the category's own).
 */
export async function toStoreCategoriesJson(
  within: Db | UnitOfWork,
  records: readonly EntityRecord[],
  options: { seoUrls?: SalesChannelContext; children?: (record: EntityRecord) => unknown[]; languageId?: string } = {},
): Promise<Array<Record<string, unknown>>> {
  const ancestorIds = records.flatMap((record) => pathIds(record.path as string | null));
  const names = await categoryNames(within, ancestorIds);
  let shown = records;
  // the default language's text is the category's own (translations are for other languages)
  if (options.languageId && options.languageId !== LANGUAGE_SYSTEM) {
    const texts = await categoryTranslations(within, options.languageId, [...ancestorIds, ...records.map((record) => record.id as string)]);
    for (const [id, text] of texts) if (text.name !== null && names.has(id)) names.set(id, text.name);
    shown = records.map((record) => {
      const text = texts.get(record.id as string);
      return text ? { ...record, name: text.name ?? record.name, description: text.description ?? record.description ?? null } : record;
    });
  }
  const seoUrlsOf = options.seoUrls ? await canonicalSeoUrlsOf(within, options.seoUrls, SEO_ROUTES.category, records.map((record) => record.id as string)) : undefined;
  return shown.map((record) => {
    const breadcrumb = [...pathIds(record.path as string | null).map((id) => names.get(id) ?? ''), record.name as string];
    return {
      ...record,
      breadcrumb,
      linkType: record.type === 'link' ? 'external' : null,
      linkNewTab: false,
      internalLink: null,
      visibleChildCount: record.visibleChildCount ?? record.childCount ?? 0,
      translated: {
        name: record.name,
        breadcrumb,
        description: record.description ?? null,
        externalLink: record.externalLink ?? null,
        linkType: record.type === 'link' ? 'external' : null,
        customFields: record.customFields ?? {},
      },
      children: options.children?.(record) ?? record.children ?? [],
      ...(seoUrlsOf ? { seoUrls: seoUrlsOf.get(record.id as string) ?? [] } : {}),
      apiAlias: 'category',
    };
  });
}

/**
 * Categories by id in the Store API's shape (for products' `seoCategory`); unknown ids are left out.
 * Outside a transaction each is kept until the catalogue version moves (category changes raise it).
 */
export async function loadStoreCategories(within: Db | UnitOfWork, registry: EntityRegistry, ids: Iterable<string>): Promise<Map<string, Record<string, unknown>>> {
  const wanted = [...new Set(ids)].sort();
  if (wanted.length === 0) return new Map();
  const load = async () => {
    const { entities } = await new EntityReader(registry).search(executorOf(within), registry.get('category'), { ids: wanted });
    return toStoreCategoriesJson(within, entities);
  };
  const categories = isUnitOfWork(within) || within.isTransaction ? await load() : await catalogueCacheOf<Array<Record<string, unknown>>>(within, 'store-categories').get(wanted.join(','), load);
  return new Map(categories.map((category) => [category.id as string, category]));
}
