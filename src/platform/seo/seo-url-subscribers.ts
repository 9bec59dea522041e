import type { SubscriberDeclaration } from '../declarations.js';
import type { Db } from '../database/connection.js';
import { executorOf, isUnitOfWork, type UnitOfWork } from '../database/transaction.js';
import type { EntityWrittenEvent } from '../entities/writer.js';
import type { PlatformServices } from '../platform-services.js';
import { refreshSeoUrls, type SeoUrlRefresh } from './seo-url-updater.js';
import { SITEMAP_DELAY_SECONDS, SITEMAP_QUEUE } from './sitemap-job.js';

type Host = Pick<PlatformServices, 'db' | 'queue'>;

/** What one transaction's writes need refreshed, gathered from all its events. */
interface PendingRefresh {
  productIds: Set<string>;
  allProducts: boolean;
  categories: boolean;
  landingPages: boolean;
}

const pendingByTransaction = new WeakMap<UnitOfWork, PendingRefresh>();

/**
 * Writes of what a SEO URL is made of bring the URLs up to date right after they commit, so the shop links
 * a product under its new name from the next request on (a batch of products costs a handful of statements:
 * the changed rows are found by comparing with what is stored). The events of one transaction are gathered
 * while it runs and refreshed once after it commits: a product written with its visibilities (an import
 * batch, an Administration save) is one refresh, not one per entity written. A change queues the sitemap job.
 */
function refreshOn(event: string, refreshes: (ids: string[], within: Db | UnitOfWork) => Promise<SeoUrlRefresh[]> | SeoUrlRefresh[]): SubscriberDeclaration<Host> {
  return {
    event,
    phase: 'in-transaction',
    async handle(payload, platform, within = platform.db) {
      const wanted = await refreshes((payload as EntityWrittenEvent).ids, within);
      if (wanted.length === 0) return;
      if (!isUnitOfWork(within)) {
        await refreshPending(platform, gathered(emptyRefresh(), wanted));
        return;
      }
      let pending = pendingByTransaction.get(within);
      if (!pending) {
        const fresh = emptyRefresh();
        pendingByTransaction.set(within, fresh);
        within.afterCommit(() => refreshPending(platform, fresh));
        pending = fresh;
      }
      gathered(pending, wanted);
    },
  };
}

function emptyRefresh(): PendingRefresh {
  return { productIds: new Set(), allProducts: false, categories: false, landingPages: false };
}

function gathered(pending: PendingRefresh, wanted: SeoUrlRefresh[]): PendingRefresh {
  for (const refresh of wanted) {
    if (refresh.kind === 'category') pending.categories = true;
    else if (refresh.kind === 'landingPage') pending.landingPages = true;
    else if (!refresh.ids) pending.allProducts = true;
    else for (const id of refresh.ids) pending.productIds.add(id);
  }
  return pending;
}

async function refreshPending(platform: Host, pending: PendingRefresh): Promise<void> {
  const refreshes: SeoUrlRefresh[] = [];
  if (pending.allProducts) refreshes.push({ kind: 'product' });
  else if (pending.productIds.size > 0) refreshes.push({ kind: 'product', ids: [...pending.productIds] });
  if (pending.categories) refreshes.push({ kind: 'category' });
  if (pending.landingPages) refreshes.push({ kind: 'landingPage' });
  let written = 0;
  for (const refresh of refreshes) written += await refreshSeoUrls(platform.db, refresh);
  // not while the platform boots (first-start records, extension installs): the queue starts after them
  if (written > 0 && platform.queue.started) await platform.queue.send(platform.db, SITEMAP_QUEUE, {}, { startAfterSeconds: SITEMAP_DELAY_SECONDS });
}

const everything: SeoUrlRefresh[] = [{ kind: 'product' }, { kind: 'category' }, { kind: 'landingPage' }];

async function visibleProducts(ids: string[], within: Db | UnitOfWork): Promise<SeoUrlRefresh[]> {
  if (ids.length === 0) return [];
  const rows = await executorOf(within).selectFrom('product_visibility').select('product_id').distinct().where('id', 'in', ids).execute();
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
