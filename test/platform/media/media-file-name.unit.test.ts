import { describe, expect, it } from 'vitest';
import { sanitizeMediaFileName } from '../../../src/platform/media/media-file-name.js';
import { isMediaPath } from '../../../src/platform/media/media-file-store.js';

const ID = '0123456789abcdef0123456789abcdef';

describe('sanitizeMediaFileName', () => {
  it.each([
    ['photo', 'photo'],
    ['photo.png', 'photo'],
    ['photo.PNG', 'photo'],
    ['photo.jpg', 'photo.jpg'],
    ['Summer Shirt (blue)', 'Summer-Shirt-blue'],
    ['Crème brûlée', 'Creme-brulee'],
    ['../../etc/passwd', 'passwd'],
    ['..\\..\\windows\\win.ini', 'win.ini'],
    ['..', ID],
    ['.hidden', 'hidden'],
    ['a..b', 'a.b'],
    ['---', ID],
    ['', ID],
    ['日本語', ID],
  ])('%s -> %s', (input, expected) => {
    expect(sanitizeMediaFileName(input, 'png', ID)).toBe(expected);
  });

  it('keeps at most 100 characters and never ends on a dot or dash', () => {
    const name = sanitizeMediaFileName(`${'a'.repeat(99)}-b`, 'png', ID);
    expect(name).toBe('a'.repeat(99));
    expect(sanitizeMediaFileName(undefined, 'png', ID)).toBe(ID);
  });

  it('every sanitised name forms a servable media path', () => {
    for (const input of ['x', 'Crème brûlée', '../..', 'a'.repeat(300), '_under', 'dots...end.']) {
      const name = sanitizeMediaFileName(input, 'webp', ID);
      expect(isMediaPath(`2024/05/${ID}/${name}.webp`), input).toBe(true);
    }
  });
});

describe('isMediaPath', () => {
  it.each([
    [`2024/05/${ID}/a.png`, true],
    [`2024/05/${ID}/a.svg`, false],
    [`2024/05/${ID}/../a.png`, false],
    [`2024/05/${ID}/a..png`, false],
    [`2024/05/${ID}/.a.png`, false],
    [`/2024/05/${ID}/a.png`, false],
    [`2024/05/${ID.toUpperCase()}/a.png`, false],
    ['app-secret', false],
    [`2024/5/${ID}/a.png`, false],
  ])('%s: %s', (candidate, expected) => {
    expect(isMediaPath(candidate)).toBe(expected);
  });
});
