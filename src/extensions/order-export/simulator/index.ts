export { startTargetSimulator } from './target-simulator.js';
export { sendAcknowledgement } from './acknowledgement.js';
export type * from './types.js';
