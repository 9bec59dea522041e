import type { MessageHandlerDeclaration } from '../declarations.js';
import type { PlatformServices } from '../platform-services.js';
import { isId } from '../ids.js';
import { executeRun, IMPORT_EXPORT_QUEUE } from './runs.js';

/** Runs one queued import or export; a retried job resumes after the last committed batch. */
export const importExportHandler: MessageHandlerDeclaration<Pick<PlatformServices, 'db' | 'repositories' | 'entities'>> = {
  queue: IMPORT_EXPORT_QUEUE,
  retryLimit: 3,
  async handle(data, platform) {
    const { logId } = (data ?? {}) as { logId?: unknown };
    if (isId(logId)) await executeRun(platform, logId);
  },
};
