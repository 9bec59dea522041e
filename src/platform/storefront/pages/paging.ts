/** Page links of a listing: the current page, its neighbours and the first and last page. */
export interface Pagination {
  page: number;
  pageCount: number;
  total: number;
  previousUrl: string | null;
  nextUrl: string | null;
  /** Page numbers to link, with `null` for a gap ("…"). */
  links: Array<{ number: number; url: string; current: boolean } | null>;
}

const NEIGHBOURS = 2;

/** `?p=` as a page number; anything that is not a positive integer is page 1. */
export function pageParameter(value: unknown): number {
  const text = typeof value === 'string' ? value : '';
  if (!/^[1-9][0-9]{0,5}$/.test(text)) return 1;
  return Number(text);
}

/** `urlFor(n)` builds the URL of page n (it keeps the other query parameters). */
export function paginate(total: number, page: number, limit: number, urlFor: (page: number) => string): Pagination {
  const pageCount = Math.max(1, Math.ceil(total / limit));
  const shown = new Set([1, pageCount]);
  for (let n = page - NEIGHBOURS; n <= page + NEIGHBOURS; n++) if (n >= 1 && n <= pageCount) shown.add(n);
  const links: Pagination['links'] = [];
  let previous = 0;
  for (const number of [...shown].sort((a, b) => a - b)) {
    if (number - previous > 1) links.push(null);
    links.push({ number, url: urlFor(number), current: number === page });
    previous = number;
  }
  return {
    page,
    pageCount,
    total,
    previousUrl: page > 1 && page <= pageCount ? urlFor(page - 1) : null,
    nextUrl: page < pageCount ? urlFor(page + 1) : null,
    links,
  };
}
