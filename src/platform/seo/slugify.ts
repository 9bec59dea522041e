/** Letters the default transliteration of Shopware's slugifier writes as more than the bare letter. */
const TRANSLITERATIONS: Record<string, string> = { ß: 'ss', æ: 'ae', Æ: 'AE', ø: 'o', Ø: 'O', œ: 'oe', Œ: 'OE', đ: 'd', Đ: 'D', ł: 'l', Ł: 'L', þ: 'th', Þ: 'TH' };

/**
 * One segment of a SEO path as Shopware writes it: tags dropped, letters transliterated to ASCII
 * (accents removed), every run of characters other than letters, digits and dots becomes one `-`,
 * leading and trailing `-` trimmed. Case is kept (Shopware configures its slugifier with
 * `lowercase: false`), so `Main product` becomes `Main-product`.
 */
export function slugify(text: string): string {
  const ascii = text
    .replace(/<[^>]*>/g, ' ')
    .replace(/[ßæÆøØœŒđĐłŁþÞ]/g, (c) => TRANSLITERATIONS[c] ?? c)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '');
  return ascii.replace(/(?:[^A-Za-z0-9.]|-)+/g, '-').replace(/^-+|-+$/g, '');
}
