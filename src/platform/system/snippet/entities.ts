import type { EntityDefinition } from '../../entities/definition.js';

/** A locale as Shopware's snippet sets name them: `en-GB`, `de-DE`, `sr-Latn-RS`. */
const LOCALE = /^[a-z]{2}(?:-[A-Z][a-z]{3})?(?:-(?:[A-Z]{2}|\d{3}))?$/;

export const snippetSetEntity: EntityDefinition = {
  name: 'snippet_set',
  fields: {
    name: { type: 'string', required: true, maxLength: 255, searchable: true },
    /** The file the set's defaults come from in Shopware (`messages.en-GB`); kept for clients that show it. */
    baseFile: { type: 'string', required: true, maxLength: 255 },
    /** The locale whose language reads this set. */
    iso: { type: 'string', required: true, maxLength: 255, validate: (v) => (typeof v === 'string' && LOCALE.test(v) ? undefined : 'must be a locale such as en-GB') },
  },
  associations: { snippets: { type: 'one-to-many', entity: 'snippet', foreignKey: 'setId', cascadeDelete: true } },
};

export const snippetEntity: EntityDefinition = {
  name: 'snippet',
  fields: {
    setId: { type: 'id', required: true },
    /** Dot-separated key (`checkout.cart.title`); unique within its set. */
    translationKey: { type: 'string', required: true, maxLength: 255, searchable: true },
    value: { type: 'text', required: true, searchable: true },
    /** Who wrote it (Shopware's Administration writes `user/<name>`). */
    author: { type: 'string', required: true, maxLength: 255 },
  },
  associations: { set: { type: 'many-to-one', entity: 'snippet_set', foreignKey: 'setId' } },
};
