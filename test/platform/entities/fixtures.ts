import type { ApiContext } from '../../../src/platform/acl/context.js';
import type { EntityDefinition } from '../../../src/platform/entities/definition.js';
import { EntityRegistry } from '../../../src/platform/entities/registry.js';

/** Test-only entities: an order-like aggregate with every association kind and field type. */
export const definitions: EntityDefinition[] = [
  {
    name: 'test_tax',
    fields: {
      name: { type: 'string', required: true, maxLength: 50, searchable: true },
      taxRate: { type: 'float', required: true },
      position: { type: 'int' },
    },
  },
  {
    name: 'test_state',
    readOnlyEntity: true,
    fields: { technicalName: { type: 'string', required: true } },
  },
  {
    name: 'test_payment_method',
    fields: {
      name: { type: 'string', required: true },
      technicalName: { type: 'string', required: true },
      active: { type: 'bool', default: true },
    },
  },
  {
    name: 'test_order',
    fields: {
      orderNumber: { type: 'string', required: true, searchable: true },
      customerName: { type: 'string', searchable: true },
      status: { type: 'enum', values: ['open', 'done'], default: 'open' },
      amount: { type: 'float' },
      price: { type: 'json' },
      orderDate: { type: 'datetime' },
      notes: { type: 'text' },
      secret: { type: 'password' },
      apiToken: { type: 'string', writeOnly: true },
      stateId: { type: 'id', required: true },
      taxId: { type: 'id' },
      locked: { type: 'bool', readOnly: true, default: false },
    },
    associations: {
      stateMachineState: { type: 'many-to-one', entity: 'test_state', foreignKey: 'stateId' },
      tax: { type: 'many-to-one', entity: 'test_tax', foreignKey: 'taxId' },
      transactions: { type: 'one-to-many', entity: 'test_order_transaction', foreignKey: 'orderId', cascadeDelete: true },
      paymentMethods: {
        type: 'many-to-many',
        entity: 'test_payment_method',
        mappingTable: 'test_order_payment_method',
        localColumn: 'order_id',
        referenceColumn: 'payment_method_id',
      },
    },
  },
  {
    name: 'test_order_transaction',
    fields: {
      orderId: { type: 'id', required: true },
      amount: { type: 'float', required: true },
      stateId: { type: 'id' },
    },
    associations: {
      order: { type: 'many-to-one', entity: 'test_order', foreignKey: 'orderId' },
      stateMachineState: { type: 'many-to-one', entity: 'test_state', foreignKey: 'stateId' },
    },
  },
];

export function createRegistry(): EntityRegistry {
  const registry = new EntityRegistry();
  for (const definition of definitions) registry.register(definition);
  return registry;
}

/** Deterministic ids so expectations can name records. */
export function id(n: number): string {
  return n.toString(16).padStart(32, '0');
}

export function restricted(...privileges: string[]): ApiContext {
  return { source: { type: 'admin-api', userId: id(999), isAdmin: false, privileges: new Set(privileges) } };
}

export const admin: ApiContext = { source: { type: 'admin-api', userId: id(998), isAdmin: true, privileges: new Set() } };
