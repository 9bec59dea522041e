/**
 * Orders siblings by their "after" links (`afterCategoryId`), exactly as Shopware's AfterSort
 * (reference §11): the first element whose after id is null starts (the first element at all when
 * none is null); then the element pointing at the last placed one follows. When the chain breaks
 * (no remaining element points at the last one: a missing, deleted or shared predecessor, several
 * nulls), the next remaining element in input order is appended and the chain continues from ITS id.
 * Where several elements qualify, input order decides, so callers pass a stable order.
 */
export function afterSort<T>(elements: readonly T[], idOf: (element: T) => string, afterIdOf: (element: T) => string | null): T[] {
  const remaining = [...elements];
  if (remaining.length === 0) return [];
  const sorted: T[] = [];
  const take = (index: number) => {
    const [element] = remaining.splice(index, 1);
    sorted.push(element as T);
    return idOf(element as T);
  };
  const firstNull = remaining.findIndex((element) => afterIdOf(element) === null);
  let lastId = take(firstNull === -1 ? 0 : firstNull);
  while (remaining.length > 0) {
    const next = remaining.findIndex((element) => afterIdOf(element) === lastId);
    lastId = take(next === -1 ? 0 : next);
  }
  return sorted;
}
