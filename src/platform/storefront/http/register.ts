import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import type { Env } from '../../env.js';
import type { SystemConfigService } from '../../system-config/system-config-service.js';
import type { ExtensionManager } from '../../extension-manager/extension-manager.js';
import { setErrorResponder } from '../../http/error-handler.js';
import { StorefrontFramework } from './framework.js';
import { storefrontErrorResponder } from './error-pages.js';
import { DEFAULT_SHOP_NAME } from './render-page.js';

const VIEWS_FOLDER = fileURLToPath(new URL('../views/', import.meta.url));
const ASSETS_FOLDER = fileURLToPath(new URL('../assets/', import.meta.url));
const ASSETS_PREFIX = '/assets/storefront/';
const SHOP_NAME_CONFIG_KEY = 'core.basicInformation.shopName';

/** The parts of the platform the storefront framework uses. */
export interface StorefrontPlatform {
  env: Pick<Env, 'appSecret' | 'appUrl'>;
  systemConfig: Pick<SystemConfigService, 'getString'>;
  extensions: Pick<ExtensionManager, 'isActive'>;
}

/**
 * Sets up the storefront on the root instance, after registerErrorHandler: cookies (the flash cookie
 * is signed with a key derived from the app secret), the CSS under /assets/storefront/, the shared
 * state every storefront helper uses, and HTML error pages for requests that want HTML.
 */
export async function registerStorefrontFramework(app: FastifyInstance, platform: StorefrontPlatform): Promise<void> {
  const framework = new StorefrontFramework({
    appSecret: platform.env.appSecret,
    appUrl: platform.env.appUrl,
    viewsFolder: VIEWS_FOLDER,
    templateGlobals: { asset: assetUrl },
    shopName: async () => (await platform.systemConfig.getString(SHOP_NAME_CONFIG_KEY)) || DEFAULT_SHOP_NAME,
    isExtensionActive: (name) => platform.extensions.isActive(name),
  });
  await app.register(cookie, { secret: framework.cookieSecret });
  await app.register(fastifyStatic, {
    root: ASSETS_FOLDER,
    prefix: ASSETS_PREFIX,
    // another static root (the admin UI) may own reply.sendFile
    decorateReply: false,
    index: false,
    list: false,
    // asset URLs carry a content hash (see assetUrl), so a day is safe; ETag revalidates unversioned URLs
    maxAge: '1d',
    etag: true,
    lastModified: true,
    setHeaders: (res) => res.setHeader('x-content-type-options', 'nosniff'),
  });
  app.decorate('storefrontFramework', framework);
  app.decorateRequest('storefront', null);
  setErrorResponder(app, storefrontErrorResponder(framework));
}

const assetVersions = new Map<string, string>();

/** `asset('storefront.css')` in templates: the asset's URL with a content hash, so a changed file is fetched anew. */
export function assetUrl(file: string): string {
  const relative = path.posix.normalize(`/${file}`).slice(1);
  let version = assetVersions.get(relative);
  if (version === undefined) {
    try {
      version = createHash('sha256').update(readFileSync(path.join(ASSETS_FOLDER, relative))).digest('hex').slice(0, 12);
    } catch {
      version = '';
    }
    assetVersions.set(relative, version);
  }
  return `${ASSETS_PREFIX}${relative}${version ? `?v=${version}` : ''}`;
}
