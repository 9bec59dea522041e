import type { EntityDefinition } from '../entities/definition.js';

export const mediaEntity: EntityDefinition = {
  name: 'media',
  fields: {
    mimeType: { type: 'string', readOnly: true, maxLength: 255 },
    fileExtension: { type: 'string', readOnly: true, maxLength: 32 },
    fileSize: { type: 'int', readOnly: true },
    fileName: { type: 'string', readOnly: true, maxLength: 255, searchable: true },
    title: { type: 'string', maxLength: 255, searchable: true },
    alt: { type: 'string', maxLength: 255 },
    /** Where the file lies below ./var/media and below /media/ publicly. */
    path: { type: 'string', readOnly: true, maxLength: 512 },
    uploadedAt: { type: 'datetime', readOnly: true },
    metaData: { type: 'json', readOnly: true },
  },
};
