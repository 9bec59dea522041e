import { describe, expect, it } from 'vitest';
import { BLOCK_KINDS, colourProblem, colourProblems, draftOf, layoutVersion, moveBlock, moveBlockToSection, newBlock, overridableSlots, pickFields, savePlan, withOverride, type DraftSection, type StoredLayout } from '../../src/admin/modules/cms/layout-model.js';

const section = (id: string, ...blocks: string[]): DraftSection => ({
  id,
  type: 'default',
  sizingMode: 'boxed',
  mobileBehavior: 'wrap',
  backgroundColor: null,
  blocks: blocks.map((block) => ({ id: block, type: 'text', sectionPosition: 'main', backgroundColor: null, slots: [] })),
});
const ids = (sections: DraftSection[]) => sections.map((entry) => `${entry.id}:${entry.blocks.map((block) => block.id).join(',')}`);

const stored: StoredLayout = {
  id: 'p',
  name: 'Autumn',
  type: 'landingpage',
  updatedAt: '2026-11-29T07:00:00Z',
  sections: [
    {
      id: 's1',
      type: 'default',
      position: 0,
      updatedAt: null,
      blocks: [
        { id: 'b1', type: 'image-text', position: 0, updatedAt: null, slots: [
          { id: 'x2', type: 'text', slot: 'right', config: null, updatedAt: null },
          { id: 'x1', type: 'image', slot: 'left', config: null, updatedAt: null },
        ] },
        { id: 'b2', type: 'text', position: 1, updatedAt: null, slots: [{ id: 'x3', type: 'text', slot: 'content', config: null, updatedAt: null }] },
      ],
    },
    { id: 's2', type: 'default', position: 1, updatedAt: null, blocks: [{ id: 'b3', type: 'text', position: 0, updatedAt: null, slots: [] }] },
  ],
};

describe('the layout editor\'s draft', () => {
  it('moves a block within its section, and across into the neighbouring section at either end', () => {
    const sections = [section('s1', 'a', 'b'), section('s2', 'c')];
    expect(ids(moveBlock(sections, 0, 1, -1))).toEqual(['s1:b,a', 's2:c']);
    expect(ids(moveBlock(sections, 0, 1, 1))).toEqual(['s1:a', 's2:b,c']);
    expect(ids(moveBlock(sections, 1, 0, -1))).toEqual(['s1:a,b,c', 's2:']);
    // the very first block stays where it is
    expect(ids(moveBlock(sections, 0, 0, -1))).toEqual(['s1:a,b', 's2:c']);
  });

  it('orders a block\'s slots as its type names them and gives new blocks empty element configs', () => {
    expect(draftOf(stored).sections[0]!.blocks[0]!.slots.map((slot) => slot.slot)).toEqual(['left', 'right']);
    let n = 0;
    const slider = newBlock(BLOCK_KINDS.find((kind) => kind.type === 'product-slider')!, () => `id${++n}`);
    expect(slider).toEqual({ id: 'id1', type: 'product-slider', sectionPosition: 'main', backgroundColor: null, slots: [{ id: 'id2', type: 'product-slider', slot: 'productSlider', config: { title: { source: 'static', value: '' }, products: { source: 'static', value: [] } } }] });
  });

  it('moves a block to the end of any other section, and leaves the layout as it is for its own section or one that is not there', () => {
    const sections = [section('s1', 'a', 'b'), section('s2', 'c'), section('s3')];
    expect(ids(moveBlockToSection(sections, 0, 0, 2))).toEqual(['s1:b', 's2:c', 's3:a']);
    expect(ids(moveBlockToSection(sections, 1, 0, 0))).toEqual(['s1:a,b,c', 's2:', 's3:']);
    expect(ids(moveBlockToSection(sections, 0, 1, 0))).toEqual(['s1:a,b', 's2:c', 's3:']);
    expect(ids(moveBlockToSection(sections, 0, 1, 7))).toEqual(['s1:a,b', 's2:c', 's3:']);
    // the input is not changed
    expect(ids(sections)).toEqual(['s1:a,b', 's2:c', 's3:']);
  });
});

describe('per-page overrides (slotConfig)', () => {
  it('lists the slots a page may fill itself, numbered as the editor numbers blocks, with their content fields', () => {
    const slots = overridableSlots(draftOf(stored));
    expect(slots.map((entry) => [entry.slot.id, entry.name, entry.kind, entry.fields])).toEqual([
      ['x1', 'Block 1 left', 'Image', ['media']],
      ['x2', 'Block 1 right', 'Text', ['content']],
      ['x3', 'Block 2', 'Text', ['content']],
    ]);
  });

  it('keeps only the content fields of a config, and sets or drops one slot\'s override, null when none is left', () => {
    const stat = (value: unknown) => ({ source: 'static' as const, value });
    expect(pickFields({ media: stat('m'), url: stat('/x'), newTab: stat(true) }, ['media'])).toEqual({ media: stat('m') });
    const one = withOverride(null, 'x3', { content: stat('<p>Mine</p>') });
    expect(one).toEqual({ x3: { content: stat('<p>Mine</p>') } });
    // an override of a slot from the page's earlier layout stays
    const two = withOverride({ old: { content: stat('left over') } }, 'x3', { content: stat('b') });
    expect(Object.keys(two!)).toEqual(['old', 'x3']);
    expect(withOverride(one, 'x3', null)).toBeNull();
  });
});

