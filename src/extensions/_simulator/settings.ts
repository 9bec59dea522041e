/** The options every gateway simulator takes, and how they are applied while it runs. */
export interface SimulatorOptions {
  /** default 127.0.0.1 */
  host?: string;
  /** default 0 (random) */
  port?: number;
  /** Bearer keys the API accepts; default the gateway's DEFAULT_SECRET_KEY */
  secretKeys?: string[];
  /** where webhooks go; undefined = none sent (automatic ones) */
  webhookUrl?: string;
  /** retries after an answer the gateway does not count as delivered; default 3 */
  webhookRetries?: number;
  /** default 50 (compressed from the live schedule) */
  webhookRetryDelayMs?: number;
  /** default true: payments (and refunds) send their webhooks automatically */
  autoWebhooks?: boolean;
  /** One line per API request and webhook delivery (never headers or keys); default: silent. */
  log?: (line: string) => void;
}

/** The options in force: every key set except those a patch may clear (`webhookUrl` and the gateway's own). */
export type SimulatorSettingsOf<O extends SimulatorOptions, Clearable extends keyof O = never> = Required<Omit<O, Clearable | 'webhookUrl' | 'log'>> &
  Pick<O, Clearable | 'webhookUrl'> & { log: (line: string) => void };

/** The defaults of the common options, given the gateway's default key. */
export function commonSimulatorDefaults(defaultSecretKey: string): Required<Omit<SimulatorOptions, 'webhookUrl'>> & { webhookUrl: undefined } {
  return { host: '127.0.0.1', port: 0, secretKeys: [defaultSecretKey], webhookUrl: undefined, webhookRetries: 3, webhookRetryDelayMs: 50, autoWebhooks: true, log: () => {} };
}

/**
 * Applies the keys present in `patch` (an explicit undefined clears `webhookUrl` and the `clearable` keys;
 * it leaves the others as they are) and checks the common ones. Throws `<name>: …` for a bad value.
 */
export function applySimulatorOptions<O extends SimulatorOptions>(
  settings: SimulatorSettingsOf<O, keyof O>,
  patch: Partial<O>,
  gateway: { name: string; clearable?: ReadonlyArray<keyof O> },
): void {
  for (const [key, value] of Object.entries(patch) as Array<[keyof O, unknown]>) {
    if (value === undefined && key !== 'webhookUrl' && !gateway.clearable?.includes(key)) continue;
    (settings as Record<keyof O, unknown>)[key] = value;
  }
  const { secretKeys, webhookRetries, webhookUrl } = settings as SimulatorSettingsOf<SimulatorOptions>;
  if (secretKeys.length === 0 || secretKeys.some((key) => key === '')) throw new Error(`${gateway.name}: secretKeys must be non-empty keys`);
  if (!Number.isInteger(webhookRetries) || webhookRetries < 0) throw new Error(`${gateway.name}: webhookRetries must be an integer >= 0`);
  if (webhookUrl !== undefined && !isHttpUrl(webhookUrl)) throw new Error(`${gateway.name}: webhookUrl must be an http(s) URL: ${webhookUrl}`);
}

/** An absolute http(s) URL (what gateways accept as a return or webhook URL). */
export function isHttpUrl(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}
