import type { Criteria, EntityRecord } from '../../../platform/sdk/index.js';
import type { ProductNode, SeedPlan } from '../plan/types.js';

/** A row of another entity that points at a candidate: while it stays, the candidate stays too. */
export interface Reference {
  entity: string;
  /** The referencing field (e.g. `mediaId` on `product_media`); or else: */
  field?: string;
  /** A many-to-many association of the candidate's entity whose linked rows (of `entity`) refer to it. */
  association?: string;
  /** The id that decides whether the reference stays, when not the referencing row's own (an order customer's order). */
  stayingId?: (row: Record<string, unknown>) => { entity: string; id: string };
  /**
   * Listed only: the referencing row is named among the kept rows when demo data did not create it, but the
   * candidate goes (a real order's line items keep their snapshot; the product reference becomes null).
   */
  listOnly?: boolean;
}

/** One entity of the removal, in deletion order (rows pointing at others before the rows they point at). */
export interface RemovalStep {
  entity: string;
  /** Plan ids of the candidates, in deletion order. */
  ids: string[];
  /** The row a candidate belongs to (a product's prices, reviews, images): kept while its owner is kept. */
  ownerOf?: (id: string) => { entity: string; id: string } | undefined;
  /** Rows that would be deleted or unlinked with a candidate: a candidate stays while one of them stays. */
  references?: Reference[];
  /** Natural key for the "adopted" listing: a row found by it under another id is the merchant's. */
  naturalKeyField?: string;
  naturalKeyOf?: (id: string) => string;
  /** Read with the candidates, for `lastChange`. */
  associations?: Criteria['associations'];
  /** When the row was last changed, if not its own `updatedAt` (a layout: its sections, blocks and slots too). */
  lastChange?: (row: EntityRecord) => string | null;
  /** Whether the row was edited in a way no timestamp shows (a layout missing a block demo data wrote). */
  edited?: (row: EntityRecord) => boolean;
  /** For products: whether the row still holds what demo data wrote (stock moved by orders is no change). */
  products?: Map<string, ProductNode>;
}

/**
 * The removal steps of a plan: the seeding order reversed, with order-line, price and image rows before
 * the products they belong to, variants before their parents, channels before their root categories,
 * child categories before their parents, and shared catalogue rows (taxes, manufacturers, properties)
 * last.
 */
