import { Type } from '@sinclair/typebox';
import { ENTITY_KEY } from '../http/openapi/availability.js';
import { entityRef, requiredOnCreate } from '../http/openapi/entity-schemas.js';
import { component, criteriaSchema, CriteriaQuery, documentedOnly, errorResponses, Id, IdParams, noContent } from '../http/schemas/index.js';
import { ADMIN_API_MAX_LIMIT } from '../entities/criteria/types.js';
import type { EntityDefinition } from '../entities/definition.js';

/** `?_response` on writes: any value asks for 200 with the record instead of 204. */
const WriteQuery = Type.Object(
  { _response: Type.Optional(Type.String({ description: 'Any value: answer 200 with the record (plain JSON or JSON:API) instead of 204.' })) },
  { additionalProperties: true },
);

/** Optimistic locking (record-precondition.ts): the version a client read, as the detail's `ETag` named it. */
const PreconditionHeaders = Type.Object(
  {
    'if-match': Type.Optional(
      Type.String({ maxLength: 1000, description: 'The `ETag` of the version read (or `*`): the write is refused with 412 when the record has changed since.' }),
    ),
  },
  { additionalProperties: true },
);

// one schema object for every entity's routes: compiled once
const ID_PARAMS = IdParams('id');
const UNLINK_PARAMS = IdParams('id', 'referenceId');

const JsonApiDocument = Type.Object(
  {
    data: Type.Unknown({ description: 'One resource object `{id, type, attributes, relationships, links, meta}`, or a list of them.' }),
    included: Type.Optional(Type.Array(Type.Object({}, { additionalProperties: true }), { description: 'Every loaded associated record, once.' })),
    links: Type.Optional(Type.Object({}, { additionalProperties: true, description: 'self; first, prev, next, last on GET listings.' })),
    meta: Type.Optional(Type.Object({ total: Type.Optional(Type.Integer()), totalCountMode: Type.Optional(Type.Integer()) }, { additionalProperties: true })),
  },
  { description: 'JSON:API rendering (Accept: application/vnd.api+json, */* or none).' },
);

/**
 * The schemas of an entity's generic routes (entity-routes.ts), as Shopware's document has them: the
 * entity's component schema in bodies and answers, the Criteria for searches. Bodies are documented,
 * not validated: the entity layer checks a write and reports every violation with its JSON pointer,
 * and parseCriteria does the same for a criteria. Path ids are validated (a malformed one is a 404).
 */
export function entityRouteSchemas(def: EntityDefinition) {
  const common = { tags: [def.name], [ENTITY_KEY]: def.name };
  const record = entityRef(def.name);
  const answers = (json: Record<string, unknown>, description: string) =>
    documentedOnly({
      description,
      content: { 'application/json': { schema: json }, 'application/vnd.api+json': { schema: component('JsonApiDocument', JsonApiDocument) } },
    });
  const listing = answers(
    { type: 'object', properties: { total: { type: 'integer' }, data: { type: 'array', items: record }, aggregations: { type: 'object' } } },
    `A page of ${def.name} records: plain JSON for Accept: application/json, else JSON:API.`,
  );
  const detail = (description: string) => answers({ type: 'object', properties: { data: record } }, description);
  const criteria = documentedOnly(criteriaSchema(ADMIN_API_MAX_LIMIT));
  const required = requiredOnCreate(def);
  const written = noContent('Written; `Location` names the record.');

  return {
    list: {
      ...common,
      summary: `List ${def.name} records`,
      querystring: CriteriaQuery,
      response: { 200: listing, ...errorResponses({ 400: 'Invalid criteria.', 403: 'Missing privileges.', 415: 'Unsupported Accept header.' }) },
    },
    search: {
      ...common,
      summary: `Search ${def.name} records with a criteria`,
      body: criteria,
      response: { 200: listing, ...errorResponses({ 400: 'Invalid criteria (every problem with its pointer).', 403: 'Missing privileges.' }) },
    },
    searchIds: {
      ...common,
      summary: `Search ${def.name} ids with a criteria`,
      body: criteria,
      response: {
        200: documentedOnly(Type.Object({ total: Type.Integer(), data: Type.Array(Id()) }, { description: 'The matching ids.' })),
        ...errorResponses({ 400: 'Invalid criteria.', 403: 'Missing privileges.' }),
      },
    },
    detail: {
      ...common,
      summary: `Read one ${def.name}`,
      params: ID_PARAMS,
      querystring: CriteriaQuery,
      response: { 200: detail(`The ${def.name}. \`ETag\` names its version, for \`If-Match\` on a later write.`), ...errorResponses({ 403: 'Missing privileges.', 404: 'No such record, or a malformed id.' }) },
    },
    create: {
      ...common,
      summary: `Create a ${def.name}`,
      description: 'Nested associations are written in the same transaction. Unknown and read-only fields are refused; every violation is reported with its pointer.',
      querystring: WriteQuery,
      body: documentedOnly(required.length === 0 ? record : { allOf: [record, { required }] }),
      response: {
        200: detail('The created record (with `_response`).'),
        204: written,
        ...errorResponses({ 400: 'Write violations, each with its pointer (`/name`).', 403: 'Missing privileges (all of them, nested writes included).' }),
      },
    },
    update: {
      ...common,
      summary: `Update a ${def.name}`,
      description: 'Only the fields to change; an `id` in the body is ignored (the path names the record).',
      params: ID_PARAMS,
      querystring: WriteQuery,
      headers: PreconditionHeaders,
      body: documentedOnly(record),
      response: {
        200: detail('The updated record (with `_response`).'),
        204: written,
        ...errorResponses({
          400: 'Write violations, each with its pointer.',
          403: 'Missing privileges.',
          404: 'No such record, or a malformed id.',
          412: 'Changed since the version in `If-Match` (`FRAMEWORK__RECORD_CHANGED`); nothing written.',
        }),
      },
    },
    /** One route per many-to-many association: its mapping table names the second privilege. */
    unlink: (mappingTable: string) => ({
      ...common,
      summary: `Remove a link of a ${def.name} to one record of a many-to-many association`,
      description: `The linked record itself stays. Needs \`${def.name}:update\` and \`${mappingTable}:delete\`.`,
      params: UNLINK_PARAMS,
      response: { 204: noContent('Unlinked.'), ...errorResponses({ 403: 'Missing privileges.', 404: 'No such record or link, or a malformed id.' }) },
    }),
    remove: {
      ...common,
      summary: `Delete a ${def.name}`,
      params: ID_PARAMS,
      headers: PreconditionHeaders,
      response: {
        204: noContent('Deleted.'),
        ...errorResponses({ 400: 'Still referenced.', 403: 'Missing privileges.', 404: 'No such record, or a malformed id.', 412: 'Changed since the version in `If-Match`; nothing deleted.' }),
      },
    },
  };
}
