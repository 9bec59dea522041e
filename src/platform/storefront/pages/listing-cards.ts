import { sql } from 'kysely';
import type { Db } from '../../database/connection.js';
import type { SalesChannelProduct } from '../../catalog/store/sales-channel-product-loader.js';

/** What a product card shows beyond the product: its family's rating and whether it is one of variants. */
interface CardFacts {
  ratingAverage: number | null;
  reviewCount: number;
  hasVariants: boolean;
}

/**
 * The rating (average points of the approved reviews of the whole family, as Shopware's ratingAverage) and
 * whether each product's family has variants, for a page of products in ONE query (no query per card).
 */
async function loadCardFacts(db: Db, products: readonly SalesChannelProduct[]): Promise<Map<string, CardFacts>> {
  const families = [...new Set(products.map((p) => p.parentId ?? p.id))];
  const facts = new Map<string, CardFacts>();
  if (families.length === 0) return facts;
  const ids = sql.join(families.map((id) => sql`${id}`));
  const rows = await sql<{ family: string; rating: string | number | null; reviews: string | number; variants: string | number }>`
    SELECT f.family, r.rating, r.reviews,
      (SELECT count(*) FROM product v WHERE v.parent_id = f.family) AS variants
    FROM (SELECT p.id AS family FROM product p WHERE p.id IN (${ids})) f
    CROSS JOIN LATERAL (SELECT avg(pr.points) AS rating, count(*) AS reviews FROM product_review pr
      JOIN product rp ON rp.id = pr.product_id
      WHERE pr.status AND (rp.id = f.family OR rp.parent_id = f.family)) r`.execute(db);
  for (const row of rows.rows) {
    facts.set(row.family, {
      ratingAverage: row.rating === null ? null : Math.round(Number(row.rating) * 10) / 10,
      reviewCount: Number(row.reviews),
      hasVariants: Number(row.variants) > 0,
    });
  }
  return facts;
}

/** What a product card shows (product-grid.njk). */
export function productCard(product: SalesChannelProduct, facts?: CardFacts) {
  const hasVariants = product.parentId !== null || (facts?.hasVariants ?? false);
  return {
    id: product.id,
    name: product.name,
    url: `/detail/${product.id}`,
    cover: product.cover,
    unitPrice: product.calculatedPrice.unitPrice,
    available: product.available,
    ratingAverage: facts?.ratingAverage ?? null,
    // the text alternative of the stars, one decimal as on the product page: "Rated 4.0 of 5 (2 reviews)"
    ratingText: facts?.ratingAverage == null ? null
      : `Rated ${facts.ratingAverage.toFixed(1)} of 5 (${facts.reviewCount} ${facts.reviewCount === 1 ? 'review' : 'reviews'})`,
    // buyable from the card: a product without variants that can be bought now, at its minimum quantity
    quickAdd: !hasVariants && product.available ? { quantity: Math.max(1, product.minPurchase) } : null,
    hasVariants,
  };
}

export type ProductCard = ReturnType<typeof productCard>;

/** The cards of a page of products, with their ratings and variant facts loaded at once. */
export async function productCards(db: Db, products: readonly SalesChannelProduct[]): Promise<ProductCard[]> {
  const facts = await loadCardFacts(db, products);
  return products.map((product) => productCard(product, facts.get(product.parentId ?? product.id)));
}