describe('savePlan: what saving a draft writes', () => {
  it('writes positions in the draft\'s order and deletes only what the draft dropped (a dropped section takes its unmoved blocks along)', () => {
    const draft = draftOf(stored);
    // b3 moves into s1, s2 goes, b2 goes, slot x2 goes
    const [s1] = draft.sections;
    const b3 = draft.sections[1]!.blocks[0]!;
    s1!.blocks = [{ ...s1!.blocks[0]!, slots: s1!.blocks[0]!.slots.filter((slot) => slot.id !== 'x2') }, b3];
    draft.sections = [s1!];
    const plan = savePlan(draft, stored);
    expect(plan.body).toMatchObject({ name: 'Autumn', type: 'landingpage', sections: [{ id: 's1', position: 0, blocks: [{ id: 'b1', position: 0 }, { id: 'b3', position: 1 }] }] });
    expect(plan.deletes).toEqual([
      { entity: 'cms-slot', id: 'x2' },
      { entity: 'cms-block', id: 'b2' },
      { entity: 'cms-section', id: 's2' },
    ]);
  });

  it('writes each section\'s type, width, phone behaviour and background, and each block\'s column and background', () => {
    const withSidebar = structuredClone(stored);
    Object.assign(withSidebar.sections![0]!, { type: 'sidebar', sizingMode: 'full_width', mobileBehavior: 'hidden', backgroundColor: '#f6efe3' });
    Object.assign(withSidebar.sections![0]!.blocks![1]!, { sectionPosition: 'sidebar', backgroundColor: '#ffffff' });
    const draft = draftOf(withSidebar);
    expect(draft.sections[1]).toMatchObject({ type: 'default', sizingMode: 'boxed', mobileBehavior: 'wrap', backgroundColor: null });
    // b3 once sat in a sidebar column; in a default section everything is the main column
    draft.sections[1]!.blocks[0]!.sectionPosition = 'sidebar';
    const body = savePlan(draft, withSidebar).body as { sections: Array<Record<string, unknown> & { blocks: Array<Record<string, unknown>> }> };
    expect(body.sections[0]).toMatchObject({ id: 's1', type: 'sidebar', sizingMode: 'full_width', mobileBehavior: 'hidden', backgroundColor: '#f6efe3' });
    expect(body.sections[0]!.blocks.map((block) => [block.id, block.sectionPosition, block.backgroundColor])).toEqual([
      ['b1', 'main', null],
      ['b2', 'sidebar', '#ffffff'],
    ]);
    expect(body.sections[1]).toMatchObject({ type: 'default', sizingMode: 'boxed', mobileBehavior: 'wrap', backgroundColor: null });
    expect(body.sections[1]!.blocks[0]).toMatchObject({ id: 'b3', sectionPosition: 'main', backgroundColor: null });
  });

  it('accepts only #rrggbb background colours (or none) and names the fields that are not', () => {
    expect(colourProblem(null)).toBeNull();
    expect(colourProblem('#F6EFE3')).toBeNull();
    for (const wrong of ['#fff', 'red', 'f6efe3', '#f6efe3;', 'rgb(1,2,3)']) expect(colourProblem(wrong)).not.toBeNull();
    const draft = { name: 'x', type: 'page', sections: [section('s', 'b'), section('t', 'c')] };
    draft.sections[0]!.backgroundColor = 'beige';
    draft.sections[1]!.blocks[0]!.backgroundColor = '#12345';
    expect(Object.keys(colourProblems(draft))).toEqual(['sections.0.backgroundColor', 'sections.1.blocks.0.backgroundColor']);
  });

  it('a new layout deletes nothing', () => {
    expect(savePlan({ name: 'New', type: 'page', sections: [section('s', 'b')] }, null).deletes).toEqual([]);
  });

  it('the version changes when any record of the tree changes, not only the layout', () => {
    const changed = structuredClone(stored);
    changed.sections![1]!.blocks![0]!.updatedAt = '2026-11-29T08:00:00Z';
    expect(layoutVersion(changed)).not.toBe(layoutVersion(stored));
    expect(layoutVersion(structuredClone(stored))).toBe(layoutVersion(stored));
  });
});
