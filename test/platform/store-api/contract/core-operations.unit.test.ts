import { describe, expect, it } from 'vitest';
import { coreOperations, EXCLUSION_RULES, exclusionsOf, operationKey, schemaOperations } from './core-operations.js';

describe('core operations of the published Store API schema', () => {
  const all = schemaOperations();
  const core = coreOperations();

  it('counts 97 core operations of 260 once the exclusion rules apply', () => {
    expect(all).toHaveLength(260);
    expect(core).toHaveLength(97);
  });

  it('has no rule that matches nothing (a rule left behind by a newer schema)', () => {
    expect(EXCLUSION_RULES.filter((rule) => !all.some((operation) => rule.matches(operation))).map((rule) => rule.name)).toEqual([]);
  });

  it('keeps the storefront\'s operations and leaves out B2B, commercial, plugin and gateway routes', () => {
    const keys = new Set(core.map(operationKey));
    for (const key of ['GET /navigation/{activeId}/{rootId}', 'POST /product-listing/{categoryId}', 'GET /_info/openapi3.json', 'GET /cms/{id}', 'POST /account/login']) expect(keys).toContain(key);
    for (const key of ['POST /budgets', 'POST /quote/request', 'GET /checkout/gateway', 'POST /account/login/imitate-customer', 'GET /_info/routes', 'POST /paypal/create-order', 'POST /order/{orderId}/return']) {
      expect(keys).not.toContain(key);
      const operation = all.find((candidate) => operationKey(candidate) === key)!;
      expect(exclusionsOf(operation).length, key).toBeGreaterThan(0);
    }
  });
});
