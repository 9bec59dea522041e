import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requirePrivileges, systemContext } from '../acl/context.js';
import { isPlainObject } from '../util/is-plain-object.js';
import { errors } from '../errors/app-error.js';
import { isId } from '../ids.js';
import type { Platform } from '../kernel.js';
import { invalidStateField } from './errors.js';
import type { StatefulEntity } from './state-machine-registry.js';

const ANY_OBJECT = { type: 'object', additionalProperties: true } as const;
const ERROR = { description: 'Error: `{"errors":[{status, code, title, detail, meta}]}`', ...ANY_OBJECT };
const TRANSITION_RESPONSES = {
  200: { description: '`{"data": <the target state_machine_state>}`', ...ANY_OBJECT },
  400: { description: '`SYSTEM__ILLEGAL_STATE_TRANSITION` when the action does not leave the current state.', ...ANY_OBJECT },
  403: ERROR,
  404: ERROR,
};
const TRANSITION_BODY = {
  description: 'Optional JSON object; `stateFieldName` (default `stateId`) is the only key read. Shopware\'s `sendMail`, `documentIds` etc. are ignored.',
};
const idParam = { type: 'string', description: 'Record id: 32 lowercase hexadecimal characters. Anything else answers 404.' } as const;

/** The order routes of Shopware's OrderActionController and what they require (reference §2). */
const ORDER_TRANSITION_ROUTES: Array<{ entity: string; privileges: string[] }> = [
  { entity: 'order', privileges: ['order:update'] },
  { entity: 'order_delivery', privileges: ['order_delivery:update'] },
  // Shopware's route carries no ACL beyond authentication
  { entity: 'order_transaction', privileges: [] },
];

/**
 * State transitions over the Admin API (reference §5.1). Transitions run with the caller's context so
 * the history names who acted; the answer is the target state as plain JSON.
 */
export function registerStateMachineRoutes(app: FastifyInstance, platform: Platform): void {
  const tags = ['State machine'];
  const machines = platform.stateMachines;

  const transitionAndRespond = async (request: FastifyRequest, reply: FastifyReply, entity: StatefulEntity, id: string, action: string) => {
    requireStateField(request, entity);
    const { toState } = await machines.transition({ within: platform.db, entity: entity.entity, id, action, context: request.apiContext });
    const state = await platform.repositories.get('state_machine_state').get(toState.id, systemContext);
    return reply.type('application/json').send({ data: state });
  };

  for (const { entity: name, privileges } of ORDER_TRANSITION_ROUTES) {
    app.post(
      `/api/_action/${name}/:id/state/:transition`,
      {
        schema: {
          tags,
          summary: `Apply a state machine transition to a ${name}`,
          description: privileges.length ? `Needs ${privileges.map((p) => `\`${p}\``).join(', ')}.` : 'Needs authentication only.',
          params: { type: 'object', properties: { id: idParam, transition: { type: 'string' } }, required: ['id', 'transition'] },
          body: TRANSITION_BODY,
          response: TRANSITION_RESPONSES,
        },
      },
      async (request, reply) => {
        const { id, transition } = request.params as { id: string; transition: string };
        if (!isId(id)) throw errors.routeNotFound(request.method, request.url);
        const entity = machines.statefulEntity(name);
        if (!entity) throw errors.routeNotFound(request.method, request.url);
        requirePrivileges(request.apiContext, privileges);
        return transitionAndRespond(request, reply, entity, id, transition);
      },
    );
  }

  const genericParams = (withTransition: boolean) => ({
    type: 'object',
    properties: {
      entity: { type: 'string', description: 'A stateful entity, e.g. `order_transaction`.' },
      id: idParam,
      ...(withTransition ? { transition: { type: 'string' } } : {}),
    },
    required: withTransition ? ['entity', 'id', 'transition'] : ['entity', 'id'],
  });

  /** The stateful entity and id of a generic route; 404 as for an unknown route otherwise. */
  const genericTarget = (request: FastifyRequest) => {
    const { entity: name, id } = request.params as { entity: string; id: string };
    const entity = machines.statefulEntity(name);
    if (!entity || !isId(id)) throw errors.routeNotFound(request.method, request.url);
    return { entity, id };
  };

  app.get(
    '/api/_action/state-machine/:entity/:id/state',
    {
      schema: {
        tags,
        summary: 'List the transitions leaving a record\'s current state',
        description: 'Needs `<entity>:read`. `{"transitions":[{name, technicalName, actionName, fromStateName, toStateName, url}]}`.',
        params: genericParams(false),
        response: { 200: { description: 'The available transitions.', ...ANY_OBJECT }, 403: ERROR, 404: ERROR },
      },
    },
    async (request) => {
      const { entity, id } = genericTarget(request);
      requirePrivileges(request.apiContext, [`${entity.entity}:read`]);
      const transitions = await machines.availableTransitions(platform.db, entity.entity, id);
      return {
        transitions: transitions.map((t) => ({ ...t, url: `/api/_action/state-machine/${entity.entity}/${id}/state/${t.actionName}` })),
      };
    },
  );

  app.post(
    '/api/_action/state-machine/:entity/:id/state/:transition',
    {
      schema: {
        tags,
        summary: 'Apply a state machine transition to a record of any stateful entity',
        description: 'Needs `<entity>:update`.',
        params: genericParams(true),
        body: TRANSITION_BODY,
        response: TRANSITION_RESPONSES,
      },
    },
    async (request, reply) => {
      const { entity, id } = genericTarget(request);
      requirePrivileges(request.apiContext, [`${entity.entity}:update`]);
      return transitionAndRespond(request, reply, entity, id, (request.params as { transition: string }).transition);
    },
  );
}

/**
 * Shopware lets a caller name the state field (`stateFieldName`, in the query or the body); each of our
 * stateful entities has exactly one, so any other name is refused.
 */
function requireStateField(request: FastifyRequest, entity: StatefulEntity): void {
  const fromQuery = (request.query as Record<string, unknown> | undefined)?.stateFieldName;
  const fromBody = isPlainObject(request.body) ? request.body.stateFieldName : undefined;
  const requested = fromQuery ?? fromBody;
  if (requested === undefined) return;
  const field = entity.stateColumn.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
  if (requested !== field) throw invalidStateField(String(requested));
}
