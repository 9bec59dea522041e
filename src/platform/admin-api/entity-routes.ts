import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requirePrivileges } from '../acl/context.js';
import type { Db } from '../database/connection.js';
import { transaction } from '../database/transaction.js';
import { AppError, errors } from '../errors/app-error.js';
import { parseCriteria } from '../entities/criteria/parse.js';
import { parseQueryCriteria } from '../entities/criteria/query-string.js';
import type { Criteria } from '../entities/criteria/types.js';
import { resourceName, type EntityDefinition } from '../entities/definition.js';
import type { EntityRegistry } from '../entities/registry.js';
import type { EntitySearchResult, RepositoryFactory } from '../entities/repository.js';
import { isPlainObject } from '../util/is-plain-object.js';
import { typed, type TypedApp } from '../http/schemas/index.js';
import { entityRouteSchemas } from './entity-route-schemas.js';
import { recordTag, requireUnchanged } from './record-precondition.js';
import { JsonApiRenderer, renderJsonApiDetail, renderJsonApiListing, type ListingLinks } from './json-api.js';

// `request.apiContext` is declared and set by the authentication hook (admin-api/auth/authenticate.ts).

export interface EntityRouteDeps {
  registry: EntityRegistry;
  repositories: RepositoryFactory;
  db: Db;
  /** False for entities of inactive or uninstalled extensions: their routes answer 404 like unknown ones. */
  isEntityAvailable(name: string): boolean;
}

type Format = 'json' | 'json-api';

/**
 * The generic Admin API routes of every registered entity. An id that is not 32
 * lowercase hex characters answers 404, as Shopware's route requirement makes the route not match.
 */
export function registerEntityRoutes(app: FastifyInstance, deps: EntityRouteDeps): void {
  for (const def of deps.registry.all()) registerEntity(typed(app), deps, def);
}

function registerEntity(app: TypedApp, deps: EntityRouteDeps, def: EntityDefinition): void {
  const schemas = entityRouteSchemas(def);
  const res = resourceName(def.name);
  const repository = () => deps.repositories.get(def.name);
  const available = (request: FastifyRequest) => {
    if (!deps.isEntityAvailable(def.name)) throw errors.routeNotFound(request.method, request.url);
  };

  const listing = async (request: FastifyRequest, reply: FastifyReply, criteria: Criteria) => {
    // an unsupported Accept is answered before any query runs
    const format = formatOf(request);
    const result = await repository().search(criteria, request.apiContext);
    return sendListing(request, reply, deps, result, format);
  };

  app.get(`/api/${res}`, { schema: schemas.list }, async (request, reply) => {
    available(request);
    return listing(request, reply, parseQueryCriteria(request.query, def, deps.registry));
  });

  app.post(`/api/search/${res}`, { schema: schemas.search }, async (request, reply) => {
    available(request);
    return listing(request, reply, parseCriteria(request.body ?? {}, def, deps.registry));
  });

  app.post(`/api/search-ids/${res}`, { schema: schemas.searchIds }, async (request) => {
    available(request);
    const { total, ids } = await repository().searchIds(parseCriteria(request.body ?? {}, def, deps.registry), request.apiContext);
    return { total, data: ids };
  });

  app.get(`/api/${res}/:id`, { schema: schemas.detail }, async (request, reply) => {
    available(request);
    const criteria = parseQueryCriteria(request.query, def, deps.registry);
    return sendDetail(request, reply, deps, def, request.params.id, criteria);
  });

  if (def.readOnlyEntity) return;

  app.post(`/api/${res}`, { schema: schemas.create }, async (request, reply) => {
    available(request);
    requirePrivileges(request.apiContext, [`${def.name}:create`]);
    const body = objectBody(request.body);
    const [id] = await transaction(deps.db, (uow) => repository().create(body, request.apiContext, uow));
    return afterWrite(request, reply, deps, def, id, request.query._response !== undefined);
  });

  app.patch(`/api/${res}/:id`, { schema: schemas.update }, async (request, reply) => {
    available(request);
    const { id } = request.params;
    requirePrivileges(request.apiContext, [`${def.name}:update`]);
    // The path names the record; an id in the body cannot redirect the update elsewhere.
    const body = { ...objectBody(request.body), id };
    await transaction(deps.db, async (uow) => {
      await requireUnchanged(uow, def, id, request.headers['if-match']);
      return repository().update(body, request.apiContext, uow);
    });
    return afterWrite(request, reply, deps, def, id, request.query._response !== undefined);
  });

  app.delete(`/api/${res}/:id`, { schema: schemas.remove }, async (request, reply) => {
    available(request);
    await transaction(deps.db, async (uow) => {
      await requireUnchanged(uow, def, request.params.id, request.headers['if-match']);
      return repository().delete([request.params.id], request.apiContext, uow);
    });
    return reply.status(204).send();
  });

  // Shopware's DELETE /api/{entity}/{id}/{association}/{referenceId}: writes only ever add links, so this
  // is how a sales channel loses a currency or a product a category
  for (const [name, association] of Object.entries(def.associations ?? {})) {
    if (association.type !== 'many-to-many') continue;
    app.delete(`/api/${res}/:id/${kebabCase(name)}/:referenceId`, { schema: schemas.unlink(association.mappingTable) }, async (request, reply) => {
      available(request);
      requirePrivileges(request.apiContext, [`${def.name}:update`, `${association.mappingTable}:delete`]);
      const { id, referenceId } = request.params;
      const removed = await deps.db
        .deleteFrom(association.mappingTable)
        .where(association.localColumn, '=', id)
        .where(association.referenceColumn, '=', referenceId)
        .executeTakeFirst();
      if (removed.numDeletedRows === 0n) throw errors.notFound(`${def.name}.${name}`, referenceId);
      return reply.status(204).send();
    });
  }
}

