import { defineRoute, errorResponses, errors, type ExtensionHost, type RouteDeclaration } from '../../../platform/sdk/index.js';
import { loadBlueprint } from '../blueprint/load-blueprint.js';
import { GENERATE_PRIVILEGE, MANAGE_USER_PRIVILEGE } from '../config.js';
import { demoUserInfo, provisionDemoUser } from '../demo-user/demo-user.js';
import { describeOptionProblems, resolveSeedOptions, type SeedOptionField } from '../options.js';
import { queueRun } from '../run/queued-run.js';
import { countRealOrders, realOrdersMessage } from '../remove/real-orders.js';
import { readStatus } from '../run/status-record.js';
import { DemoUserAnswer, DemoUserBody, GenerateAnswer, GenerateBody, RemoveBody, StatusAnswer } from './schemas.js';

const PREFIX = '/api/_action/ext-demo-data';
const TAG = 'Demo data';
/** Option names as the request body spells them, for messages. */
const BODY_LABELS: Record<SeedOptionField, string> = { channels: 'channels', perCategory: 'perCategory', skipMedia: 'withMedia', skipOrders: 'withOrders' };

/** The privilege is checked before the body is validated: a caller without it learns nothing more. */
function privileged(privilege: string) {
  return { privileges: [privilege] };
}

function described(summary: string, privilege: string) {
  return { tags: [TAG], summary, description: `Needs the privilege \`${privilege}\`.` };
}

export function demoDataRoutes(host: ExtensionHost): RouteDeclaration[] {
  return [
    defineRoute({
      method: 'POST',
      url: `${PREFIX}/generate`,
      ...privileged(GENERATE_PRIVILEGE),
      schema: {
        ...described('Queue a demo data run', GENERATE_PRIVILEGE),
        body: GenerateBody,
        response: { 202: GenerateAnswer, 409: GenerateAnswer, ...errorResponses({ 400: 'Unknown channel key or bad perCategory.', 403: 'Missing privilege.' }) },
      },
      handler: async (request, reply) => {
        const blueprint = await loadBlueprint();
        const body = request.body;
        const resolved = resolveSeedOptions(
          {
            channels: body.channels ?? [],
            perCategory: body.perCategory,
            skipMedia: body.withMedia === undefined ? false : !body.withMedia,
            skipOrders: body.withOrders === undefined ? false : !body.withOrders,
          },
          blueprint,
        );
        if (!resolved.ok) {
          const first = resolved.problems[0]!;
          throw errors.invalidRequest(describeOptionProblems(resolved.problems, BODY_LABELS).join(' '), `/${BODY_LABELS[first.field]}`);
        }
        if (body.confirmRealOrders !== true) {
          const realOrders = await countRealOrders(host, blueprint);
          // nothing queued: the Administration asks, then sends the request again with the confirmation
          if (realOrders > 0) return reply.code(409).send({ status: await readStatus(host), accepted: false, confirmationRequired: true, realOrders, message: realOrdersMessage(realOrders) });
        }
        const outcome = await queueRun(host, { kind: 'seed', options: resolved.options });
        return reply.code(outcome.accepted ? 202 : 409).send({ status: outcome.status, accepted: outcome.accepted });
      },
    }),
    defineRoute({
      method: 'POST',
      url: `${PREFIX}/remove`,
      ...privileged(GENERATE_PRIVILEGE),
      schema: {
        ...described('Queue the removal of the demo data (or a dry run)', GENERATE_PRIVILEGE),
        body: RemoveBody,
        response: { 202: GenerateAnswer, 409: GenerateAnswer, ...errorResponses({ 400: 'Unknown channel key.', 403: 'Missing privilege.' }) },
      },
      handler: async (request, reply) => {
        const blueprint = await loadBlueprint();
        const resolved = resolveSeedOptions({ channels: request.body.channels ?? [] }, blueprint);
        if (!resolved.ok) throw errors.invalidRequest(describeOptionProblems(resolved.problems, BODY_LABELS).join(' '), '/channels');
        const outcome = await queueRun(host, { kind: 'remove', options: { channels: resolved.options.channels, dryRun: request.body.dryRun === true } });
        return reply.code(outcome.accepted ? 202 : 409).send({ status: outcome.status, accepted: outcome.accepted });
      },
    }),
    defineRoute({
      method: 'GET',
      url: `${PREFIX}/status`,
      ...privileged(GENERATE_PRIVILEGE),
      schema: { ...described('Status of the current or last run', GENERATE_PRIVILEGE), response: { 200: StatusAnswer, ...errorResponses({ 403: 'Missing privilege.' }) } },
      handler: async () => {
        const blueprint = await loadBlueprint();
        return {
          status: await readStatus(host),
          channels: blueprint.channels.map((c) => ({ key: c.key, name: c.name })),
          defaultPerCategory: blueprint.defaultPerCategory,
          demoUser: await demoUserInfo(host),
        };
      },
    }),
    defineRoute({
      method: 'POST',
      url: `${PREFIX}/demo-user`,
      ...privileged(MANAGE_USER_PRIVILEGE),
      schema: {
        ...described('Create the read-only Administration user', MANAGE_USER_PRIVILEGE),
        body: DemoUserBody,
        response: { 200: DemoUserAnswer, 409: DemoUserAnswer, ...errorResponses({ 403: 'Missing privilege.' }) },
      },
      handler: async (request, reply) => {
        const result = await provisionDemoUser(host, { email: request.body.email, username: request.body.username, rotatePassword: request.body.rotatePassword === true });
        return reply.code(result.refused ? 409 : 200).send(result);
      },
    }),
  ];
}
