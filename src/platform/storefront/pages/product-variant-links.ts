import type { Db } from '../../database/connection.js';
import { AppError } from '../../errors/app-error.js';
import type { ProductDetail } from '../../catalog/store/product-detail.js';
import { findProductVariant } from '../../catalog/store/product-variant-finder.js';
import { loadSalesChannelProducts } from '../../catalog/store/sales-channel-product-loader.js';
import { PRODUCT_VISIBILITY } from '../../catalog/entities.js';
import type { SalesChannelContext } from '../../sales-channel/context/sales-channel-context.js';

export interface VariantOptionLink {
  name: string;
  /** `/detail/{variantId}` of the variant this option leads to; null when the option is current or disabled. */
  url: string | null;
  current: boolean;
  disabled: boolean;
}

export interface VariantGroupLinks {
  id: string;
  name: string;
  options: VariantOptionLink[];
}

/**
 * One group of links per configurator group. An option leads to the variant that keeps the other chosen
 * options; when that combination does not exist, to the variant the Store API's switch finds (the option
 * kept, others dropped). Disabled: the combination exists but is sold out, or no variant has the option.
 */
export async function variantGroupLinks(db: Db, context: SalesChannelContext, detail: ProductDetail): Promise<VariantGroupLinks[]> {
  const { product, configurator } = detail;
  if (!configurator || !product.parentId) return [];
  const parentId = product.parentId;
  const chosen = Object.fromEntries(detail.options.map((option) => [option.groupId, option.id]));
  const targets = await Promise.all(
    configurator.flatMap((group) =>
      group.options.map(async (option) => {
        if (chosen[group.id] === option.id) return { groupId: group.id, optionId: option.id, variantId: product.id, exact: true };
        try {
          const found = await findProductVariant(db, context, parentId, { ...chosen, [group.id]: option.id }, group.id);
          return { groupId: group.id, optionId: option.id, variantId: found.variantId, exact: found.options.length === Object.keys(chosen).length };
        } catch (error) {
          if (error instanceof AppError && error.status === 404) return { groupId: group.id, optionId: option.id, variantId: null, exact: false };
          throw error;
        }
      }),
    ),
  );
  const ids = [...new Set(targets.map((target) => target.variantId).filter((id): id is string => id !== null))];
  const variants = await loadSalesChannelProducts(db, context, ids, { minVisibility: PRODUCT_VISIBILITY.LINK });
  const available = new Set(variants.filter((variant) => variant.available).map((variant) => variant.id));
  const targetOf = (groupId: string, optionId: string) => targets.find((target) => target.groupId === groupId && target.optionId === optionId);
  return configurator.map((group) => ({
    id: group.id,
    name: group.name,
    options: group.options.map((option) => {
      const target = targetOf(group.id, option.id);
      const current = chosen[group.id] === option.id;
      const usable = !current && target?.variantId != null && available.has(target.variantId);
      return { name: option.name, url: usable ? `/detail/${target!.variantId}` : null, current, disabled: !current && !usable };
    }),
  }));
}
