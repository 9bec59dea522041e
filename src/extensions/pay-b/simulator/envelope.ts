import type { FastifyReply } from 'fastify';

/** The gateway's response envelopes: `{status: 'success', message, data}` or `{status: 'error', message, data: null}`. */
export interface SuccessBody<T> {
  status: 'success';
  message: string;
  data: T;
}

export interface ErrorBody {
  status: 'error';
  message: string;
  data: null;
}

export function successBody<T>(message: string, data: T): SuccessBody<T> {
  return { status: 'success', message, data };
}

export function errorBody(message: string): ErrorBody {
  return { status: 'error', message, data: null };
}

/** Answers an error in the gateway's envelope; 400 unless said otherwise. */
export function sendError(reply: FastifyReply, message: string, status = 400): FastifyReply {
  return reply.code(status).type('application/json; charset=utf-8').send(errorBody(message));
}

export const MESSAGES = {
  unauthorized: 'Authorization required',
  invalidJson: 'Invalid JSON body',
  transactionNotFound: 'No transaction was found for this id',
  alreadyPaid: 'A payment with this tx_ref has already been completed. Use a new tx_ref',
  linkInactive: 'This payment link is currently inactive',
  refundNotSuccessful: 'Only successful transactions can be refunded',
  refundExceedsBalance: 'Refund amount cannot be greater than the available balance on this transaction',
  fullyRefunded: 'This transaction has been fully refunded',
  refundNotFound: 'No refund was found for this id',
  invalidAccount: 'Sorry, that account number is invalid, please check and try again',
  nigeriaOnly: 'Account resolution is only available for Nigerian banks',
} as const;

/** The gateway's documented answer after its ~28 s timeout. */
export const TIMEOUT_BODY = errorBody('An error occurred. Please contact support');

/** What an injected fault answers when the test names no body. */
export function defaultFaultBody(status: number): ErrorBody {
  if (status === 429) return errorBody('Too many requests. Please try again later');
  if (status === 503) return TIMEOUT_BODY;
  return errorBody('Simulated gateway fault');
}
