import type { BlueprintCategory, BlueprintChannel, BlueprintLeaf } from '../blueprint/schema.js';

export interface LeafEntry {
  channel: BlueprintChannel;
  category: BlueprintCategory & { products: BlueprintLeaf };
  /** e.g. `flagship/kitchen/knives`. */
  path: string;
}

/** The leaf categories (those with products) of a channel with their blueprint paths, depth first. */
export function leafEntries(channel: BlueprintChannel): LeafEntry[] {
  const entries: LeafEntry[] = [];
  const walk = (nodes: BlueprintCategory[], parentPath: string) =>
    nodes.forEach((category) => {
      const path = `${parentPath}/${category.key}`;
      if (category.products) entries.push({ channel, category: category as LeafEntry['category'], path });
      if (category.children) walk(category.children, path);
    });
  walk(channel.tree, channel.key);
  return entries;
}
