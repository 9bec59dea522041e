/**
 * A schema without a single keyword (`{}`, what documentedOnly leaves to fastify) accepts every value:
 * it needs neither a compiled validator nor a compiled serializer. Hundreds of routes have such parts,
 * and compiling each would cost the app noticeable start-up time.
 */
export function isUnconstrained(schema: unknown): boolean {
  return typeof schema === 'object' && schema !== null && !Array.isArray(schema) && Object.keys(schema).length === 0;
}
