import type { FastifyInstance } from 'fastify';
import { requirePrivileges } from '../acl/context.js';
import type { Platform } from '../kernel.js';

/** Queue visibility: Shopware's `/api/_info/queue.json` and the list of failed messages. */
export function registerQueueRoutes(app: FastifyInstance, platform: Platform): void {
  app.get(
    '/api/_info/queue.json',
    {
      schema: {
        tags: ['Queue'],
        summary: 'Messages waiting per queue',
        response: { 200: { type: 'array', items: { type: 'object', properties: { name: { type: 'string' }, size: { type: 'integer' } } } } },
      },
    },
    async () => platform.queue.stats(),
  );

  app.get(
    '/api/_action/message-queue/failed',
    {
      schema: {
        tags: ['Queue'],
        summary: 'Messages kept as failed after their retries',
        querystring: { type: 'object', properties: { limit: { type: 'integer', minimum: 1, maximum: 500 } } },
      },
    },
    async (request) => {
      requirePrivileges(request.apiContext, ['message_queue:read']);
      const { limit } = request.query as { limit?: number };
      return { data: await platform.queue.failed(limit ?? 100) };
    },
  );
}
