import type { Db } from '../database/connection.js';
import { transaction, type UnitOfWork } from '../database/transaction.js';
import { AppError } from '../errors/app-error.js';
import { isId } from '../ids.js';
import type { MediaFileStore } from './media-file-store.js';
import { sanitizeMediaFileName } from './media-file-name.js';
import { MEDIA_EXTENSIONS, mediaFileType } from './media-file-types.js';
import { renderThumbnails, storeThumbnails, thumbnailsOf, UnreadableImageError, type MediaImageMeta } from './media-thumbnails.js';

export interface MediaUpload {
  mediaId: string;
  bytes: Uint8Array;
  /** The `extension` query parameter, e.g. `png`. */
  extension: string | undefined;
  /** The `fileName` query parameter; sanitised, the media id when absent. */
  fileName?: string;
  /** The request's Content-Type; must be the extension's type or application/octet-stream when given. */
  contentType?: string;
}

export interface StoredMediaFile {
  path: string;
  fileName: string;
  fileExtension: string;
  mimeType: string;
  fileSize: number;
  /** Pixel size and thumbnails, as recorded in `media.metaData`. */
  metaData: MediaImageMeta;
}

function mediaNotFound(mediaId: string): AppError {
  return new AppError(404, 'CONTENT__MEDIA_NOT_FOUND', `Media for id ${mediaId} not found.`, { meta: { parameters: { mediaId } } });
}

function unsupported(detail: string, extension: string): AppError {
  return new AppError(400, 'CONTENT__MEDIA_FILE_TYPE_NOT_SUPPORTED', detail, { meta: { parameters: { extension, allowed: MEDIA_EXTENSIONS } } });
}

/**
 * Stores an uploaded file for an existing media record and records it on the row (path, mimeType,
 * fileExtension, fileSize, fileName, uploadedAt). The file is written before the row is updated, so
 * the row never names a missing file; a replaced file at another path is removed after commit. Only
 * the types in media-file-types.ts are accepted, and the bytes must be what the extension says.
 */
export async function uploadMediaFile(within: Db | UnitOfWork, store: MediaFileStore, upload: MediaUpload, now = new Date()): Promise<StoredMediaFile> {
  const { mediaId, bytes } = upload;
  if (!isId(mediaId)) throw mediaNotFound(mediaId);
  const extension = (upload.extension ?? '').trim().toLowerCase();
  if (extension === '') {
    throw new AppError(400, 'CONTENT__MEDIA_MISSING_FILE_EXTENSION', 'No file extension provided. Use the "extension" query parameter to name the extension of the uploaded file.');
  }
  const type = mediaFileType(extension);
  if (!type) throw unsupported(`The file extension "${extension}" is not supported. Allowed: ${MEDIA_EXTENSIONS.join(', ')}.`, extension);
  const contentType = upload.contentType?.split(';')[0]?.trim().toLowerCase();
  if (contentType && contentType !== type.mimeType && contentType !== 'application/octet-stream') {
    throw unsupported(`The content type "${contentType}" does not match the file extension "${extension}" (${type.mimeType}).`, extension);
  }
  if (bytes.length === 0) throw new AppError(400, 'CONTENT__MEDIA_EMPTY_FILE', 'The uploaded file is empty.');
  if (!type.matches(bytes)) throw unsupported(`The uploaded file is not a valid ${extension} file.`, extension);
  // decoded outside the transaction: resizing takes milliseconds, the row lock should not
  const image = await renderThumbnails(bytes).catch((error: unknown) => {
    if (error instanceof UnreadableImageError) throw unsupported(`The uploaded file cannot be read as a ${extension} image.`, extension);
    throw error;
  });

  return transaction(within, async (uow) => {
    // the row lock serialises concurrent uploads to the same media
    const current = await uow.db.selectFrom('media').select(['path', 'meta_data']).where('id', '=', mediaId).forUpdate().executeTakeFirst();
    if (!current) throw mediaNotFound(mediaId);
    const fileName = sanitizeMediaFileName(upload.fileName, extension, mediaId);
    const path = store.pathFor(mediaId, fileName, extension, now);
    const previousFiles = filesOf(current.path as string | null, current.meta_data);
    await store.write(path, bytes);
    const stored: StoredMediaFile = {
      path,
      fileName,
      fileExtension: extension,
      mimeType: type.mimeType,
      fileSize: bytes.length,
      metaData: await storeThumbnails(store, path, image),
    };
    const newFiles = filesOf(path, stored.metaData);
    try {
      await uow.db
        .updateTable('media')
        .set({
          path: stored.path,
          file_name: stored.fileName,
          file_extension: stored.fileExtension,
          mime_type: stored.mimeType,
          file_size: stored.fileSize,
          meta_data: JSON.stringify(stored.metaData),
          uploaded_at: now,
          updated_at: now,
        })
        .where('id', '=', mediaId)
        .execute();
    } catch (error) {
      await store.remove(...newFiles.filter((file) => !previousFiles.includes(file)));
      throw error;
    }
    // files of the previous upload that this one did not overwrite (another name, month or size)
    const replaced = previousFiles.filter((file) => !newFiles.includes(file));
    if (replaced.length > 0) uow.afterCommit(() => store.remove(...replaced));
    return stored;
  });
}

/** A stored file and its recorded thumbnails, as paths below the media folder. */
function filesOf(path: string | null, metaData: unknown): string[] {
  return path === null ? [] : [path, ...thumbnailsOf(metaData).map((thumbnail) => thumbnail.path)];
}
