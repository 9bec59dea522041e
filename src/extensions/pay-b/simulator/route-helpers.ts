import type { FastifyReply } from 'fastify';
import type { SimulatorContext } from './context.js';
import { MESSAGES, sendError } from './envelope.js';
import type { GatewayTransaction } from './state.js';

export { answered } from '../../_simulator/index.js';

/** A numeric gateway id from a path segment, or undefined ("abc", "1.5", "-3"). */
export function parseGatewayId(value: string): number | undefined {
  if (!/^\d{1,15}$/.test(value)) return undefined;
  return Number(value);
}

/** The transaction a path's `:id` names, or an answer already sent. */
export function transactionOrError(ctx: SimulatorContext, id: string, reply: FastifyReply): GatewayTransaction | undefined {
  const numeric = parseGatewayId(id);
  const transaction = numeric === undefined ? undefined : ctx.ledger.transaction(numeric);
  // the real gateway's "not found" answer; its HTTP status is undocumented, the simulator uses 400
  if (!transaction) sendError(reply, MESSAGES.transactionNotFound);
  return transaction;
}
