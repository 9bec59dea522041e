import type { Blueprint, BlueprintCategory, BlueprintChannel, BlueprintLeaf } from './schema.js';
import type { BlueprintPath } from './problems.js';
import type { LocatedMessage } from './schema-problems.js';
import { leafCode, MAX_PRODUCT_NUMBER_LENGTH, optionCode, productNumberLength } from '../values/numbers.js';

/** Categories below a channel's root: 1 (leaves right under the root) to 3 levels. */
export const MAX_TREE_DEPTH = 3;

/**
 * What the schema cannot say: references between sections, unique keys and natural keys (two
 * manufacturers of one name would be adopted as one row), ranges whose ends are in order, and product
 * numbers that fit the platform's column. Runs on a blueprint whose shape is valid.
 */
export function semanticProblems(blueprint: Blueprint): LocatedMessage[] {
  const problems: LocatedMessage[] = [];
  const report = (path: BlueprintPath, message: string) => problems.push({ path, message });

  if (!isCalendarDate(blueprint.referenceDate)) {
    report(['referenceDate'], `is not a calendar date (got "${blueprint.referenceDate}")`);
  }

  unique(report, ['taxes'], blueprint.taxes, (t) => String(t.rate), 'rate', 'tax rate');
  unique(report, ['taxes'], blueprint.taxes, (t) => t.name, 'name', 'name');
  unique(report, ['manufacturers'], blueprint.manufacturers, (m) => m.key, 'key', 'key');
  unique(report, ['manufacturers'], blueprint.manufacturers, (m) => m.name, 'name', 'name');
  unique(report, ['propertyGroups'], blueprint.propertyGroups, (g) => g.key, 'key', 'key');
  unique(report, ['propertyGroups'], blueprint.propertyGroups, (g) => g.name, 'name', 'name');
  blueprint.propertyGroups.forEach((group, g) => {
    unique(report, ['propertyGroups', g, 'options'], group.options, (o) => o.key, 'key', 'key');
    unique(report, ['propertyGroups', g, 'options'], group.options, (o) => o.name, 'name', 'name');
  });
  unique(report, ['tags'], blueprint.tags, (t) => t.key, 'key', 'key');
  unique(report, ['tags'], blueprint.tags, (t) => t.name, 'name', 'name');
  unique(report, ['customerGroups'], blueprint.customerGroups, (c) => c.key, 'key', 'key');
  unique(report, ['customerGroups'], blueprint.customerGroups, (c) => c.name, 'name', 'name');
  unique(report, ['channels'], blueprint.channels, (c) => c.key, 'key', 'key');
  unique(report, ['channels'], blueprint.channels, (c) => c.code, 'code', 'code');
  unique(report, ['channels'], blueprint.channels, (c) => c.name, 'name', 'name');
  unique(report, ['channels'], blueprint.channels, (c) => c.domainPath, 'domainPath', 'domain path');
  unique(report, ['channels'], blueprint.channels, (c) => c.landing.name, ['landing', 'name'], 'landing page name');

  const adopted = new Map<string, string>();
  blueprint.channels.forEach((channel, c) =>
    (channel.adopt ?? []).forEach((name, a) => {
      const other = adopted.get(name);
      if (other !== undefined) report(['channels', c, 'adopt', a], `"${name}" is already adopted by channel "${other}"`);
      adopted.set(name, channel.key);
    }),
  );

  const { people, orders, reviews } = blueprint;
  if (people.loginAccountsPerChannel > people.customersPerChannel) {
    report(['people', 'loginAccountsPerChannel'], `must not exceed customersPerChannel (${people.customersPerChannel})`);
  }
  if (people.password.replace(/\{channel\}/g, '').length === 0) report(['people', 'password'], 'needs more than the {channel} placeholder');
  checkRange(report, ['orders', 'linesPerOrder'], orders.linesPerOrder.min, orders.linesPerOrder.max);
  checkRange(report, ['orders', 'quantity'], orders.quantity.min, orders.quantity.max);
  checkAmount(report, ['orders', 'shipping', 'cost'], orders.shipping.cost);
  checkAmount(report, ['orders', 'shipping', 'freeFrom'], orders.shipping.freeFrom);
  checkRange(report, ['reviews', 'perProduct'], reviews.perProduct.min, reviews.perProduct.max);
  if (Object.values(reviews.ratingWeights).every((w) => w === 0)) report(['reviews', 'ratingWeights'], 'at least one rating needs a weight above 0');

  blueprint.channels.forEach((channel, c) => checkChannel(report, blueprint, channel, ['channels', c]));
  return problems;
}