function kebabCase(name: string): string {
  return name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
}

function objectBody(body: unknown): Record<string, unknown> {
  if (!isPlainObject(body)) {
    throw errors.badRequest('FRAMEWORK__INVALID_REQUEST_BODY', 'The request body must be a single JSON object: one record per request.', '/');
  }
  return body;
}

/** Shopware content negotiation: JSON:API unless plain JSON is asked for. */
function formatOf(request: FastifyRequest): Format {
  const accept = (request.headers.accept ?? '').toLowerCase();
  if (accept.trim() === '' || accept.includes('application/vnd.api+json')) return 'json-api';
  if (accept.includes('application/json')) return 'json';
  if (accept.includes('*/*') || accept.includes('application/*')) return 'json-api';
  throw new AppError(415, 'FRAMEWORK__UNSUPPORTED_MEDIA_TYPE', `The Accept header "${accept}" names no supported format: use application/json or application/vnd.api+json.`);
}

/** `<origin>/api` of the request, normalised like every other link (no default port). */
function apiBase(request: FastifyRequest): string {
  return `${new URL(`${request.protocol}://${request.host}`).origin}/api`;
}

function sendListing(request: FastifyRequest, reply: FastifyReply, deps: EntityRouteDeps, result: EntitySearchResult, format: Format) {
  if (format === 'json') return reply.type('application/json').send({ total: result.total, data: result.entities, aggregations: {} });
  const renderer = new JsonApiRenderer(deps.registry, apiBase(request));
  const mode = result.criteria.ids ? 'none' : (result.criteria.totalCountMode ?? 'none');
  const body = renderJsonApiListing(renderer, result.entities, { total: result.total, totalCountMode: mode }, pageLinks(request, result));
  return reply.type('application/vnd.api+json').send(body);
}

/** Paging links for GET listings (the query's `page` varies); a POST search only links itself. */
function pageLinks(request: FastifyRequest, result: EntitySearchResult): ListingLinks {
  const url = new URL(request.url, `${request.protocol}://${request.host}`);
  const links: ListingLinks = { self: url.toString() };
  if (request.method !== 'GET' || !result.limit || result.criteria.ids) return links;
  const at = (page: number) => {
    const copy = new URL(url);
    copy.searchParams.set('page', String(page));
    return copy.toString();
  };
  links.first = at(1);
  if (result.page > 1) links.prev = at(result.page - 1);
  const mode = result.criteria.totalCountMode ?? 'none';
  const more = mode === 'none' ? result.entities.length === result.limit : result.total > result.page * result.limit;
  if (more) links.next = at(result.page + 1);
  if (mode === 'exact') links.last = at(Math.max(1, Math.ceil(result.total / result.limit)));
  return links;
}

async function sendDetail(request: FastifyRequest, reply: FastifyReply, deps: EntityRouteDeps, def: EntityDefinition, id: string, criteria: Criteria) {
  const format = formatOf(request);
  const entity = await deps.repositories.get(def.name).get(id, request.apiContext, undefined, criteria);
  if (!entity) throw errors.notFound(def.name, id);
  const tag = recordTag(entity);
  if (tag) reply.header('ETag', tag);
  if (format === 'json') return reply.type('application/json').send({ data: entity });
  return reply.type('application/vnd.api+json').send(renderJsonApiDetail(new JsonApiRenderer(deps.registry, apiBase(request)), entity));
}

/** 204 with Location, or with `?_response` (any value) 200 and the record, as Shopware answers. */
async function afterWrite(request: FastifyRequest, reply: FastifyReply, deps: EntityRouteDeps, def: EntityDefinition, id: string, withRecord: boolean) {
  const location = `${apiBase(request)}/${resourceName(def.name)}/${id}`;
  reply.header('Location', location);
  if (!withRecord) return reply.status(204).send();
  return sendDetail(request, reply, deps, def, id, {});
}
