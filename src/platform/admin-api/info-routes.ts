import type { FastifyInstance } from 'fastify';

/** Health check (public) and the OpenAPI document generated from the route schemas. */
export function registerInfoRoutes(app: FastifyInstance): void {
  app.get(
    '/api/_info/health-check',
    {
      config: { auth: false },
      schema: { tags: ['System info'], summary: 'Health check', security: [], response: { 200: { type: 'null', description: 'The platform is up' } } },
    },
    async (_request, reply) => reply.status(200).send(),
  );

  app.get(
    '/api/_info/openapi3.json',
    { config: { auth: false }, schema: { tags: ['System info'], summary: 'OpenAPI 3 document of the Admin API', security: [] } },
    async () => app.swagger(),
  );
}
