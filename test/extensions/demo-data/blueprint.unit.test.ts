import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { DEFAULT_BLUEPRINT_FILE, loadBlueprint, parseBlueprint } from '../../../src/extensions/demo-data/blueprint/load-blueprint.js';
import { BlueprintError, type BlueprintProblem } from '../../../src/extensions/demo-data/blueprint/problems.js';
import type { Blueprint } from '../../../src/extensions/demo-data/blueprint/schema.js';

const defaultText = readFileSync(DEFAULT_BLUEPRINT_FILE, 'utf8');

/** The problems a blueprint text has (fails the test when it has none). */
function problemsOf(text: string): BlueprintProblem[] {
  try {
    parseBlueprint(text, 'test.yaml');
  } catch (error) {
    expect(error).toBeInstanceOf(BlueprintError);
    return (error as BlueprintError).problems;
  }
  throw new Error('expected the blueprint to be refused');
}

/** The default blueprint with one change made to its data. */
function changed(edit: (b: Blueprint) => void): string {
  const blueprint = parseBlueprint(defaultText);
  edit(blueprint);
  return stringify(blueprint);
}

/** The 1-based line of the first occurrence of `needle` in the default text. */
function lineOf(needle: string): number {
  const index = defaultText.indexOf(needle);
  expect(index).toBeGreaterThan(-1);
  return defaultText.slice(0, index).split('\n').length;
}

describe('the default blueprint', () => {
  it('is valid and has the five channels, the flagship adopting "Storefront"', async () => {
    const blueprint = await loadBlueprint();
    expect(blueprint.channels.map((c) => c.key)).toEqual(['flagship', 'fresh', 'trade', 'wellness', 'outlet']);
    expect(blueprint.channels[0]!.adopt).toEqual(['Storefront']);
    expect(blueprint.channels.map((c) => c.domainPath)).toEqual(['/flagship', '/fresh', '/trade', '/wellness', '/outlet']);
    expect(blueprint.referenceDate).toBe('2026-01-01');
  });
});

