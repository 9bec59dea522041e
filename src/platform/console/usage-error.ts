/**
 * A wrong invocation (unknown option, missing value or argument). The runner prints the message and
 * the command's usage and exits with 2; commands throw it for checks their declaration cannot express
 * (e.g. a required option).
 */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}
