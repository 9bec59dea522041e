import type { SubscriberDeclaration } from '../declarations.js';
import type { EntityWrittenEvent } from '../entities/writer.js';
import type { PlatformServices } from '../platform-services.js';
import { refreshSeoUrls, type SeoUrlRefresh } from './seo-url-updater.js';
import { SITEMAP_DELAY_SECONDS, SITEMAP_QUEUE } from './sitemap-job.js';

type Host = Pick<PlatformServices, 'db' | 'queue'>;

/**
 * Writes of what a SEO URL is made of bring the URLs up to date right after they commit, so the shop links
 * a product under its new name from the next request on (a batch of products costs a handful of statements:
 * the changed rows are found by comparing with what is stored). A change queues the sitemap job.
 */
function refreshOn(event: string, refreshes: (ids: string[], platform: Host) => Promise<SeoUrlRefresh[]> | SeoUrlRefresh[]): SubscriberDeclaration<Host> {
  return {
    event,
    async handle(payload, platform) {
      let written = 0;
      for (const refresh of await refreshes((payload as EntityWrittenEvent).ids, platform)) written += await refreshSeoUrls(platform.db, refresh);
      // not while the platform boots (first-start records, extension installs): the queue starts after them
      if (written > 0 && platform.queue.started) await platform.queue.send(platform.db, SITEMAP_QUEUE, {}, { startAfterSeconds: SITEMAP_DELAY_SECONDS });
    },
  };
}

const everything: SeoUrlRefresh[] = [{ kind: 'product' }, { kind: 'category' }, { kind: 'landingPage' }];

async function visibleProducts(ids: string[], platform: Host): Promise<SeoUrlRefresh[]> {
  if (ids.length === 0) return [];
  const rows = await platform.db.selectFrom('product_visibility').select('product_id').distinct().where('id', 'in', ids).execute();
  return rows.length > 0 ? [{ kind: 'product', ids: rows.map((row) => row.product_id as string) }] : [];
}

export const seoUrlSubscribers: SubscriberDeclaration<Host>[] = [
  refreshOn('product.written', (ids) => [{ kind: 'product', ids }]),
  refreshOn('product.deleted', (ids) => [{ kind: 'product', ids }]),
  refreshOn('product_visibility.written', visibleProducts),
  // the rows are gone, and with them which products they named
  refreshOn('product_visibility.deleted', () => [{ kind: 'product' }]),
  refreshOn('category.written', () => [{ kind: 'category' }]),
  refreshOn('category.deleted', () => [{ kind: 'category' }]),
  refreshOn('landing_page.written', () => [{ kind: 'landingPage' }]),
  refreshOn('landing_page.deleted', () => [{ kind: 'landingPage' }]),
  refreshOn('sales_channel.written', () => everything),
  refreshOn('sales_channel_domain.written', () => everything),
];
