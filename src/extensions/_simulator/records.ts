import { randomInt } from 'node:crypto';

/** What a simulated gateway's records have in common: timestamps, ids, return URLs. */

/** Timestamps as gateways print them: whole seconds, `.000Z`. */
export function gatewayTimestamp(date = new Date()): string {
  return new Date(Math.floor(date.getTime() / 1000) * 1000).toISOString();
}

/**
 * Ids increase within one simulator and start at a random base, so two simulators that a test file starts
 * against the same shop database do not hand out the same ids.
 */
export class IdSequence {
  #next: number;
  constructor(min: number, max: number) {
    this.#next = randomInt(min, max);
  }
  next(): number {
    return this.#next++;
  }
}

/** Appends query parameters to the shop's URL without re-encoding what it already carries. */
export function withQuery(url: string, params: Record<string, string>): string {
  const hashAt = url.indexOf('#');
  const base = hashAt === -1 ? url : url.slice(0, hashAt);
  const fragment = hashAt === -1 ? '' : url.slice(hashAt);
  const query = Object.entries(params).map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
  const separator = !base.includes('?') ? '?' : base.endsWith('?') || base.endsWith('&') ? '' : '&';
  return `${base}${separator}${query}${fragment}`;
}

/** A payment that cannot be completed any more (paid, inactive link) or a wrong override: the hosted page answers 400. */
export class PaymentFlowError extends Error {
  override name = 'PaymentFlowError';
}
