import { describe, expect, it } from 'vitest';
import { maskSecrets, parseMailerDsn } from '../../../src/platform/mail/transport/mailer-dsn.js';

describe('MAILER_DSN', () => {
  it('smtp:// connects in plain text and upgrades with STARTTLS; smtps:// speaks TLS from the start', () => {
    expect(parseMailerDsn('smtp://mailer:p%40ss%2Fword@smtp.example.com:587').options).toMatchObject({
      host: 'smtp.example.com',
      port: 587,
      secure: false,
      auth: { user: 'mailer', pass: 'p@ss/word' },
    });
    expect(parseMailerDsn('smtp://smtp.example.com').options).toMatchObject({ port: 587, secure: false });
    expect(parseMailerDsn('smtp://smtp.example.com').options.auth).toBeUndefined();
    expect(parseMailerDsn('smtps://u:p@smtp.example.com').options).toMatchObject({ port: 465, secure: true });
    expect(parseMailerDsn('smtp://h:25?require_tls=1&verify_peer=0&local_domain=shop.example.com').options).toMatchObject({
      port: 25,
      requireTLS: true,
      tls: { rejectUnauthorized: false },
      name: 'shop.example.com',
    });
  });

  it('refuses other schemes and malformed values without repeating the password', () => {
    for (const dsn of ['sendmail://u:Secret-Pa55@localhost', 'not a url Secret-Pa55', 'smtp://u:Secret-Pa55@h?require_tls=maybe']) {
      expect(() => parseMailerDsn(dsn)).toThrow();
      try {
        parseMailerDsn(dsn);
      } catch (error) {
        expect((error as Error).message).not.toContain('Secret-Pa55');
      }
    }
  });

  it('masks the password in every spelling a server answer or an error could carry', () => {
    const { secrets } = parseMailerDsn('smtp://mailer:p%40ss@smtp.example.com');
    const plain = Buffer.from('\u0000mailer\u0000p@ss').toString('base64');
    expect(maskSecrets(`AUTH PLAIN ${plain} refused; password p@ss, p%40ss, ${Buffer.from('p@ss').toString('base64')}`, secrets)).toBe('AUTH PLAIN *** refused; password ***, ***, ***');
  });
});
