import { setTimeout as sleep } from 'node:timers/promises';
import type { WebhookDelivery, WebhookDeliveryResult } from './types.js';

const NOTHING_SENT: WebhookDeliveryResult = Object.freeze({ delivered: false, attempts: 0, statuses: [] }) as WebhookDeliveryResult;

/** How a simulated gateway sends its webhooks; read on every delivery, so a test may change them meanwhile. */
export interface WebhookSenderSettings {
  /** Where webhooks go; undefined = automatic ones are not sent, explicit ones throw. */
  readonly webhookUrl?: string;
  /** Retries after an answer that is not a delivery. */
  readonly webhookRetries: number;
  readonly webhookRetryDelayMs: number;
  log(line: string): void;
}

export interface WebhookSigning {
  /** Name used in error messages, e.g. `PayB simulator`. */
  name: string;
  /** Headers that authenticate one payload (a static hash header, or an HMAC of the exact bytes). */
  headersFor(payload: string): Record<string, string>;
  /** Whether an HTTP status counts as delivered (gateway D: 200 only; gateway A: any 2xx). */
  isDelivered(status: number): boolean;
  /** The event a body announces, for the delivery log. */
  eventOf(body: unknown): string;
  /** Per attempt. */
  attemptTimeoutMs: number;
}

export interface DeliveryOptions {
  headers?: Record<string, string>;
  times?: number;
  parallel?: boolean;
}

/**
 * Sends webhooks the way a gateway does: a JSON POST authenticated by the gateway's signing, success only
 * for what the gateway counts as delivered (redirects are never followed), retries after a pause.
 * Automatic webhooks can be held in a queue and released later, in order or reversed, or twice each.
 */
export class WebhookSender {
  readonly deliveries: WebhookDelivery[] = [];
  readonly #settings: WebhookSenderSettings;
  readonly #signing: WebhookSigning;
  readonly #closing = new AbortController();
  readonly #inFlight = new Set<Promise<unknown>>();
  #held: unknown[] | undefined;
  #toDrop = 0;

  constructor(settings: WebhookSenderSettings, signing: WebhookSigning) {
    this.#settings = settings;
    this.#signing = signing;
  }

  get held(): ReadonlyArray<unknown> {
    return this.#held ?? [];
  }

  hold(): void {
    this.#held ??= [];
  }

  /** The next `times` automatic webhooks are lost on the way (never sent, never retried): the "webhook dropped" fault. */
  dropNext(times: number): void {
    if (!Number.isInteger(times) || times < 0) throw new Error(`${this.#signing.name}: times must be a whole number, 0 or more`);
    this.#toDrop = times;
  }

  /** Automatic webhooks still to be dropped. */
  get toDrop(): number {
    return this.#toDrop;
  }

