import type { MessageHandlerDeclaration } from '../declarations.js';
import type { PlatformServices } from '../platform-services.js';
import type { PlatformCommand } from '../console/platform-command.js';
import { EXIT } from '../console/exit-codes.js';
import { salesChannelOption } from '../console/commands/option-values.js';
import { isId } from '../ids.js';
import { generateSitemaps, sitemapsOutdated } from './sitemap-generator.js';

/** The queue that writes the sitemaps again once SEO URLs changed. */
export const SITEMAP_QUEUE = 'sitemap.generate';

/**
 * Seconds a sitemap job waits after the SEO URL change that queued it: a catalogue import queues one per
 * written batch, and the first to run after it writes the files once (the others find them fresh).
 */
export const SITEMAP_DELAY_SECONDS = 60;

export const sitemapHandler: MessageHandlerDeclaration<Pick<PlatformServices, 'db'>> = {
  queue: SITEMAP_QUEUE,
  async handle(data, platform) {
    const { salesChannelId } = (data ?? {}) as { salesChannelId?: unknown };
    const channel = isId(salesChannelId) ? salesChannelId : undefined;
    if (await sitemapsOutdated(platform.db, channel)) await generateSitemaps(platform.db, channel);
  },
};

/** `sitemap:generate`, as Shopware's: writes the sitemaps of every channel (or one) now. */
export const sitemapGenerateCommand: PlatformCommand<'db'> = {
  name: 'sitemap:generate',
  description: 'Generate the sitemaps of every sales channel domain (or of one sales channel) now',
  options: { 'sales-channel-id': { type: 'string', valueName: '<id>', description: 'Only this sales channel (default: all)' } },
  async run(input, io, platform) {
    const salesChannelId = (await salesChannelOption(input, platform)) ?? undefined;
    const generated = await generateSitemaps(platform.db, salesChannelId);
    for (const sitemap of generated) {
      for (const file of sitemap.files) io.out(`${sitemap.domainUrl}: ${file.filename} (${file.urls} URLs)`);
    }
    io.out(generated.length === 0 ? 'No sales channel domain: no sitemap written.' : `Wrote the sitemaps of ${generated.length} domain${generated.length === 1 ? '' : 's'}.`);
    return EXIT.ok;
  },
};
