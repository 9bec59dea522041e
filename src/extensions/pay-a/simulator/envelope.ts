import type { FastifyReply } from 'fastify';

/** The gateway's envelopes: `status` true with `data`, or false with a message and error details. */
export interface ErrorBody {
  status: false;
  message: string;
  meta?: { nextStep: string };
  type?: 'validation_error' | 'processor_error' | 'api_error';
  code?: string;
}

export function successBody(message: string, data: unknown, meta?: Record<string, unknown>): Record<string, unknown> {
  return meta === undefined ? { status: true, message, data } : { status: true, message, data, meta };
}

export function errorBody(message: string, details: Omit<ErrorBody, 'status' | 'message'> = {}): ErrorBody {
  return { status: false, message, ...details };
}

/** Answers an error in the gateway's envelope; 400 unless said otherwise. */
export function sendError(reply: FastifyReply, message: string, details: Omit<ErrorBody, 'status' | 'message'> = {}, status = 400): FastifyReply {
  return reply.code(status).type('application/json; charset=utf-8').send(errorBody(message, details));
}

export const MESSAGES = {
  invalidKey: 'Invalid key',
  invalidJson: 'Invalid JSON body',
  serverError: 'An error occurred',
  emailRequired: 'Email is not allowed to be empty',
  emailInvalid: 'Invalid Email Address Passed',
  amountRequired: 'You must specify a valid amount',
  amountNotInteger: '"amount" must be an integer',
  amountBelowMinimum: 'Invalid Amount Sent',
  currencyNotSupported: 'Currency not supported by merchant',
  referenceCharset: 'Invalid character in transaction reference',
  duplicateReference: 'Duplicate Transaction Reference',
  callbackUrlInvalid: 'Invalid callback_url',
  referenceNotFound: 'Transaction reference not found.',
  transactionNotFound: 'Transaction not found',
  notRefundable: 'Only successful transactions can be refunded',
  fullyReversed: 'Transaction has been fully reversed',
  refundExceedsBalance: 'Refund amount cannot be more than the unrefunded balance of the transaction',
  refundCurrencyMismatch: 'Refund currency must be the currency of the transaction',
  refundNotFound: 'Refund not found',
  accountNotResolved: 'Could not resolve account name. Check parameters or try again.',
  accountNumberRequired: 'Account number is required',
  bankCodeRequired: 'Bank code is required',
  tooManyRequests: 'Too many requests. Please try again later',
} as const;

/** What an injected fault answers when the test names no body. */
export function defaultFaultBody(status: number): ErrorBody {
  if (status === 429) return errorBody(MESSAGES.tooManyRequests);
  if (status === 401) return errorBody(MESSAGES.invalidKey);
  return errorBody('Simulated gateway fault', { type: 'api_error' });
}
