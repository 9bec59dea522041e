import { describe, expect, it } from 'vitest';
import { useTestPlatformWithExtension } from '../../../helpers/test-platform.js';
import { requiredOnCreate } from '../../../../src/platform/http/openapi/entity-schemas.js';
import { bodySchema, hasProperties, operations, referencesIn, resolve, type Document } from './document-helpers.js';

type Schema = Record<string, unknown>;
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

describe('OpenAPI documents', () => {
  const suite = useTestPlatformWithExtension();
  const load = async (url: string): Promise<Document> => {
    // no token, no access key: both documents are public
    const response = await suite.t.app.inject({ method: 'GET', url });
    expect(response.statusCode, url).toBe(200);
    return response.json() as Document;
  };
  const adminApi = () => load('/api/_info/openapi3.json');
  const storeApi = () => load('/store-api/_info/openapi3.json');
  const properties = (doc: Document, name: string) => (doc.components.schemas[name] as { properties: Record<string, Schema> }).properties;

  describe('the Admin API document', () => {
    it('has a component schema per entity, generated from its definition', async () => {
      const doc = await adminApi();
      for (const definition of suite.t.platform.entities.all()) {
        const name = definition.name.split('_').map((part) => part[0]!.toUpperCase() + part.slice(1)).join('');
        expect(doc.components.schemas[name], definition.name).toBeDefined();
      }
      const product = properties(doc, 'Product');
      expect(product.productNumber).toMatchObject({ type: 'string', maxLength: 64 });
      expect(product.taxId).toMatchObject({ type: 'string', pattern: '^[0-9a-f]{32}$' });
      expect(product.createdAt).toMatchObject({ format: 'date-time', readOnly: true });
      expect(product.tax).toEqual(ref('Tax'));
      expect(product.categories).toMatchObject({ type: 'array', items: ref('Category') });
      const order = properties(doc, 'Order');
      expect(order.orderNumber).toMatchObject({ type: 'string' });
      expect(order.amountTotal).toMatchObject({ type: 'number' });
      expect(order.lineItems).toMatchObject({ type: 'array', items: ref('OrderLineItem') });
      expect(properties(doc, 'User').password).toMatchObject({ writeOnly: true });
      // the extension's entity too
      expect(properties(doc, 'ExtTestNote').title).toMatchObject({ type: 'string', maxLength: 255 });
    });

    it('describes at least 80 % of the request bodies with properties', async () => {
      const doc = await adminApi();
      const withBody = operations(doc).filter(({ operation }) => operation.requestBody);
      const described = withBody.filter(({ operation }) => hasProperties(doc, bodySchema(operation)));
      expect(withBody.length).toBeGreaterThan(150);
      expect(described.length / withBody.length).toBeGreaterThanOrEqual(0.8);
    });

    it('documents the generic routes of each entity with its schema, the Criteria and the error shape', async () => {
      const doc = await adminApi();
      const create = doc.paths['/api/product']!.post!;
      expect(bodySchema(create)).toEqual({ allOf: [ref('Product'), { required: requiredOnCreate(suite.t.platform.entities.get('product')) }] });
      expect(bodySchema(doc.paths['/api/product/{id}']!.patch!)).toEqual(ref('Product'));
      expect(bodySchema(doc.paths['/api/search/order']!.post!)).toEqual(ref('Criteria'));
      expect(bodySchema(doc.paths['/api/search-ids/order']!.post!)).toEqual(ref('Criteria'));
      expect(properties(doc, 'Criteria').filter).toMatchObject({ type: 'array', items: ref('Filter') });
      expect(properties(doc, 'Criteria').limit).toMatchObject({ maximum: 500 });
      const detail = doc.paths['/api/order/{id}']!.get! as { parameters: Schema[]; responses: Record<string, { content: Record<string, { schema: Schema }> }> };
      expect(detail.parameters.find((parameter) => parameter.in === 'path')).toMatchObject({ name: 'id', schema: { pattern: '^[0-9a-f]{32}$' } });
      expect(detail.responses['200']!.content['application/json']!.schema).toEqual({ type: 'object', properties: { data: ref('Order') } });
      expect(detail.responses['404']!.content['application/json']!.schema).toEqual(ref('ErrorResponse'));
      expect(properties(doc, 'ErrorResponse').errors).toMatchObject({ type: 'array' });
      // read-only entities have no write routes
      expect(doc.paths['/api/state-machine-state']!.post).toBeUndefined();
    });

    it('lists only /api/ routes, and every reference resolves', async () => {
      const doc = await adminApi();
      expect(Object.keys(doc.paths).every((path) => path.startsWith('/api/'))).toBe(true);
      for (const target of referencesIn(doc)) expect(() => resolve(doc, { $ref: target }), target).not.toThrow();
    });

    it('leaves out the entities and routes of an inactive extension, and has them again once it is active', async () => {
      const extensions = suite.t.platform.extensions;
      await extensions.deactivate('ExtTest');
      try {
        const inactive = await adminApi();
        expect(inactive.components.schemas.ExtTestNote).toBeUndefined();
        expect(inactive.paths['/api/ext-test-note']).toBeUndefined();
        expect(inactive.paths['/api/_action/ext-test/ping']).toBeUndefined();
        expect(inactive.paths['/api/product']).toBeDefined();
      } finally {
        await extensions.activate('ExtTest');
      }
      const active = await adminApi();
      expect(active.components.schemas.ExtTestNote).toBeDefined();
      expect(active.paths['/api/_action/ext-test/ping']!.get).toMatchObject({ 'x-extension': 'ExtTest' });
    });
  });

  describe('the Store API document', () => {
    it('is public, lists the Store API routes and names the access key header as its security scheme', async () => {
      const doc = await storeApi();
      expect(doc.components.securitySchemes!.ApiKey).toEqual(expect.objectContaining({ type: 'apiKey', in: 'header', name: 'sw-access-key' }));
      expect(doc.security).toEqual([{ ApiKey: [] }]);
      const routes = operations(doc).map(({ method, path }) => `${method.toUpperCase()} ${path}`);
      expect(routes).toEqual(
        expect.arrayContaining([
          'GET /store-api/context',
          'PATCH /store-api/context',
          'POST /store-api/account/register',
          'POST /store-api/account/login',
          'POST /store-api/account/logout',
          'GET /store-api/account/customer',
          'POST /store-api/product',
          'GET /store-api/product/{productId}',
          'POST /store-api/category',
          'GET /store-api/category/{categoryId}',
          'GET /store-api/payment-method',
          'GET /store-api/checkout/cart',
          'POST /store-api/checkout/cart/line-item',
          'PATCH /store-api/checkout/cart/line-item',
          'DELETE /store-api/checkout/cart/line-item',
          'POST /store-api/checkout/order',
          'POST /store-api/handle-payment',
        ]),
      );
      expect(Object.keys(doc.paths).every((path) => path.startsWith('/store-api/'))).toBe(true);
      // and the Admin API document does not list them
      expect(Object.keys((await adminApi()).paths).some((path) => path.startsWith('/store-api/'))).toBe(false);
    });

    it('describes bodies and answers with schemas that resolve', async () => {
      const doc = await storeApi();
      const addItems = bodySchema(doc.paths['/store-api/checkout/cart/line-item']!.post!)!;
      expect((addItems.properties as Record<string, Schema>).items).toMatchObject({ type: 'array', minItems: 1 });
      expect(hasProperties(doc, bodySchema(doc.paths['/store-api/account/register']!.post!))).toBe(true);
      expect(properties(doc, 'Criteria').limit).toMatchObject({ maximum: 100 });
      expect(properties(doc, 'Cart').lineItems).toMatchObject({ type: 'array' });
      expect(properties(doc, 'StoreProduct').calculatedPrice).toEqual(ref('CalculatedPrice'));
      expect(doc.components.schemas.Order).toBeDefined();
      for (const target of referencesIn(doc)) expect(() => resolve(doc, { $ref: target }), target).not.toThrow();
    });

    it('the Store API itself still needs the access key', async () => {
      const response = await suite.t.app.inject({ method: 'GET', url: '/store-api/context' });
      expect(response.statusCode).toBe(401);
    });
  });
});
