import type { FastifyInstance } from 'fastify';
import { registerDashboardFaults } from './dashboard.js';
import { FaultInjector } from './faults.js';
import { buildSimulatorServer, listeningUrl, type SimulatorServerOptions } from './server.js';
import type { SimulatorOptions, SimulatorSettingsOf } from './settings.js';
import type { GatewaySimulator, RecordedRequest } from './types.js';
import { WebhookSender, type WebhookSigning } from './webhook-sender.js';

/** What the harness builds for every simulator; a gateway's route context extends it. */
export interface SimulatorParts<S> {
  settings: S;
  webhooks: WebhookSender;
  faults: FaultInjector;
  requests: RecordedRequest[];
  /** e.g. http://127.0.0.1:41234, known once the server listens */
  baseUrl(): string;
}

type CommonSettings = SimulatorSettingsOf<SimulatorOptions>;

/** One gateway's simulator, as the harness starts it. */
export interface SimulatorDefinition<O extends SimulatorOptions, S extends CommonSettings, C extends SimulatorParts<S>> {
  /** Used in error messages, e.g. `PayA simulator`. */
  name: string;
  /** The options in force (resolved with the gateway's defaults). */
  settings: S;
  applyOptions(settings: S, patch: Partial<O>): void;
  signing: WebhookSigning;
  /** The gateway's error body for an injected fault's status when the test names none. */
  faultBody(status: number): unknown;
  /** The gateway's envelope and hosted-page prefix (see buildSimulatorServer). */
  server: Pick<SimulatorServerOptions, 'errorBody' | 'unauthorized' | 'invalidJsonMessage' | 'internalErrorMessage' | 'hostedPrefix'>;
  /** The gateway's route context: the harness's parts and its own ledger and flows. */
  context(parts: SimulatorParts<S>): C;
  /** Registers the gateway's API routes and hosted pages. */
  routes(app: FastifyInstance, context: C): void;
}

/**
 * Starts a simulator on a real HTTP port: the server with the gateway's envelope and routes, the webhook
 * sender with its signing, fault injection, the request log. Returns the route context and the part of the
 * simulator's programmatic API every gateway shares; the gateway adds its own methods to that object.
 */
export async function startSimulator<O extends SimulatorOptions, S extends CommonSettings, C extends SimulatorParts<S>>(
  definition: SimulatorDefinition<O, S, C>,
): Promise<{ context: C; simulator: GatewaySimulator<O> }> {
  const { settings } = definition;
  const webhooks = new WebhookSender(settings, definition.signing);
  const faults = new FaultInjector(definition.faultBody, definition.name);
  const requests: RecordedRequest[] = [];
  let baseUrl = '';
  const context = definition.context({ settings, webhooks, faults, requests, baseUrl: () => baseUrl });
  const app = await buildSimulatorServer({
    ...definition.server,
    requests,
    faults,
    secretKeys: () => settings.secretKeys,
    log: (line) => settings.log(line),
    routes: (server) => {
      registerDashboardFaults(server, webhooks, definition.server.errorBody);
      definition.routes(server, context);
    },
  });
  await app.listen({ host: settings.host, port: settings.port });
  baseUrl = listeningUrl(app);
  let closed: Promise<void> | undefined;

  const simulator: GatewaySimulator<O> = {
    baseUrl,
    requests,
    webhookDeliveries: webhooks.deliveries,
    get heldWebhooks() {
      return webhooks.held;
    },
    close() {
      closed ??= (async () => {
        faults.close();
        await webhooks.close();
        await app.close();
      })();
      return closed;
    },
    // async: a refused delivery (no webhook URL) rejects rather than throws
    deliverWebhook: async (body, options) => webhooks.deliver(body, options),
    dropWebhooks: (times) => webhooks.dropNext(times),
    holdWebhooks: () => webhooks.hold(),
    releaseWebhooks: (options) => webhooks.release(options),
    webhooksSettled: () => webhooks.settled(),
    injectFault: (fault) => faults.add(fault),
    setWebhookUrl: (url) => definition.applyOptions(settings, { webhookUrl: url } as Partial<O>),
    setOptions: (patch) => definition.applyOptions(settings, patch),
  };
  return { context, simulator };
}
