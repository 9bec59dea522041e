import type { Suite } from './suite.js';
export async function scanResponsesForSecrets(_suite: Suite): Promise<void> {}
export async function scanLogsForSecrets(_suite: Suite): Promise<void> {}
