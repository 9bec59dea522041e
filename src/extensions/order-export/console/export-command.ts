import { AppError, EXIT, isObjectLiteral, UsageError, type CommandIo, type ConsoleCommand, type ExtensionHost } from '../../../platform/sdk/index.js';
import { exportOrder } from '../export/export-order.js';
import type { ExportResult } from '../export/export-result.js';

/** `bin/console ext:order-export:export --order <id> --target <id> [--force]`: one export, as the Admin API route does it. */
export const exportCommand: ConsoleCommand<ExtensionHost> = {
  name: 'ext:order-export:export',
  description: 'Exports one order to one export target now',
  options: {
    order: { type: 'string', valueName: '<id>', description: 'The order id' },
    target: { type: 'string', valueName: '<id>', description: 'The export target (ext_order_export_config) id' },
    force: { type: 'boolean', description: 'Send a new revision even if nothing changed' },
  },
  async run(input, io, host) {
    const orderId = input.options.order;
    const configId = input.options.target;
    if (typeof orderId !== 'string' || typeof configId !== 'string') throw new UsageError('--order and --target are required.');
    try {
      const result = await exportOrder(host, { orderId, configId, forceReExport: input.options.force === true });
      printResult(io, result);
      return result.outcome === 'failed' ? EXIT.failure : EXIT.ok;
    } catch (error) {
      return reportExportError(io, error);
    }
  },
};

export function printResult(io: CommandIo, result: ExportResult): void {
  io.out(`${result.outcome}: revision ${result.revision}, correlation id ${result.correlationId}, attempt ${result.attemptId}`);
}

/** A refused export as lines a shell user can act on; render errors field by field. */
export function reportExportError(io: CommandIo, error: unknown): number {
  if (!(error instanceof AppError)) throw error;
  io.err(error.message);
  const fieldErrors = error.meta?.fieldErrors;
  if (isObjectLiteral(fieldErrors)) for (const [path, message] of Object.entries(fieldErrors)) io.err(`  ${path}: ${String(message)}`);
  return EXIT.failure;
}
