import type { EntityDefinition } from '../entities/definition.js';

/** Shopware's custom field types. */
export const CUSTOM_FIELD_TYPES = [
  'bool', 'checkbox', 'colorpicker', 'date', 'datetime', 'entity', 'float', 'int', 'json', 'number', 'price', 'html', 'media', 'select', 'switch', 'text',
] as const;

export const customFieldSetEntity: EntityDefinition = {
  name: 'custom_field_set',
  // `customFields` is the association to the set's fields here, as in Shopware, not a JSON column
  customFields: false,
  fields: {
    name: { type: 'string', required: true, maxLength: 255, searchable: true },
    config: { type: 'json' },
    active: { type: 'bool', default: true },
    global: { type: 'bool', default: false },
    position: { type: 'int', default: 1 },
    appId: { type: 'id' },
  },
  associations: {
    customFields: { type: 'one-to-many', entity: 'custom_field', foreignKey: 'customFieldSetId', cascadeDelete: true },
    relations: { type: 'one-to-many', entity: 'custom_field_set_relation', foreignKey: 'customFieldSetId', cascadeDelete: true },
  },
};

export const customFieldEntity: EntityDefinition = {
  name: 'custom_field',
  customFields: false,
  fields: {
    name: { type: 'string', required: true, maxLength: 255, searchable: true },
    type: { type: 'enum', required: true, values: CUSTOM_FIELD_TYPES },
    config: { type: 'json' },
    active: { type: 'bool', default: true },
    customFieldSetId: { type: 'id' },
    allowCustomerWrite: { type: 'bool', default: false },
    allowCartExpose: { type: 'bool', default: false },
  },
  associations: {
    customFieldSet: { type: 'many-to-one', entity: 'custom_field_set', foreignKey: 'customFieldSetId' },
  },
};

export const customFieldSetRelationEntity: EntityDefinition = {
  name: 'custom_field_set_relation',
  customFields: false,
  fields: {
    customFieldSetId: { type: 'id', required: true },
    entityName: { type: 'string', required: true, maxLength: 63 },
  },
  associations: {
    customFieldSet: { type: 'many-to-one', entity: 'custom_field_set', foreignKey: 'customFieldSetId' },
  },
};

export const customFieldEntities = [customFieldSetEntity, customFieldEntity, customFieldSetRelationEntity];
