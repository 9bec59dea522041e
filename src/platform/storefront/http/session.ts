import type { FastifyReply, FastifyRequest } from 'fastify';
import { newId } from '../../ids.js';
import { frameworkOf } from './framework.js';
import type { StorefrontContext } from './types.js';

export const SESSION_COOKIE = 'sw-context-token';

// Store API context tokens are 32 alphanumeric characters (ours are 32 hex); anything else is not ours
const TOKEN_PATTERN = /^[A-Za-z0-9]{32}$/;

// a token issued during this request, so repeated calls before the response agree on one token
const issuedTokens = new WeakMap<FastifyRequest, string>();

/** The session token the visitor sent, if it is well-formed; never creates one. */
export function readSessionToken(request: FastifyRequest): string | undefined {
  const issued = issuedTokens.get(request);
  if (issued) return issued;
  const token = request.cookies?.[SESSION_COOKIE];
  return token !== undefined && TOKEN_PATTERN.test(token) ? token : undefined;
}

/** The visitor's session token; a first-time visitor gets a new one in the `sw-context-token` cookie. */
export function getOrCreateSessionToken(request: FastifyRequest, reply: FastifyReply): string {
  if (request.storefront) return request.storefront.sessionToken;
  return readSessionToken(request) ?? issueSessionToken(request, reply);
}

/**
 * Replaces the visitor's session token with a new one (call it on login and logout, so a token
 * planted before login is worth nothing after it). The CSRF token changes with it.
 */
export function renewSessionToken(request: FastifyRequest, reply: FastifyReply): string {
  const token = issueSessionToken(request, reply);
  if (request.storefront) request.storefront = { ...request.storefront, sessionToken: token };
  return token;
}

/**
 * Makes `token` the visitor's session token: for a token the server itself just created elsewhere, e.g.
 * the new Store API context token of a login. Never pass a token taken from the request.
 */
export function setSessionToken(request: FastifyRequest, reply: FastifyReply, token: string): void {
  if (!TOKEN_PATTERN.test(token)) throw new Error('setSessionToken: not a session token');
  writeSessionCookie(request, reply, token);
  if (request.storefront) request.storefront = { ...request.storefront, sessionToken: token };
}

function issueSessionToken(request: FastifyRequest, reply: FastifyReply): string {
  const token = newId();
  writeSessionCookie(request, reply, token);
  return token;
}

function writeSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  issuedTokens.set(request, token);
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: frameworkOf(reply.server).secureCookies,
  });
}

/**
 * The visitor's context, loaded once per request: session token (created when missing) and the customer
 * the resolver finds for it (a guest is the buyer, not a customer). A brand-new token belongs to nobody, so the resolver is not asked.
 */
export async function loadStorefrontContext(request: FastifyRequest, reply: FastifyReply): Promise<StorefrontContext> {
  if (request.storefront) return request.storefront;
  const existing = readSessionToken(request);
  const sessionToken = existing ?? issueSessionToken(request, reply);
  const buyer = existing ? await frameworkOf(request.server).resolveCustomer(request, existing) : undefined;
  request.storefront = { sessionToken, customer: buyer?.guest ? undefined : buyer, buyer };
  return request.storefront;
}
