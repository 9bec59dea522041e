import type { Blueprint } from '../blueprint/schema.js';
import { identityOf } from '../identity.js';
import { pickStable } from '../values/derive.js';
import type { CrossSellingNode, ProductNode } from './types.js';

/**
 * One "goes well with" list per product (not per variant), drawn from the other products of the same
 * top-level category of its channel: knives suggest pans and plates, not tents. The links are keyed by
 * the product they point to (`<product path>-><other product path>`).
 */
export function planCrossSellings(blueprint: Blueprint, products: ProductNode[]): CrossSellingNode[] {
  const parents = products.filter((p) => p.parentId === null);
  const byBranch = new Map<string, ProductNode[]>();
  for (const product of parents) {
    const branch = topCategoryPath(product.categoryPath);
    byBranch.set(branch, [...(byBranch.get(branch) ?? []), product]);
  }
  const nodes: CrossSellingNode[] = [];
  for (const product of parents) {
    const others = byBranch.get(topCategoryPath(product.categoryPath))!.filter((p) => p.id !== product.id);
    if (others.length === 0) continue;
    const identity = identityOf('product_cross_selling', product.path);
    const picked = pickStable(identity.key, 'products', others, (p) => p.key, blueprint.crossSelling.count);
    nodes.push({
      entity: 'product_cross_selling',
      ...identity,
      // one list of this name per product
      naturalKey: `${product.productNumber}/${blueprint.crossSelling.name}`,
      productId: product.id,
      name: blueprint.crossSelling.name,
      position: 1,
      type: 'productList',
      active: true,
      limit: blueprint.crossSelling.count,
      assigned: picked.map((other, i) => ({
        ...identityOf('product_cross_selling_assigned_products', `${product.path}->${other.path}`),
        productId: other.id,
        position: i + 1,
      })),
    });
  }
  return nodes;
}

/** `flagship/kitchen/knives` -> `flagship/kitchen`. */
function topCategoryPath(categoryPath: string): string {
  return categoryPath.split('/').slice(0, 2).join('/');
}
