/** Longest gateway text kept for messages and logs: enough to understand a refusal, too short to dump a body. */
export const MAX_EXCERPT_LENGTH = 300;

/**
 * A gateway's text made safe for a log line or an error message: every occurrence of a secret (our key,
 * echoed back by a gateway's error page) replaced, control characters removed, cut to a short excerpt.
 */
export function redactedExcerpt(text: string, secrets: ReadonlyArray<string | null | undefined>): string {
  let safe = text;
  for (const secret of secrets) {
    // a very short "secret" would blank out ordinary words; real keys are long
    if (secret && secret.length >= 6) safe = safe.split(secret).join('[redacted]');
  }
  // eslint-disable-next-line no-control-regex
  safe = safe.replace(/[\u0000-\u001f\u007f]+/g, ' ').replace(/ {2,}/g, ' ').trim();
  return safe.length > MAX_EXCERPT_LENGTH ? `${safe.slice(0, MAX_EXCERPT_LENGTH)}…` : safe;
}
