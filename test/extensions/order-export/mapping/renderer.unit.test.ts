import { describe, expect, it } from 'vitest';
import { compileMapping } from '../../../../src/extensions/order-export/mapping/compile-mapping.js';
import { renderFailed, renderMapping } from '../../../../src/extensions/order-export/mapping/renderer.js';
import { orderDocument, sampleMapping } from '../fixtures/order-document.js';

const render = (definition: unknown, order: unknown = orderDocument(), options = {}) => renderMapping(compileMapping(definition), order, options);

describe('mapping renderer', () => {
  it('renders the sample mapping against an order document', async () => {
    const result = await render(sampleMapping, orderDocument(2));
    expect(result.errors).toEqual({});
    expect(renderFailed(result)).toBe(false);
    expect(result.data).toEqual({
      orderNumber: '10042',
      placedAt: '2026-03-14T09:26:53.000Z',
      currency: 'EUR',
      total: 36.96,
      paymentState: 'paid',
      source: 'shop',
      customer: { email: 'ada@example.com', name: 'Ada Lovelace', group: 'B2C' },
      shipTo: { street: 'Dock 7', zip: '20457', city: 'Hamburg', country: 'DE' },
      lines: [
        { sku: 'SW-1000', name: 'Coffee mug 1', qty: 1, price: 9.99, total: 9.99 },
        { sku: 'SW-1001', name: 'Coffee mug 2', qty: 2, price: 10.99, total: 21.98 },
      ],
      itemCount: 3,
    });
  });

  it('keeps a list of one line a list when the field is typed array', async () => {
    const definition = {
      fields: {
        typed: { expr: 'lineItems.{"sku": payload.productNumber}', type: 'array' },
        untyped: { expr: 'lineItems.{"sku": payload.productNumber}' },
      },
    };
    const { data } = await render(definition, orderDocument(1));
    expect(data.typed).toEqual([{ sku: 'SW-1000' }]);
    // JSONata's own rule: a path over one item yields the item itself
    expect(data.untyped).toEqual({ sku: 'SW-1000' });
  });

  it('keys errors by payload path and still renders the other fields', async () => {
    const definition = {
      fields: {
        id: { expr: 'orderNumber' },
        lines: { expr: 'positions.sku', required: true },
        customer: { fields: { email: { expr: 'orderCustomer.mail', required: true }, name: { expr: 'orderCustomer.firstName' } } },
      },
    };
    const result = await render(definition);
    expect(result.errors).toEqual({
      lines: 'required, but the expression yielded nothing',
      'customer.email': 'required, but the expression yielded nothing',
    });
    expect(renderFailed(result)).toBe(true);
    expect(result.data).toEqual({ id: '10042', customer: { name: 'Ada' } });
  });

  it('applies a default when the expression yields nothing, but not when it yields null', async () => {
    const definition = {
      fields: {
        comment: { expr: 'customerComment', default: 'none' },
        missing: { expr: 'noSuchField', default: 'none' },
        missingRequired: { expr: 'noSuchField', required: true, default: 0 },
        optional: { expr: 'noSuchField' },
      },
    };
    const result = await render(definition);
    expect(result.errors).toEqual({});
    expect(result.data).toEqual({ comment: null, missing: 'none', missingRequired: 0 });
    expect('optional' in result.data).toBe(false);
  });

  it('coerces to the declared type or fails the field', async () => {
    const order = { price: 12.5, count: '3', flag: 'true', id: 42, list: [1, 2], text: 'abc' };
    const definition = {
      fields: {
        asInteger: { expr: 'price', type: 'integer' },
        countAsInteger: { expr: 'count', type: 'integer' },
        flag: { expr: 'flag', type: 'boolean' },
        idAsString: { expr: 'id', type: 'string' },
        textAsNumber: { expr: 'text', type: 'number' },
        listAsObject: { expr: 'list', type: 'object' },
        objectAsString: { expr: '{"a": 1}', type: 'string' },
      },
    };
    const result = await render(definition, order);
    expect(result.data).toEqual({ countAsInteger: 3, flag: true, idAsString: '42' });
    expect(result.errors).toEqual({
      asInteger: 'must be an integer, got 12.5',
      textAsNumber: 'must be a finite number, got text "abc"',
      listAsObject: 'must be an object, got an array of 2',
      objectAsString: 'must be a string, got an object',
    });
  });

  it('reports an evaluation error with its jsonata code and position', async () => {
    const result = await render({ fields: { bad: { expr: 'orderNumber + 1' }, good: { expr: 'currency.isoCode' } } });
    expect(result.errors.bad).toMatch(/^.+ \(T2001 at position \d+\)$/);
    expect(result.data).toEqual({ good: 'EUR' });
  });

  it('refuses results that are not JSON data', async () => {
    const result = await render({ fields: { fn: { expr: 'function($x) { $x }' } } });
    expect(result.errors).toEqual({ fn: 'the result cannot be sent: a function is not JSON data' });
  });

  it('stops a runaway expression and renders the rest', async () => {
    const definition = {
      fields: {
        loop: { expr: '($loop := function($n) { $loop($n + 1) }; $loop(0))' },
        ok: { expr: 'orderNumber' },
      },
    };
    const result = await render(definition);
    expect(result.errors.loop).toMatch(/^Evaluation .+ \(U100[12] at position \d+\)$/);
    expect(result.data).toEqual({ ok: '10042' });
  });

  it('stops evaluating once the render budget is spent', async () => {
    const result = await render({ fields: { a: { expr: 'orderNumber' }, b: { value: 1 } } }, orderDocument(), { budgetMs: -1 });
    expect(result.errors).toEqual({ a: 'not evaluated: the render took longer than -1 ms in total' });
    expect(result.data).toEqual({ b: 1 });
  });

  it('returns data that shares no objects with the order', async () => {
    const order = orderDocument(2);
    const { data } = await render({ fields: { shipping: { expr: 'deliveries[0].shippingMethod' }, lines: { expr: 'lineItems' } } }, order);
    (data.shipping as Record<string, unknown>).name = 'changed';
    (data.lines as Array<Record<string, unknown>>)[0]!.label = 'changed';
    const deliveries = order.deliveries as Array<{ shippingMethod: { name: string } }>;
    expect(deliveries[0]!.shippingMethod.name).toBe('Standard');
    expect((order.lineItems as Array<{ label: string }>)[0]!.label).toBe('Coffee mug 1');
  });

  it('renders one compiled mapping concurrently for different orders', async () => {
    const compiled = compileMapping({ fields: { n: { expr: 'orderNumber' }, count: { expr: '$count(lineItems)' } } });
    const orders = Array.from({ length: 20 }, (_, index) => ({ ...orderDocument(index + 1), orderNumber: `N${index}` }));
    const results = await Promise.all(orders.map((order) => renderMapping(compiled, order)));
    expect(results.map((result) => result.data)).toEqual(orders.map((_, index) => ({ n: `N${index}`, count: index + 1 })));
  });
});
