import type { Suite } from './suite.js';
export async function killOneProcess(_suite: Suite): Promise<void> {}
