import type { PlatformModule } from '../module.js';
import { scheduledTaskListCommand, scheduledTaskRunCommand } from './commands.js';
import { scheduledTaskEntity } from './entity.js';
import { scheduledTaskMigration } from './migration.js';
import { registerScheduledTaskRoutes } from './routes.js';

/**
 * Recurring jobs of the host and its extensions (`scheduledTasks` of their declarations), run by every
 * worker process's scheduler tick, one run at a time per task (scheduled-task-service.ts); the rows are
 * `scheduled_task` in the Admin API, `POST /api/_action/scheduled-task/run` and `bin/console scheduled-task:list|run`.
 */
export const scheduledTaskModule: PlatformModule = {
  name: 'scheduled-task',
  migrations: [scheduledTaskMigration],
  entities: [scheduledTaskEntity],
  commands: [scheduledTaskListCommand, scheduledTaskRunCommand],
  routes: (app, platform) => registerScheduledTaskRoutes(app, platform.scheduledTasks),
};
