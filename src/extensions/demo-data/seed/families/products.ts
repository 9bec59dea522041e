import { toMajorNumber } from '../../../../platform/sdk/index.js';
import { demoCustomFields } from '../../config.js';
import type { MoneyPair } from '../../plan/types.js';
import { createInBatches } from '../batches.js';
import type { SeedContext } from '../context.js';
import { seedFamily } from '../family.js';
import { readByField } from '../lookup.js';

/**
 * Products and variants (each parent before its variants), found by id, then by product number: a
 * merchant's product with a blueprint number is adopted (and later gets no reviews or cross-selling).
 * Existing products get empty fields filled, missing category, tag and property links added and their
 * visibility in the channel if they lack one; nothing is unlinked.
 */
export async function seedProducts(ctx: SeedContext): Promise<void> {
  const { ids } = ctx;
  const resolutions = await seedFamily(ctx, {
    entity: 'product',
    nodes: ctx.plan.products,
    naturalKeyField: 'productNumber',
    fields: (n) => ({
      productNumber: n.productNumber,
      name: n.name,
      description: n.description,
      manufacturerId: ids.resolve(n.manufacturerId),
      taxId: ids.resolve(n.taxId),
      price: n.price ? priceList(ctx, n.price) : null,
      stock: n.stock,
      active: n.active,
      isCloseout: n.isCloseout,
      ean: n.ean,
      releaseDate: n.releaseDate,
      weight: n.weight,
      markAsTopseller: n.markAsTopseller,
    }),
    createOnly: (n) => ({
      ...(n.parentId ? { parentId: ids.resolve(n.parentId) } : {}),
      customFields: demoCustomFields(n.key, n.channel),
      ...(n.visibility ? { visibilities: [{ id: n.visibility.id, salesChannelId: ids.resolve(n.visibility.salesChannelId), visibility: n.visibility.visibility }] } : {}),
    }),
    links: (n) => ({
      categories: ids.resolveAll(n.categoryIds),
      tags: ids.resolveAll(n.tagIds),
      properties: ids.resolveAll(n.propertyIds),
      options: ids.resolveAll(n.optionIds),
    }),
  });
  for (const r of resolutions) if (r.how === 'natural') ctx.adoptedProducts.add(r.node.id);

  // an existing product missing its visibility in the channel would not be listed there
  const existing = resolutions.filter((r) => r.existing && r.node.visibility);
  if (existing.length === 0) return;
  const rows = await readByField(ctx.host, 'product_visibility', 'productId', existing.map((r) => r.existing!.id as string));
  const seen = new Set(rows.map((v) => `${v.productId}|${v.salesChannelId}`));
  const missing = existing
    .map((r) => ({ id: r.node.visibility!.id, productId: r.existing!.id as string, salesChannelId: ids.resolve(r.node.visibility!.salesChannelId), visibility: r.node.visibility!.visibility }))
    .filter((v) => !seen.has(`${v.productId}|${v.salesChannelId}`));
  await createInBatches(ctx.host, 'product_visibility', missing);
  ctx.tally.add('product_visibility', 'created', missing.length);
  ctx.written.rows += missing.length;
}

/** The platform's price field: major units per currency, gross and net. */
export function priceList(ctx: SeedContext, money: MoneyPair): Array<Record<string, unknown>> {
  const d = ctx.shop.decimals;
  return [{ currencyId: ctx.shop.currencyId, gross: toMajorNumber(money.gross, d), net: toMajorNumber(money.net, d), linked: true }];
}
