import type { Blueprint, BlueprintChannel } from '../blueprint/schema.js';
import { identityOf, idFor } from '../identity.js';
import { leafEntries } from './leaves.js';
import type { CustomerGroupNode, ManufacturerNode, PropertyGroupNode, PropertyGroupOptionNode, RuleNode, TagNode, TaxNode } from './types.js';

/*
 * The shared families: taxes, bulk-price rules, manufacturers, property groups and options, tags and
 * customer groups. Only what the chosen channels use is planned, so seeding one channel does not create
 * the manufacturers of the others.
 */

export function taxPath(rate: number): string {
  return String(rate);
}

export function planTaxes(blueprint: Blueprint, channels: BlueprintChannel[]): TaxNode[] {
  const used = new Set(channels.map((c) => c.taxRate));
  return blueprint.taxes
    .filter((t) => used.has(t.rate))
    .map((t) => ({ entity: 'tax', ...identityOf('tax', taxPath(t.rate)), naturalKey: String(t.rate), name: t.name, taxRate: t.rate }));
}

export function rulePath(channelKey: string): string {
  return `${channelKey}/bulk-pricing`;
}

/** One rule per channel with bulk tiers: the tiers' prices apply in that channel. */
export function planRules(channels: BlueprintChannel[]): RuleNode[] {
  return channels
    .filter((c) => (c.bulkTiers ?? []).length > 0)
    .map((c) => {
      const name = `${c.name}: bulk prices`;
      return {
        entity: 'rule',
        ...identityOf('rule', rulePath(c.key)),
        naturalKey: name,
        channel: c.key,
        name,
        description: `Quantity prices of the demo channel "${c.name}": ${(c.bulkTiers ?? []).map((t) => `from ${t.from} pieces ${t.discount} % off`).join(', ')}.`,
        priority: 100,
        conditions: [{ type: 'salesChannel', value: { operator: '=', salesChannelIds: [idFor('sales_channel', c.key)] } }],
      };
    });
}

export function planManufacturers(blueprint: Blueprint, channels: BlueprintChannel[]): ManufacturerNode[] {
  const used = new Set(channels.flatMap(leafEntries).flatMap((leaf) => leaf.category.products.manufacturers));
  return blueprint.manufacturers
    .filter((m) => used.has(m.key))
    .map((m) => ({
      entity: 'product_manufacturer',
      ...identityOf('product_manufacturer', m.key),
      naturalKey: m.name,
      name: m.name,
      link: m.link ?? null,
      description: m.description ?? null,
    }));
}

export function optionPath(groupKey: string, optionKey: string): string {
  return `${groupKey}/${optionKey}`;
}

/** Groups used as properties or variant axes by the chosen channels, each with all its options. */
export function planPropertyGroups(blueprint: Blueprint, channels: BlueprintChannel[]): { groups: PropertyGroupNode[]; options: PropertyGroupOptionNode[] } {
  const used = new Set(
    channels.flatMap(leafEntries).flatMap((leaf) => {
      const p = leaf.category.products;
      return [...(p.properties ?? []).map((ref) => (typeof ref === 'string' ? ref : ref.group)), ...(p.variants ? [p.variants.group] : [])];
    }),
  );
  const groups: PropertyGroupNode[] = [];
  const options: PropertyGroupOptionNode[] = [];
  blueprint.propertyGroups
    .filter((g) => used.has(g.key))
    .forEach((g, index) => {
      const group = identityOf('property_group', g.key);
      groups.push({
        entity: 'property_group',
        ...group,
        naturalKey: g.name,
        name: g.name,
        displayType: g.displayType ?? 'text',
        sortingType: 'position',
        position: index + 1,
        filterable: true,
        visibleOnProductDetailPage: true,
      });
      g.options.forEach((o, position) =>
        options.push({
          entity: 'property_group_option',
          ...identityOf('property_group_option', optionPath(g.key, o.key)),
          // options are adopted by name within their group
          naturalKey: `${g.name}/${o.name}`,
          groupId: group.id,
          name: o.name,
          position: position + 1,
          colorHexCode: o.color?.toLowerCase() ?? null,
        }),
      );
    });
  return { groups, options };
}

export function planTags(blueprint: Blueprint): TagNode[] {
  return blueprint.tags.map((t) => ({ entity: 'tag', ...identityOf('tag', t.key), naturalKey: t.name, name: t.name }));
}

/** A channel's group is its default for registrations, so it is planned even when customers are skipped. */
export function planCustomerGroups(blueprint: Blueprint, channels: BlueprintChannel[]): CustomerGroupNode[] {
  const used = new Set(channels.map((c) => c.customerGroup).filter((g): g is string => g !== undefined));
  return blueprint.customerGroups
    .filter((g) => used.has(g.key))
    .map((g) => ({ entity: 'customer_group', ...identityOf('customer_group', g.key), naturalKey: g.name, name: g.name, displayGross: g.displayGross }));
}
