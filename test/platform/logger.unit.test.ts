import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../src/platform/logger.js';

describe('platform logger', () => {
  it('writes JSON lines and never a password, secret, token or authorization header', () => {
    const lines: string[] = [];
    const destination = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const logger = createLogger('info', { destination });
    logger.info({ password: 'pw-top', secret: 'sec-top', user: { password: 'pw-nested', access_token: 'at-value' }, req: { headers: { authorization: 'Bearer abc' } } }, 'login');
    const line = JSON.parse(lines.join(''));
    expect(line).toMatchObject({ msg: 'login', password: '[redacted]', secret: '[redacted]', user: { password: '[redacted]', access_token: '[redacted]' }, req: { headers: { authorization: '[redacted]' } } });
    for (const value of ['pw-top', 'sec-top', 'pw-nested', 'at-value', 'Bearer abc']) expect(lines.join('')).not.toContain(value);
  });
});
