import { isIP } from 'node:net';
import { systemContext } from '../../../../platform/sdk/index.js';
import type { SalesChannelNode } from '../../plan/types.js';
import { createInBatches } from '../batches.js';
import type { SeedContext } from '../context.js';
import { readByField, readByIds } from '../lookup.js';
import { resolveNodes, type Resolution } from '../resolve.js';
import { countryIdOf, STOREFRONT_TYPE_ID } from '../shop-defaults.js';

/**
 * Step one of the channels, read-only and before everything else (rules and categories refer to the
 * channels): by id, then by name, then by the blueprint's adopt list (flagship takes over "Storefront").
 * An existing channel keeps its navigation category: the plan's root maps to it.
 */
export async function resolveSalesChannels(ctx: Pick<SeedContext, 'host' | 'ids' | 'plan'>): Promise<Array<Resolution<SalesChannelNode>>> {
  const resolutions = await resolveNodes(ctx, { entity: 'sales_channel', nodes: ctx.plan.salesChannels, naturalKeyField: 'name' });
  const adoptNames = resolutions.filter((r) => !r.existing).flatMap((r) => r.node.adopt);
  if (adoptNames.length > 0) {
    const candidates = await readByField(ctx.host, 'sales_channel', 'name', adoptNames);
    const taken = new Set(resolutions.filter((r) => r.existing).map((r) => r.existing!.id as string));
    for (const resolution of resolutions) {
      if (resolution.existing) continue;
      const match = resolution.node.adopt
        .map((name) => candidates.find((c) => c.name === name && !taken.has(c.id as string)))
        .find((c) => c !== undefined);
      if (!match) continue;
      taken.add(match.id as string);
      ctx.ids.adopt(resolution.node.id, match.id as string);
      resolution.existing = match;
      resolution.how = 'natural';
    }
  }
  for (const { node, existing } of resolutions) {
    if (existing) ctx.ids.adopt(node.navigationCategoryId, existing.navigationCategoryId as string);
  }
  return resolutions;
}

/**
 * Step two, once the root categories exist: creates the missing channels, cloning language, currency,
 * payment and shipping methods from the shop's storefront; a channel of ours that lost its domain gets it
 * back. Adopted channels are not touched.
 */
export async function writeSalesChannels(ctx: SeedContext, resolutions: Array<Resolution<SalesChannelNode>>): Promise<void> {
  const { shop, ids, host } = ctx;
  const template = shop.template;
  const linkIds = (association: string) => ((template[association] as Array<{ id: string }> | undefined) ?? []).map((r) => ({ id: r.id }));
  const creates: Array<Record<string, unknown>> = [];
  for (const { node, existing, how } of resolutions) {
    if (existing) {
      ctx.tally.add('sales_channel', how === 'natural' ? 'adopted' : 'reused');
      continue;
    }
    const countryId = countryIdOf(shop, node.countryIso);
    const countries = linkIds('countries');
    if (!countries.some((c) => c.id === countryId)) countries.push({ id: countryId });
    creates.push({
      id: node.id,
      typeId: STOREFRONT_TYPE_ID,
      name: node.name,
      // deterministic, so two runs never disagree; the key grants nothing but Store API reads of this channel
      accessKey: `SWSC${node.id.toUpperCase().slice(0, 24)}`,
      languageId: shop.languageId,
      currencyId: shop.currencyId,
      paymentMethodId: shop.paymentMethodId,
      shippingMethodId: shop.shippingMethodId,
      countryId,
      customerGroupId: ids.resolve(node.customerGroupId) ?? shop.customerGroupId,
      navigationCategoryId: ids.resolve(node.navigationCategoryId),
      languages: linkIds('languages'),
      currencies: linkIds('currencies'),
      countries,
      paymentMethods: linkIds('paymentMethods'),
      shippingMethods: linkIds('shippingMethods'),
      domains: [domainRow(ctx, node)],
    });
    ctx.tally.add('sales_channel', 'created');
  }
  await createInBatches(host, 'sales_channel', creates);
  ctx.written.rows += creates.length * 2;

  const ours = resolutions.filter((r) => r.how === 'id');
  if (ours.length === 0) return;
  const domains = await readByIds(host, 'sales_channel_domain', ours.map((r) => r.node.domain.id));
  const missing = ours.filter((r) => !domains.has(r.node.domain.id));
  if (missing.length === 0) return;
  const urls = new Set((await readByField(host, 'sales_channel_domain', 'url', missing.map((r) => domainUrl(ctx, r.node)))).map((d) => d.url as string));
  const rows = missing.filter((r) => !urls.has(domainUrl(ctx, r.node))).map((r) => ({ ...domainRow(ctx, r.node), salesChannelId: r.node.id }));
  if (rows.length === 0) return;
  await host.transaction((uow) => host.repository('sales_channel_domain').create(rows, systemContext, uow));
  for (let i = 0; i < rows.length; i++) ctx.tally.add('sales_channel', 'enriched');
  ctx.written.rows += rows.length;
}

/**
 * The storefront tells channels apart by origin (scheme, host, port), so a channel's domain path becomes a
 * subdomain of APP_URL's host: `/fresh` on http://localhost:8000 is http://fresh.localhost:8000, which
 * browsers resolve to the loopback address without any set-up (a real host needs a DNS entry per channel).
 * An IP address takes no subdomain (the URL would keep the bare address and collide with the default
 * channel's domain), so there the channel gets `<name>.localhost` on the same port: same machine only.
 */
export function channelDomainUrl(appUrl: string, domainPath: string): string {
  const url = new URL(appUrl);
  const base = isIP(url.hostname.replace(/^\[|\]$/g, '')) ? 'localhost' : url.hostname;
  url.hostname = `${domainPath.slice(1)}.${base}`;
  return url.origin;
}

function domainUrl(ctx: SeedContext, node: SalesChannelNode): string {
  return channelDomainUrl(ctx.host.appUrl, node.domain.path);
}

function domainRow(ctx: SeedContext, node: SalesChannelNode): Record<string, unknown> {
  return { id: node.domain.id, url: domainUrl(ctx, node), languageId: ctx.shop.languageId, currencyId: ctx.shop.currencyId };
}
