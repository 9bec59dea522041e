import type { VerificationFailure } from '../delivery/standard-webhooks.js';

/** How the simulated target authenticates the shop's requests. */
export type SimulatorAuth =
  | { type: 'none' }
  | { type: 'api_key'; headerName?: string; key: string }
  | { type: 'basic'; username: string; password: string }
  | { type: 'bearer'; token: string }
  /** the simulator is its own token endpoint at `tokenUrl` (client credentials grant) */
  | { type: 'oauth2'; clientId: string; clientSecret: string; scope?: string; tokenLifetimeSeconds?: number };

/** One scripted answer to a delivery. */
export interface ScriptedAnswer {
  status: number;
  /** wait this long before answering (to provoke the shop's timeout) */
  delayMs?: number;
  /** a Retry-After header (seconds or an HTTP date) */
  retryAfter?: number | string;
  /** answer `{"acknowledged": true, "reference": ...}`: processing confirmed in the response itself */
  acknowledged?: boolean;
  reference?: string;
  /** any other JSON body (wins over `acknowledged`) */
  body?: unknown;
  headers?: Record<string, string>;
}

export interface RecordedDelivery {
  method: string;
  path: string;
  /** as received, lowercased names */
  headers: Record<string, string>;
  /** the exact body text the signature covers */
  rawBody: string;
  /** the body parsed as JSON, undefined if it is not JSON */
  json: unknown;
  /** `unchecked` when the simulator has no signing secret */
  signature: 'valid' | 'invalid' | 'unchecked';
  signatureFailure?: VerificationFailure;
  authorized: boolean;
  answeredStatus: number;
  receivedAt: string;
}

export interface RecordedTokenRequest {
  clientId: string | undefined;
  scope: string | undefined;
  granted: boolean;
}

export interface TargetSimulatorOptions {
  /** default 127.0.0.1 */
  host?: string;
  /** default 0: any free port */
  port?: number;
  /** verify Standard Webhooks signatures of deliveries with it, and sign acknowledgements */
  signingSecret?: string;
  auth?: SimulatorAuth;
  /** the answer when no script says otherwise; default 200 */
  defaultAnswer?: ScriptedAnswer;
  /** a per-request script: the answer for this delivery, or undefined for the queue / default */
  respond?: (delivery: RecordedDelivery) => ScriptedAnswer | undefined;
  /** one line per request (the console command prints them) */
  log?: (line: string) => void;
}

export interface AcknowledgementInput {
  /** the shop's callback, e.g. https://shop.example/ext-order-export/acknowledge */
  callbackUrl: string;
  correlationId: string;
  status: 'acknowledged' | 'rejected';
  reference?: string;
  message?: string;
  /** default the simulator's signing secret; a wrong one tests the shop's verification */
  signingSecret?: string;
  /** Unix seconds; default now (an old one tests the shop's tolerance) */
  timestamp?: number;
  /** the message id; default a new one (repeat one to test the shop's deduplication) */
  messageId?: string;
}

export interface TargetSimulator {
  readonly baseUrl: string;
  /** where the shop delivers (any path but /oauth/token and /_simulator/ is accepted) */
  readonly deliveryUrl: string;
  readonly tokenUrl: string;
  readonly deliveries: RecordedDelivery[];
  /** GET requests (test connection) */
  readonly probes: Array<{ path: string; headers: Record<string, string>; authorized: boolean }>;
  readonly tokenRequests: RecordedTokenRequest[];
  /** answers for the next deliveries, in order */
  enqueue(...answers: ScriptedAnswer[]): void;
  /** replaces the per-request script */
  respondWith(respond: TargetSimulatorOptions['respond']): void;
  /** makes every issued OAuth token invalid (the next delivery gets 401) */
  revokeTokens(): void;
  /** sends a signed acknowledgement to the shop */
  acknowledge(input: AcknowledgementInput): Promise<{ status: number; body: string; messageId: string }>;
  close(): Promise<void>;
}
