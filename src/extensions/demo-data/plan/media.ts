import { identityOf, pathOfKey } from '../identity.js';
import { initialsOf } from '../media/image-generator.js';
import { drawingKindOf } from '../media/product-drawing.js';
import { derive } from '../values/derive.js';
import { BRAND_PALETTE } from './channels.js';
import type { CategoryNode, ManufacturerNode, MediaNode, ProductNode, PropertyGroupOptionNode, SalesChannelNode } from './types.js';

/** Images per product for its gallery: the product alone, a close-up and on a shelf. */
export const VIEWS_PER_PRODUCT = 3;

/** Square product images; wide category banners; small logos. */
export const IMAGE_SIZES = {
  product: { width: 800, height: 800 },
  category: { width: 1200, height: 400 },
  manufacturer: { width: 400, height: 400 },
  logo: { width: 640, height: 160 },
} as const;

/**
 * The colours a product is shown in: its variants' colour options (in variant order, each once), else one
 * derived from the product, so a red kettle's gallery shows the red, the blue and the green one.
 */
function coloursOf(product: ProductNode, variants: ProductNode[], options: Map<string, PropertyGroupOptionNode>): string[] {
  const colours = [...new Set(variants.flatMap((v) => v.optionIds.map((id) => options.get(id)?.colorHexCode ?? null)).filter((c): c is string => c !== null))];
  return colours.length > 0 ? colours : [derive(product.key, 'image colour').pick(BRAND_PALETTE)];
}

/** The media key of a product's image (`view` 0 is the cover): layouts refer to it whether or not this run draws images. */
export function productImageKey(productPath: string, view: number): string {
  return `product/${productPath}${view === 0 ? '' : `/view-${view + 1}`}`;
}

/**
 * Three drawn images per product (not per variant: variants show their parent's; the views show the
 * variants' colours), one per manufacturer, per top-level category and per channel (its logo). The file name is the natural key, so an image uploaded by an
 * earlier run under another id is reused.
 */
export function planMedia(
  products: ProductNode[],
  manufacturers: ManufacturerNode[],
  categories: CategoryNode[],
  options: PropertyGroupOptionNode[] = [],
  channels: SalesChannelNode[] = [],
): MediaNode[] {
  const media: MediaNode[] = [];
  const manufacturerNames = new Map(manufacturers.map((m) => [m.id, m.name]));
  const optionsById = new Map(options.map((o) => [o.id, o]));
  const variantsOf = new Map<string, ProductNode[]>();
  for (const p of products) if (p.parentId !== null) variantsOf.set(p.parentId, [...(variantsOf.get(p.parentId) ?? []), p]);

  for (const product of products) {
    if (product.parentId !== null || product.name === null) continue;
    const maker = product.manufacturerId ? manufacturerNames.get(product.manufacturerId) : undefined;
    const kind = drawingKindOf(product.categoryPath.slice(product.categoryPath.lastIndexOf('/') + 1), product.name);
    const colours = coloursOf(product, variantsOf.get(product.id) ?? [], optionsById);
    const views = ['', ', close-up', ', on a shelf'];
    for (let view = 0; view < VIEWS_PER_PRODUCT; view++) {
      // the first keeps the identity and file name images had when there was one per product
      const suffix = view === 0 ? '' : `/view-${view + 1}`;
      media.push({
        ...pngMedia({
          key: productImageKey(product.path, view),
          fileName: `${product.productNumber.toLowerCase()}${view === 0 ? '' : `-${view + 1}`}`,
          title: product.name,
          alt: `${maker ? `${product.name} by ${maker}` : product.name}${views[view]}`,
          size: IMAGE_SIZES.product,
          attachTo: { entity: 'product', id: product.id },
        }),
        drawing: { kind, colour: colours[view % colours.length]!, view: view as 0 | 1 | 2 },
        productMedia: { ...identityOf('product_media', `${product.path}${suffix}`), position: view + 1 },
      });
    }
  }
  for (const channel of channels) {
    media.push(pngMedia({ key: `logo/${channel.channel}`, fileName: `demo-logo-${channel.channel}`, title: channel.name, alt: `${channel.name} logo`, size: IMAGE_SIZES.logo, attachTo: { entity: 'sales_channel', id: channel.id } }));
  }
  for (const manufacturer of manufacturers) {
    const path = pathOfKey(manufacturer.key);
    media.push(
      pngMedia({ key: `product_manufacturer/${path}`, fileName: `demo-manufacturer-${path}`, title: manufacturer.name, alt: `${manufacturer.name} logo`, size: IMAGE_SIZES.manufacturer, attachTo: { entity: 'product_manufacturer', id: manufacturer.id } }),
    );
  }
  // the first level below a channel's root is what the navigation shows
  for (const category of categories.filter((c) => c.level === 2)) {
    media.push(
      pngMedia({ key: `category/${category.path}`, fileName: `demo-category-${category.path.replace(/\//g, '-')}`, title: category.name, alt: category.name, size: IMAGE_SIZES.category, attachTo: { entity: 'category', id: category.id } }),
    );
  }
  return media;
}

/** A generated PNG with its identity from `key`; the file name is its natural key. No drawing, no product link. */
function pngMedia(input: { key: string; fileName: string; title: string; alt: string; size: { width: number; height: number }; attachTo: MediaNode['attachTo'] }): MediaNode {
  const identity = identityOf('media', input.key);
  return {
    entity: 'media',
    ...identity,
    naturalKey: input.fileName,
    fileName: input.fileName,
    fileExtension: 'png',
    mimeType: 'image/png',
    title: input.title,
    alt: input.alt,
    image: { seedKey: identity.key, ...input.size, label: initialsOf(input.title) },
    drawing: null,
    attachTo: input.attachTo,
    productMedia: null,
  };
}
