import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import { requirePrivileges } from '../acl/context.js';
import { errorResponses, typed } from '../http/schemas/index.js';
import type { ScheduledTaskService } from './scheduled-task-service.js';

const RUN_PRIVILEGE = 'scheduled_task:update';

/**
 * Shopware's `POST /api/_action/scheduled-task/run` (runs every due task in this process, as its own
 * scheduler tick would; answers once they ran) and `GET /api/_action/scheduled-task/min-run-interval` (the
 * shortest interval of the registered tasks, in seconds). Whichever process is asked, a task runs once at
 * a time: the task's lease decides, so a task another process is running is left to it.
 */
export function registerScheduledTaskRoutes(app: FastifyInstance, scheduledTasks: Pick<ScheduledTaskService, 'runDue' | 'list' | 'intervalsOf'>): void {
  const routes = typed(app);
  const needs = (privileges: string[]) => async (request: FastifyRequest) => requirePrivileges(request.apiContext, privileges);
  routes.post(
    '/api/_action/scheduled-task/run',
    {
      schema: {
        tags: ['Scheduled tasks'],
        summary: 'Run the scheduled tasks that are due',
        description: `Runs every due task in the process asked (one run at a time per task across processes: a task another process runs is skipped) and answers when they are done; \`outcomes\` says what each did (\`ran\`, \`failed\`, \`busy\`, \`not-due\`). Needs \`${RUN_PRIVILEGE}\`.`,
        response: {
          200: Type.Object({ message: Type.Literal('Success'), outcomes: Type.Record(Type.String(), Type.String()) }),
          ...errorResponses({ 403: 'Missing privileges.' }),
        },
      },
      preValidation: needs([RUN_PRIVILEGE]),
    },
    async () => ({ message: 'Success' as const, outcomes: await scheduledTasks.runDue() }),
  );
  routes.get(
    '/api/_action/scheduled-task/min-run-interval',
    {
      schema: {
        tags: ['Scheduled tasks'],
        summary: 'The shortest interval of the scheduled tasks',
        description: 'In seconds; 0 without tasks. Needs `scheduled_task:read`.',
        response: { 200: Type.Object({ minRunInterval: Type.Integer() }), ...errorResponses({ 403: 'Missing privileges.' }) },
      },
      preValidation: needs(['scheduled_task:read']),
    },
    async () => {
      const intervals = scheduledTasks.intervalsOf();
      return { minRunInterval: intervals.length === 0 ? 0 : Math.min(...intervals) };
    },
  );
}
