/** Every combination of one option per chosen group: the variants Shopware's generator creates. */
export function combinations(groups: string[][]): string[][] {
  return groups.filter((options) => options.length > 0).reduce<string[][]>((acc, options) => acc.flatMap((combo) => options.map((option) => [...combo, option])), [[]]).filter((combo) => combo.length > 0);
}
