import { pino, type DestinationStream, type Logger } from 'pino';
import type PinoPretty from 'pino-pretty';
import { lazyModule } from './util/lazy-module.js';

// only a terminal needs it
const pretty = lazyModule<typeof PinoPretty>('pino-pretty');

/**
 * Paths whose values never reach a log line: bearer tokens, passwords, secrets and webhook hashes,
 * wherever they appear in a logged object.
 */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["verif-hash"]',
  'req.headers["x-pay-a-signature"]',
  'req.headers["webhook-signature"]',
  // a secret logged at the top of the object or one level down
  'password',
  '*.password',
  // database errors of the embedded driver carry the statement's parameters (e-mails, hashes)
  'err.params',
  'secret',
  '*.secret',
  '*.client_secret',
  '*.secretAccessKey',
  '*.refresh_token',
  '*.access_token',
];

/**
 * The platform's logger, to stdout (the console logs to stderr: `fd: 2`) or a given destination. On a
 * terminal the lines are human-readable (pino-pretty, in the same process); otherwise JSON, one object
 * per line, for log collectors.
 */
export function createLogger(level: string, output: { fd?: 1 | 2; destination?: DestinationStream } = {}): Logger {
  const fd = output.fd ?? 1;
  const stream = fd === 1 ? process.stdout : process.stderr;
  const target =
    output.destination ??
    (stream.isTTY === true ? pretty()({ colorize: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname', destination: fd, sync: true }) : pino.destination(fd));
  return pino({ level, redact: { paths: REDACTED_PATHS, censor: '[redacted]' } }, target);
}
