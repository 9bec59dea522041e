import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import { requirePrivileges } from '../acl/context.js';
import type { PlatformServices } from '../platform-services.js';
import { documentedOnly, errorResponses, QueryInteger, typed } from '../http/schemas/index.js';

const FailedMessages = Type.Object(
  {
    data: Type.Array(
      Type.Object({
        id: Type.String(),
        queue: Type.String(),
        data: Type.Unknown({ description: 'The message.' }),
        error: Type.Unknown({ description: 'What the last attempt failed with.' }),
        retryCount: Type.Integer(),
        createdOn: Type.String({ format: 'date-time' }),
        completedOn: Type.String({ format: 'date-time', nullable: true }),
      }),
    ),
  },
  { description: 'The failed messages, newest first.' },
);

/** Queue visibility: Shopware's `/api/_info/queue.json` and the list of failed messages. */
export function registerQueueRoutes(app: FastifyInstance, platform: Pick<PlatformServices, 'queue'>): void {
  const routes = typed(app);
  routes.get(
    '/api/_info/queue.json',
    {
      schema: {
        tags: ['Queue'],
        summary: 'Messages waiting per queue',
        description: 'Needs `message_queue:read`.',
        response: {
          200: Type.Array(Type.Object({ name: Type.String(), size: Type.Integer() }), { description: 'Waiting messages per queue.' }),
          ...errorResponses({ 403: 'Missing message_queue:read.' }),
        },
      },
    },
    async (request) => {
      requirePrivileges(request.apiContext, ['message_queue:read']);
      return platform.queue.stats();
    },
  );

  routes.get(
    '/api/_action/message-queue/failed',
    {
      schema: {
        tags: ['Queue'],
        summary: 'Messages kept as failed after their retries',
        querystring: Type.Object({ limit: Type.Optional(QueryInteger({ minimum: 1, maximum: 500, description: 'At most this many, newest first (default 100).' })) }),
        response: { 200: documentedOnly(FailedMessages), ...errorResponses({ 400: 'A bad limit.', 403: 'Missing message_queue:read.' }) },
      },
    },
    async (request) => {
      requirePrivileges(request.apiContext, ['message_queue:read']);
      return { data: await platform.queue.failed(request.query.limit ?? 100) };
    },
  );
}
