import { isId, isObjectLiteral, type ExtensionHost, type MessageHandlerDeclaration } from '../../../platform/sdk/index.js';
import { processReplayRun, REPLAY_QUEUE } from './replay-run.js';

/** A queued bulk replay: the worker works the run off (processReplayRun); unexpected errors are retried by the queue, and the run goes on where its progress stands. */
export const replayRunHandler: MessageHandlerDeclaration<ExtensionHost> = {
  queue: REPLAY_QUEUE,
  retryLimit: 3,
  retryDelaySeconds: 30,
  handle: async (data, host) => {
    if (!isObjectLiteral(data) || !isId(data.runId)) {
      host.logger.warn('order export replay run: malformed message dropped');
      return;
    }
    await processReplayRun(host, data.runId);
  },
};
