import type { FastifyInstance } from 'fastify';
import { requirePrivileges } from '../../acl/context.js';
import { errors } from '../../errors/app-error.js';
import { isId } from '../../ids.js';
import type { Platform } from '../../kernel.js';
import { processRefund } from './payment-refund-processor.js';

/** Shopware's role key for refunds; stored in a role's privileges like any privilege (exact match). */
export const REFUND_PRIVILEGE = 'order_refund.editor';

export function registerRefundRoutes(app: FastifyInstance, platform: Platform): void {
  app.post(
    '/api/_action/order_transaction_capture_refund/:refundId',
    {
      schema: {
        tags: ['Order'],
        summary: "Process a refund through its payment method's handler",
        params: { type: 'object', properties: { refundId: { type: 'string' } }, required: ['refundId'] },
        response: { 204: { type: 'null', description: 'The handler processed the refund' } },
      },
    },
    async (request, reply) => {
      requirePrivileges(request.apiContext, [REFUND_PRIVILEGE]);
      const { refundId } = request.params as { refundId: string };
      if (!isId(refundId)) throw errors.routeNotFound(request.method, request.url);
      await processRefund(platform, refundId, request.apiContext);
      return reply.status(204).send();
    },
  );
}
