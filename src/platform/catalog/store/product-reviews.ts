import type { Db } from '../../database/connection.js';
import { executorOf, type UnitOfWork } from '../../database/transaction.js';
import type { Criteria, Filter } from '../../entities/criteria/types.js';
import { EntityReader } from '../../entities/reader.js';
import type { EntityRegistry } from '../../entities/registry.js';
import type { EntityRecord } from '../../entities/serializer.js';
import type { SalesChannelContext } from '../../sales-channel/context/sales-channel-context.js';

export interface ProductReviewPage {
  total: number;
  elements: EntityRecord[];
  page: number;
  limit: number | null;
}

/**
 * Shopware's ProductReviewRoute: the reviews of a product and of its variants that are approved, plus
 * the logged-in customer's own (approved or not), narrowed and paged by the client's criteria. Unknown
 * products have none. Reviews without a language read as the channel's (every review is in its one
 * language). Several product ids: the reviews of all of them (a layout's batched read).
 */
export async function listProductReviews(
  within: Db | UnitOfWork,
  registry: EntityRegistry,
  context: SalesChannelContext,
  productId: string | readonly string[],
  criteria: Criteria,
): Promise<ProductReviewPage> {
  const visible: Filter = context.customer
    ? { type: 'multi', operator: 'OR', queries: [{ type: 'equals', field: 'status', value: true }, { type: 'equals', field: 'customerId', value: context.customer.id }] }
    : { type: 'equals', field: 'status', value: true };
  const of = (field: string): Filter => (typeof productId === 'string' ? { type: 'equals', field, value: productId } : { type: 'equalsAny', field, value: [...productId] });
  const ofProduct: Filter = { type: 'multi', operator: 'OR', queries: [of('productId'), of('product.parentId')] };
  const scoped: Criteria = {
    ...criteria,
    filter: [...(criteria.filter ?? []), visible, ofProduct],
    sort: criteria.sort ?? [{ field: 'createdAt', order: 'DESC' }],
  };
  const { total, entities } = await new EntityReader(registry).search(executorOf(within), registry.get('product_review'), scoped);
  const languageId = context.languageId;
  return {
    total,
    // the author's e-mail address is theirs to know, not every shopper's
    elements: entities.map(({ externalEmail: _email, ...review }) => ({ ...review, languageId: review.languageId ?? languageId }) as EntityRecord),
    page: criteria.page ?? 1,
    limit: criteria.ids ? null : (criteria.limit ?? null),
  };
}
