import type { FastifyReply, FastifyRequest } from 'fastify';
import { frameworkOf } from './framework.js';
import { safeLocalPath } from './safe-local-path.js';

export const FLASH_COOKIE = 'sw-flash';
const FLASH_TYPES = ['success', 'danger', 'info', 'warning'] as const;
export type FlashType = (typeof FLASH_TYPES)[number];

export interface FlashMessage {
  type: FlashType;
  message: string;
}

// a cookie holds about 4 KB; the oldest messages give way first
const MAX_MESSAGE_LENGTH = 500;
const MAX_COOKIE_VALUE_LENGTH = 3000;

interface FlashState {
  /** Messages not shown yet: those the request brought plus those added since. */
  pending: FlashMessage[];
  /** Messages already handed to a page in this request. */
  shown: FlashMessage[];
  /** Whether the browser holds a flash cookie we must overwrite or clear. */
  cookieSet: boolean;
}

const states = new WeakMap<FastifyRequest, FlashState>();

/** Queues a message for the next rendered page (this one, if it renders a page). */
export function addFlash(reply: FastifyReply, type: FlashType, message: string): void {
  const state = stateOf(reply.request);
  state.pending.push({ type, message: message.slice(0, MAX_MESSAGE_LENGTH) });
  writeCookie(reply, state);
}

/** Adds a flash and redirects to `url` (a local path; anything else goes to `/`) with 302. */
export function redirectWithFlash(reply: FastifyReply, url: string, type: FlashType, message: string): FastifyReply {
  addFlash(reply, type, message);
  return reply.redirect(safeLocalPath(url, '/'), 302);
}

/** The messages to show on the page being rendered; they are removed from the cookie. Idempotent per request. */
export function consumeFlashes(request: FastifyRequest, reply: FastifyReply): FlashMessage[] {
  const state = stateOf(request);
  state.shown = [...state.shown, ...state.pending];
  state.pending = [];
  writeCookie(reply, state);
  return state.shown;
}

function stateOf(request: FastifyRequest): FlashState {
  let state = states.get(request);
  if (!state) {
    const raw = request.cookies?.[FLASH_COOKIE];
    state = { pending: raw === undefined ? [] : readCookie(request, raw), shown: [], cookieSet: raw !== undefined };
    states.set(request, state);
  }
  return state;
}

function writeCookie(reply: FastifyReply, state: FlashState): void {
  const options = { path: '/', httpOnly: true, sameSite: 'lax' as const, secure: frameworkOf(reply.server).secureCookies };
  if (state.pending.length === 0) {
    if (state.cookieSet) reply.clearCookie(FLASH_COOKIE, options);
    state.cookieSet = false;
    return;
  }
  let kept = state.pending;
  let value = encode(kept);
  while (value.length > MAX_COOKIE_VALUE_LENGTH && kept.length > 1) {
    kept = kept.slice(1);
    value = encode(kept);
  }
  reply.setCookie(FLASH_COOKIE, value, { ...options, signed: true });
  state.cookieSet = true;
}

function encode(messages: FlashMessage[]): string {
  return Buffer.from(JSON.stringify(messages), 'utf8').toString('base64url');
}

/** A forged or damaged cookie yields no messages. */
function readCookie(request: FastifyRequest, raw: string): FlashMessage[] {
  const unsigned = request.unsignCookie(raw);
  if (!unsigned.valid || unsigned.value === null) return [];
  try {
    const parsed: unknown = JSON.parse(Buffer.from(unsigned.value, 'base64url').toString('utf8'));
    return Array.isArray(parsed) ? parsed.filter(isFlashMessage) : [];
  } catch {
    return [];
  }
}

function isFlashMessage(value: unknown): value is FlashMessage {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return FLASH_TYPES.includes(candidate.type as FlashType) && typeof candidate.message === 'string';
}
