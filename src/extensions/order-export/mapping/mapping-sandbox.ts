import { SandboxLimitError, type ExtensionHost } from '../../../platform/sdk/index.js';
import type { MappingValidationResult } from './definition-validation.js';
import type { MappingImportResult, MappingTextFormat } from './mapping-text.js';
import type { RenderAnswer, RenderInput } from './mapping-tasks.js';

/**
 * The main thread's side of mapping evaluation: every validation, render, text import and export runs in
 * the platform's sandbox (mapping-tasks.ts in a worker thread), so an expression or a text that runs for
 * minutes or needs gigabytes stops at the sandbox's limits instead of stalling the process. A stopped
 * task comes back as a value the caller answers in its route's shape.
 */
const TASKS = new URL('./mapping-tasks.js', import.meta.url);

/** The key of a render error about the whole payload (a limit stopped the render): no field is to blame. */
export const WHOLE_PAYLOAD = '$';

export type SandboxedRender = RenderAnswer | { stopped: string };

export async function validateInSandbox(host: ExtensionHost, definition: unknown): Promise<MappingValidationResult> {
  const answer = await stoppable(host.sandbox.run<MappingValidationResult>(TASKS, 'validate', { definition }));
  return 'stopped' in answer ? { valid: false, problems: [`definition: the validation was stopped: ${answer.stopped}`] } : answer;
}

/** Renders an order; `versionId` keeps the compiled mapping cached under the saved version's id. */
export function renderInSandbox(host: ExtensionHost, input: RenderInput): Promise<SandboxedRender> {
  return stoppable(host.sandbox.run<RenderAnswer>(TASKS, 'render', input));
}

export async function importTextInSandbox(host: ExtensionHost, content: string, format: MappingTextFormat): Promise<MappingImportResult> {
  const answer = await stoppable(host.sandbox.run<MappingImportResult>(TASKS, 'importText', { content, format }));
  return 'stopped' in answer ? { valid: false, error: `the import was stopped: ${answer.stopped}` } : answer;
}

export function exportTextInSandbox(host: ExtensionHost, definition: unknown, format: MappingTextFormat): Promise<{ content: string; format: MappingTextFormat } | { stopped: string }> {
  return stoppable(host.sandbox.run<{ content: string; format: MappingTextFormat }>(TASKS, 'exportText', { definition, format }));
}

async function stoppable<T>(task: Promise<T>): Promise<T | { stopped: string }> {
  try {
    return await task;
  } catch (error) {
    if (error instanceof SandboxLimitError) return { stopped: error.message };
    throw error;
  }
}
