import type { PlatformCommand } from '../console/platform-command.js';
import { EXIT } from '../console/exit-codes.js';
import { formatTable } from '../console/table.js';
import { UsageError } from '../console/usage-error.js';

const iso = (date: Date | null) => (date ? date.toISOString() : '-');

/** `scheduled-task:list`: every declared task with its interval, status, last and next run. */
export const scheduledTaskListCommand: PlatformCommand<'scheduledTasks'> = {
  name: 'scheduled-task:list',
  description: 'List the scheduled tasks: interval, status, last and next run',
  async run(_input, io, platform) {
    const rows = await platform.scheduledTasks.list();
    const lines = formatTable(
      ['Name', 'Interval (s)', 'Status', 'Last run', 'Next run'],
      rows.map((row) => [row.name, String(row.runInterval), row.status, iso(row.lastExecutionTime), iso(row.nextExecutionTime)]),
    );
    for (const line of lines) io.out(line);
    return EXIT.ok;
  },
};

/** `scheduled-task:run [name]`: the named task now (due or not), or every due task; waits for the run. */
export const scheduledTaskRunCommand: PlatformCommand<'scheduledTasks'> = {
  name: 'scheduled-task:run',
  description: 'Run one scheduled task now (due or not), or without a name every task that is due',
  arguments: [{ name: 'name', description: 'The task (see scheduled-task:list); default: every due task' }],
  async run(input, io, platform) {
    const name = input.args.name;
    const outcomes = name ? { [name]: await platform.scheduledTasks.run(name, { force: true }) } : await platform.scheduledTasks.runDue();
    if (name && outcomes[name] === 'unknown') {
      throw new UsageError(`Unknown scheduled task: ${name}. Known tasks: ${platform.scheduledTasks.names().join(', ') || '(none)'}.`);
    }
    for (const [task, outcome] of Object.entries(outcomes)) io.out(`${task}: ${outcome}`);
    if (Object.keys(outcomes).length === 0) io.out('No task is due.');
    return Object.values(outcomes).some((outcome) => outcome === 'failed') ? EXIT.failure : EXIT.ok;
  },
};