  /** An automatic webhook: dropped while a drop fault counts, queued while held, not sent without a webhook URL. */
  sendAutomatic(body: unknown): Promise<WebhookDeliveryResult> {
    if (this.#toDrop > 0) {
      this.#toDrop -= 1;
      return Promise.resolve(NOTHING_SENT);
    }
    if (this.#held) {
      this.#held.push(body);
      return Promise.resolve(NOTHING_SENT);
    }
    if (this.#settings.webhookUrl === undefined || this.#closing.signal.aborted) return Promise.resolve(NOTHING_SENT);
    return this.#track(this.#deliverCopies(body, {}));
  }

  /**
   * An automatic webhook sent later without blocking the caller: after `after` settles (e.g. the API answer
   * has gone out) and a pause. Held at once if holding now; pending until then for settled().
   */
  sendAutomaticLater(body: unknown, options: { delayMs?: number; after?: Promise<unknown> } = {}): void {
    if (this.#held) {
      this.#held.push(body);
      return;
    }
    this.#track((async () => ((await this.#waitFor(options)) ? this.sendAutomatic(body) : NOTHING_SENT))());
  }

  /**
   * Automatic webhooks that belong together (a refund's pending and final events), sent one after the
   * other after `after` settles and a pause. Each step builds its body right before it is sent (so the
   * gateway's records change when the event goes out); while holding, every step runs at once and its
   * body is queued.
   */
  sendAutomaticSequenceLater(steps: ReadonlyArray<() => unknown>, options: { delayMs?: number; after?: Promise<unknown> } = {}): void {
    if (this.#held) {
      for (const step of steps) this.#held.push(step());
      return;
    }
    const signal = this.#closing.signal;
    this.#track(
      (async () => {
        if (!(await this.#waitFor(options))) return;
        for (const step of steps) {
          if (signal.aborted) return;
          await this.sendAutomatic(step());
        }
      })(),
    );
  }

  /** An explicit delivery a test asked for: never held; refused without a webhook URL. */
  deliver(body: unknown, options: DeliveryOptions = {}): Promise<WebhookDeliveryResult> {
    if (this.#settings.webhookUrl === undefined) throw new Error(`${this.#signing.name}: no webhookUrl is set; call setWebhookUrl() first`);
    return this.#track(this.#deliverCopies(body, options));
  }

  /** Sends the held webhooks one after another and stops holding. */
  async release(options: { order?: 'fifo' | 'reverse'; duplicate?: boolean } = {}): Promise<WebhookDeliveryResult[]> {
    const queue = this.#held ?? [];
    this.#held = undefined;
    if (options.order === 'reverse') queue.reverse();
    const results: WebhookDeliveryResult[] = [];
    for (const body of queue) {
      if (this.#settings.webhookUrl === undefined) results.push(NOTHING_SENT);
      else results.push(await this.#track(this.#deliverCopies(body, { times: options.duplicate ? 2 : 1 })));
    }
    return results;
  }

  async settled(): Promise<void> {
    while (this.#inFlight.size > 0) await Promise.allSettled([...this.#inFlight]);
  }

  /** Aborts attempts in flight and pending retries; their results report what was sent so far. */
  async close(): Promise<void> {
    this.#closing.abort();
    this.#held = undefined;
    await this.settled();
  }

  /** Waits for `after` to settle and the pause to pass; false when `after` rejected or the sender is closing. */
  async #waitFor(options: { delayMs?: number; after?: Promise<unknown> }): Promise<boolean> {
    try {
      await options.after;
      const delayMs = options.delayMs ?? 0;
      if (delayMs > 0) await sleep(delayMs, undefined, { signal: this.#closing.signal });
      return true;
    } catch {
      return false;
    }
  }

  #track<T>(promise: Promise<T>): Promise<T> {
    this.#inFlight.add(promise);
    const forget = () => void this.#inFlight.delete(promise);
    promise.then(forget, forget);
    return promise;
  }

  async #deliverCopies(body: unknown, options: DeliveryOptions): Promise<WebhookDeliveryResult> {
    const times = Math.max(1, Math.floor(options.times ?? 1));
    const copies: WebhookDeliveryResult[] = [];
    if (options.parallel) {
      copies.push(...(await Promise.all(Array.from({ length: times }, () => this.#deliverOne(body, options.headers)))));
    } else {
      for (let i = 0; i < times; i += 1) copies.push(await this.#deliverOne(body, options.headers));
    }
    return {
      delivered: copies.every((c) => c.delivered),
      attempts: copies.reduce((sum, c) => sum + c.attempts, 0),
      statuses: copies.flatMap((c) => c.statuses),
    };
  }

  async #deliverOne(body: unknown, customHeaders: Record<string, string> | undefined): Promise<WebhookDeliveryResult> {
    const url = this.#settings.webhookUrl;
    if (url === undefined) return NOTHING_SENT;
    const event = this.#signing.eventOf(body);
    const payload = typeof body === 'string' ? body : JSON.stringify(body);
    const headers: Record<string, string> = { 'content-type': 'application/json', ...(customHeaders ?? this.#signing.headersFor(payload)) };
    const statuses: Array<number | 'error'> = [];
    const maxAttempts = 1 + this.#settings.webhookRetries;
    for (let attempt = 1; attempt <= maxAttempts && !this.#closing.signal.aborted; attempt += 1) {
      if (attempt > 1) {
        try {
          await sleep(this.#settings.webhookRetryDelayMs, undefined, { signal: this.#closing.signal });
        } catch {
          break;
        }
      }
      const status = await this.#post(url, payload, headers);
      statuses.push(status);
      this.deliveries.push({ event, attempt, status, body });
      this.#settings.log(`webhook ${event} attempt ${attempt} -> ${status}`);
      if (status !== 'error' && this.#signing.isDelivered(status)) return { delivered: true, attempts: statuses.length, statuses };
    }
    return { delivered: false, attempts: statuses.length, statuses };
  }

  async #post(url: string, payload: string, headers: Record<string, string>): Promise<number | 'error'> {
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers,
        body: payload,
        redirect: 'manual',
        signal: AbortSignal.any([AbortSignal.timeout(this.#signing.attemptTimeoutMs), this.#closing.signal]),
      });
      // the answer's body does not matter; reading it frees the connection
      await response.arrayBuffer().catch(() => undefined);
      return response.status;
    } catch {
      return 'error';
    }
  }
}
