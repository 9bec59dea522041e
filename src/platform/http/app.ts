import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import formbody from '@fastify/formbody';
import type { PlatformServices } from '../platform-services.js';
import { registerErrorHandler } from './error-handler.js';
import { registerJsonParser } from './raw-body.js';
import { registerInputGuard } from './input-guard.js';
import { clientErrorAnswer, frameworkErrorAnswer } from './framework-errors.js';
import { schemaCompilerOptions } from './schemas/compiler-options.js';
import { registerOpenApiDocuments } from './openapi/register-documents.js';
import { registerAuthentication } from '../admin-api/auth/authenticate.js';
import { registerOAuthRoute } from '../admin-api/auth/oauth-route.js';
import { LoginThrottle } from '../admin-api/auth/login-throttle.js';
import { registerInfoRoutes } from '../admin-api/info-routes.js';
import { registerSystemConfigRoutes } from '../system-config/routes.js';
import { registerExtensionRoutes } from '../extension-manager/routes.js';
import { registerQueueRoutes } from '../queue/routes.js';
import { registerExtensionOwnedRoutes } from './extension-routes.js';
import { registerEntityRoutes } from '../admin-api/entity-routes.js';
import { platformModules } from '../modules.js';
import { registerConfigSchemaRoute } from '../system-config/schema-route.js';
import { ADMIN_UI_FOLDER, registerAdminUi } from './admin-ui.js';
import { registerSecurityHeaders, securityHeaderPolicy } from './security-headers.js';

/** The HTTP application: Admin API under /api, storefront and extension routes elsewhere. */
export async function buildApp(platform: PlatformServices): Promise<FastifyInstance> {
  const app: FastifyInstance = Fastify({
    loggerInstance: platform.logger as FastifyBaseLogger,
    bodyLimit: 10 * 1024 * 1024,
    trustProxy: false,
    // query strings stay plain key/values: the criteria parser reads the bracket notation itself
    routerOptions: { ignoreTrailingSlash: true },
    ...schemaCompilerOptions(),
    // the HTTP layer's own refusals answer in the platform's error shape too
    frameworkErrors: frameworkErrorAnswer,
    clientErrorHandler: clientErrorAnswer,
  });

  // first: every answer carries them, refusals by later hooks included
  const securityHeaders = securityHeaderPolicy(platform.env.appUrl);
  await registerSecurityHeaders(app, securityHeaders);
  registerJsonParser(app);
  registerInputGuard(app);
  await app.register(formbody);
  await registerOpenApiDocuments(app);
  registerErrorHandler(app);
  registerAuthentication(app, platform.tokens);

  registerOAuthRoute(app, platform.tokens, new LoginThrottle(platform.db, 'administration'));
  registerInfoRoutes(app, platform);
  registerSystemConfigRoutes(app, platform);
  registerConfigSchemaRoute(app, platform.configSchemas, (owner) => platform.extensions.isActive(owner));
  registerExtensionRoutes(app, platform);
  registerQueueRoutes(app, platform);
  registerEntityRoutes(app, {
    registry: platform.entities,
    repositories: platform.repositories,
    db: platform.db,
    isEntityAvailable: (name) => platform.isEntityAvailable(name),
  });
  for (const module of platformModules) await module.routes?.(app, platform);
  await registerExtensionOwnedRoutes(app, platform);
  await registerAdminUi(app, ADMIN_UI_FOLDER, securityHeaders.adminPage);

  return app;
}
