/** Minimal HTML for the hosted payment page; every value is escaped. */

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A whole page; `bodyHtml` must already be escaped. */
export function htmlPage(title: string, bodyHtml: string): string {
  return (
    '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<title>${escapeHtml(title)}</title>` +
    '<style>body{font-family:sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem}' +
    'button{font-size:1rem;margin:.25rem;padding:.5rem 1rem}.amount{font-size:1.5rem}</style>' +
    `</head><body>${bodyHtml}</body></html>`
  );
}

/** A page with a heading and one message (errors, the page after payment without a redirect_url). */
export function messagePage(title: string, message: string): string {
  return htmlPage(title, `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>`);
}
