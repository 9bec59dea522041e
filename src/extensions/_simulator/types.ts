/** What every gateway simulator records and accepts, whatever its API. */

export interface WebhookDeliveryResult {
  delivered: boolean;
  attempts: number;
  statuses: Array<number | 'error'>;
}

export interface RecordedRequest {
  method: string;
  /** path with query */
  path: string;
  /** lower-case names */
  headers: Record<string, string>;
  /** parsed JSON (or form) body; undefined without a body or when it could not be parsed */
  body: unknown;
}

export interface WebhookDelivery {
  event: string;
  /** 1 for the first attempt, 2 for the first retry... */
  attempt: number;
  status: number | 'error';
  body: unknown;
}

export interface InjectedFault {
  /** default: any method */
  method?: string;
  /** a string matches the path without query (or the full path with query); a RegExp is tested against the path with query */
  path: string | RegExp;
  /** answer this status (the gateway's default body for it after delayMs); omitted = delay only, then normal handling */
  status?: number;
  delayMs?: number;
  /** how many matching requests it applies to; default 1 */
  times?: number;
  /** the response body instead of the default for the status */
  body?: unknown;
  /**
   * true: the request is carried out (a payment, a refund is created) and only its answer is replaced by the
   * fault, as when the gateway times out after doing the work ("a timeout does not always mean failure").
   */
  applyRequest?: boolean;
}

/** What every gateway simulator offers its tests and its console command, whatever its API. */
export interface GatewaySimulator<O> {
  /** e.g. http://127.0.0.1:41234: the shop's `apiBaseUrl` */
  readonly baseUrl: string;
  /** stops the server AND pending webhook deliveries/retry timers */
  close(): Promise<void>;
  /** Every API request received (not hosted-page requests) */
  readonly requests: ReadonlyArray<RecordedRequest>;
  /**
   * Sends any body (a string is sent as-is, e.g. malformed JSON) authenticated as the gateway does it (or with
   * the given headers instead), with the gateway's retries; `times` > 1 delivers duplicates (sequentially, or
   * all at once with parallel:true). Throws when no webhookUrl is set.
   */
  deliverWebhook(body: unknown, options?: { headers?: Record<string, string>; times?: number; parallel?: boolean }): Promise<WebhookDeliveryResult>;
  /** The next `times` automatic webhooks are dropped (never sent): a lost webhook */
  dropWebhooks(times: number): void;
  /** Hold automatic webhooks in a queue instead of sending */
  holdWebhooks(): void;
  /** Sends the held webhooks one after the other (reverse = out of order; duplicate = each twice) and stops holding */
  releaseWebhooks(options?: { order?: 'fifo' | 'reverse'; duplicate?: boolean }): Promise<WebhookDeliveryResult[]>;
  /** Bodies of the webhooks held right now, in the order they were queued */
  readonly heldWebhooks: ReadonlyArray<unknown>;
  /** Every delivery attempt: event, attempt number, HTTP status answered (or error), body */
  readonly webhookDeliveries: ReadonlyArray<WebhookDelivery>;
  /** Resolves once no automatic webhook is pending or in flight */
  webhooksSettled(): Promise<void>;
  /** Fault injection (5xx, slow answers) for matching API requests; returns a function that removes it */
  injectFault(fault: InjectedFault): () => void;
  setWebhookUrl(url: string | undefined): void;
  setOptions(patch: Partial<O>): void;
}

/** A gateway simulator's own methods, besides those every gateway simulator has (startSimulator's `api`). */
export type GatewayMethods<T extends GatewaySimulator<never>> = Omit<T, keyof GatewaySimulator<never>>;
