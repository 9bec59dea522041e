import type { PlatformCommand } from '../console/platform-command.js';
import { flag } from '../console/commands/option-values.js';
import { EXIT } from '../console/exit-codes.js';
import { generateThumbnails } from './generate-thumbnails.js';
import { MediaFileStore } from './media-file-store.js';
import { THUMBNAIL_WIDTHS } from './media-thumbnails.js';

/** `media:generate-thumbnails`: thumbnails for files stored before they were made on upload. */
export const generateThumbnailsCommand: PlatformCommand<'db' | 'env'> = {
  name: 'media:generate-thumbnails',
  description: `Render the thumbnails (${THUMBNAIL_WIDTHS.join(', ')} px wide, WebP) of stored media files that have none`,
  options: { force: { type: 'boolean', description: 'Render them again for every stored file' } },
  async run(input, io, platform) {
    const run = await generateThumbnails(platform.db, new MediaFileStore(platform.env.varDir), { force: flag(input, 'force') });
    io.out(`Thumbnails generated for ${run.generated} media file${run.generated === 1 ? '' : 's'}; ${run.skipped} had them already.`);
    for (const failure of run.failed) io.err(`Media ${failure.mediaId}: ${failure.reason}`);
    return run.failed.length === 0 ? EXIT.ok : EXIT.failure;
  },
};
