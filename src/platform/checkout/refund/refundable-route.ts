import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import { requirePrivileges } from '../../acl/context.js';
import { AppError } from '../../errors/app-error.js';
import { component, documentedOnly, errorResponses, Id, IdParams, StringEnum, typed } from '../../http/schemas/index.js';
import { toMajorUnits } from '../money/money.js';
import type { RefundCurrency } from './refund-provider.js';
import type { RefundBalance } from './refund-balance.js';

/**
 * Reading a refund tab needs what the Administration's refund tabs need: Shopware's read privilege of
 * the capture refunds (the tab is hidden without it). Refunding needs the gateway's own privilege.
 */
export const REFUNDABLE_READ_PRIVILEGE = 'order_transaction_capture_refund:read';

/** Where the balance came from: the gateway's live view, or nothing to read (the gateway holds no payment of the transaction). */
export const REFUNDABLE_SOURCES = ['gateway', 'none'] as const;
export type RefundableSource = (typeof REFUNDABLE_SOURCES)[number];

/** What a gateway's reader found; the route turns the amounts into decimal strings. */
export interface RefundableView {
  orderTransactionId: string;
  /** The currency as the gateway counts it (its decimals). */
  currency: RefundCurrency;
  balance: RefundBalance;
  /** The smallest refund the refund route accepts, minor units. */
  minimumMinor: number;
  /** The refund route's refusal for any amount (refunds disabled, a state refunds cannot start from); the answer's `refundable` is 0 then. */
  refusal: string | null;
  source: RefundableSource;
}

/** Thrown by a reader: no order transaction with this id, or one paid with another method. Answered 404. */
export class RefundableTransactionNotFound extends Error {
  constructor(readonly orderTransactionId: string) {
    super(`No transaction of this gateway has the order transaction id ${orderTransactionId}`);
    this.name = 'RefundableTransactionNotFound';
  }
}

/**
 * Thrown by a reader when the gateway's live view cannot be had: `unreachable` (no answer, a timeout, an
 * error answer, an answer that is no refund list), `not-configured` (no secret key for the active mode).
 * Answered 502 with our sentence; the cause is for the log only (gateway text may name internals).
 */
export class RefundBalanceUnavailableError extends Error {
  constructor(
    readonly reason: 'unreachable' | 'not-configured',
    options?: { cause?: unknown },
  ) {
    super(`The refundable balance could not be read from the gateway (${reason})`, options);
    this.name = 'RefundBalanceUnavailableError';
  }
}

const Amount = (description: string) => Type.String({ pattern: '^\\d+(\\.\\d+)?$', description: `${description} Major units, exactly the currency's decimals (e.g. "12.34", "1500", "0.500").` });

/** The 200 answer of every gateway's refundable route (one OpenAPI component). */
export const RefundableBalanceAnswer = component(
  'GatewayRefundableBalance',
  Type.Object(
    {
      orderTransactionId: Id(),
      currency: Type.String({ description: 'ISO 4217 code of the order currency.' }),
      decimals: Type.Integer({ description: "Fraction digits of the amounts: the gateway's decimals of the currency." }),
      paid: Amount('What the gateway was paid for the transaction; 0 while it holds no payment of it.'),
      refunded: Amount('Completed refunds (the gateway\'s, or the shop\'s completed records when they hold more).'),
      pending: Amount('Refunds that hold their amount but are not completed: pending at the gateway, or recorded by the shop and not listed by the gateway yet.'),
      refundable: Amount('The most the refund route accepts now: paid minus refunded minus pending (0 with a refusal).'),
      minimum: Amount('The smallest refund the refund route accepts (setting minimumRefundAmount).'),
      refusal: Type.String({ nullable: true, description: 'Why the refund route refuses any amount now (its own message), or null.' }),
      source: StringEnum(REFUNDABLE_SOURCES, { description: "`gateway`: read live from the gateway's API; `none`: the transaction is not paid, nothing to read." }),
    },
    { additionalProperties: false },
  ),
);

/** The answer as sent. */
export interface RefundableAnswerBody {
  orderTransactionId: string;
  currency: string;
  decimals: number;
  paid: string;
  refunded: string;
  pending: string;
  refundable: string;
  minimum: string;
  refusal: string | null;
  source: RefundableSource;
}