type Report = (path: BlueprintPath, message: string) => void;

function checkChannel(report: Report, blueprint: Blueprint, channel: BlueprintChannel, at: BlueprintPath): void {
  if (!blueprint.taxes.some((t) => t.rate === channel.taxRate)) {
    report([...at, 'taxRate'], `${channel.taxRate} is not one of the rates under "taxes" (${blueprint.taxes.map((t) => t.rate).join(', ')})`);
  }
  if (channel.customerGroup !== undefined && !blueprint.customerGroups.some((g) => g.key === channel.customerGroup)) {
    report([...at, 'customerGroup'], unknown('customer group', channel.customerGroup, blueprint.customerGroups.map((g) => g.key)));
  }
  if (blueprint.people.customersPerChannel > 0 && blueprint.people.addresses[channel.country] === undefined) {
    report([...at, 'country'], `people.addresses has no streets and places for "${channel.country}"`);
  }
  if (channel.companyCustomers === true && blueprint.people.companies.length === 0) {
    report([...at, 'companyCustomers'], 'needs company names under people.companies');
  }
  if (channel.orderQuantity) checkRange(report, [...at, 'orderQuantity'], channel.orderQuantity.min, channel.orderQuantity.max);
  (channel.bulkTiers ?? []).forEach((tier, t, tiers) => {
    if (t > 0 && tier.from <= tiers[t - 1]!.from) report([...at, 'bulkTiers', t, 'from'], `must be above the previous tier's ${tiers[t - 1]!.from}`);
  });

  const leafCodes = new Map<string, string>();
  const walk = (nodes: BlueprintCategory[], path: BlueprintPath, depth: number, keyPath: string) => {
    unique(report, path, nodes, (n) => n.key, 'key', 'key');
    nodes.forEach((node, i) => {
      const here = [...path, i];
      const nodeKeyPath = `${keyPath}/${node.key}`;
      const hasChildren = node.children !== undefined;
      const hasProducts = node.products !== undefined;
      if (hasChildren === hasProducts) {
        report(here, 'needs either "children" (a category with subcategories) or "products" (a leaf), not both or neither');
      }
      if (depth > MAX_TREE_DEPTH) report(here, `is ${depth} levels below the root; at most ${MAX_TREE_DEPTH} are allowed`);
      if (node.children) walk(node.children, [...here, 'children'], depth + 1, nodeKeyPath);
      if (node.products) {
        const code = leafCode(node);
        const other = leafCodes.get(code);
        if (other !== undefined) {
          report([...here, node.code ? 'code' : 'key'], `product number code "${code}" is already used by ${other} in this channel; set "code" to tell them apart`);
        }
        leafCodes.set(code, nodeKeyPath.slice(1));
        checkLeaf(report, blueprint, channel, node.products, [...here, 'products'], code);
      }
    });
  };
  walk(channel.tree, [...at, 'tree'], 1, '');
}

