/** A category as the tree needs it. */
export interface CategoryNode {
  id: string;
  parentId: string | null;
  afterCategoryId: string | null;
  name: string;
  active: boolean;
  childCount?: number;
  updatedAt?: string | null;
}

/** Siblings in their "after" chain (the first has none); a broken chain appends the rest by name. */
function chain(siblings: CategoryNode[]): CategoryNode[] {
  const rest = [...siblings].sort((a, b) => a.name.localeCompare(b.name));
  const sorted: CategoryNode[] = [];
  let last: string | null = null;
  while (rest.length > 0) {
    let index = rest.findIndex((node) => node.afterCategoryId === last);
    if (index === -1) index = 0;
    const [node] = rest.splice(index, 1);
    sorted.push(node!);
    last = node!.id;
  }
  return sorted;
}

/** The tree flattened depth first, each entry with its depth: the order the merchant sees and drags in. */
export function flattenTree(categories: CategoryNode[]): Array<CategoryNode & { depth: number }> {
  const byParent = new Map<string | null, CategoryNode[]>();
  const ids = new Set(categories.map((category) => category.id));
  for (const category of categories) {
    const parent = category.parentId && ids.has(category.parentId) ? category.parentId : null;
    byParent.set(parent, [...(byParent.get(parent) ?? []), category]);
  }
  const out: Array<CategoryNode & { depth: number }> = [];
  const walk = (parent: string | null, depth: number) => {
    for (const node of chain(byParent.get(parent) ?? [])) {
      out.push({ ...node, depth });
      walk(node.id, depth + 1);
    }
  };
  walk(null, 0);
  return out;
}

/** One category write of a move: its parent (for the moved one) and the sibling it follows. */
export interface CategoryPatch {
  id: string;
  parentId?: string | null;
  afterCategoryId: string | null;
}

/**
 * The writes that move a category dropped on `targetId`: below the target's row when dragged downwards
 * (after it), above it when dragged upwards (before it), always as the target's sibling. In order: the
 * category that followed the moved one closes the gap, the moved one takes its new parent and place, the
 * sibling that followed the new place now follows the moved one, so both sibling chains stay unbroken.
 * Empty when nothing changes or the target lies inside the dragged category (it cannot move below itself).
 */
export function planMove(flat: Array<CategoryNode & { depth: number }>, draggedId: string, targetId: string): CategoryPatch[] {
  const from = flat.findIndex((node) => node.id === draggedId);
  const to = flat.findIndex((node) => node.id === targetId);
  if (from === -1 || to === -1 || from === to) return [];
  const dragged = flat[from]!;
  const target = flat[to]!;
  // the dragged category's own subtree follows it in the flat list
  let end = from + 1;
  while (end < flat.length && flat[end]!.depth > dragged.depth) end += 1;
  if (to > from && to < end) return [];
  const patches: CategoryPatch[] = [];
  const oldFollower = flat.find((node) => node.parentId === dragged.parentId && node.afterCategoryId === draggedId);
  if (oldFollower) patches.push({ id: oldFollower.id, afterCategoryId: dragged.afterCategoryId });
  // the target's siblings as they are once the dragged one left its place
  const siblings = chain(
    flat
      .filter((node) => node.parentId === target.parentId && node.id !== draggedId)
      .map((node) => (oldFollower && node.id === oldFollower.id ? { ...node, afterCategoryId: dragged.afterCategoryId } : node)),
  );
  const targetIndex = siblings.findIndex((node) => node.id === target.id);
  const afterCategoryId = to > from ? target.id : (siblings[targetIndex - 1]?.id ?? null);
  patches.push({ id: draggedId, parentId: target.parentId, afterCategoryId });
  const newFollower = siblings[siblings.findIndex((node) => node.id === afterCategoryId) + 1];
  if (newFollower) patches.push({ id: newFollower.id, afterCategoryId: draggedId });
  return patches;
}
