import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import { requirePrivileges, systemContext } from '../acl/context.js';
import { isPlainObject } from '../util/is-plain-object.js';
import { errors } from '../errors/app-error.js';
import type { PlatformServices } from '../platform-services.js';
import { describedAs, documentedOnly, errorResponses, Id, typed } from '../http/schemas/index.js';
import { entityRef } from '../http/openapi/entity-schemas.js';
import { invalidStateField } from './errors.js';
import type { StatefulEntity } from './state-machine-registry.js';

const TRANSITION_RESPONSES = {
  200: documentedOnly({ type: 'object', properties: { data: entityRef('state_machine_state') }, description: 'The target state.' }),
  ...errorResponses({
    400: '`SYSTEM__ILLEGAL_STATE_TRANSITION` when the action does not leave the current state; an unknown `stateFieldName`.',
    403: 'Missing privileges.',
    404: 'No such record, entity or transition route (a malformed id too).',
  }),
};
const STATE_FIELD_NAME = Type.String({ description: 'The state field; each stateful entity has one (default `stateId`).' });
// read only when it is an object; Shopware's `sendMail`, `documentIds` etc. are accepted and ignored
const TransitionBody = documentedOnly(Type.Object({ stateFieldName: Type.Optional(STATE_FIELD_NAME) }, { description: 'Optional.' }));
// checked by requireStateField (an unknown name is SYSTEM__...), whatever its type
const TransitionQuery = Type.Object({ stateFieldName: Type.Optional(describedAs(STATE_FIELD_NAME, Type.Unknown())) });
const Transition = Type.String({ description: 'The action, e.g. `paid`, `cancel`, `reopen`.' });

const AvailableTransitions = Type.Object(
  {
    transitions: Type.Array(
      Type.Object({
        name: Type.String(),
        technicalName: Type.String(),
        actionName: Type.String(),
        fromStateName: Type.String(),
        toStateName: Type.String(),
        url: Type.String({ description: 'Where to POST to apply it.' }),
      }),
    ),
  },
  { description: 'The transitions leaving the current state.' },
);

/** The order routes of Shopware's OrderActionController and the privileges they require. */
const ORDER_TRANSITION_ROUTES: Array<{ entity: string; privileges: string[] }> = [
  { entity: 'order', privileges: ['order:update'] },
  { entity: 'order_delivery', privileges: ['order_delivery:update'] },
  // Shopware checks nothing beyond authentication here; moving a payment to paid is a write like any other
  { entity: 'order_transaction', privileges: ['order_transaction:update'] },
];

/**
 * State transitions over the Admin API. Transitions run with the caller's context so
 * the history names who acted; the answer is the target state as plain JSON.
 */
export function registerStateMachineRoutes(app: FastifyInstance, platform: Pick<PlatformServices, 'db' | 'repositories' | 'stateMachines'>): void {
  const tags = ['State machine'];
  const machines = platform.stateMachines;
  const routes = typed(app);

  /** `stateFieldName` may come in the query or the body (requireStateField). */
  const transitionAndRespond = async (
    request: FastifyRequest & { query: { stateFieldName?: unknown } },
    reply: FastifyReply,
    entity: StatefulEntity,
    id: string,
    action: string,
  ) => {
    requireStateField(request.query.stateFieldName, request.body, entity);
    const { toState } = await machines.transition({ within: platform.db, entity: entity.entity, id, action, context: request.apiContext });
    const state = await platform.repositories.get('state_machine_state').get(toState.id, systemContext);
    return reply.type('application/json').send({ data: state });
  };

  for (const { entity: name, privileges } of ORDER_TRANSITION_ROUTES) {
    routes.post(
      `/api/_action/${name}/:id/state/:transition`,
      {
        schema: {
          tags,
          summary: `Apply a state machine transition to a ${name}`,
          description: privileges.length ? `Needs ${privileges.map((p) => `\`${p}\``).join(', ')}.` : 'Needs authentication only.',
          params: Type.Object({ id: Id(), transition: Transition }),
          querystring: TransitionQuery,
          body: TransitionBody,
          response: TRANSITION_RESPONSES,
        },
      },
      async (request, reply) => {
        const { id, transition } = request.params;
        const entity = machines.statefulEntity(name);
        if (!entity) throw errors.routeNotFound(request.method, request.url);
        requirePrivileges(request.apiContext, privileges);
        return transitionAndRespond(request, reply, entity, id, transition);
      },
    );
  }

  const StatefulEntityName = Type.String({ description: 'A stateful entity, e.g. `order_transaction`.' });

  /** The stateful entity of a generic route; 404 as for an unknown route otherwise. */
  const statefulEntity = (request: FastifyRequest & { params: { entity: string } }) => {
    const entity = machines.statefulEntity(request.params.entity);
    if (!entity) throw errors.routeNotFound(request.method, request.url);
    return entity;
  };

  routes.get(
    '/api/_action/state-machine/:entity/:id/state',
    {
      schema: {
        tags,
        summary: 'List the transitions leaving a record\'s current state',
        description: 'Needs `<entity>:read`. `{"transitions":[{name, technicalName, actionName, fromStateName, toStateName, url}]}`.',
        params: Type.Object({ entity: StatefulEntityName, id: Id() }),
        response: { 200: documentedOnly(AvailableTransitions), ...errorResponses({ 403: 'Missing `<entity>:read`.', 404: 'No such record or stateful entity.' }) },
      },
    },
    async (request) => {
      const entity = statefulEntity(request);
      const { id } = request.params;
      requirePrivileges(request.apiContext, [`${entity.entity}:read`]);
      const transitions = await machines.availableTransitions(platform.db, entity.entity, id);
      return {
        transitions: transitions.map((t) => ({ ...t, url: `/api/_action/state-machine/${entity.entity}/${id}/state/${t.actionName}` })),
      };
    },
  );

  routes.post(
    '/api/_action/state-machine/:entity/:id/state/:transition',
    {
      schema: {
        tags,
        summary: 'Apply a state machine transition to a record of any stateful entity',
        description: 'Needs `<entity>:update`.',
        params: Type.Object({ entity: StatefulEntityName, id: Id(), transition: Transition }),
        querystring: TransitionQuery,
        body: TransitionBody,
        response: TRANSITION_RESPONSES,
      },
    },
    async (request, reply) => {
      const entity = statefulEntity(request);
      requirePrivileges(request.apiContext, [`${entity.entity}:update`]);
      return transitionAndRespond(request, reply, entity, request.params.id, request.params.transition);
    },
  );
}

/**
 * Shopware lets a caller name the state field (`stateFieldName`, in the query or the body); each of our
 * stateful entities has exactly one, so any other name is refused.
 */
function requireStateField(fromQuery: unknown, body: unknown, entity: StatefulEntity): void {
  const fromBody = isPlainObject(body) ? body.stateFieldName : undefined;
  const requested = fromQuery ?? fromBody;
  if (requested === undefined) return;
  const field = entity.stateColumn.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
  if (requested !== field) throw invalidStateField(String(requested));
}
