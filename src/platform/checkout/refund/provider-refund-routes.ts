import type { FastifyInstance } from 'fastify';
import type { RouteDeclaration } from '../../sdk/routes.js';
import type { RefundHost } from './refund-host.js';
import type { RefundablePayment, RefundProvider } from './refund-provider.js';
import { DEFAULT_REFUND_TIMINGS, requestRefund, type RefundTimings } from './refund-request.js';
import { registerRefundRoute } from './refund-route.js';
import { registerRefundableRoute } from './refundable-route.js';
import { readRefundable } from './refundable-view.js';

/**
 * A provider's two Admin API refund routes, as its declaration names them: `POST <refundPath>` (refunds
 * through requestRefund; 200 with the gateway's answer, refusals 400 `{"error": message}`, 403 without
 * the provider's privilege) and `GET <refundablePath>/:orderTransactionId` (the balance the refund route
 * checks amounts against). Both are thin: the host's refund code does the work.
 */
export function registerProviderRefundRoutes<P extends RefundablePayment, Notes>(
  app: FastifyInstance,
  host: RefundHost,
  provider: RefundProvider<P, Notes>,
  timings: RefundTimings = DEFAULT_REFUND_TIMINGS,
): void {
  const { routes } = provider;
  registerRefundRoute(app, {
    path: routes.refundPath,
    privilege: routes.privilege,
    tag: routes.tag,
    summary: routes.refundSummary,
    body: routes.body,
    refund: (body) => requestRefund(host, provider, body, timings),
  });
  registerRefundableRoute(app, {
    path: routes.refundablePath,
    gatewayName: provider.gatewayName,
    codePrefix: provider.codePrefix,
    tag: routes.tag,
    summary: routes.refundableSummary,
    read: (orderTransactionId) => readRefundable(host, provider, orderTransactionId, timings),
  });
}

/**
 * The same as a route declaration: the host mounts them for a payment provider's refund part
 * (../payment/provider-registration.ts), with the refund route's own answer for input refused at the edge.
 */
export function refundRoutes<P extends RefundablePayment, Notes>(host: RefundHost, provider: RefundProvider<P, Notes>, timings: RefundTimings = DEFAULT_REFUND_TIMINGS): RouteDeclaration {
  return { kind: 'raw', reason: "the host's refund routes of a provider", mount: (app) => registerProviderRefundRoutes(app, host, provider, timings) };
}
