import type { Db } from '../../database/connection.js';
import { executorOf, type UnitOfWork } from '../../database/transaction.js';
import { throwProblems, type AppError } from '../../errors/app-error.js';
import { isId, newId } from '../../ids.js';
import { RateLimiter } from '../../rate-limit/rate-limiter.js';
import type { ContextCustomer, SalesChannelContext } from '../../sales-channel/context/sales-channel-context.js';
import { accountErrors } from '../../customer/account/account-errors.js';
import { constraintViolation, violations } from '../../customer/account/violations.js';
import { loadProductDetail } from './product-detail.js';

/** Shopware's minimum lengths of a review (ProductReviewSaveRoute). */
export const REVIEW_TITLE_MIN = 5;
export const REVIEW_CONTENT_MIN = 40;
const REVIEW_TITLE_MAX = 255;
const REVIEW_CONTENT_MAX = 10_000;

/**
 * Reviews a shopper may write: 10 per customer and 30 per client address an hour, per process. A
 * review waits for approval, so the limit keeps the queue a merchant reads short, not the shop safe.
 */
export class ReviewThrottle {
  readonly #byCustomer = new RateLimiter({ points: 10, durationMs: 60 * 60_000, keyPrefix: 'review-customer' });
  readonly #byAddress = new RateLimiter({ points: 30, durationMs: 60 * 60_000, keyPrefix: 'review-address' });

  async consume(customerId: string, clientIp: string): Promise<void> {
    for (const decision of [await this.#byCustomer.consume(customerId), await this.#byAddress.consume(clientIp)]) {
      if (!decision.allowed) throw accountErrors.rateLimited(decision.retryAfterSeconds);
    }
  }
}

export interface ReviewInput {
  id?: unknown;
  title?: unknown;
  content?: unknown;
  points?: unknown;
  name?: unknown;
  email?: unknown;
}

/**
 * Shopware's ProductReviewSaveRoute: the logged-in customer's review of a product the channel shows (a
 * product page answers for it, else 404 `PRODUCT__PRODUCT_NOT_FOUND`),
 * pending approval. Without `id` it is new (a customer reviews a product once: a second one is a
 * `VIOLATION::ENTITY_EXISTS` at `/customerId`); with `id` it edits the customer's own review of it and
 * waits for approval again. Every invalid field is a violation at its pointer.
 */
export async function saveProductReview(within: Db | UnitOfWork, context: SalesChannelContext, customer: ContextCustomer, productId: string, input: ReviewInput): Promise<void> {
  // a product the channel shows, a parent of sellable variants included (reviews usually sit on the parent)
  await loadProductDetail(within, context, productId);

  const problems: AppError[] = [];
  const text = (value: unknown, pointer: string, min: number, max: number): string | undefined => {
    if (typeof value !== 'string' || value.trim() === '') {
      problems.push(violations.blank(pointer));
      return undefined;
    }
    if (value.includes('\u0000')) problems.push(violations.invalidCharacters(pointer));
    else if (value.trim().length < min) problems.push(violations.tooShort(pointer, min));
    else if (value.length > max) problems.push(violations.tooLong(pointer, max));
    return value.trim();
  };
  const title = text(input.title, '/title', REVIEW_TITLE_MIN, REVIEW_TITLE_MAX);
  const content = text(input.content, '/content', REVIEW_CONTENT_MIN, REVIEW_CONTENT_MAX);
  const name = input.name === undefined ? customer.firstName : text(input.name, '/name', 1, 255);
  const points = input.points;
  if (typeof points !== 'number' || !Number.isFinite(points)) problems.push(violations.invalidType('/points', 'numeric'));
  else if (points < 1) problems.push(constraintViolation('/points', 'VIOLATION::TOO_LOW_ERROR', 'This value should be greater than or equal to 1.', { compared_value: 1 }));
  else if (points > 5) problems.push(constraintViolation('/points', 'VIOLATION::TOO_HIGH_ERROR', 'This value should be less than or equal to 5.', { compared_value: 5 }));

  const exec = executorOf(within);
  const id = input.id;
  if (id !== undefined && id !== null) {
    const own = isId(id) ? await exec.selectFrom('product_review').select('id').where('id', '=', id).where('customer_id', '=', customer.id).where('product_id', '=', productId).executeTakeFirst() : undefined;
    if (!own) problems.push(violations.entityDoesNotExist('/id', 'product_review', String(id)));
  } else {
    const existing = await exec.selectFrom('product_review').select('id').where('customer_id', '=', customer.id).where('product_id', '=', productId).executeTakeFirst();
    if (existing) problems.push(constraintViolation('/customerId', 'VIOLATION::ENTITY_EXISTS', 'The product_review entity already exists.', { entity: 'product_review' }));
  }
  throwProblems(problems);

  const review = {
    title: title!,
    content: content!,
    points: points as number,
    external_user: name ?? customer.firstName,
    external_email: customer.email,
    language_id: context.languageId,
    sales_channel_id: context.salesChannel.id,
    status: false,
  };
  if (typeof id === 'string') {
    await exec.updateTable('product_review').set({ ...review, updated_at: new Date() }).where('id', '=', id).execute();
  } else {
    await exec.insertInto('product_review').values({ id: newId(), product_id: productId, customer_id: customer.id, ...review }).execute();
  }
}
