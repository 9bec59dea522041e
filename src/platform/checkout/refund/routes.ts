import type { FastifyInstance } from 'fastify';
import { requirePrivileges } from '../../acl/context.js';
import { errorResponses, IdParams, noContent, typed } from '../../http/schemas/index.js';
import type { PlatformServices } from '../../platform-services.js';
import { processRefund } from './payment-refund-processor.js';

/** Shopware's role key for refunds; stored in a role's privileges like any privilege (exact match). */
export const REFUND_PRIVILEGE = 'order_refund.editor';

export function registerRefundRoutes(app: FastifyInstance, platform: Pick<PlatformServices, 'db' | 'logger' | 'payments' | 'stateMachines'>): void {
  typed(app).post(
    '/api/_action/order_transaction_capture_refund/:refundId',
    {
      schema: {
        tags: ['Order'],
        summary: "Process a refund through its payment method's handler",
        description: `Needs \`${REFUND_PRIVILEGE}\`.`,
        params: IdParams('refundId'),
        response: {
          204: noContent('The handler processed the refund'),
          ...errorResponses({
            400: 'The refund is not open, its payment method cannot refund, or the handler declined it.',
            403: `Missing ${REFUND_PRIVILEGE}.`,
            404: 'No such refund (CHECKOUT__REFUND_UNKNOWN_ERROR), or a malformed id.',
          }),
        },
      },
    },
    async (request, reply) => {
      requirePrivileges(request.apiContext, [REFUND_PRIVILEGE]);
      await processRefund(platform, request.params.refundId, request.apiContext);
      return reply.status(204).send();
    },
  );
}
