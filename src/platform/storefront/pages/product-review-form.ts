import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import { AppError, AppErrorList } from '../../errors/app-error.js';
import { ReviewThrottle, saveProductReview } from '../../catalog/store/product-review-save.js';
import { redirectWithFlash, safeLocalPath, storefrontRoutes } from '../http/index.js';
import { formFields } from './form-input.js';
import type { StorefrontServices } from './storefront-services.js';

const ReviewParams = { params: Type.Object({ productId: Type.String() }) };

/**
 * `POST /product/{productId}/review`: the logged-in customer's review from the product page, saved by the
 * Store API's review service (pending approval). Invalid input writes nothing and returns with a message.
 */
export function registerProductReviewForm(app: FastifyInstance, services: StorefrontServices): void {
  const { platform, contexts } = services;
  const throttle = new ReviewThrottle();
  storefrontRoutes(app).formPost(
    '/product/:productId/review',
    async (request, reply) => {
      const { productId } = request.params;
      const fields = formFields(request.body);
      const back = safeLocalPath(fields.redirectTo, `/detail/${productId}`);
      const context = await contexts.contextOf(request);
      const customer = context.customer;
      // requireCustomer let a logged-in visitor through, so the context holds that customer
      if (!customer) return redirectWithFlash(reply, '/account/login', 'info', 'Please log in to write a review.');
      try {
        await throttle.consume(customer.id, request.ip);
        const points = /^[1-5]$/.test(fields.points ?? '') ? Number(fields.points) : undefined;
        await saveProductReview(platform.db, context, customer, productId, { title: fields.title, content: fields.content, points });
      } catch (error) {
        if (!(error instanceof AppError) || error.status === 404) throw error;
        return redirectWithFlash(reply, back, 'danger', reviewProblem(error));
      }
      return redirectWithFlash(reply, back, 'success', 'Thank you! Your review will be shown once it has been approved.');
    },
    { requireCustomer: true, schema: ReviewParams },
  );
}

/** One sentence for the shopper: which fields need another look. */
function reviewProblem(error: AppError): string {
  if (error.status === 429) return 'You have written many reviews in a short time. Please try again later.';
  const pointers = (error instanceof AppErrorList ? error.entries : [error]).map((problem) => problem.pointer ?? '');
  if (pointers.includes('/customerId')) return 'You have already reviewed this product.';
  const fields = [
    pointers.includes('/title') && 'a title of at least 5 characters',
    pointers.includes('/content') && 'a review text of at least 40 characters',
    pointers.includes('/points') && 'a rating from 1 to 5 stars',
  ].filter(Boolean);
  return fields.length > 0 ? `Your review was not saved. Please give ${fields.join(', ')}.` : 'Your review was not saved.';
}
