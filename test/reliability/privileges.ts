import type { Suite } from './suite.js';
export async function privilegeMatrix(_suite: Suite): Promise<void> {}
