import type { AddressInfo } from 'node:net';
import { AnswerScript } from './answer-script.js';
import { sendAcknowledgement } from './acknowledgement.js';
import { SimulatorAuthority } from './auth-check.js';
import { buildTargetSimulatorServer, TOKEN_PATH, type SimulatorState } from './server.js';
import type { TargetSimulator, TargetSimulatorOptions } from './types.js';

/**
 * Starts a simulated export target on a real port: it verifies and records deliveries, answers as
 * scripted, checks the configured auth (and issues OAuth tokens), and sends signed acknowledgements
 * back to the shop. For tests and for trying an export on a local shop.
 */
export async function startTargetSimulator(options: TargetSimulatorOptions = {}): Promise<TargetSimulator> {
  const state: SimulatorState = {
    options,
    script: new AnswerScript(options.respond, options.defaultAnswer),
    authority: new SimulatorAuthority(options.auth ?? { type: 'none' }),
    deliveries: [],
    probes: [],
    tokenRequests: [],
    closing: new AbortController(),
    acknowledge: async (input) => {
      const signingSecret = input.signingSecret ?? options.signingSecret;
      if (!signingSecret) throw new Error('target simulator: an acknowledgement needs a signing secret');
      return sendAcknowledgement({ ...input, signingSecret });
    },
  };
  const app = await buildTargetSimulatorServer(state);
  await app.listen({ host: options.host ?? '127.0.0.1', port: options.port ?? 0 });
  const address = app.server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const baseUrl = `http://${host}:${address.port}`;
  let closed: Promise<void> | undefined;

  return {
    baseUrl,
    deliveryUrl: `${baseUrl}/orders`,
    tokenUrl: `${baseUrl}${TOKEN_PATH}`,
    deliveries: state.deliveries,
    probes: state.probes,
    tokenRequests: state.tokenRequests,
    enqueue: (...answers) => state.script.enqueue(answers),
    respondWith: (respond) => state.script.respondWith(respond),
    revokeTokens: () => state.authority.revokeTokens(),
    acknowledge: state.acknowledge,
    close() {
      closed ??= (async () => {
        state.closing.abort();
        await app.close();
      })();
      return closed;
    },
  };
}
