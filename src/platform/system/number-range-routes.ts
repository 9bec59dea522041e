import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import { requirePrivileges } from '../acl/context.js';
import type { Db } from '../database/connection.js';
import { transaction } from '../database/transaction.js';
import { AppError, errors } from '../errors/app-error.js';
import { errorResponses, QueryInteger, typed } from '../http/schemas/index.js';
import { previewNumber, reserveNumber } from './number-range.js';

const NumberAnswer = Type.Object({ number: Type.String({ description: 'The number as the pattern writes it (`SW10042`).' }) });
const RangeParams = Type.Object({
  type: Type.String({ maxLength: 255, description: 'The range\'s technical name: `order`, `customer`.' }),
  saleschannel: Type.Optional(Type.String({ maxLength: 64, description: 'Ignored: ranges are shop-wide here.' })),
});

/**
 * Shopware's number range actions: `reserve/{type}` hands out the next number (with `?preview=1` only tells
 * it, consuming nothing), `preview-pattern/{type}` writes a pattern and start as a range would, so a form
 * can show what it would produce before it is saved.
 */
export function registerNumberRangeRoutes(app: FastifyInstance, db: Db): void {
  const routes = typed(app);
  const needs = (privileges: (request: FastifyRequest) => string[]) => async (request: FastifyRequest) => requirePrivileges(request.apiContext, privileges(request));
  const reserveSchema = {
    tags: ['Number ranges'],
    summary: 'Reserve (or preview) the next number of a range',
    description: 'Hands out the next number, never to be handed out again. Needs `number_range:update`. With `preview=1` (or `true`) the number is only shown, for `number_range:read` alone.',
    params: RangeParams,
    querystring: Type.Object({ preview: Type.Optional(Type.Union([Type.Literal('1'), Type.Literal('0'), Type.Literal('true'), Type.Literal('false')])) }),
    response: { 200: NumberAnswer, ...errorResponses({ 403: 'Missing privileges.', 404: 'No range of that type.' }) },
  };
  const isPreview = (request: FastifyRequest) => ['1', 'true'].includes((request.query as { preview?: string }).preview ?? '');
  const reserve = async (request: FastifyRequest) => {
    const { type } = request.params as { type: string };
    if (isPreview(request)) {
      const number = await previewNumber(db, type);
      if (number === null) throw errors.notFound('number_range', type);
      return { number };
    }
    try {
      return { number: await transaction(db, (uow) => reserveNumber(uow, type)) };
    } catch (error) {
      // an unknown type is the caller's mistake here (404), not the configuration fault it is in a checkout
      if (error instanceof AppError && error.code === 'SYSTEM__NUMBER_RANGE_NOT_FOUND') throw errors.notFound('number_range', type);
      throw error;
    }
  };
  const privileges = (request: FastifyRequest) => [isPreview(request) ? 'number_range:read' : 'number_range:update'];
  routes.get('/api/_action/number-range/reserve/:type', { schema: reserveSchema, preValidation: needs(privileges) }, reserve);
  routes.get('/api/_action/number-range/reserve/:type/:saleschannel', { schema: reserveSchema, preValidation: needs(privileges) }, reserve);

  routes.get(
    '/api/_action/number-range/preview-pattern/:type',
    {
      schema: {
        tags: ['Number ranges'],
        summary: 'What a pattern and start would produce',
        description: 'The first number of a range with this pattern and start (`{n}` replaced by `start`). Needs `number_range:read`.',
        params: Type.Object({ type: Type.String({ maxLength: 255 }) }),
        querystring: Type.Object({ pattern: Type.Optional(Type.String({ maxLength: 255 })), start: Type.Optional(QueryInteger({ minimum: 0, maximum: 2_147_483_647, description: 'The first number.' })) }),
        response: { 200: NumberAnswer, ...errorResponses({ 400: 'Invalid pattern or start.', 403: 'Missing privileges.' }) },
      },
      preValidation: needs(() => ['number_range:read']),
    },
    async (request) => ({ number: (request.query.pattern ?? '{n}').replace('{n}', String(request.query.start ?? 0)) }),
  );
}
