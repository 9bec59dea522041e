import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');
const DOCUMENTS = ['README.md', ...readdirSync(path.join(ROOT, 'docs')).filter((name) => name.endsWith('.md')).map((name) => `docs/${name}`)];

interface Link {
  document: string;
  line: number;
  target: string;
}

/** The document's text without fenced code blocks and inline code, where brackets are not links. */
function proseLines(text: string): string[] {
  let fenced = false;
  return text.split('\n').map((line) => {
    if (/^\s*```/.test(line)) {
      fenced = !fenced;
      return '';
    }
    return fenced ? '' : line.replace(/`[^`]*`/g, '');
  });
}

/** Every relative link of a document: `[text](target)`, without web and mail addresses. */
function relativeLinks(document: string): Link[] {
  const lines = proseLines(readFileSync(path.join(ROOT, document), 'utf8'));
  return lines.flatMap((text, index) =>
    [...text.matchAll(/\]\(([^)\s]+)\)/g)]
      .map((match) => match[1]!)
      .filter((target) => !/^[a-z]+:/i.test(target))
      .map((target) => ({ document, line: index + 1, target })),
  );
}

/** The anchors a markdown file offers, as GitHub makes them from its headings (repeats get -1, -2, ...). */
function anchorsOf(file: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  let fenced = false;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (/^\s*```/.test(line)) fenced = !fenced;
    const heading = fenced ? null : /^#{1,6}\s+(.*)$/.exec(line);
    if (!heading) continue;
    const slug = heading[1]!
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

/** Why a link does not resolve, or null when it does. */
function brokenBecause(link: Link): string | null {
  const [pathPart, anchor] = link.target.split('#', 2) as [string, string | undefined];
  const file = pathPart === '' ? path.join(ROOT, link.document) : path.resolve(path.dirname(path.join(ROOT, link.document)), decodeURI(pathPart));
  if (!file.startsWith(ROOT + path.sep)) return 'it points outside the repository';
  if (!existsSync(file)) return 'no such file';
  if (anchor === undefined || anchor === '') return null;
  if (statSync(file).isDirectory() || !file.endsWith('.md')) return 'an anchor into something that is not a markdown file';
  return anchorsOf(file).has(anchor) ? null : `no heading makes the anchor #${anchor}`;
}

describe('documentation: relative links in README.md and docs/*.md resolve', () => {
  const links = DOCUMENTS.flatMap(relativeLinks);

  it('finds the links', () => {
    expect(links.length).toBeGreaterThan(30);
  });

  it('every relative link names an existing file, and an anchor a heading of it', () => {
    const broken = links.flatMap((link) => {
      const reason = brokenBecause(link);
      return reason === null ? [] : [`${link.document}:${link.line} (${link.target}): ${reason}`];
    });
    expect(broken).toEqual([]);
  });

  it('the anchors follow GitHub: punctuation dropped, spaces to dashes, repeats numbered', () => {
    const anchors = anchorsOf(path.join(ROOT, 'docs/gateway-d.md'));
    expect(anchors).toContain('set-up-with-the-simulator-no-account-needed');
    expect(anchors).toContain('settings-extpaybconfig-per-sales-channel-unless-noted');
  });
});
