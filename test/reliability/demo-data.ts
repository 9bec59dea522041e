import type { Suite } from './suite.js';

/**
 * Place for the demo-data scenario (added separately): generate demo data on one process while the
 * other serves, then the same checks as the other scenarios. Until then it reports nothing.
 */
export async function demoData(_suite: Suite): Promise<void> {}
