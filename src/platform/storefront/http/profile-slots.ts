import type { FastifyInstance, FastifyRequest } from 'fastify';
import { frameworkOf } from './framework.js';
import { safeHtml, type SafeHtml } from './template-views.js';
import type { ProfileSlot } from './profile-slot.js';
import type { StorefrontRequest } from './types.js';

export type { ProfileSlot } from './profile-slot.js';

export interface RenderedProfileSlot {
  id: string;
  html: SafeHtml;
}

export function registerProfileSlot(app: FastifyInstance, slot: ProfileSlot): void {
  const slots = frameworkOf(app).profileSlots;
  if (slots.some((s) => s.id === slot.id)) throw new Error(`A profile slot "${slot.id}" is already registered`);
  slots.push(slot);
}

/**
 * Renders every active slot in registration order, for a request of a storefront route. A slot that
 * fails is logged and left out: one extension's outage must not take the whole profile page down.
 */
export async function renderProfileSlots(request: FastifyRequest): Promise<RenderedProfileSlot[]> {
  const framework = frameworkOf(request.server);
  const context = request.storefront;
  if (!context) throw new Error('renderProfileSlots needs a request of a route registered through storefrontRoutes');
  const storefrontRequest = request as StorefrontRequest;
  const common = {
    csrfToken: framework.csrf.tokenFor(context.sessionToken),
    customer: context.customer,
    currentPath: request.url.split('?')[0] ?? '/',
  };
  const rendered: RenderedProfileSlot[] = [];
  for (const slot of framework.profileSlots) {
    if (slot.owner !== undefined && !framework.isExtensionActive(slot.owner)) continue;
    try {
      const data = slot.data ? await slot.data(storefrontRequest) : {};
      rendered.push({ id: slot.id, html: safeHtml(await framework.views.render(slot.template, { ...data, ...common })) });
    } catch (error) {
      request.log.error({ err: error, slot: slot.id }, 'profile slot failed to render');
    }
  }
  return rendered;
}
