import { formatTable } from '../tally.js';
import { describeKept, type RemovalReport } from './remove-demo-data.js';

/** The console output of a removal: the table, the kept rows with their reasons, and the closing line. */
export function renderRemoval(report: RemovalReport): string[] {
  const lines = formatTable(report.headers, report.rows);
  if (report.kept.length > 0) lines.push('', 'Kept:', ...report.kept.map((row) => `  - ${describeKept(row)}`));
  const verb = report.dryRun ? 'would be removed' : 'removed';
  lines.push('', `${report.removed} ${report.removed === 1 ? 'row' : 'rows'} ${verb}, ${report.kept.length} kept.${report.dryRun ? ' Nothing was written (dry run).' : ''}`);
  return lines;
}
