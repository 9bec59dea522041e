import type { Blueprint, BlueprintReviewPool } from '../blueprint/schema.js';
import { identityOf } from '../identity.js';
import { derive } from '../values/derive.js';
import { addDays, daysBetween, isoDateTime } from './dates.js';
import type { ProductNode, ReviewNode } from './types.js';

const RATINGS = [1, 2, 3, 4, 5] as const;

/**
 * Reviews of products (not variants): a count, rating, title and text drawn per review key
 * (`<product path>/<n>`), dated between the product's release and the reference date, written by a name
 * from the blueprint's people ("Mia K."). Reviews of adopted products are skipped by the seeder.
 */
export function planReviews(blueprint: Blueprint, products: ProductNode[], today: Date): ReviewNode[] {
  const { reviews, people } = blueprint;
  const nodes: ReviewNode[] = [];
  for (const product of products) {
    if (product.parentId !== null || product.visibility === null) continue;
    const count = derive(product.key, 'review-count').int(reviews.perProduct.min, reviews.perProduct.max);
    const released = product.releaseDate ? new Date(product.releaseDate) : today;
    const span = daysBetween(released, today);
    for (let n = 1; n <= count; n++) {
      const identity = identityOf('product_review', `${product.path}/${n}`);
      const value = (purpose: string) => derive(identity.key, purpose);
      const points = value('points').weighted(RATINGS, (r) => reviews.ratingWeights[String(r) as '1']);
      const pool = poolFor(reviews, points);
      const title = value('title').pick(pool.titles);
      nodes.push({
        entity: 'product_review',
        ...identity,
        // a review has no natural key: it is found by id only, and its identity key stands in here
        naturalKey: identity.key,
        productId: product.id,
        salesChannelId: product.visibility.salesChannelId,
        title,
        content: value('text').pick(pool.texts),
        points,
        status: value('approved').chance(reviews.approvedShare),
        externalUser: `${value('first-name').pick(people.firstNames)} ${value('last-name').pick(people.lastNames).charAt(0)}.`,
        createdAt: isoDateTime(span === 0 ? released : addDays(released, value('day').int(1, span))),
      });
    }
  }
  return nodes;
}

function poolFor(reviews: Blueprint['reviews'], points: number): BlueprintReviewPool {
  if (points >= 4) return reviews.positive;
  return points === 3 ? reviews.mixed : reviews.negative;
}
