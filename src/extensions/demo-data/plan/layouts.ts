import type { BlueprintChannel } from '../blueprint/schema.js';
import { identityOf } from '../identity.js';
import { productImageKey } from './media.js';
import type { CategoryNode, CmsBlockRow, CmsPageNode, LandingPageNode, LayoutElement, ProductNode } from './types.js';

/** Products per slider: two rows of the storefront's grid. */
export const SLIDER_PRODUCTS = 8;
/** Slides of a hero slider. */
export const HERO_SLIDES = 3;

const SLOT_NAMES: Record<LayoutElement['type'], string> = { text: 'content', 'image-slider': 'imageSlider', 'product-slider': 'productSlider' };

/** Blueprint text inside a layout's HTML: the text element renders HTML, so names are escaped. */
export function escapeHtml(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');
}

/**
 * Two layouts per channel: its home (drawn on its navigation category) and its marketing landing page's.
 * Home: a hero slider of three product images (one per top-level category, each linking to its category),
 * a welcome in the channel's words (its landing page's title and description), then "New arrivals" (the
 * latest releases) and "Best of <first top-level category>" (its topsellers first) as product sliders, each
 * under a text heading. The landing page: a heading, a slider of three other product images and the
 * channel's closeouts and topsellers. Service pages get no layout: their text is their content. Pure, like the rest of the plan.
 */
export function planLayouts(channels: BlueprintChannel[], categories: CategoryNode[], products: ProductNode[], landingPages: LandingPageNode[]): CmsPageNode[] {
  return channels.flatMap((channel) => {
    const tops = categories.filter((c) => c.channel === channel.key && c.level === 2);
    const root = categories.find((c) => c.channel === channel.key && c.isRoot)!;
    // the products a shopper sees: parents with a name (variants show their parent)
    const shown = products.filter((p) => p.channel === channel.key && p.parentId === null && p.name !== null);
    const under = (top: CategoryNode) => shown.filter((p) => p.categoryPath === top.path || p.categoryPath.startsWith(`${top.path}/`));
    const slides = (nth: number) =>
      tops
        .flatMap((top) => {
          const product = under(top)[nth];
          return product ? [{ mediaId: identityOf('media', productImageKey(product.path, 0)).id, categoryId: top.id }] : [];
        })
        .slice(0, HERO_SLIDES);
    const landing = landingPages.find((p) => p.channel === channel.key && p.serviceKey === null);
    const firstTop = tops[0];

    const newest = [...shown].sort((a, b) => (b.releaseDate ?? '').localeCompare(a.releaseDate ?? '') || a.path.localeCompare(b.path));
    const best = firstTop ? [...under(firstTop)].sort((a, b) => Number(b.markAsTopseller) - Number(a.markAsTopseller) || a.path.localeCompare(b.path)) : [];
    const picks = [...shown].sort((a, b) => Number(b.isCloseout) - Number(a.isCloseout) || Number(b.markAsTopseller) - Number(a.markAsTopseller) || a.path.localeCompare(b.path));
    // a slider shows what can be bought: a product with variants by its first variant in stock (the Store API sells no parent)
    const firstVariant = new Map<string, string>();
    for (const p of products) if (p.parentId !== null && p.stock > 0 && !firstVariant.has(p.parentId)) firstVariant.set(p.parentId, p.id);
    const ids = (list: ProductNode[]) =>
      list
        .flatMap((p) => (p.buyable ? [p.id] : firstVariant.has(p.id) ? [firstVariant.get(p.id)!] : []))
        .slice(0, SLIDER_PRODUCTS);

    const home = layout(`${channel.key}/home`, channel.key, `Home – ${channel.name}`, 'page', { entity: 'category', id: root.id }, [
      { type: 'image-slider', slides: slides(0) },
      { type: 'text', html: `<h2>Welcome to ${escapeHtml(channel.name)}</h2><p><strong>${escapeHtml(channel.landing.metaTitle)}.</strong> ${escapeHtml(channel.landing.metaDescription)}</p>` },
      ...slider('New arrivals', ids(newest)),
      ...(firstTop ? slider(`Best of ${escapeHtml(firstTop.name)}`, ids(best)) : []),
    ]);
    if (!landing) return [home];
    const campaign = layout(`${channel.key}/landing`, channel.key, `Landing page – ${landing.name}`, 'landingpage', { entity: 'landing_page', id: landing.id }, [
      { type: 'text', html: `<h2>${escapeHtml(landing.metaTitle)}</h2><p>${tops.map((t) => escapeHtml(t.name)).join(', ')}: picked by ${escapeHtml(channel.name)}.</p>` },
      { type: 'image-slider', slides: slides(1) },
      ...slider(`Picked for ${escapeHtml(landing.name)}`, ids(picks)),
    ]);
    return [home, campaign];
  });
}

/** A product slider under its heading: a text block, since the storefront draws no slider title. */
function slider(headingHtml: string, productIds: string[]): LayoutElement[] {
  return [
    { type: 'text', html: `<h2>${headingHtml}</h2>` },
    { type: 'product-slider', productIds },
  ];
}

function layout(path: string, channel: string, name: string, type: CmsPageNode['type'], assignTo: CmsPageNode['assignTo'], elements: LayoutElement[]): CmsPageNode {
  const identity = identityOf('cms_page', path);
  const blocks: CmsBlockRow[] = elements.map((element, position) => ({
    ...identityOf('cms_block', `${path}/${position}`),
    position,
    element,
    slotName: SLOT_NAMES[element.type],
    slot: identityOf('cms_slot', `${path}/${position}`),
  }));
  // found by id only: a merchant's layout of the same name is never taken over
  return { entity: 'cms_page', ...identity, naturalKey: identity.key, channel, name, type, assignTo, section: identityOf('cms_section', path), blocks };
}