describe('blueprint validation', () => {
  it('reports YAML syntax errors and duplicate keys with their line', () => {
    const broken = defaultText.replace('version: 1', 'version: "1');
    expect(problemsOf(broken)[0]).toMatchObject({ message: 'Missing closing "quote', line: lineOf('version: 1') });
    const duplicate = defaultText.replace('version: 1\n', 'version: 1\nversion: 1\n');
    const [problem] = problemsOf(duplicate);
    expect(problem!.message).toMatch(/unique/i);
    expect(problem!.line).toBe(lineOf('version: 1') + 1);
  });

  it('names the place by keys and the line, and says what is expected', () => {
    const text = defaultText.replace('  - key: tableware', '  - key: Table Ware');
    const problems = problemsOf(text);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({
      path: 'channels[flagship].tree[kitchen].children[Table Ware].key',
      line: lineOf('  - key: tableware'),
    });
    expect(problems[0]!.message).toContain('must be a key');
    expect(problems[0]!.message).toContain('(got "Table Ware")');
  });

  it('reports missing and misspelt fields', () => {
    const problems = problemsOf(defaultText.replace('    rootCategory: Fresh Market\n', '    rootCategory: Fresh Market\n    landingPage: x\n').replace('    taxRate: 7\n    country: DE\n', '    country: DE\n'));
    // a missing field is located at its parent entry, so it comes first
    expect(problems.map((p) => `${p.path}: ${p.message}`)).toEqual([
      'channels[fresh].taxRate: is missing',
      'channels[fresh].landingPage: is not a field of this entry (misspelt?)',
    ]);
    expect(problems[0]!.line).toBe(lineOf('  - key: fresh'));
  });

  it('reports wrong types and bounds', () => {
    const problems = problemsOf(changed((b) => ((b as unknown as { defaultPerCategory: unknown }).defaultPerCategory = 0)));
    expect(problems.map((p) => `${p.path}: ${p.message}`)).toEqual(['defaultPerCategory: must be at least 1 (got 0)']);
    const typed = problemsOf(changed((b) => ((b.people as unknown as { customersPerChannel: unknown }).customersPerChannel = 'many')));
    expect(typed.map((p) => `${p.path}: ${p.message}`)).toEqual(['people.customersPerChannel: must be a whole number (got "many")']);
  });

  it('checks references between sections', () => {
    const problems = problemsOf(
      defaultText
        .replace('manufacturers: [millbrook]', 'manufacturers: [milbrook]')
        .replace('    taxRate: 7\n    customerGroup: wellness-club', '    taxRate: 8\n    customerGroup: wellness-club')
        .replace('customerGroup: trade-accounts', 'customerGroup: trade'),
    );
    expect(problems.map((p) => `${p.path}: ${p.message.replace(/ \(known: .*\)$/, '')}`)).toEqual([
      'channels[fresh].tree[bakery].children[bread].products.manufacturers[0]: unknown manufacturer "milbrook"',
      'channels[trade].customerGroup: unknown customer group "trade"',
      'channels[wellness].taxRate: 8 is not one of the rates under "taxes" (19, 7)',
    ]);
    expect(problems[0]!.line).toBe(lineOf('manufacturers: [millbrook]'));
  });

  it('checks leaves: amounts, ranges, properties, variant axis', () => {
    const problems = problemsOf(
      changed((b) => {
        const knives = b.channels[0]!.tree[0]!.children![0]!.products!;
        knives.price = { min: 20, max: 10.001 };
        knives.properties = ['blade-length', 'colour', 'colour', { group: 'material', options: ['titanium'] }];
      }),
    );
    expect(problems.map((p) => `${p.path.replace('channels[flagship].tree[kitchen].children[knives].products.', '')}: ${p.message.replace(/ \(known: .*\)$/, '')}`)).toEqual([
      'price: min (20) is above max (10.001)',
      'price.max: must have at most two decimals (got 10.001)',
      'properties[2]: property group "colour" is listed twice',
      'properties[3].options[0]: unknown option of "material" "titanium"',
      'variants.group: "blade-length" is also under properties; a group is either a property or the variant axis',
    ]);
  });

  it('checks the tree: a node is a branch or a leaf, at most three levels, unique codes', () => {
    const problems = problemsOf(
      changed((b) => {
        const kitchen = b.channels[0]!.tree[0]!;
        const knives = kitchen.children![0]!;
        kitchen.products = knives.products;
        knives.children = [{ key: 'a', name: 'A', children: [{ key: 'b', name: 'B', products: knives.products }] }];
        delete knives.products;
        b.channels[0]!.tree[1]!.children![0]!.code = 'COO';
      }),
    );
    expect(problems.map((p) => `${p.path}: ${p.message}`)).toEqual([
      'channels[flagship].tree[kitchen]: needs either "children" (a category with subcategories) or "products" (a leaf), not both or neither',
      'channels[flagship].tree[kitchen].children[knives].children[a].children[b]: is 4 levels below the root; at most 3 are allowed',
      'channels[flagship].tree[living].children[lighting].code: product number code "COO" is already used by kitchen/cookware in this channel; set "code" to tell them apart',
    ]);
  });

  it('checks unique keys and natural keys', () => {
    const problems = problemsOf(
      changed((b) => {
        b.manufacturers[1]!.name = b.manufacturers[0]!.name;
        b.channels[4]!.key = 'flagship';
        b.people.loginAccountsPerChannel = 99;
      }),
    );
    expect(problems.map((p) => `${p.path}: ${p.message}`)).toEqual([
      'manufacturers[tidewell].name: name "Ember & Forge" is used twice (first at entry 1)',
      'people.loginAccountsPerChannel: must not exceed customersPerChannel (16)',
      'channels[flagship].key: key "flagship" is used twice (first at entry 1)',
    ]);
  });

  it('the error message lists every problem as file:line:column path: message', () => {
    try {
      parseBlueprint(defaultText.replace('code: FLG', 'code: flg'), 'shop.yaml');
      expect.unreachable();
    } catch (error) {
      expect((error as Error).message).toBe(
        `The blueprint shop.yaml has 1 problem:\n  shop.yaml:${lineOf('code: FLG')}:11 channels[flagship].code: must be 2 to 4 capital letters (got "flg")`,
      );
    }
  });

  it('a file that does not exist is a blueprint error too', async () => {
    await expect(loadBlueprint('/nonexistent/blueprint.yaml')).rejects.toThrow('cannot be read: there is no such file');
  });
});
