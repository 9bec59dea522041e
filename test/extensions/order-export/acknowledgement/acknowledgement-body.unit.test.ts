import { describe, expect, it } from 'vitest';
import { parseAcknowledgementBody } from '../../../../src/extensions/order-export/acknowledgement/acknowledgement-body.js';

const ID = '0190a7b1c2d34e5f8a9b0c1d2e3f4a5b';
const parse = (value: unknown) => parseAcknowledgementBody(Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)));

describe('parseAcknowledgementBody', () => {
  it('reads the verdict with optional reference and message', () => {
    expect(parse({ correlationId: ID, status: 'acknowledged', reference: 'ERP-1' })).toEqual({ ok: true, body: { correlationId: ID, status: 'acknowledged', reference: 'ERP-1', message: null } });
    expect(parse({ correlationId: ID, status: 'rejected', message: 'no stock', reference: null })).toEqual({ ok: true, body: { correlationId: ID, status: 'rejected', reference: null, message: 'no stock' } });
  });

  it('says what is malformed', () => {
    expect(parseAcknowledgementBody(undefined)).toEqual({ ok: false, problem: 'the body must be JSON' });
    expect(parse('{')).toEqual({ ok: false, problem: 'the body must be JSON' });
    expect(parse([])).toEqual({ ok: false, problem: 'the body must be a JSON object' });
    expect(parse({ correlationId: ID, status: 'acknowledged', ref: 'x' })).toEqual({ ok: false, problem: 'unknown keys: ref' });
    expect(parse({ correlationId: 'ABC', status: 'acknowledged' })).toMatchObject({ ok: false, problem: expect.stringMatching(/^correlationId must be/) });
    expect(parse({ correlationId: ID, status: 'ok' })).toEqual({ ok: false, problem: 'status must be "acknowledged" or "rejected"' });
    expect(parse({ correlationId: ID, status: 'rejected', message: 'x'.repeat(2001) })).toEqual({ ok: false, problem: 'message must be text of at most 2000 characters' });
    expect(parse({ correlationId: ID, status: 'acknowledged', reference: 12 })).toEqual({ ok: false, problem: 'reference must be text of at most 255 characters' });
  });
});
