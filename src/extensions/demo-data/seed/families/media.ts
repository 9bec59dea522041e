import { markRewritten } from '../../ledger/ledger.js';
import { generateImage, type GeneratedImage } from '../../media/image-generator.js';
import { drawLogo, drawProductImage } from '../../media/product-drawing.js';
import type { MediaNode } from '../../plan/types.js';
import { createInBatches, updateInBatches } from '../batches.js';
import type { SeedContext } from '../context.js';
import { seedFamily } from '../family.js';
import { readByField, readByIds } from '../lookup.js';
import { isEmptyValue } from '../narrow.js';

/**
 * Images: media rows found by id, then by file name; a row without a stored file gets the generated PNG
 * through the host's upload (a failed upload is skipped, never fatal). Then each image is attached where
 * nothing is: a product's `product_media` and cover, a manufacturer's logo, a category's banner.
 */
export async function seedMedia(ctx: SeedContext): Promise<void> {
  const { ids, host } = ctx;
  const resolutions = await seedFamily(ctx, {
    entity: 'media',
    nodes: ctx.plan.media,
    naturalKeyField: 'fileName',
    fields: (n) => ({ title: n.title, alt: n.alt }),
  });

  const withoutFile = resolutions.filter((r) => !r.existing || isEmptyValue(r.existing.path));
  ctx.progress.start('media files', withoutFile.length);
  for (const { node } of withoutFile) {
    try {
      const image = await imageOf(ctx, node);
      await host.media.upload(host.db, { mediaId: ids.resolve(node.id), bytes: image.data, extension: image.fileExtension, fileName: node.fileName });
      await markRewritten(host.db, 'media', [ids.resolve(node.id)]);
      ctx.written.rows++;
    } catch (error) {
      host.logger.warn({ err: error, mediaId: node.id }, 'demo image not stored');
      ctx.tally.add('media', 'skipped');
    }
    ctx.progress.advance();
  }
  ctx.progress.finish();

  await attachToProducts(ctx, ctx.plan.media.filter((m) => m.attachTo.entity === 'product' && m.productMedia));
  await attachAsField(ctx, 'product_manufacturer', ctx.plan.media.filter((m) => m.attachTo.entity === 'product_manufacturer'));
  await attachAsField(ctx, 'category', ctx.plan.media.filter((m) => m.attachTo.entity === 'category'));
}

async function attachToProducts(ctx: SeedContext, media: MediaNode[]): Promise<void> {
  const { ids, host } = ctx;
  if (media.length === 0) return;
  const productIds = media.map((m) => ids.resolve(m.attachTo.id));
  const [links, products] = await Promise.all([readByField(host, 'product_media', 'productId', productIds), readByIds(host, 'product', productIds)]);
  const linked = new Set(links.map((l) => `${l.productId}|${l.mediaId}`));
  const creates: Array<Record<string, unknown>> = [];
  const covers: Array<Record<string, unknown>> = [];
  for (const m of media) {
    const productId = ids.resolve(m.attachTo.id);
    const product = products.get(productId);
    if (!product) continue;
    const mediaId = ids.resolve(m.id);
    const link = links.find((l) => l.productId === productId && l.mediaId === mediaId);
    if (!linked.has(`${productId}|${mediaId}`)) creates.push({ id: m.productMedia!.id, productId, mediaId, position: m.productMedia!.position });
    if (m.productMedia!.position === 1 && isEmptyValue(product.coverId)) covers.push({ id: productId, coverId: (link?.id as string | undefined) ?? m.productMedia!.id });
  }
  await createInBatches(host, 'product_media', creates);
  await updateInBatches(host, 'product', covers);
  ctx.tally.add('product_media', 'created', creates.length);
  ctx.written.rows += creates.length + covers.length;
}

/** A logo or banner goes into the owner's `mediaId` only when it has none. */
async function attachAsField(ctx: SeedContext, entity: 'product_manufacturer' | 'category', media: MediaNode[]): Promise<void> {
  const { ids, host } = ctx;
  if (media.length === 0) return;
  const owners = await readByIds(host, entity, media.map((m) => ids.resolve(m.attachTo.id)));
  const patches = media
    .filter((m) => {
      const owner = owners.get(ids.resolve(m.attachTo.id));
      return owner !== undefined && isEmptyValue(owner.mediaId);
    })
    .map((m) => ({ id: ids.resolve(m.attachTo.id), mediaId: ids.resolve(m.id) }));
  if (patches.length === 0) return;
  await updateInBatches(host, entity, patches);
  ctx.written.rows += patches.length;
}

/** A product's drawing, a channel's logo in its brand colour, or the generated pattern (logos, banners). */
async function imageOf(ctx: SeedContext, node: MediaNode): Promise<GeneratedImage> {
  if (node.drawing) return drawProductImage(node.drawing);
  const channel = node.attachTo.entity === 'sales_channel' ? ctx.plan.salesChannels.find((c) => c.id === node.attachTo.id) : undefined;
  if (channel) return drawLogo(channel.name, channel.brandColour);
  return generateImage(node.image);
}
