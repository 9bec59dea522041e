import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SCANNED = ['src', 'test', 'bench', 'scripts', 'docs', '.ci', 'README.md'];
const TEXT_FILE = /\.(ts|tsx|mts|js|mjs|cjs|md|njk|html|css|json|yaml|yml|sql|sh)$|^run$/;
const THIS_FILE = path.relative(ROOT, import.meta.filename);

/**
 * Ways a comment, test title, log message or document cites a document outside the repository (the
 * original specification, its gateway and platform reference notes, a design file, a shared folder, the
 * ticket a change came from) instead of saying the rule itself. Written narrowly: `spec` as a variable
 * (an image spec, a family spec) or an OpenAPI document, Shopware's issue numbers and the Standard
 * Webhooks reference library stay allowed.
 */
const CITATIONS: ReadonlyArray<{ name: string; pattern: RegExp }> = [
  { name: 'spec part / reference § / DESIGN.md / ../shared', pattern: /spec part|reference §|DESIGN\.md|\.\.\/shared/i },
  { name: 'a reference section number', pattern: /\breference (?:§\s*)?\d+(?:\.\d+)?\b|\breference \d+'s\b/i },
  { name: 'a section sign', pattern: /§\s*\d/ },
  { name: 'the notes by file name', pattern: /gateway-[a-d]-api|platform-conventions|order-export-notes|demo-data-notes|architecture-anchors|SPEC\.md/i },
  { name: 'the spec', pattern: /\bthe spec\b|\bspecs?'(?:s\b|\s)/i },
  { name: 'a spec part letter', pattern: /\b[Ss]pecs? \(?[A-E]\)?(?:\s+and\s+\(?[A-E]\)?)?(?![\w-])/ },
  { name: 'a spec in parentheses', pattern: /(?<=\s|^)\(spec(?:\)|:|\s+(?:step|row|part|table)\b)/i },
  { name: 'a spec row or step', pattern: /\bspecs? (?:row|step|part|table|says|share|lists?)\b/i },
  { name: 'whose spec', pattern: /\b(?:whose|its|our|gateway's|published) spec\b/i },
  { name: 'the specification', pattern: /(?<!OpenAPI )\bspecification\b/i },
  { name: 'a checklist or verdict of the notes', pattern: /\b(?:simulator|reference) checklist\b|\bthe checklist's\b|\bthe reference says\b/i },
  { name: 'the issue as a source', pattern: /\bthe issue (?:asks|says|names|does|was filed)\b|\bas the issue\b|\bthe issue's\b|\b(?:of|by) the issue\b/i },
  { name: 'the brief', pattern: /\bthe brief\b/i },
];

function textFiles(entry: string): string[] {
  const full = path.join(ROOT, entry);
  if (statSync(full).isFile()) return [entry];
  return readdirSync(full).flatMap((name) => {
    const child = path.join(entry, name);
    if (name === 'node_modules') return [];
    if (statSync(path.join(ROOT, child)).isDirectory()) return textFiles(child);
    return TEXT_FILE.test(name) ? [child] : [];
  });
}

/** A line without its comment leader, so a phrase wrapped onto the next comment line is read as one. */
const bare = (line: string) => line.replace(/^\s*(?:\/\/+|\/?\*+\/?|#+|-)?\s*/, '');

/** `file:line: text (pattern)` for every citation; a phrase wrapped across two lines is reported at its first. */
function citationsIn(file: string, text: string): string[] {
  const lines = text.split('\n');
  const found = new Map<number, string>();
  lines.forEach((line, index) => {
    const joined = index + 1 < lines.length ? `${line.trimEnd()} ${bare(lines[index + 1]!)}` : line;
    for (const { name, pattern } of CITATIONS) {
      if (found.has(index)) break;
      if (pattern.test(line) || (pattern.test(joined) && !pattern.test(bare(lines[index + 1] ?? '')))) found.set(index, `${file}:${index + 1}: ${line.trim().slice(0, 160)} (${name})`);
    }
  });
  return [...found.values()];
}

describe('architecture: the project stands alone', () => {
  const files = SCANNED.flatMap(textFiles).filter((file) => file !== THIS_FILE);

  it('finds the sources, tests and documents', () => {
    expect(files.length).toBeGreaterThan(500);
    expect(files).toContain('README.md');
  });

  it('no comment, test title, log message or document cites a document outside the repository', () => {
    const citations = files.flatMap((file) => citationsIn(file, readFileSync(path.join(ROOT, file), 'utf8')));
    expect(citations).toEqual([]);
  });

  it('recognises the citations it guards against, and not the words it allows', () => {
    const cited = (line: string) => citationsIn('example.ts', line).length > 0;
    for (const line of [
      ' * gateway D answers 200 with {status: success} (spec part D)',
      '/** `data` of GET /v3/transactions/:id/verify (reference 2.2). */',
      "/** Reference §5.3 (`Migration1643878976AddCaptureRefundStateMachines`). */",
      " * Runs a refund (Shopware's PaymentRefundProcessor, reference\n * §6.4).",
      '// checked with the spec\'s messages',
      ' * in the spec\'s order: the transaction exists',
      '/** The messages both gateways\' specs share. */',
      ' * A refund route (specs C and D): 200',
      'Specs (C) and (D), "Storefront bank routes"',
      '/** The status decides (spec); an amount',
      '/** Bank details (spec: names not shown). */',
      "it('refunds a partially paid transaction (spec step 1: paid_partially is refundable)'",
      ' * the filter is not in the gateway\'s published spec',
      '(see DESIGN.md)',
      'as ../shared/reference/gateway-d-api.md shows',
      '/** Reference 2.3, 2.4, 4.3 and the simulator checklist. */',
      '## Choices where the reference says "unconfirmed"',
      " * the issue asks for\n * it",
      "it('serves every setting of the issue'",
      '/** The families of hostile JSON bodies the brief names. */',
    ]) {
      expect(cited(line), line).toBe(true);
    }
    for (const line of [
      'export function generateImage(spec: ImageSpec): GeneratedImage {',
      '  const resolutions = await resolveNodes(ctx, spec);',
      "it('is byte-identical for the same spec and differs for another key'",
      ' * monogram. Everything comes from the seed key, so the same spec gives the same bytes',
      "expect(product.tax).toEqual(ref('Tax'));",
      '  const { orders: spec } = blueprint;',
      ' * the OpenAPI specification of the Admin API',
      "it('signs the reference example as the reference library does'",
      "it('a moved category hands its place to its follower (Shopware issue #1184)'",
      ' * however soon after the issue the change comes: JWT issue times are whole seconds',
      '/** The reference of the current payment attempt. */',
      'body.reference',
    ]) {
      expect(cited(line), line).toBe(false);
    }
  });
});
