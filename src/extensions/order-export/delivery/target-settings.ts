import { isObjectLiteral } from '../../../platform/sdk/index.js';
import { isHeaderName, isSafeHeaderValue, RESERVED_HEADERS } from './header-rules.js';
import { checkOutboundUrl } from './outbound-guard.js';
import { isValidSigningSecret } from './standard-webhooks.js';

export const DEFAULT_TARGET_TIMEOUT_MS = 10_000;
/** an export is answered synchronously, so a target gets at most a minute */
export const MAX_TARGET_TIMEOUT_MS = 60_000;
export const TARGET_METHODS = ['POST', 'PUT'] as const;
export type TargetMethod = (typeof TARGET_METHODS)[number];

/** What delivery needs of an export target. */
export interface DeliveryTarget {
  url: string;
  method: TargetMethod;
  /** whole exchange; default 10 000 ms */
  timeoutMs?: number;
  /** extra, non-secret headers (secrets belong in a credential) */
  headers?: Record<string, string>;
  /** the current signing secret first; during a rotation the previous ones too (one signature each) */
  signingSecrets: readonly string[];
}

/** Problems of a target's delivery settings, one line each with the setting's name. */
export function validateTargetSettings(
  input: { url?: unknown; method?: unknown; timeoutMs?: unknown; headers?: unknown; signingSecret?: unknown },
  options: { allowPrivateTargets?: boolean } = {},
): string[] {
  const problems: string[] = [];
  const url = checkOutboundUrl(input.url, options);
  if (!url.ok) problems.push(`url ${url.problem}`);
  if (input.method !== undefined && !(TARGET_METHODS as readonly unknown[]).includes(input.method)) problems.push('method must be POST or PUT');
  if (input.timeoutMs !== undefined) problems.push(...timeoutProblems(input.timeoutMs));
  if (input.headers !== undefined) problems.push(...headerProblems(input.headers));
  if (input.signingSecret !== undefined && !isValidSigningSecret(input.signingSecret)) {
    problems.push('signingSecret must be "whsec_" followed by the base64 of 24 to 64 bytes');
  }
  return problems;
}

/** Problems of a target's timeout, named `timeoutMs`. */
export function timeoutProblems(timeoutMs: unknown): string[] {
  if (Number.isInteger(timeoutMs) && (timeoutMs as number) >= 1 && (timeoutMs as number) <= MAX_TARGET_TIMEOUT_MS) return [];
  return [`timeoutMs must be a whole number of milliseconds from 1 to ${MAX_TARGET_TIMEOUT_MS}`];
}

/** Problems of a target's extra headers, each named `headers.<name>`. */
export function headerProblems(headers: unknown): string[] {
  if (!isObjectLiteral(headers)) return ['headers must be an object of header names and text values'];
  const problems: string[] = [];
  for (const [name, value] of Object.entries(headers)) {
    if (!isHeaderName(name)) problems.push(`headers[${JSON.stringify(name)}]: not a valid HTTP header name`);
    else if (RESERVED_HEADERS.has(name.toLowerCase())) problems.push(`headers.${name}: set by the export itself (secrets belong in a credential)`);
    else if (!isSafeHeaderValue(value)) problems.push(`headers.${name} must be text without line breaks, at most 8192 characters`);
  }
  return problems;
}
