import { expect } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';

/** The exact 403 body Shopware answers with: the missing privileges JSON-encoded inside `detail`. */
export function expectMissingPrivileges(response: LightMyRequestResponse, missing: string[]): void {
  expect(response.statusCode).toBe(403);
  expect(response.json()).toEqual({
    errors: [
      {
        status: '403',
        code: 'FRAMEWORK__MISSING_PRIVILEGE_ERROR',
        title: 'Forbidden',
        detail: JSON.stringify({ message: 'Missing privilege', missingPrivileges: missing }),
        meta: { parameters: [] },
      },
    ],
  });
}
