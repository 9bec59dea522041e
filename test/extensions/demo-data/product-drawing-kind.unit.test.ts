import { describe, expect, it } from 'vitest';
import { drawingKindOf } from '../../../src/extensions/demo-data/media/product-drawing.js';

describe('what a demo product image draws', () => {
  it('goes by the leaf category, or by the product name where it says otherwise', () => {
    expect(drawingKindOf('camping', 'Ridge Tent')).toBe('tent');
    // a sleeping bag, a stove and a lantern sit among the tents; a hand fork among the garden tools
    expect(drawingKindOf('camping', 'Ridge Sleeping Bag')).toBe('textile');
    expect(drawingKindOf('camping', 'Summit Camp Stove')).toBe('pot');
    expect(drawingKindOf('camping', 'Trail Lantern')).toBe('lamp');
    expect(drawingKindOf('garden', 'Hand Fork')).toBe('trowel');
    // a name that only begins with such a word keeps its category's kind (a coffee called "Lantern Espresso")
    expect(drawingKindOf('coffee', 'Lantern Espresso')).toBe('pouch');
    expect(drawingKindOf('unknown-aisle', 'Thing')).toBe('box');
  });
});
