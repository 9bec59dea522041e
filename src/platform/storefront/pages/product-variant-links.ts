import type { Db } from '../../database/connection.js';
import type { ProductDetail } from '../../catalog/store/product-detail.js';
import { loadSalesChannelProducts } from '../../catalog/store/sales-channel-product-loader.js';
import { PRODUCT_VISIBILITY } from '../../catalog/entities.js';
import type { SalesChannelContext } from '../../sales-channel/context/sales-channel-context.js';

export interface VariantOptionLink {
  name: string;
  /** `/detail/{variantId}` of the variant this option leads to (the shown variant for the current option); null when disabled. */
  url: string | null;
  current: boolean;
  disabled: boolean;
}

export interface VariantGroupLinks {
  id: string;
  name: string;
  options: VariantOptionLink[];
}

interface SellableVariant {
  id: string;
  available: boolean;
  options: Set<string>;
}

/**
 * One group of links per configurator group. An option leads to the variant that keeps the other chosen
 * options; when that combination does not exist, to the variant the Store API's variant switch would pick
 * (other groups dropped first to last, the switched one kept). Disabled: that variant is sold out, or none
 * has the option. Two queries for the whole page: the family's variants with their options, then which of
 * them the channel sells; the combinations are resolved in memory.
 */
export async function variantGroupLinks(db: Db, context: SalesChannelContext, detail: ProductDetail): Promise<VariantGroupLinks[]> {
  const { product, configurator } = detail;
  if (!configurator || !product.parentId) return [];
  const variants = await sellableVariants(db, context, product.parentId);
  const chosen = detail.options.map((option) => [option.groupId, option.id] as const);
  return configurator.map((group) => ({
    id: group.id,
    name: group.name,
    options: group.options.map((option) => {
      const current = chosen.some(([groupId, optionId]) => groupId === group.id && optionId === option.id);
      const wanted = chosen.some(([groupId]) => groupId === group.id)
        ? chosen.map(([groupId, optionId]) => [groupId, groupId === group.id ? option.id : optionId] as const)
        : [...chosen, [group.id, option.id] as const];
      const target = current ? { id: product.id, available: true } : switchTarget(variants, wanted, group.id);
      const usable = target !== undefined && target.available;
      return { name: option.name, url: usable ? `/detail/${target.id}` : null, current, disabled: !usable };
    }),
  }));
}

/** The family's variants the channel sells, by product number (the finder's order), with their option ids. */
async function sellableVariants(db: Db, context: SalesChannelContext, parentId: string): Promise<SellableVariant[]> {
  const rows = await db
    .selectFrom('product as p')
    .leftJoin('product_option as po', 'po.product_id', 'p.id')
    .select(['p.id', 'po.property_group_option_id as optionId'])
    .where('p.parent_id', '=', parentId)
    .orderBy('p.product_number')
    .orderBy('p.id')
    .execute();
  const options = new Map<string, Set<string>>();
  for (const row of rows) {
    const set = options.get(row.id as string) ?? new Set<string>();
    if (row.optionId) set.add(row.optionId as string);
    options.set(row.id as string, set);
  }
  const sold = await loadSalesChannelProducts(db, context, [...options.keys()], { minVisibility: PRODUCT_VISIBILITY.LINK });
  const availability = new Map(sold.map((variant) => [variant.id, variant.available]));
  return [...options].filter(([id]) => availability.has(id)).map(([id, set]) => ({ id, available: availability.get(id)!, options: set }));
}

/** What findProductVariant answers for these options, without a query per attempt. */
function switchTarget(variants: readonly SellableVariant[], wanted: ReadonlyArray<readonly [string, string]>, switchedGroup: string) {
  let entries = [...wanted];
  for (;;) {
    const match = variants.find((variant) => entries.every(([, optionId]) => variant.options.has(optionId)));
    if (match || entries.length <= 1) return match;
    const drop = entries.findIndex(([groupId]) => groupId !== switchedGroup);
    entries = entries.filter((_, index) => index !== (drop === -1 ? 0 : drop));
  }
}