export function removalSteps(plan: SeedPlan): RemovalStep[] {
  const productOwner = (map: Map<string, string>) => (id: string) => {
    const productId = map.get(id);
    return productId === undefined ? undefined : { entity: 'product', id: productId };
  };
  const products = new Map(plan.products.map((p) => [p.id, p]));
  const productMedia = plan.media.filter((m) => m.productMedia);
  const layoutBlocks = new Map(plan.cmsPages.map((p) => [p.id, p.blocks.map((b) => b.id)]));
  const variantsFirst = [...plan.products].sort((a, b) => Number(a.parentId === null) - Number(b.parentId === null));
  return [
    {
      entity: 'product_review',
      ids: plan.reviews.map((r) => r.id),
      ownerOf: productOwner(new Map(plan.reviews.map((r) => [r.id, r.productId]))),
    },
    {
      entity: 'product_cross_selling',
      ids: plan.crossSellings.map((c) => c.id),
      ownerOf: productOwner(new Map(plan.crossSellings.map((c) => [c.id, c.productId]))),
    },
    {
      entity: 'order',
      ids: plan.orders.map((o) => o.id),
      naturalKeyField: 'orderNumber',
      naturalKeyOf: keyLookup(plan.orders.map((o) => [o.id, o.orderNumber])),
    },
    {
      entity: 'customer',
      ids: plan.customers.map((c) => c.id),
      references: [{ entity: 'order_customer', field: 'customerId', stayingId: (row) => ({ entity: 'order', id: row.orderId as string }) }],
      naturalKeyField: 'email',
      naturalKeyOf: keyLookup(plan.customers.map((c) => [c.id, c.email])),
    },
    { entity: 'landing_page', ids: plan.landingPages.map((l) => l.id) },
    {
      entity: 'product_price',
      ids: plan.productPrices.map((p) => p.id),
      ownerOf: productOwner(new Map(plan.productPrices.map((p) => [p.id, p.productId]))),
    },
    {
      entity: 'product_media',
      ids: productMedia.map((m) => m.productMedia!.id),
      ownerOf: productOwner(new Map(productMedia.map((m) => [m.productMedia!.id, m.attachTo.id]))),
    },
    {
      entity: 'product',
      ids: variantsFirst.map((p) => p.id),
      // a variant belongs to its parent; a parent stays while a variant of it (a merchant's too) stays
      ownerOf: (id) => {
        const parentId = products.get(id)?.parentId;
        return parentId ? { entity: 'product', id: parentId } : undefined;
      },
      references: [
        { entity: 'product', field: 'parentId' },
        { entity: 'order_line_item', field: 'productId', stayingId: (row) => ({ entity: 'order', id: row.orderId as string }), listOnly: true },
      ],
      naturalKeyField: 'productNumber',
      naturalKeyOf: keyLookup(plan.products.map((p) => [p.id, p.productNumber])),
      products,
    },
    { entity: 'sales_channel', ids: plan.salesChannels.map((c) => c.id), references: [{ entity: 'order', field: 'salesChannelId' }, { entity: 'customer', field: 'salesChannelId' }] },
    {
      entity: 'category',
      ids: plan.categories.map((c) => c.id).reverse(),
      references: [
        { entity: 'category', field: 'parentId' },
        { entity: 'sales_channel', field: 'navigationCategoryId' },
        { entity: 'product', association: 'products' },
      ],
    },
    {
      // after the pages it is drawn on; a page that stays (a merchant's, or one the merchant changed) keeps it
      entity: 'cms_page',
      ids: plan.cmsPages.map((p) => p.id),
      references: [
        { entity: 'category', field: 'cmsPageId' },
        { entity: 'landing_page', field: 'cmsPageId' },
        { entity: 'product', field: 'cmsPageId' },
      ],
      // a slot edited on its own does not touch its layout's updatedAt: the latest change of the whole tree counts
      associations: { sections: { associations: { blocks: { associations: { slots: {} } } } } },
      lastChange: latestInTree,
      // a block the merchant deleted leaves no timestamp behind: a layout missing one of its blocks was edited
      edited: (row) => {
        const planned = layoutBlocks.get(row.id as string) ?? [];
        const present = new Set(((row.sections as EntityRecord[] | undefined) ?? []).flatMap((section) => ((section.blocks as EntityRecord[] | undefined) ?? []).map((block) => block.id as string)));
        return planned.some((id) => !present.has(id));
      },
    },
    {
      entity: 'media',
      ids: plan.media.map((m) => m.id),
      references: [
        { entity: 'product_media', field: 'mediaId' },
        { entity: 'product_manufacturer', field: 'mediaId' },
        { entity: 'category', field: 'mediaId' },
      ],
    },
    { entity: 'rule', ids: plan.rules.map((r) => r.id), references: [{ entity: 'product_price', field: 'ruleId' }] },
    { entity: 'customer_group', ids: plan.customerGroups.map((g) => g.id), references: [{ entity: 'customer', field: 'groupId' }, { entity: 'sales_channel', field: 'customerGroupId' }] },
    { entity: 'tag', ids: plan.tags.map((t) => t.id), references: [{ entity: 'product', association: 'products' }] },
    { entity: 'property_group_option', ids: plan.propertyGroupOptions.map((o) => o.id) },
    { entity: 'property_group', ids: plan.propertyGroups.map((g) => g.id), references: [{ entity: 'property_group_option', field: 'groupId' }] },
    { entity: 'product_manufacturer', ids: plan.manufacturers.map((m) => m.id), references: [{ entity: 'product', field: 'manufacturerId' }] },
    { entity: 'tax', ids: plan.taxes.map((t) => t.id), references: [{ entity: 'product', field: 'taxId' }] },
  ];
}

/** The ids of the catalogue rows several channels share (taxes, manufacturers, tags, properties, groups). */
export function sharedIds(plan: SeedPlan): string[] {
  return [plan.taxes, plan.manufacturers, plan.tags, plan.propertyGroups, plan.propertyGroupOptions, plan.customerGroups].flatMap((family) => family.map((n) => n.id));
}

function keyLookup(pairs: Array<[string, string]>): (id: string) => string {
  const map = new Map(pairs);
  return (id) => map.get(id) ?? '';
}

/** The latest `updatedAt` (or `createdAt`) in a record and its nested records: a layout with its sections, blocks and slots. */
export function latestInTree(row: EntityRecord): string | null {
  let latest: string | null = null;
  const visit = (record: Record<string, unknown>) => {
    for (const field of ['updatedAt', 'createdAt']) {
      const value = record[field];
      if (typeof value === 'string' && (latest === null || Date.parse(value) > Date.parse(latest))) latest = value;
    }
    for (const value of Object.values(record)) if (Array.isArray(value)) for (const child of value) if (child && typeof child === 'object') visit(child as Record<string, unknown>);
  };
  visit(row);
  return latest;
}
