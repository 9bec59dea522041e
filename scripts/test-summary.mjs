// Prints vitest's JSON report as one plain closing line: `<label>: N passed, N failed, N skipped in N s`,
// the wall time (seconds, measured by the caller around `npm test`) included so slow runs show in CI logs.
import { existsSync, readFileSync } from 'node:fs';

const [file, label = 'tests', seconds] = process.argv.slice(2);
const took = seconds === undefined ? '' : ` in ${seconds} s`;
if (!existsSync(file)) {
  console.log(`${label}: no report (vitest ended before writing it)${took}`);
  process.exit(1);
}
const report = JSON.parse(readFileSync(file, 'utf8'));
const skipped = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
console.log(`${label}: ${report.numPassedTests} passed, ${report.numFailedTests} failed, ${skipped} skipped${took}`);
