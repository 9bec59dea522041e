import type { EntityDefinition } from '../../entities/definition.js';

export const paymentMethodEntity: EntityDefinition = {
  name: 'payment_method',
  fields: {
    technicalName: { type: 'string', required: true, maxLength: 255, searchable: true },
    name: { type: 'string', required: true, maxLength: 255, searchable: true },
    description: { type: 'text' },
    /** Which registered payment handler processes the method (e.g. `invoice`, `ext_pay_b`). */
    handlerIdentifier: { type: 'string', required: true, maxLength: 255 },
    position: { type: 'int', default: 1 },
    active: { type: 'bool', default: true },
    afterOrderEnabled: { type: 'bool', default: true },
    availabilityRuleId: { type: 'id' },
    mediaId: { type: 'id' },
  },
  associations: {
    availabilityRule: { type: 'many-to-one', entity: 'rule', foreignKey: 'availabilityRuleId' },
    media: { type: 'many-to-one', entity: 'media', foreignKey: 'mediaId' },
  },
  defaultSort: [{ field: 'position', order: 'ASC' }],
};
