import type { FastifyInstance } from 'fastify';
import { buildSimulatorServer } from '../../_gateway-kit/simulator/index.js';
import { registerBankRoutes } from './api-banks.js';
import { registerRefundRoutes } from './api-refunds.js';
import { registerTransactionRoutes } from './api-transactions.js';
import type { SimulatorContext } from './context.js';
import { errorBody, MESSAGES } from './envelope.js';
import { registerHostedPage } from './hosted-page.js';

/** The simulated gateway A: the kit's server with A's envelope, its API and the hosted checkout page. */
export function buildPayASimulatorServer(ctx: SimulatorContext): Promise<FastifyInstance> {
  return buildSimulatorServer({
    requests: ctx.requests,
    faults: ctx.faults,
    secretKeys: () => ctx.settings.secretKeys,
    errorBody: (message) => errorBody(message),
    unauthorized: { status: 401, message: MESSAGES.invalidKey },
    invalidJsonMessage: MESSAGES.invalidJson,
    internalErrorMessage: MESSAGES.serverError,
    hostedPrefix: '/checkout/',
    log: (line) => ctx.settings.log(line),
    routes(app) {
      registerTransactionRoutes(app, ctx);
      registerRefundRoutes(app, ctx);
      registerBankRoutes(app, ctx);
      registerHostedPage(app, ctx);
    },
  });
}
