import type { Suite } from './suite.js';
export async function fuzzRoutes(_suite: Suite): Promise<void> {}