export interface RefundableRouteDefinition {
  /** e.g. `/api/_action/pay-b/refundable`; the route is `<path>/:orderTransactionId`. */
  path: string;
  /** Named in messages, e.g. `Gateway D`. */
  gatewayName: string;
  /** Error code prefix, e.g. `PAY_B` (`PAY_B__TRANSACTION_NOT_FOUND`). */
  codePrefix: string;
  /** OpenAPI tag and summary. */
  tag: string;
  summary: string;
  /**
   * The gateway's live view of one order transaction, computed by the same code its refund route checks
   * amounts with. Throws RefundableTransactionNotFound or RefundBalanceUnavailableError.
   */
  read(orderTransactionId: string): Promise<RefundableView>;
}

/**
 * A gateway's read-only Admin API route `GET <path>/:orderTransactionId`: the transaction's refundable
 * balance as the gateway sees it now, amounts as exact decimal strings. Errors in the platform's shape:
 * 403 without REFUNDABLE_READ_PRIVILEGE (checked before anything is looked up), 404 for a malformed or
 * unknown id or a transaction of another payment method, 502 when the gateway cannot be read. Nothing
 * is written.
 */
export function registerRefundableRoute(app: FastifyInstance, route: RefundableRouteDefinition): void {
  typed(app).get(
    `${route.path}/:orderTransactionId`,
    {
      // before the params are validated: a caller without the privilege learns nothing, not even a 404
      async preValidation(request) {
        requirePrivileges(request.apiContext, [REFUNDABLE_READ_PRIVILEGE]);
      },
      schema: {
        tags: [route.tag],
        summary: route.summary,
        description:
          `Needs ${REFUNDABLE_READ_PRIVILEGE}. Read-only: the refundable balance read live from ${route.gatewayName}, ` +
          'the amount the refund route accepts at most (and at least: `minimum`).',
        params: IdParams('orderTransactionId'),
        response: {
          200: documentedOnly(RefundableBalanceAnswer),
          ...errorResponses({
            403: `Missing ${REFUNDABLE_READ_PRIVILEGE}.`,
            404: `A malformed id (FRAMEWORK__ROUTE_NOT_FOUND), or no order transaction paid with ${route.gatewayName} has it (${route.codePrefix}__TRANSACTION_NOT_FOUND).`,
            502: `${route.gatewayName} could not be read, or has no secret key for the active mode (${route.codePrefix}__REFUND_BALANCE_UNAVAILABLE).`,
          }),
        },
      },
    },
    async (request) => {
      try {
        return refundableAnswerOf(await route.read(request.params.orderTransactionId));
      } catch (error) {
        throw routeError(route, error);
      }
    },
  );
}

function routeError(route: RefundableRouteDefinition, error: unknown): unknown {
  if (error instanceof RefundableTransactionNotFound) {
    return new AppError(404, `${route.codePrefix}__TRANSACTION_NOT_FOUND`, `No order transaction paid with ${route.gatewayName} has the id ${error.orderTransactionId}.`);
  }
  if (error instanceof RefundBalanceUnavailableError) {
    const detail =
      error.reason === 'not-configured'
        ? `${route.gatewayName} has no secret key for the active mode; the refundable balance cannot be read.`
        : `The refundable balance could not be read from ${route.gatewayName}. Please try again.`;
    return new AppError(502, `${route.codePrefix}__REFUND_BALANCE_UNAVAILABLE`, detail, { cause: error });
  }
  return error;
}

/** The view as sent: amounts as exact major-unit strings with the currency's decimals. */
export function refundableAnswerOf(view: RefundableView): RefundableAnswerBody {
  const { decimals } = view.currency;
  const major = (minor: number) => toMajorUnits(minor, decimals);
  return {
    orderTransactionId: view.orderTransactionId,
    currency: view.currency.isoCode,
    decimals,
    paid: major(view.balance.paidMinor),
    refunded: major(view.balance.refundedMinor),
    pending: major(view.balance.pendingMinor),
    refundable: major(view.refusal === null ? view.balance.refundableMinor : 0),
    minimum: major(view.minimumMinor),
    refusal: view.refusal,
    source: view.source,
  };
}