function checkLeaf(report: Report, blueprint: Blueprint, channel: BlueprintChannel, leaf: BlueprintLeaf, at: BlueprintPath, code: string): void {
  leaf.manufacturers.forEach((key, i) => {
    if (!blueprint.manufacturers.some((m) => m.key === key)) {
      report([...at, 'manufacturers', i], unknown('manufacturer', key, blueprint.manufacturers.map((m) => m.key)));
    }
  });
  checkAmount(report, [...at, 'price', 'min'], leaf.price.min);
  checkAmount(report, [...at, 'price', 'max'], leaf.price.max);
  if (leaf.price.min <= 0) report([...at, 'price', 'min'], 'must be above 0');
  checkRange(report, [...at, 'price'], leaf.price.min, leaf.price.max);
  if (leaf.weight) checkRange(report, [...at, 'weight'], leaf.weight.min, leaf.weight.max);

  const groupKeys = new Set<string>();
  (leaf.properties ?? []).forEach((ref, i) => {
    const groupKey = typeof ref === 'string' ? ref : ref.group;
    const path = typeof ref === 'string' ? [...at, 'properties', i] : [...at, 'properties', i, 'group'];
    if (groupKeys.has(groupKey)) report(path, `property group "${groupKey}" is listed twice`);
    groupKeys.add(groupKey);
    const group = blueprint.propertyGroups.find((g) => g.key === groupKey);
    if (!group) return report(path, unknown('property group', groupKey, blueprint.propertyGroups.map((g) => g.key)));
    if (typeof ref !== 'string') {
      ref.options.forEach((option, o) => {
        if (!group.options.some((x) => x.key === option)) {
          report([...at, 'properties', i, 'options', o], unknown(`option of "${groupKey}"`, option, group.options.map((x) => x.key)));
        }
      });
    }
  });

  if (leaf.variants) {
    const { variants } = leaf;
    const group = blueprint.propertyGroups.find((g) => g.key === variants.group);
    if (!group) {
      report([...at, 'variants', 'group'], unknown('property group', variants.group, blueprint.propertyGroups.map((g) => g.key)));
    } else {
      if (groupKeys.has(variants.group)) report([...at, 'variants', 'group'], `"${variants.group}" is also under properties; a group is either a property or the variant axis`);
      const options = variants.options ?? group.options.map((o) => o.key);
      if (variants.options) unique(report, [...at, 'variants', 'options'], variants.options, (o) => o, undefined, 'option');
      options.forEach((option, o) => {
        const path = variants.options ? [...at, 'variants', 'options', o] : [...at, 'variants', 'group'];
        if (!group.options.some((x) => x.key === option)) report(path, unknown(`option of "${variants.group}"`, option, group.options.map((x) => x.key)));
        const length = productNumberLength(blueprint.productNumberPrefix, channel.code, code) + 1 + optionCode(option).length;
        if (length > MAX_PRODUCT_NUMBER_LENGTH) report(path, `makes variant numbers of ${length} characters; at most ${MAX_PRODUCT_NUMBER_LENGTH} fit`);
      });
      if (options.length < 2) report([...at, 'variants'], 'needs at least two options to make variants');
    }
  }
}

function unique<T>(report: Report, at: BlueprintPath, items: T[], valueOf: (item: T) => string, field: string | string[] | undefined, what: string): void {
  const seen = new Map<string, number>();
  items.forEach((item, i) => {
    const value = valueOf(item);
    const first = seen.get(value);
    const path = field === undefined ? [...at, i] : [...at, i, ...(Array.isArray(field) ? field : [field])];
    if (first !== undefined) report(path, `${what} "${value}" is used twice (first at entry ${first + 1})`);
    else seen.set(value, i);
  });
}

function checkRange(report: Report, at: BlueprintPath, min: number, max: number): void {
  if (min > max) report(at, `min (${min}) is above max (${max})`);
}

function checkAmount(report: Report, at: BlueprintPath, amount: number): void {
  if (Math.abs(Math.round(amount * 100) - amount * 100) > 1e-6) report(at, `must have at most two decimals (got ${amount})`);
}

function unknown(what: string, key: string, known: string[]): string {
  return `unknown ${what} "${key}" (known: ${known.join(', ') || 'none'})`;
}

function isCalendarDate(text: string): boolean {
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}
