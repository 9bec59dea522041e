import type { FastifyInstance } from 'fastify';
import { registerDashboardFaults } from './dashboard.js';
import { FaultInjector } from './faults.js';
import type { HostedPage } from './hosted-page.js';
import { buildSimulatorServer, listeningUrl, type SimulatorServerOptions } from './server.js';
import type { SimulatorOptions, SimulatorSettingsOf } from './settings.js';
import type { GatewayMethods, GatewaySimulator, RecordedRequest } from './types.js';
import { WebhookSender, type WebhookSigning } from './webhook-sender.js';

/** What the harness builds for every simulator; a gateway's route context extends it. */
export interface SimulatorParts<S> {
  settings: S;
  webhooks: WebhookSender;
  faults: FaultInjector;
  requests: RecordedRequest[];
  /** e.g. http://127.0.0.1:41234, known once the server listens */
  baseUrl(): string;
  /** The hosted page of a payment's handle (access code, link id), e.g. `<baseUrl>/checkout/<handle>`. */
  hostedPageUrl(handle: string): string;
  /** Where the customer lands when the shop sent no return URL, e.g. `<baseUrl>/checkout/done`. */
  hostedDoneUrl(): string;
}

type CommonSettings = SimulatorSettingsOf<SimulatorOptions>;

/** The gateway's answers the harness gives for it: its error envelope, the body of a fault, its hosted-page prefix. */
export type SimulatorAnswers = Pick<SimulatorServerOptions, 'errorBody' | 'unauthorized' | 'invalidJsonMessage' | 'internalErrorMessage' | 'hostedPrefix'> & {
  /** The gateway's error body for an injected fault's status when the test names none. */
  faultBody(status: number): unknown;
};

/** One gateway's simulator, as the harness starts it: `T` is the gateway's programmatic API. */
export interface SimulatorDefinition<O extends SimulatorOptions, S extends CommonSettings, C extends SimulatorParts<S>, T extends GatewaySimulator<O>> {
  /** Used in error messages, e.g. `PayA simulator`. */
  name: string;
  /** The options in force (resolved with the gateway's defaults). */
  settings: S;
  applyOptions(settings: S, patch: Partial<O>): void;
  /** The gateway's envelope and hosted-page prefix (see buildSimulatorServer). */
  server: SimulatorAnswers;
  /** How the gateway authenticates its webhooks and counts them delivered, reading the options in force. */
  signing(settings: S): WebhookSigning;
  /** The gateway's hosted payment page (see hostedPage()); the harness registers it. */
  hostedPage: HostedPage<C>;
  /** The gateway's route context: the harness's parts and its own ledger and flows. */
  context(parts: SimulatorParts<S>): C;
  /** Registers the gateway's API and dashboard routes; `simulator` is the finished programmatic API (once started). */
  routes(app: FastifyInstance, context: C, simulator: () => T): void;
  /** The gateway's own methods of the programmatic API, besides those every simulator has. */
  api(context: C): GatewayMethods<T>;
}

/**
 * Starts a simulator on a real HTTP port: the server with the gateway's envelope, routes and hosted page, the
 * webhook sender with its signing, fault injection, the request log. Answers the programmatic API: what every
 * gateway shares (GatewaySimulator) and the gateway's own methods.
 */
export async function startSimulator<O extends SimulatorOptions, S extends CommonSettings, C extends SimulatorParts<S>, T extends GatewaySimulator<O>>(
  definition: SimulatorDefinition<O, S, C, T>,
): Promise<T> {
  const { settings, hostedPage } = definition;
  const webhooks = new WebhookSender(settings, definition.signing(settings));
  const faults = new FaultInjector(definition.server.faultBody, definition.name);
  const requests: RecordedRequest[] = [];
  let baseUrl = '';
  const context = definition.context({
    settings,
    webhooks,
    faults,
    requests,
    baseUrl: () => baseUrl,
    hostedPageUrl: (handle) => `${baseUrl}${hostedPage.path}${handle}`,
    hostedDoneUrl: () => `${baseUrl}${hostedPage.donePath}`,
  });
  // the dashboard's routes act through the programmatic API, finished once the server listens
  let self: T | undefined;
  const app = await buildSimulatorServer({
    ...definition.server,
    requests,
    faults,
    secretKeys: () => settings.secretKeys,
    log: (line) => settings.log(line),
    routes: (server) => {
      registerDashboardFaults(server, webhooks, definition.server.errorBody);
      definition.routes(server, context, () => self!);
      hostedPage.register(server, context);
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
  // the gateway's methods on the same object: heldWebhooks stays a getter
  self = Object.assign(simulator, definition.api(context)) as unknown as T;
  return self;
}
