import { describe, expect, it } from 'vitest';
import { flattenTree, planMove, type CategoryNode } from '../../src/admin/modules/catalogue/category-order.js';
import { combinations } from '../../src/admin/modules/catalogue/variant-combinations.js';

const node = (id: string, parentId: string | null, afterCategoryId: string | null): CategoryNode => ({ id, parentId, afterCategoryId, name: id.toUpperCase(), active: true });

/** root > a, b, c, d (a chain), and b > b1 */
const tree = [node('root', null, null), node('c', 'root', 'b'), node('a', 'root', null), node('b1', 'b', null), node('d', 'root', 'c'), node('b', 'root', 'a')];

/** Applies the planned writes to the rows, as the API would store them. */
function apply(rows: CategoryNode[], patches: ReturnType<typeof planMove>): CategoryNode[] {
  return rows.map((row) => patches.filter((patch) => patch.id === row.id).reduce<CategoryNode>((current, patch) => ({ ...current, ...patch }), row));
}
const order = (rows: CategoryNode[]) => flattenTree(rows).map((row) => `${'-'.repeat(row.depth)}${row.id}`);

describe('the category tree order', () => {
  it('flattens the tree depth first, siblings in their after chain', () => {
    expect(order(tree)).toEqual(['root', '-a', '-b', '--b1', '-c', '-d']);
  });

  it('a category dragged down lands after the target, and both chains stay unbroken', () => {
    const patches = planMove(flattenTree(tree), 'b', 'c');
    expect(patches).toEqual([
      { id: 'c', afterCategoryId: 'a' },
      { id: 'b', parentId: 'root', afterCategoryId: 'c' },
      { id: 'd', afterCategoryId: 'b' },
    ]);
    expect(order(apply(tree, patches))).toEqual(['root', '-a', '-c', '-b', '--b1', '-d']);
  });

  it('a category dragged up lands before the target; to the front it follows none', () => {
    const patches = planMove(flattenTree(tree), 'd', 'a');
    expect(patches).toEqual([
      { id: 'd', parentId: 'root', afterCategoryId: null },
      { id: 'a', afterCategoryId: 'd' },
    ]);
    expect(order(apply(tree, patches))).toEqual(['root', '-d', '-a', '-b', '--b1', '-c']);
  });

  it('a category dropped beside one of another parent changes its parent', () => {
    const patches = planMove(flattenTree(tree), 'd', 'b1');
    expect(patches).toEqual([
      { id: 'd', parentId: 'b', afterCategoryId: null },
      { id: 'b1', afterCategoryId: 'd' },
    ]);
    expect(order(apply(tree, patches))).toEqual(['root', '-a', '-b', '--d', '--b1', '-c']);
  });

  it('nothing moves onto itself or into its own subtree', () => {
    expect(planMove(flattenTree(tree), 'b', 'b')).toEqual([]);
    expect(planMove(flattenTree(tree), 'b', 'b1')).toEqual([]);
  });
});

describe('variant combinations', () => {
  it('one option of every chosen group per variant; groups without a choice are left out', () => {
    expect(combinations([['s', 'l'], [], ['red', 'blue']])).toEqual([
      ['s', 'red'],
      ['s', 'blue'],
      ['l', 'red'],
      ['l', 'blue'],
    ]);
    expect(combinations([[], []])).toEqual([]);
  });
});
