import type { FastifyInstance } from 'fastify';
import { buildSimulatorServer } from '../../_gateway-kit/simulator/index.js';
import { registerBankRoutes } from './api-banks.js';
import { registerPaymentRoutes } from './api-payments.js';
import { registerRefundRoutes } from './api-refunds.js';
import { registerTransactionRoutes } from './api-transactions.js';
import type { SimulatorContext } from './context.js';
import { errorBody, MESSAGES } from './envelope.js';
import { registerHostedPage } from './hosted-page.js';

/** The simulated gateway D: the kit's server with D's envelope, the `/v3` API and the hosted page. */
export function buildPayBSimulatorServer(ctx: SimulatorContext): Promise<FastifyInstance> {
  return buildSimulatorServer({
    requests: ctx.requests,
    faults: ctx.faults,
    secretKeys: () => ctx.settings.secretKeys,
    errorBody,
    unauthorized: { status: 401, message: MESSAGES.unauthorized },
    invalidJsonMessage: MESSAGES.invalidJson,
    internalErrorMessage: 'An error occurred. Please contact support',
    hostedPrefix: '/hosted/',
    log: (line) => ctx.settings.log(line),
    routes(app) {
      registerPaymentRoutes(app, ctx);
      registerTransactionRoutes(app, ctx);
      registerRefundRoutes(app, ctx);
      registerBankRoutes(app);
      registerHostedPage(app, ctx);
    },
  });
}
