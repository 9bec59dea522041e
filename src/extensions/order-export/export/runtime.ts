import type { ExtensionHost } from '../../../platform/sdk/index.js';
import { orderExportConfig } from '../config.js';
import { DeliveryClient } from '../delivery/delivery-client.js';
import { createOutboundAgent } from '../delivery/outbound-agent.js';

/**
 * What an extension host keeps between exports in this process: one delivery client per outbound policy,
 * each with its keep-alive agent and OAuth token cache. The policy is read per export, so switching
 * `allowPrivateTargets` applies to the next one. Compiled mappings are kept by the sandbox workers that
 * render them (mapping-tasks.ts).
 */
export class ExportRuntime {
  private readonly clients = new Map<boolean, DeliveryClient>();

  constructor(private readonly host: ExtensionHost) {}

  async allowPrivateTargets(): Promise<boolean> {
    return (await this.host.config.load(orderExportConfig)).allowPrivateTargets;
  }

  /** The client for the current outbound policy. */
  async deliveryClient(): Promise<DeliveryClient> {
    const allowPrivate = await this.allowPrivateTargets();
    let client = this.clients.get(allowPrivate);
    if (!client) {
      client = new DeliveryClient({ dispatcher: createOutboundAgent({ allowPrivateTargets: allowPrivate }) });
      this.clients.set(allowPrivate, client);
    }
    return client;
  }
}

const runtimes = new WeakMap<ExtensionHost, ExportRuntime>();

/** The runtime of a host (one per extension and process). */
export function runtimeOf(host: ExtensionHost): ExportRuntime {
  let runtime = runtimes.get(host);
  if (!runtime) {
    runtime = new ExportRuntime(host);
    runtimes.set(host, runtime);
  }
  return runtime;
}
