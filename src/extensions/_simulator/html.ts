import { createHash } from 'node:crypto';

/** Minimal HTML for the hosted payment page; every value is escaped. */

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const STYLE =
  'body{margin:0;background:#f1f3f6;color:#1c2430;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}' +
  '.bar{display:flex;align-items:center;justify-content:space-between;gap:1rem;background:#1c2430;color:#fff;padding:.75rem 1.25rem;font-weight:600}' +
  '.bar small{font-weight:500;background:#f5c542;color:#1c2430;border-radius:999px;padding:.1rem .6rem}' +
  'main{box-sizing:border-box;max-width:28rem;margin:2rem auto;background:#fff;border-radius:12px;box-shadow:0 2px 12px rgba(28,36,48,.12);padding:1.5rem}' +
  '@media (max-width:30rem){main{margin:0;border-radius:0;box-shadow:none}}' +
  'h1{font-size:1.25rem;margin:0 0 .5rem}p{margin:.5rem 0;overflow-wrap:anywhere}.amount{font-size:2rem;font-weight:700;margin:1rem 0}' +
  'form{display:grid;gap:.5rem;margin-top:1.25rem}' +
  'button{font:inherit;padding:.75rem 1rem;border-radius:8px;border:1px solid #c9d1dc;background:#fff;color:#1c2430;cursor:pointer}' +
  'button:hover{background:#f1f3f6}button[value=pay]{background:#157347;border-color:#157347;color:#fff;font-weight:600}button[value=pay]:hover{background:#0f5b38}';

/**
 * The headers of the hosted pages, as a real gateway's payment page sends them: no script at all, only
 * the page's own `<style>` (by its hash), no framing. No `form-action`: the payment form's answer is a
 * redirect to the shop, and browsers apply `form-action` to that redirect too.
 */
export const HOSTED_PAGE_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': [
    "default-src 'none'",
    `style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`,
    // the shop's logo, wherever the shop keeps it
    'img-src https: http: data:',
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; '),
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
};

/**
 * A whole page in the simulator's own look: a bar naming the gateway and saying it is a test simulator
 * (so nobody mistakes it for a real payment page), the content in a card. `bodyHtml` must already be escaped.
 */
export function htmlPage(title: string, bodyHtml: string, gateway = 'Payment gateway'): string {
  return (
    '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<title>${escapeHtml(title)} · ${escapeHtml(gateway)} simulator</title>` +
    // no favicon file: an empty one keeps the browser from asking for /favicon.ico (a 404 in its console)
    '<link rel="icon" href="data:,">' +
    `<style>${STYLE}</style>` +
    `</head><body><header class="bar"><span>${escapeHtml(gateway)}</span><small>Test simulator</small></header>` +
    `<main>${bodyHtml}</main></body></html>`
  );
}

/** A page with a heading and one message (errors, the page after payment without a redirect_url). */
export function messagePage(title: string, message: string, gateway?: string): string {
  return htmlPage(title, `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>`, gateway);
}
