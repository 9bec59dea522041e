import { defineRoute, sendAnswer, type RouteDeclaration } from '../../sdk/routes.js';
import { processProviderRefund } from '../refund/process-provider-refund.js';
import { refundRoutes } from '../refund/provider-refund-routes.js';
import type { RefundHost } from '../refund/refund-host.js';
import { RefundRefusal } from '../refund/refund-refusal.js';
import type { PaymentHandler } from './payment-handler.js';
import { paymentErrors } from './payment-errors.js';
import type { PaymentProvider } from './provider.js';
import { finalizeWithProvider } from './provider-finalize.js';
import type { SettlementServices } from './settlement.js';
import { createWebhookIntake } from './webhook-intake.js';

/** Gateway events are a few KiB; anyone can call a webhook, so larger bodies are refused unread. */
const DEFAULT_WEBHOOK_BODY_LIMIT = 256 * 1024;

/** What the host runs for a provider: the payment handler of its method and its routes (the webhook, then the refund routes of its refund part). */
export interface ProviderRuntime {
  handler: PaymentHandler;
  routes: RouteDeclaration[];
}

/**
 * A provider as the host runs it: `validate` and `pay` are the provider's, `finalize` verifies through
 * it and settles in the host; its webhook is a route of the extension's scope (404 while the extension is
 * inactive), without platform authentication or CSRF (the signature is the gate), taking every body as
 * raw bytes and answering only with the gateway's own answers. A provider with a refund part gets its
 * two Admin API refund routes there too (`POST <refundPath>`, `GET <refundablePath>/:orderTransactionId`),
 * with the refund part's privilege, and its handler refunds through Shopware's refund process
 * (`processProviderRefund`; a refusal is the process's 400 with the route's message): the refund part is
 * the provider's, built once.
 */
export function providerRuntime(provider: PaymentProvider, services: SettlementServices, refundHost: RefundHost): ProviderRuntime {
  const intake = createWebhookIntake(provider, services, refundHost);
  const { webhook, refunds } = provider;
  return {
    handler: {
      ...(provider.validate ? { validate: (input) => provider.validate!(input) } : {}),
      pay: (input) => provider.start(input),
      finalize: (input) => finalizeWithProvider(provider, services, input),
      ...(refunds
        ? {
            refund: async (input) => {
              try {
                await processProviderRefund(refundHost, refunds, input);
              } catch (error) {
                throw error instanceof RefundRefusal ? paymentErrors.refundInterrupted(input.refundId, error.message) : error;
              }
            },
          }
        : {}),
    },
    routes: [
      defineRoute({
        method: 'POST',
        url: webhook.path,
        rawBody: true,
        bodyLimit: webhook.bodyLimit ?? DEFAULT_WEBHOOK_BODY_LIMIT,
        errorAnswers: { badRequest: webhook.answers.badRequest, internalError: webhook.answers.internalError },
        handler: async (request, reply) =>
          sendAnswer(reply, await intake({ rawBody: Buffer.isBuffer(request.body) ? request.body : undefined, headers: request.headers })),
      }),
      ...(refunds ? [refundRoutes(refundHost, refunds)] : []),
    ],
  };
}
