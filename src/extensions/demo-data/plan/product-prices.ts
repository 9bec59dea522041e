import type { BlueprintChannel } from '../blueprint/schema.js';
import { identityOf, idFor } from '../identity.js';
import { discounted, netFromGross } from '../values/prices.js';
import { rulePath } from './catalogue.js';
import type { ProductNode, ProductPriceNode } from './types.js';

/**
 * Bulk tiers of the channel for every product that carries a price: the base tier from 1 piece, then one
 * per blueprint tier (`<product path>@<quantity>`).
 */
export function planProductPrices(channels: BlueprintChannel[], products: ProductNode[]): ProductPriceNode[] {
  const prices: ProductPriceNode[] = [];
  const byKey = new Map(channels.map((c) => [c.key, c]));
  for (const product of products) {
    const channel = byKey.get(product.channel)!;
    const tiers = channel.bulkTiers ?? [];
    if (tiers.length === 0 || product.price === null) continue;
    const ruleId = idFor('rule', rulePath(channel.key));
    const steps = [{ from: 1, discount: 0 }, ...tiers];
    steps.forEach((tier, i) => {
      const gross = tier.discount === 0 ? product.price!.gross : discounted(product.price!.gross, tier.discount);
      const identity = identityOf('product_price', `${product.path}@${tier.from}`);
      prices.push({
        entity: 'product_price',
        ...identity,
        naturalKey: `${product.productNumber}@${tier.from}`,
        productId: product.id,
        ruleId,
        quantityStart: tier.from,
        quantityEnd: i + 1 < steps.length ? steps[i + 1]!.from - 1 : null,
        price: { gross, net: netFromGross(gross, channel.taxRate) },
        discountPercent: tier.discount,
      });
    });
  }
  return prices;
}

/** The gross price of one piece at a quantity, after the channel's bulk tiers. */
export function unitPriceAt(grossMinor: number, quantity: number, tiers: Array<{ from: number; discount: number }>): number {
  const tier = [...tiers].reverse().find((t) => quantity >= t.from);
  return tier ? discounted(grossMinor, tier.discount) : grossMinor;
}
