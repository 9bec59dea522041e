/** Shopware's ContextTokenResponse body (login, logout, context switch); the token is also in `sw-context-token`. */
export function contextTokenResponse(token: string): { contextToken: string; apiAlias: 'array_struct' } {
  return { contextToken: token, apiAlias: 'array_struct' };
}

/** The body of a Store API write route as an object; anything else is a 400. No body counts as `{}`. */
export function objectBody(body: unknown): Record<string, unknown> | undefined {
  if (body === undefined || body === null || body === '') return {};
  if (typeof body !== 'object' || Array.isArray(body)) return undefined;
  return body as Record<string, unknown>;
}
