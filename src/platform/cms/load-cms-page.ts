import type { Db } from '../database/connection.js';
import type { UnitOfWork } from '../database/transaction.js';
import { AppError } from '../errors/app-error.js';
import { isId } from '../ids.js';
import type { SalesChannelContext } from '../sales-channel/context/sales-channel-context.js';
import { readCmsPageTree } from './cms-page-reader.js';
import { resolveCmsPage, type CmsResolveDeps, type CmsResolveOptions } from './resolve-cms-slots.js';
import { storeCmsPageJson, type StoreCmsPageJson } from './store-cms-page.js';

export function cmsPageNotFound(pageId: string): AppError {
  return new AppError(404, 'CONTENT__CMS_PAGE_NOT_FOUND', `Page with id "${pageId}" was not found.`, { meta: { parameters: { pageId } } });
}

/**
 * A layout with every slot's data resolved for the context (and the entity it shows, if any), in the
 * Store API's shape; undefined for an unknown id. One statement for the layout, then one per kind of
 * data its slots need.
 */
export async function loadResolvedCmsPage(
  within: Db | UnitOfWork,
  deps: CmsResolveDeps,
  context: SalesChannelContext,
  pageId: string,
  options: CmsResolveOptions = {},
): Promise<StoreCmsPageJson | undefined> {
  const id = pageId.toLowerCase();
  if (!isId(id)) return undefined;
  const tree = await readCmsPageTree(within, id);
  if (!tree) return undefined;
  const resolved = await resolveCmsPage(within, deps, context, tree, options);
  return storeCmsPageJson(tree, resolved.slots, resolved.backgroundMedia);
}
