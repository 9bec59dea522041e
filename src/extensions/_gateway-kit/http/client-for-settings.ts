import { GatewayHttpClient, GatewayNotConfiguredError, type GatewayHttpClientOptions } from './gateway-client.js';

/**
 * The HTTP client of a gateway for the settings' active mode: its key as the bearer, its API base URL.
 * Throws GatewayNotConfiguredError without a secret key (nothing can be sent).
 */
export function gatewayClientFor(
  settings: { apiBaseUrl: string; secretKey: string | null; sandbox: boolean },
  options: Pick<GatewayHttpClientOptions, 'gatewayName' | 'timeoutMs' | 'readEnvelope'>,
): GatewayHttpClient {
  if (!settings.secretKey) throw new GatewayNotConfiguredError(options.gatewayName, settings.sandbox ? 'sandbox' : 'live');
  return new GatewayHttpClient({ ...options, baseUrl: settings.apiBaseUrl, secretKey: settings.secretKey });
}
