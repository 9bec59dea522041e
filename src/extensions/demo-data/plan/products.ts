import type { Blueprint, BlueprintChannel } from '../blueprint/schema.js';
import { identityOf, idFor } from '../identity.js';
import { derive, pickStable, rankStable, type Derived } from '../values/derive.js';
import { leafCode, demoEan, productNumber, variantNumber } from '../values/numbers.js';
import { applyPriceFactor, charmPrice, netFromGross } from '../values/prices.js';
import { optionPath, taxPath } from './catalogue.js';
import { addDays, isoDateTime } from './dates.js';
import { leafEntries } from './leaves.js';
import type { ProductNode } from './types.js';

/** How far back release dates go. */
const RELEASE_WINDOW_DAYS = 540;
const FEATURES_PER_DESCRIPTION = 3;

/**
 * `perCategory` products per leaf (`<leaf path>#1..n`), each followed by its variants
 * (`<leaf path>#n/<group>=<option>`). Every value is drawn from the product's own key, so the first six
 * products are the same whether a run asks for six or sixty.
 */
export function planProducts(blueprint: Blueprint, channels: BlueprintChannel[], perCategory: number, today: Date): ProductNode[] {
  const products: ProductNode[] = [];
  for (const channel of channels) {
    const taxId = idFor('tax', taxPath(channel.taxRate));
    const salesChannelId = idFor('sales_channel', channel.key);
    for (const leaf of leafEntries(channel)) {
      const spec = leaf.category.products;
      const names = productNames(leaf.path, spec.names, blueprint.editions, perCategory);
      const code = leafCode(leaf.category);
      const categoryId = idFor('category', leaf.path);
      for (let index = 1; index <= perCategory; index++) {
        const path = `${leaf.path}#${index}`;
        const identity = identityOf('product', path);
        const value = (purpose: string) => derive(identity.key, purpose);
        const number = productNumber(blueprint.productNumberPrefix, channel.code, code, index);
        const name = names[index - 1]!;
        const gross = applyPriceFactor(charmPrice(value('price'), spec.price), channel.priceFactor ?? 1);
        const manufacturerKey = value('manufacturer').pick(spec.manufacturers);
        const features = pickStable(identity.key, 'features', spec.features, (f) => f, FEATURES_PER_DESCRIPTION);
        const variantGroup = spec.variants?.group;
        const variantOptions = spec.variants ? (spec.variants.options ?? blueprint.propertyGroups.find((g) => g.key === variantGroup)!.options.map((o) => o.key)) : [];
        const releaseDate = addDays(today, -value('release').int(0, RELEASE_WINDOW_DAYS));
        products.push({
          entity: 'product',
          ...identity,
          naturalKey: number,
          channel: channel.key,
          path,
          categoryPath: leaf.path,
          parentId: null,
          productNumber: number,
          name,
          description: [spec.description, ...features].join(' '),
          manufacturerId: idFor('product_manufacturer', manufacturerKey),
          taxId,
          price: { gross, net: netFromGross(gross, channel.taxRate) },
          stock: stockOf(value('stock'), channel.closeout === true),
          active: true,
          isCloseout: channel.closeout === true,
          ean: demoEan(value('ean')),
          releaseDate: isoDateTime(addHours(releaseDate, 8)),
          weight: spec.weight ? weightOf(value('weight'), spec.weight) : null,
          markAsTopseller: value('topseller').chance(8),
          categoryIds: [categoryId],
          tagIds: blueprint.tags.filter((t) => value(`tag:${t.key}`).chance(t.share)).map((t) => idFor('tag', t.key)),
          propertyIds: (spec.properties ?? []).map((ref) => {
            const group = typeof ref === 'string' ? ref : ref.group;
            const options = typeof ref === 'string' ? blueprint.propertyGroups.find((g) => g.key === group)!.options.map((o) => o.key) : ref.options;
            return idFor('property_group_option', optionPath(group, value(`property:${group}`).pick(options)));
          }),
          optionIds: [],
          visibility: { ...identityOf('product_visibility', path), salesChannelId, visibility: 30 },
          hasVariants: variantOptions.length > 0,
          buyable: variantOptions.length === 0,
        });
        for (const option of variantOptions) {
          const variantPath = `${path}/${variantGroup}=${option}`;
          const variant = identityOf('product', variantPath);
          const variantValue = (purpose: string) => derive(variant.key, purpose);
          const variantNo = variantNumber(number, option);
          products.push({
            entity: 'product',
            ...variant,
            naturalKey: variantNo,
            channel: channel.key,
            path: variantPath,
            categoryPath: leaf.path,
            parentId: identity.id,
            productNumber: variantNo,
            name: null,
            description: null,
            manufacturerId: null,
            taxId: null,
            price: null,
            stock: stockOf(variantValue('stock'), channel.closeout === true),
            active: true,
            isCloseout: channel.closeout === true,
            ean: demoEan(variantValue('ean')),
            releaseDate: null,
            weight: null,
            markAsTopseller: false,
            categoryIds: [],
            tagIds: [],
            propertyIds: [],
            optionIds: [idFor('property_group_option', optionPath(variantGroup!, option))],
            visibility: null,
            hasVariants: false,
            buyable: true,
          });
        }
      }
    }
  }
  return products;
}

/**
 * The names of a leaf's products: every combination of the name parts, in an order hashed from the
 * leaf's path (so the first products do not all start with the same word), then again with an edition
 * appended ("Bread Knife Studio") once the combinations are used up.
 */
export function productNames(leafPath: string, parts: string[][], editions: string[], count: number): string[] {
  const combinations = parts.reduce<string[][]>((acc, list) => acc.flatMap((prefix) => list.map((part) => [...prefix, part])), [[]]).map((c) => c.join(' '));
  const ranked = rankStable(`category:${leafPath}`, 'names', combinations, (c) => c);
  return Array.from({ length: count }, (_, i) => {
    const round = Math.floor(i / ranked.length);
    const base = ranked[i % ranked.length]!;
    if (round === 0) return base;
    const edition = editions[(round - 1) % editions.length]!;
    const cycle = Math.floor((round - 1) / editions.length);
    return cycle === 0 ? `${base} ${edition}` : `${base} ${edition} ${cycle + 1}`;
  });
}

function stockOf(random: Derived, closeout: boolean): number {
  // a few sold-out products make the storefront's availability labels visible
  if (random.chance(6)) return 0;
  return closeout ? random.int(1, 40) : random.int(3, 250);
}

function weightOf(random: Derived, range: { min: number; max: number }): number {
  return random.int(Math.round(range.min * 1000), Math.round(range.max * 1000)) / 1000;
}

function addHours(date: Date, hours: number): Date {
  return new Date(date.getTime() + hours * 3_600_000);
}
