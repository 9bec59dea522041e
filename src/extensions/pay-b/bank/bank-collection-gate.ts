import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { errors } from '../../../platform/errors/app-error.js';
import type { Platform } from '../../../platform/kernel.js';
import { salesChannelIdOf } from '../../../platform/storefront/http/index.js';
import { readPayBSettings, type PayBSettings } from '../config.js';

/** The settings a bank request runs with: those of the sales channel the request is for. */
export interface BankRequestSettings {
  salesChannelId: string | null;
  settings: PayBSettings;
}

const loaded = new WeakMap<FastifyRequest, BankRequestSettings>();

/** Reads the request's channel settings once per request (the gate, the handler and the profile slot share them). */
export async function bankSettingsOf(platform: Platform, request: FastifyRequest): Promise<BankRequestSettings> {
  let found = loaded.get(request);
  if (!found) {
    const salesChannelId = (await salesChannelIdOf(request)) ?? null;
    found = { salesChannelId, settings: await readPayBSettings(platform, salesChannelId) };
    loaded.set(request, found);
  }
  return found;
}

/**
 * First hook of the bank routes: while "Enable Bank Data Collection" is off for the request's sales
 * channel they do not exist. It runs before the CSRF and login checks, so a guest or a forged post
 * learns nothing more than from any unknown path.
 */
export function bankCollectionGate(platform: Platform): onRequestAsyncHookHandler {
  return async (request) => {
    const { settings } = await bankSettingsOf(platform, request);
    if (!settings.collectBankData) throw errors.routeNotFound(request.method, request.url);
  };
}
