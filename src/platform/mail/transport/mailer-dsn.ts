import type { SMTPTransportOptions } from 'nodemailer/lib/smtp-transport';

/** What a MAILER_DSN configures: nodemailer's SMTP options and the values no message may show. */
export interface SmtpConfiguration {
  options: SMTPTransportOptions;
  /** The password and its encodings on the wire, masked in every error that is stored or logged. */
  secrets: string[];
  /** `host:port`, for messages. */
  target: string;
}

const TRUE = new Set(['1', 'true', 'yes', 'on']);
const FALSE = new Set(['0', 'false', 'no', 'off']);

/**
 * Reads a MAILER_DSN, Symfony Mailer's spelling that Shopware uses:
 * - `smtp://user:pass@host:587` connects in plain text and upgrades with STARTTLS when the server offers
 *   it (`?require_tls=1` refuses a server that does not);
 * - `smtps://user:pass@host:465` speaks TLS from the start;
 * - `?verify_peer=0` accepts a certificate that does not verify (a test server), `?local_domain=shop.example.com`
 *   sets the EHLO name.
 * User and password are URL-encoded (`p%40ss` for `p@ss`). Throws a message without the password for
 * anything else.
 */
export function parseMailerDsn(dsn: string): SmtpConfiguration {
  let url: URL;
  try {
    url = new URL(dsn);
  } catch {
    throw new Error('MAILER_DSN is not a URL such as smtp://user:pass@smtp.example.com:587');
  }
  const scheme = url.protocol.replace(/:$/, '');
  if (scheme !== 'smtp' && scheme !== 'smtps') throw new Error(`MAILER_DSN: the scheme must be smtp or smtps, not "${scheme}"`);
  if (!url.hostname) throw new Error('MAILER_DSN names no host');
  const secure = scheme === 'smtps';
  const port = url.port ? Number(url.port) : secure ? 465 : 587;
  const user = decodeURIComponent(url.username);
  const pass = decodeURIComponent(url.password);
  const query = url.searchParams;
  const flag = (name: string): boolean | undefined => {
    const value = query.get(name)?.toLowerCase();
    if (value === undefined) return undefined;
    if (TRUE.has(value)) return true;
    if (FALSE.has(value)) return false;
    throw new Error(`MAILER_DSN: ${name} must be 1 or 0`);
  };
  const options: SMTPTransportOptions = {
    host: url.hostname.replace(/^\[|\]$/g, ''),
    port,
    secure,
    // a server that does not answer in time is a transient failure: the mail is retried later
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
    ...(flag('require_tls') ? { requireTLS: true } : {}),
    ...(flag('verify_peer') === false ? { tls: { rejectUnauthorized: false } } : {}),
    ...(query.get('local_domain') ? { name: query.get('local_domain')! } : {}),
    ...(user ? { auth: { user, pass } } : {}),
  };
  const secrets = pass
    ? [pass, encodeURIComponent(pass), url.password, Buffer.from(pass).toString('base64'), Buffer.from(`\u0000${user}\u0000${pass}`).toString('base64')]
    : [];
  return { options, secrets: [...new Set(secrets.filter((secret) => secret.length > 0))], target: `${options.host}:${port}` };
}

/** `text` with every secret replaced by `***`. */
export function maskSecrets(text: string, secrets: readonly string[]): string {
  let masked = text;
  for (const secret of secrets) masked = masked.split(secret).join('***');
  return masked;
}
