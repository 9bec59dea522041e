import type { EntityRecord } from '../../../../platform/sdk/index.js';

/** The last sibling of an `afterCategoryId` chain: the one no other sibling follows; null without siblings. */
export function afterSortTail(siblings: readonly EntityRecord[]): string | null {
  if (siblings.length === 0) return null;
  const followed = new Set(siblings.map((s) => s.afterCategoryId as string | null).filter((id): id is string => id !== null));
  const tails = siblings.filter((s) => !followed.has(s.id as string));
  // a broken chain has several ends; the newest is where the merchant added last
  tails.sort((a, b) => String(a.createdAt).localeCompare(String(b.createdAt)));
  return (tails.at(-1) ?? siblings.at(-1))!.id as string;
}
