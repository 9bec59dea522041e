import { pino, type DestinationStream, type Logger } from 'pino';

/**
 * Paths whose values never reach a log line: bearer tokens, passwords, secrets and webhook hashes,
 * wherever they appear in a logged object.
 */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["verif-hash"]',
  'req.headers["x-pay-a-signature"]',
  '*.password',
  // database errors of the embedded driver carry the statement's parameters (e-mails, hashes)
  'err.params',
  '*.secret',
  '*.client_secret',
  '*.secretAccessKey',
  '*.refresh_token',
  '*.access_token',
];

/** The platform's logger; `destination` defaults to stdout (the console logs to stderr instead). */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino({ level, redact: { paths: REDACTED_PATHS, censor: '[redacted]' } }, destination);
}
