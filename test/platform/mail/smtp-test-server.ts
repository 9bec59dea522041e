import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export const SMTP_USER = 'shop-mailer';
export const SMTP_PASSWORD = 'sm7p-p4ss-9c1e';

export interface ReceivedMail {
  /** The envelope's recipients. */
  to: string[];
  parsed: ParsedMail;
}

export interface SmtpTestServer {
  port: number;
  /** `smtp://user:pass@127.0.0.1:port`, for MAILER_DSN. */
  dsn: string;
  received: ReceivedMail[];
  /** The mails that went to `address`. */
  mailsTo(address: string): ReceivedMail[];
  close(): Promise<void>;
}

export interface SmtpTestServerOptions {
  /**
   * Recipients the server refuses with a reply code: `550` for good ("mailbox unavailable"), `451` for
   * now ("try again later"), by the address's local part prefix.
   */
  refuse?: Record<string, 451 | 550>;
}

/**
 * A real SMTP server on a loopback port (the smtp-server package): it requires the login
 * SMTP_USER/SMTP_PASSWORD (plain text, no TLS on loopback), refuses the recipients it is told to, and
 * parses every accepted message with mailparser.
 */
export async function startSmtpTestServer(options: SmtpTestServerOptions = {}): Promise<SmtpTestServer> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    logger: false,
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN'],
    onAuth(auth, _session, callback) {
      if (auth.username === SMTP_USER && auth.password === SMTP_PASSWORD) return callback(null, { user: SMTP_USER });
      return callback(Object.assign(new Error('Authentication credentials invalid'), { responseCode: 535 }));
    },
    onRcptTo(address, _session, callback) {
      const refusal = Object.entries(options.refuse ?? {}).find(([prefix]) => address.address.startsWith(prefix));
      if (!refusal) return callback();
      const [, code] = refusal;
      const message = code === 550 ? `Mailbox ${address.address} unavailable` : 'Greylisted, try again later';
      return callback(Object.assign(new Error(message), { responseCode: code }));
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          received.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), parsed });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    dsn: `smtp://${SMTP_USER}:${encodeURIComponent(SMTP_PASSWORD)}@127.0.0.1:${port}`,
    received,
    mailsTo: (address) => received.filter((mail) => mail.to.includes(address)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
