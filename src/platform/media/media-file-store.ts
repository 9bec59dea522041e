import { mkdir, readdir, rename, rm, rmdir, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { isId } from '../ids.js';
import { MEDIA_EXTENSIONS, THUMBNAIL_EXTENSION } from './media-file-types.js';

/**
 * The only shapes of a stored media path: `<yyyy>/<mm>/<mediaId>/<name>.<ext>`, name as
 * sanitizeMediaFileName makes it, and its thumbnails `<yyyy>/<mm>/<mediaId>/thumbnails/<name>_<w>x<h>.webp`.
 * Public URLs are checked against it before touching the disk.
 */
export const MEDIA_PATH_PATTERN = new RegExp(
  '^\\d{4}/\\d{2}/[0-9a-f]{32}/' +
    `(?:[A-Za-z0-9_][A-Za-z0-9._-]{0,99}\\.(?:${MEDIA_EXTENSIONS.join('|')})` +
    `|thumbnails/[A-Za-z0-9_][A-Za-z0-9._-]{0,99}_\\d{1,5}x\\d{1,5}\\.${THUMBNAIL_EXTENSION})$`,
);

export function isMediaPath(relative: string): boolean {
  return MEDIA_PATH_PATTERN.test(relative) && !relative.includes('..');
}

/** Media files on disk below `<VAR_DIR>/media`; paths are relative to that folder. */
export class MediaFileStore {
  readonly root: string;

  constructor(varDir: string) {
    this.root = path.resolve(varDir, 'media');
  }

  /** `<yyyy>/<mm>/<mediaId>/<fileName>.<extension>` with the month of `at` (UTC). */
  pathFor(mediaId: string, fileName: string, extension: string, at: Date): string {
    const year = String(at.getUTCFullYear()).padStart(4, '0');
    const month = String(at.getUTCMonth() + 1).padStart(2, '0');
    const relative = `${year}/${month}/${mediaId}/${fileName}.${extension}`;
    if (!isMediaPath(relative)) throw new Error(`Not a valid media path: ${relative}`);
    return relative;
  }

  /** The absolute file of a relative media path, refusing anything that is not one. */
  absolute(relative: string): string {
    if (!isMediaPath(relative)) throw new Error(`Not a valid media path: ${relative}`);
    const file = path.resolve(this.root, relative);
    if (!file.startsWith(this.root + path.sep)) throw new Error(`Media path escapes the media folder: ${relative}`);
    return file;
  }

  /** Writes the file completely under a temporary name, then renames it: readers never see half a file. */
  async write(relative: string, bytes: Uint8Array): Promise<void> {
    const file = this.absolute(relative);
    await mkdir(path.dirname(file), { recursive: true });
    const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      await writeFile(temporary, bytes, { flag: 'wx', mode: 0o644 });
      await rename(temporary, file);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  /**
   * Removes the folders of deleted media records (`<yyyy>/<mm>/<mediaId>/`, whatever month they were
   * uploaded in): the rows are gone by then, so the paths are found by the media ids.
   */
  async removeMediaFolders(mediaIds: readonly string[]): Promise<void> {
    const ids = mediaIds.filter((id) => isId(id));
    if (ids.length === 0) return;
    const list = async (dir: string, pattern: RegExp) => (await readdir(dir).catch(() => [] as string[])).filter((name) => pattern.test(name));
    for (const year of await list(this.root, /^\d{4}$/)) {
      for (const month of await list(path.join(this.root, year), /^\d{2}$/)) {
        for (const id of ids) await rm(path.join(this.root, year, month, id), { recursive: true, force: true });
      }
    }
  }

  /** Removes files (gone already is fine) and the folders they leave empty (thumbnails/, then the media folder). */
  async remove(...relatives: string[]): Promise<void> {
    const files = relatives.filter((relative) => isMediaPath(relative)).map((relative) => this.absolute(relative));
    for (const file of files) await rm(file, { force: true });
    // deepest first: a thumbnails folder before the media folder holding it
    const folders = [...new Set(files.map((file) => path.dirname(file)))].sort((a, b) => b.length - a.length);
    for (const folder of folders) {
      await rmdir(folder).catch(() => undefined);
      if (path.basename(folder) === 'thumbnails') await rmdir(path.dirname(folder)).catch(() => undefined);
    }
  }
}
