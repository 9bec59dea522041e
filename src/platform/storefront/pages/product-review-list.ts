import type { Db } from '../../database/connection.js';
import type { EntityRegistry } from '../../entities/registry.js';
import { listProductReviews } from '../../catalog/store/product-reviews.js';
import type { SalesChannelContext } from '../../sales-channel/context/sales-channel-context.js';

export const REVIEWS_PER_PAGE = 5;
// the summary reads up to this many reviews' points; a shop with more shows the average of the newest
const SUMMARY_LIMIT = 1000;

export interface ReviewView {
  title: string;
  content: string;
  points: number;
  author: string;
  date: string;
  pending: boolean;
  /** The shop's reply (Shopware's `comment`), or null. */
  reply: string | null;
}

export interface ProductReviews {
  total: number;
  average: number | null;
  /** Count per star, 5 down to 1. */
  distribution: Array<{ stars: number; count: number }>;
  reviews: ReviewView[];
  page: number;
  pages: number;
}

/** The reviews a shopper may see (the Store API's list: approved ones plus the customer's own), newest first, paged. */
export async function productReviews(db: Db, registry: EntityRegistry, context: SalesChannelContext, productId: string, page: number): Promise<ProductReviews> {
  const [list, all] = await Promise.all([
    listProductReviews(db, registry, context, productId, { page, limit: REVIEWS_PER_PAGE, totalCountMode: 'exact' }),
    listProductReviews(db, registry, context, productId, { page: 1, limit: SUMMARY_LIMIT }),
  ]);
  const points = all.elements.map((review) => Number(review.points));
  const average = points.length > 0 ? Math.round((points.reduce((sum, value) => sum + value, 0) / points.length) * 10) / 10 : null;
  return {
    total: list.total,
    average,
    distribution: [5, 4, 3, 2, 1].map((stars) => ({ stars, count: points.filter((value) => Math.round(value) === stars).length })),
    reviews: list.elements.map((review) => ({
      title: String(review.title ?? ''),
      content: String(review.content ?? ''),
      points: Number(review.points),
      author: String(review.externalUser ?? ''),
      date: String(review.createdAt ?? '').slice(0, 10),
      pending: review.status !== true,
      reply: typeof review.comment === 'string' && review.comment.trim() !== '' ? review.comment : null,
    })),
    page,
    pages: Math.max(1, Math.ceil(list.total / REVIEWS_PER_PAGE)),
  };
}
