import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import { readCmsPageTree } from '../../cms/cms-page-reader.js';
import { isId } from '../../ids.js';
import { mediaUrl } from '../../media/media-url.js';
import type { StorefrontServices } from './storefront-services.js';

/** A section's or block's look as the layout stores it; `backgroundPath` is its background image's media path. */
export interface CmsBoxLook {
  id: string;
  backgroundColor: string | null;
  backgroundMediaMode: string | null;
  backgroundPath: string | null;
  marginTop?: string | null;
  marginBottom?: string | null;
  marginLeft?: string | null;
  marginRight?: string | null;
}

export interface CmsLayoutLook {
  sections: Array<CmsBoxLook & { blocks: CmsBoxLook[] }>;
}

const STYLESHEET_PREFIX = '/assets/storefront/cms/';
/** `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa`: nothing else reaches the stylesheet (no `;`, `}` or `url(`). */
const HEX_COLOUR = /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
/** A length as Shopware's block settings store it ("20px", "1.5rem", "0"). */
const LENGTH = /^(?:0|\d{1,4}(?:\.\d{1,3})?(?:px|rem|em|%))$/;
/** What mediaUrl leaves in a path (each segment percent-encoded): safe inside a double-quoted url(). */
const URL_PATH = /^\/media\/[A-Za-z0-9%._~!*'()/-]+$/;
const SIZES: Readonly<Record<string, string>> = { cover: 'cover', contain: 'contain', auto: 'auto' };

/** Class names the layout partial puts on a section and a block, which the stylesheet's rules select. */
export const sectionClass = (id: string) => `cms-s-${id}`;
export const blockClass = (id: string) => `cms-b-${id}`;

const colourOf = (value: string | null): string | undefined => {
  const colour = value?.trim() ?? '';
  return HEX_COLOUR.test(colour) ? colour.toLowerCase() : undefined;
};
const lengthOf = (value: string | null | undefined): string | undefined => {
  const length = value?.trim() ?? '';
  return LENGTH.test(length) ? length : undefined;
};

/** The declarations of a box's own look, and whether it has a background (the partial pads those). */
function declarations(look: CmsBoxLook): { css: string[]; background: boolean } {
  const css: string[] = [];
  const colour = colourOf(look.backgroundColor);
  if (colour) css.push(`background-color:${colour}`);
  const url = look.backgroundPath ? mediaUrl(look.backgroundPath) : '';
  if (URL_PATH.test(url)) {
    const size = SIZES[look.backgroundMediaMode ?? ''] ?? 'cover';
    css.push(`background-image:url("${url}")`, `background-size:${size}`, 'background-position:center', `background-repeat:${size === 'auto' ? 'repeat' : 'no-repeat'}`);
  }
  const background = css.length > 0;
  for (const side of ['Top', 'Bottom', 'Left', 'Right'] as const) {
    const length = lengthOf(look[`margin${side}`]);
    if (length) css.push(`margin-${side.toLowerCase()}:${length}`);
  }
  return { css, background };
}

/** Every section and block with a look of its own: its class and declarations (sections have no margins). */
function styledBoxes(look: CmsLayoutLook) {
  return look.sections.flatMap((section) => [
    { id: section.id, className: sectionClass(section.id), ...declarations({ ...section, marginTop: null, marginBottom: null, marginLeft: null, marginRight: null }) },
    ...section.blocks.map((block) => ({ id: block.id, className: blockClass(block.id), ...declarations(block) })),
  ]).filter((box) => box.css.length > 0);
}

/**
 * The layout's section and block looks as CSS rules, one per styled section or block, each selecting its
 * class. Colours must be hex, margins plain lengths and images stored media; anything else is left out,
 * so no value a merchant types can end a rule or load another resource.
 */
export function cmsLayoutCss(look: CmsLayoutLook): string {
  return styledBoxes(look).map((box) => `.${box.className}{${box.css.join(';')}}\n`).join('');
}

/**
 * The layout's stylesheet URL (versioned by its rules), the ids of the sections and blocks it styles and of
 * those with a background; null when nothing is styled.
 */
export function cmsLayoutStylesheet(pageId: string, look: CmsLayoutLook): { url: string; styled: Set<string>; backgrounds: Set<string> } | null {
  const boxes = styledBoxes(look);
  if (boxes.length === 0) return null;
  return {
    url: `${STYLESHEET_PREFIX}${pageId}.css?v=${version(cmsLayoutCss(look))}`,
    styled: new Set(boxes.map((box) => box.id)),
    backgrounds: new Set(boxes.filter((box) => box.background).map((box) => box.id)),
  };
}

const version = (css: string) => createHash('sha256').update(css).digest('hex').slice(0, 12);

const StylesheetRequest = {
  params: Type.Object({ file: Type.String({ maxLength: 64 }) }),
  querystring: Type.Object({ v: Type.Optional(Type.String({ maxLength: 64 })) }),
};

/**
 * GET /assets/storefront/cms/{cmsPageId}.css: the backgrounds and margins of a layout's sections and
 * blocks. The Content-Security-Policy refuses inline styles, so they come as a stylesheet, as the brand
 * colour does; its URL carries a hash of the rules, so a versioned answer is cached for good and a
 * changed layout gets a new URL. Unknown layouts are a 404.
 */
export function registerCmsStylesheet(app: FastifyInstance, services: Pick<StorefrontServices, 'platform'>): void {
  const db = services.platform.db;
  app.get(`${STYLESHEET_PREFIX}:file`, { schema: StylesheetRequest }, async (request, reply) => {
    const { file } = request.params as { file: string };
    const { v } = request.query as { v?: string };
    const pageId = file.toLowerCase().replace(/\.css$/, '');
    reply.header('content-type', 'text/css; charset=utf-8').header('x-content-type-options', 'nosniff');
    const tree = file.endsWith('.css') && isId(pageId) ? await readCmsPageTree(db, pageId) : undefined;
    if (!tree) return reply.code(404).header('cache-control', 'no-store').send('/* no such layout */\n');
    const mediaIds = [...new Set(tree.sections.flatMap((section) => [section.backgroundMediaId, ...section.blocks.map((block) => block.backgroundMediaId)]).filter((id): id is string => typeof id === 'string'))];
    const rows = mediaIds.length === 0 ? [] : await db.selectFrom('media').select(['id', 'path']).where('id', 'in', mediaIds).execute();
    const paths = new Map(rows.map((row) => [row.id as string, row.path as string | null]));
    const pathOf = (id: string | null) => (id ? (paths.get(id) ?? null) : null);
    const css = cmsLayoutCss({
      sections: tree.sections.map((section) => ({ ...section, backgroundPath: pathOf(section.backgroundMediaId), blocks: section.blocks.map((block) => ({ ...block, backgroundPath: pathOf(block.backgroundMediaId) })) })),
    });
    const current = version(css);
    reply.header('cache-control', v === current ? 'public, max-age=31536000, immutable' : 'public, no-cache');
    return css;
  });
}
