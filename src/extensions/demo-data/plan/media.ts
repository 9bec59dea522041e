import { identityOf, pathOfKey } from '../identity.js';
import { initialsOf } from '../media/image-generator.js';
import type { CategoryNode, ManufacturerNode, MediaNode, ProductNode } from './types.js';

/** Square product images; wide category banners; small logos. */
export const IMAGE_SIZES = {
  product: { width: 800, height: 800 },
  category: { width: 1200, height: 400 },
  manufacturer: { width: 400, height: 400 },
} as const;

/**
 * One generated image per product (not per variant: variants show their parent's), per manufacturer and
 * per top-level category of a channel. The file name is the natural key, so an image uploaded by an
 * earlier run under another id is reused.
 */
export function planMedia(products: ProductNode[], manufacturers: ManufacturerNode[], categories: CategoryNode[]): MediaNode[] {
  const media: MediaNode[] = [];
  const manufacturerNames = new Map(manufacturers.map((m) => [m.id, m.name]));

  for (const product of products) {
    if (product.parentId !== null || product.name === null) continue;
    const identity = identityOf('media', `product/${product.path}`);
    const maker = product.manufacturerId ? manufacturerNames.get(product.manufacturerId) : undefined;
    const fileName = product.productNumber.toLowerCase();
    media.push({
      entity: 'media',
      ...identity,
      naturalKey: fileName,
      fileName,
      fileExtension: 'png',
      mimeType: 'image/png',
      title: product.name,
      alt: maker ? `${product.name} by ${maker}` : product.name,
      image: { seedKey: identity.key, ...IMAGE_SIZES.product, label: initialsOf(product.name) },
      attachTo: { entity: 'product', id: product.id },
      productMedia: { ...identityOf('product_media', product.path), position: 1 },
    });
  }

  for (const manufacturer of manufacturers) {
    const path = pathOfKey(manufacturer.key);
    const identity = identityOf('media', `product_manufacturer/${path}`);
    const fileName = `demo-manufacturer-${path}`;
    media.push({
      entity: 'media',
      ...identity,
      naturalKey: fileName,
      fileName,
      fileExtension: 'png',
      mimeType: 'image/png',
      title: manufacturer.name,
      alt: `${manufacturer.name} logo`,
      image: { seedKey: identity.key, ...IMAGE_SIZES.manufacturer, label: initialsOf(manufacturer.name) },
      attachTo: { entity: 'product_manufacturer', id: manufacturer.id },
      productMedia: null,
    });
  }

  // the first level below a channel's root is what the navigation shows
  for (const category of categories.filter((c) => c.level === 2)) {
    const identity = identityOf('media', `category/${category.path}`);
    const fileName = `demo-category-${category.path.replace(/\//g, '-')}`;
    media.push({
      entity: 'media',
      ...identity,
      naturalKey: fileName,
      fileName,
      fileExtension: 'png',
      mimeType: 'image/png',
      title: category.name,
      alt: category.name,
      image: { seedKey: identity.key, ...IMAGE_SIZES.category, label: initialsOf(category.name) },
      attachTo: { entity: 'category', id: category.id },
      productMedia: null,
    });
  }
  return media;
}
