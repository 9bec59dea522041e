import { systemContext } from '../../../../platform/sdk/index.js';
import { markCreated, markRewritten, readMarks } from '../../ledger/ledger.js';
import type { IdMap } from '../../plan/id-map.js';
import type { CmsPageNode, LayoutElement } from '../../plan/types.js';
import { WRITE_BATCH } from '../batches.js';
import type { SeedContext } from '../context.js';
import { readByIds } from '../lookup.js';
import { isEmptyValue } from '../narrow.js';

const LABEL = 'cms_page';

/**
 * Each channel's home layout and its landing page's layout (Shopping Experiences), found by id only. A
 * missing layout is created, with its section, blocks and slots, only for a page demo data created (its
 * ledger mark): never for the merchant's own navigation category (the adopted "Storefront") or an adopted
 * landing page. In the same transaction it is assigned to that page when the page has no layout yet, so
 * an interrupted run never leaves a layout unassigned. An existing layout is the merchant's to edit: a run
 * adds nothing to it (no blocks re-added, no assignment restored), as with every other row it finds.
 */
export async function seedLayouts(ctx: SeedContext): Promise<void> {
  const { host, plan, ids } = ctx;
  ctx.progress.start(LABEL, plan.cmsPages.length);
  const existing = await readByIds(host, 'cms_page', plan.cmsPages.map((n) => n.id));
  const missing = plan.cmsPages.filter((n) => !existing.has(n.id));
  ctx.tally.add(LABEL, 'reused', plan.cmsPages.length - missing.length);

  const targets = { category: new Map<string, Record<string, unknown>>(), landing_page: new Map<string, Record<string, unknown>>() };
  const marked = { category: new Map<string, Date>(), landing_page: new Map<string, Date>() };
  for (const entity of ['category', 'landing_page'] as const) {
    const wanted = missing.filter((n) => n.assignTo.entity === entity).map((n) => ids.resolve(n.assignTo.id));
    if (wanted.length === 0) continue;
    targets[entity] = await readByIds(host, entity, wanted);
    marked[entity] = await readMarks(host.db, entity, wanted);
  }

  const creates: CmsPageNode[] = [];
  const assignments: Array<{ entity: 'category' | 'landing_page'; id: string; cmsPageId: string }> = [];
  for (const node of missing) {
    const { entity } = node.assignTo;
    const pageId = ids.resolve(node.assignTo.id);
    const page = targets[entity].get(pageId);
    if (!page || !marked[entity].has(pageId)) {
      ctx.tally.add(LABEL, 'skipped');
      ctx.tally.note(`No layout "${node.name}": the ${entity === 'category' ? 'navigation category' : 'landing page'} it is for is not one demo data created.`);
      continue;
    }
    creates.push(node);
    ctx.tally.add(LABEL, 'created');
    if (isEmptyValue(page.cmsPageId)) assignments.push({ entity, id: pageId, cmsPageId: node.id });
  }

  for (let i = 0; i < creates.length; i += WRITE_BATCH) {
    const batch = creates.slice(i, i + WRITE_BATCH);
    const batchIds = new Set(batch.map((n) => n.id));
    const assigned = assignments.filter((a) => batchIds.has(a.cmsPageId));
    await host.transaction(async (uow) => {
      await host.repository('cms_page').create(batch.map((n) => layoutRow(n, ids)), systemContext, uow, { batched: true });
      await markCreated(uow, 'cms_page', [...batchIds]);
      for (const entity of ['category', 'landing_page'] as const) {
        const rows = assigned.filter((a) => a.entity === entity).map(({ id, cmsPageId }) => ({ id, cmsPageId }));
        if (rows.length === 0) continue;
        await host.repository(entity).update(rows, systemContext, uow);
        // the page stays demo data's own, unchanged by the merchant, after demo data assigned its layout
        await markRewritten(uow, entity, rows.map((r) => r.id));
      }
    });
    ctx.written.rows += batch.length + assigned.length;
    ctx.progress.advance(batch.length);
  }
  ctx.progress.advance(plan.cmsPages.length - creates.length);
  ctx.progress.finish();
}

/** The layout with its one section, its blocks and their slots: one nested write. */
function layoutRow(node: CmsPageNode, ids: IdMap): Record<string, unknown> {
  return {
    id: node.id,
    name: node.name,
    type: node.type,
    sections: [
      {
        id: node.section.id,
        position: 0,
        type: 'default',
        blocks: node.blocks.map((block) => ({
          id: block.id,
          position: block.position,
          type: block.element.type,
          sectionPosition: 'main',
          slots: [{ id: block.slot.id, type: block.element.type, slot: block.slotName, config: slotConfig(block.element, ids) }],
        })),
      },
    ],
  };
}

/** The element's config in Shopware's shape (`{ source: 'static', value }` per field), with the rows' real ids. */
export function slotConfig(element: LayoutElement, ids: IdMap): Record<string, { source: 'static'; value: unknown }> {
  const value = <T>(v: T) => ({ source: 'static' as const, value: v });
  switch (element.type) {
    case 'text':
      return { content: value(element.html) };
    case 'image-slider':
      return { sliderItems: value(element.slides.map((s) => ({ mediaId: ids.resolve(s.mediaId), url: `/navigation/${ids.resolve(s.categoryId)}`, newTab: false }))) };
    case 'product-slider':
      return { products: value(ids.resolveAll(element.productIds)) };
  }
}
