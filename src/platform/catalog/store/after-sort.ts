/**
 * Orders siblings by their "after" links (`afterCategoryId`), exactly as Shopware's AfterSort:
 * the elements without an after id are pulled to the front (a stable pre-sort, input
 * order otherwise kept); the first of them starts (the first element at all when none is null); then
 * the element pointing at the last placed one follows. When the chain breaks (no remaining element
 * points at the last one: a missing, deleted or shared predecessor, several nulls), the next remaining
 * element of the pre-sorted order is appended and the chain continues from ITS after id, not its id
 * (Shopware's rule, so an element appended on a break is not followed by its own followers unless they
 * come next anyway). Where several elements qualify, input order decides, so callers pass a stable order.
 */
export function afterSort<T>(elements: readonly T[], idOf: (element: T) => string, afterIdOf: (element: T) => string | null): T[] {
  // Array.prototype.filter keeps input order: nulls first, then the rest (Shopware's stable uasort)
  const remaining = [...elements.filter((element) => afterIdOf(element) === null), ...elements.filter((element) => afterIdOf(element) !== null)];
  if (remaining.length === 0) return [];
  const sorted: T[] = [];
  const take = (index: number) => {
    const [element] = remaining.splice(index, 1);
    sorted.push(element as T);
    return element as T;
  };
  let lastId: string | null = idOf(take(0));
  while (remaining.length > 0) {
    const next = remaining.findIndex((element) => afterIdOf(element) === lastId);
    // following the chain continues from the element's id; after a break, from its after id
    lastId = next === -1 ? afterIdOf(take(0)) : idOf(take(next));
  }
  return sorted;
}
