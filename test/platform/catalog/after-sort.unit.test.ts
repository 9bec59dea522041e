import { describe, expect, it } from 'vitest';
import { afterSort } from '../../../src/platform/catalog/store/after-sort.js';

interface Item {
  id: string;
  after: string | null;
}

const item = (id: string, after: string | null): Item => ({ id, after });
const order = (items: Item[]) => afterSort(items, (i) => i.id, (i) => i.after).map((i) => i.id);

describe('afterSort (Shopware AfterSort)', () => {
  it('is empty for no elements and keeps a single one', () => {
    expect(order([])).toEqual([]);
    expect(order([item('a', null)])).toEqual(['a']);
  });

  it('follows the chain from the element without an after id, whatever the input order', () => {
    expect(order([item('c', 'b'), item('a', null), item('d', 'c'), item('b', 'a')])).toEqual(['a', 'b', 'c', 'd']);
  });

  it('does not modify its input', () => {
    const input = [item('b', 'a'), item('a', null)];
    order(input);
    expect(input.map((i) => i.id)).toEqual(['b', 'a']);
  });

  it('on a broken chain appends the next remaining element', () => {
    // x points at a deleted category: after a, nothing follows; the rest come in input order
    expect(order([item('y', 'x'), item('a', null), item('x', 'deleted')])).toEqual(['a', 'y', 'x']);
    expect(order([item('a', null), item('x', 'deleted'), item('y', 'x'), item('b', 'a')])).toEqual(['a', 'b', 'x', 'y']);
  });

  it('after a break the chain continues from the appended element\'s after id, not its id (Shopware\'s AfterSort)', () => {
    // Shopware: n is appended on the break, then its siblings pointing at "gone" would follow, not f
    expect(order([item('a', null), item('n', 'gone'), item('o', 'gone2'), item('f', 'n')])).toEqual(['a', 'n', 'o', 'f']);
    expect(order([item('a', null), item('n', 'gone'), item('o', 'gone'), item('f', 'n')])).toEqual(['a', 'n', 'o', 'f']);
  });

  it('starts with the first element when none has a null after id', () => {
    expect(order([item('b', 'gone'), item('c', 'b'), item('a', 'lost')])).toEqual(['b', 'c', 'a']);
  });

  it('with several nulls the first null starts and the others come first where the chain breaks', () => {
    expect(order([item('n1', null), item('n2', null), item('a', 'n1'), item('b', 'n2')])).toEqual(['n1', 'a', 'n2', 'b']);
    // the nulls are pulled to the front before sorting (Shopware's pre-sort): n2 before x, whatever the input order
    expect(order([item('x', 'n2'), item('n1', null), item('n2', null)])).toEqual(['n1', 'n2', 'x']);
  });

  it('with a shared after id the first in input order follows, the other after the chain breaks', () => {
    expect(order([item('a', null), item('b', 'a'), item('c', 'a'), item('d', 'c')])).toEqual(['a', 'b', 'c', 'd']);
    expect(order([item('a', null), item('c', 'a'), item('b', 'a'), item('d', 'b')])).toEqual(['a', 'c', 'b', 'd']);
  });

  it('terminates on cycles', () => {
    expect(order([item('a', 'b'), item('b', 'a')])).toEqual(['a', 'b']);
    expect(order([item('a', 'a')])).toEqual(['a']);
  });
});
