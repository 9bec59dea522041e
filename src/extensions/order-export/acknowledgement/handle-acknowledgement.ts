import { STATUS_CODES, type IncomingHttpHeaders } from 'node:http';
import type { ExtensionHost } from '../../../platform/sdk/index.js';
import { verifySignedMessage } from '../delivery/standard-webhooks.js';
import { findByCorrelationId, findExportById, recordVerdict } from '../records/export-store.js';
import { signingSecretOf } from '../records/target-store.js';
import { parseAcknowledgementBody } from './acknowledgement-body.js';

export interface AcknowledgementAnswer {
  status: 200 | 400 | 401 | 404 | 409;
  body: unknown;
}

const STANDARD_HEADERS = ['webhook-id', 'webhook-timestamp', 'webhook-signature'];

/**
 * A target's signed verdict on an exported revision. In order: 401 without the Standard Webhooks
 * headers; 400 for a malformed body; 404 for a correlation id no export used; 401 when the signature
 * does not verify with that target's signing secret or the timestamp is more than 5 minutes off; 409
 * for a superseded revision; else 200 `{"status": <the recorded verdict>}`. The first verdict counts:
 * a repeat (or a late contrary one) is 200 and changes nothing. Nothing is written before the
 * signature has verified.
 */
export async function handleAcknowledgement(host: ExtensionHost, request: { rawBody: Buffer | undefined; headers: IncomingHttpHeaders }): Promise<AcknowledgementAnswer> {
  if (STANDARD_HEADERS.some((name) => !request.headers[name])) return refuse(host, 401, 'missing_headers', 'The webhook-id, webhook-timestamp and webhook-signature headers are required.');
  const parsed = parseAcknowledgementBody(request.rawBody);
  if (!parsed.ok) return answer(400, `Malformed acknowledgement: ${parsed.problem}.`);
  const { body } = parsed;

  const found = await findByCorrelationId(host.db, body.correlationId);
  const secret = found && (await signingSecretOf(host, found.exportRow.config_id));
  if (!found || !secret) return answer(404, `No export has the correlation id ${body.correlationId}.`);
  const verified = verifySignedMessage({ headers: request.headers, body: request.rawBody ?? Buffer.alloc(0), secrets: [secret] });
  if (!verified.ok) return refuse(host, 401, verified.reason, 'The signature does not verify, or the timestamp is more than 5 minutes off.');
  if (!found.current) return answer(409, `The correlation id belongs to a superseded revision; revision ${found.exportRow.revision} is current.`);

  const recorded = await recordVerdict(host.db, found.exportRow.id, body.correlationId, body);
  if (recorded) {
    host.logger.info({ orderExportId: found.exportRow.id, revision: found.exportRow.revision, verdict: body.status }, 'order export acknowledgement');
    return { status: 200, body: { status: body.status } };
  }
  // a verdict was there already, or a new revision replaced this one meanwhile
  const now = await findExportById(host.db, found.exportRow.id);
  if (!now || now.correlation_id !== body.correlationId) return answer(409, 'The correlation id belongs to a superseded revision.');
  return { status: 200, body: { status: now.ack_status } };
}

function answer(status: AcknowledgementAnswer['status'], detail: string): AcknowledgementAnswer {
  const codes = { 400: 'BAD_REQUEST', 401: 'INVALID_SIGNATURE', 404: 'UNKNOWN_CORRELATION_ID', 409: 'REVISION_SUPERSEDED' } as const;
  return {
    status,
    body: {
      errors: [{ status: String(status), code: `EXT_ORDER_EXPORT__ACK_${codes[status as keyof typeof codes]}`, title: STATUS_CODES[status], detail }],
    },
  };
}

function refuse(host: ExtensionHost, status: 401, reason: string, detail: string): AcknowledgementAnswer {
  // the reason only: headers and body are the caller's and may be forged
  host.logger.warn({ reason }, 'order export acknowledgement refused');
  return answer(status, detail);
}
