import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { isPlainObject } from '../../../platform/sdk/index.js';
import { isHttpUrl } from '../../_simulator/index.js';
import type { SimulatorContext } from './context.js';
import { chargeableAmount, minimumChargeOf, parseWireAmount } from './currencies.js';
import { MESSAGES, sendError, successBody } from './envelope.js';
import { modeOfKey } from './options.js';
import { verifyData } from './transaction-record.js';

const REFERENCE_CHARSET = /^[A-Za-z0-9.=-]+$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Initialize (`POST /transaction/initialize`) and verify (`GET /transaction/verify/:reference`). */
export function registerTransactionRoutes(app: FastifyInstance, ctx: SimulatorContext): void {
  app.post('/transaction/initialize', async (request, reply) => {
    const body = request.body;
    if (!isPlainObject(body)) return sendError(reply, MESSAGES.emailRequired, { type: 'validation_error', code: 'missing_params' });
    const email = typeof body.email === 'string' ? body.email.trim() : '';
    if (email === '') return sendError(reply, MESSAGES.emailRequired, { type: 'validation_error', code: 'missing_params', meta: { nextStep: 'Provide all required params ' } });
    if (!EMAIL.test(email)) return sendError(reply, MESSAGES.emailInvalid, { type: 'validation_error', code: 'invalid_params' });

    const amount = parseWireAmount(body.amount);
    if (amount === 'missing' || amount === 0) return sendError(reply, MESSAGES.amountRequired, { type: 'validation_error', code: 'invalid_amount' });
    if (amount === 'not-integer' || amount < 0) return sendError(reply, MESSAGES.amountNotInteger, { type: 'validation_error', code: 'invalid_amount' });

    // omitted or null: the integration's own currency, silently, as the real gateway does
    const currency = typeof body.currency === 'string' && body.currency !== '' ? body.currency.toUpperCase() : body.currency === undefined || body.currency === null ? ctx.settings.defaultCurrency : '';
    if (!ctx.settings.currencies.includes(currency)) return sendError(reply, MESSAGES.currencyNotSupported, { type: 'validation_error', code: 'unsupported_currency' });
    const charged = chargeableAmount(currency, amount);
    if (charged < minimumChargeOf(currency)) {
      return sendError(reply, MESSAGES.amountBelowMinimum, { type: 'validation_error', code: 'invalid_amount', meta: { nextStep: `The smallest ${currency} amount is ${minimumChargeOf(currency)}` } });
    }

    let reference: string;
    if (body.reference === undefined || body.reference === null || body.reference === '') reference = randomBytes(5).toString('hex');
    else if (typeof body.reference !== 'string' || !REFERENCE_CHARSET.test(body.reference)) return sendError(reply, MESSAGES.referenceCharset, { type: 'validation_error', code: 'invalid_reference' });
    else reference = body.reference;
    if (ctx.ledger.hasReference(reference)) {
      return sendError(reply, MESSAGES.duplicateReference, {
        type: 'validation_error',
        code: 'duplicate_reference',
        meta: { nextStep: 'Try and create the Transaction or Charge with a new reference' },
      });
    }

    const callbackUrl = body.callback_url;
    if (callbackUrl !== undefined && callbackUrl !== null && !isHttpUrl(callbackUrl)) return sendError(reply, MESSAGES.callbackUrlInvalid, { type: 'validation_error', code: 'invalid_params' });
    const metadata = parseMetadata(body.metadata);
    const cancelAction = isPlainObject(metadata) && isHttpUrl(metadata.cancel_action) ? (metadata.cancel_action as string) : undefined;
    const key = /^Bearer\s+(\S+)/i.exec(request.headers.authorization ?? '')![1]!;

    const transaction = ctx.ledger.addTransaction(
      {
        reference,
        request: structuredClone(body),
        mode: modeOfKey(key),
        requestedAmount: charged,
        amount: charged,
        currency,
        email,
        callbackUrl: typeof callbackUrl === 'string' ? callbackUrl : undefined,
        cancelAction,
        metadata: body.metadata,
        status: 'abandoned',
        gatewayResponse: 'The transaction was not completed',
        channel: null,
        fees: null,
        paidAt: null,
      },
      ctx.hostedPageUrl,
    );
    return successBody('Authorization URL created', { authorization_url: transaction.authorizationUrl, access_code: transaction.accessCode, reference });
  });

  app.get<{ Params: { reference: string } }>('/transaction/verify/:reference', async (request, reply) => {
    const transaction = ctx.ledger.byReference(request.params.reference);
    if (!transaction) return sendError(reply, MESSAGES.referenceNotFound, { type: 'validation_error', code: 'transaction_not_found' }, ctx.settings.unknownReferenceStatus);
    return successBody('Verification successful', verifyData(transaction));
  });
}

/** metadata may be an object or stringified JSON (the gateway takes both); the stored form is what verify shows. */
function parseMetadata(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}
