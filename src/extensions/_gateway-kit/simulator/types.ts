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
