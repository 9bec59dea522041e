import type { EntityDefinition } from '../../entities/definition.js';
import { validatePriceList } from '../../catalog/price-field.js';

export const shippingMethodEntity: EntityDefinition = {
  name: 'shipping_method',
  fields: {
    technicalName: { type: 'string', maxLength: 255 },
    name: { type: 'string', required: true, maxLength: 255, searchable: true },
    description: { type: 'text' },
    active: { type: 'bool', default: true },
    position: { type: 'int', default: 1 },
    availabilityRuleId: { type: 'id' },
    /** Tax of the shipping costs; none: the highest rate of the cart's items (Shopware's "auto"). */
    taxId: { type: 'id' },
    /** Shipping costs per currency, major units: `[{currencyId, gross, net, linked}]`. */
    price: { type: 'json', required: true, validate: validatePriceList },
    deliveryTimeMinDays: { type: 'int', default: 1 },
    deliveryTimeMaxDays: { type: 'int', default: 3 },
  },
  associations: {
    availabilityRule: { type: 'many-to-one', entity: 'rule', foreignKey: 'availabilityRuleId' },
    tax: { type: 'many-to-one', entity: 'tax', foreignKey: 'taxId' },
  },
  defaultSort: [{ field: 'position', order: 'ASC' }],
};
