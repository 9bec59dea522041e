import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * The core operations of Shopware's published Store API schema (`api-types/storeApiSchema.json` of
 * `@shopware/api-client`): every operation of the file except those an exclusion rule names. The list
 * is derived from the file, so a newer schema with a new core operation makes the contract suite fail
 * until the operation is built (or listed as not built yet).
 */

export const HTTP_METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

export interface SchemaOperation {
  method: HttpMethod;
  /** The schema's path, without the `/store-api` prefix: `/product/{productId}`. */
  path: string;
  operationId: string;
  tags: string[];
}

/** `GET /product/{productId}`: how operations are named in lists, tests and docs. */
export const operationKey = (operation: Pick<SchemaOperation, 'method' | 'path'>): string => `${operation.method.toUpperCase()} ${operation.path}`;

export interface ExclusionRule {
  /** What the rule leaves out, as the docs list it. */
  name: string;
  matches(operation: SchemaOperation): boolean;
}

const tagged = (pattern: RegExp) => (operation: SchemaOperation) => operation.tags.some((tag) => pattern.test(tag.trim()));
const under = (...prefixes: string[]) => (operation: SchemaOperation) =>
  prefixes.some((prefix) => operation.path === prefix || operation.path.startsWith(prefix.endsWith('/') ? prefix : `${prefix}/`));
const exactly = (...paths: string[]) => (operation: SchemaOperation) => paths.includes(operation.path);

/** What is not core, each rule once; docs/store-api.md lists them with the operations they leave out. */
export const EXCLUSION_RULES: readonly ExclusionRule[] = [
  { name: 'B2B (budgets, employees, permissions, roles, approval rules, pending orders, organization units, quotes, shopping lists)', matches: tagged(/^B2B /) },
  { name: 'Advanced product catalogs (commercial)', matches: under('/advanced-product-catalogs') },
  { name: 'Natural-language and image-upload search (commercial)', matches: under('/product/natural-language', '/product/image-upload-search') },
  { name: 'SSO (commercial)', matches: under('/sso') },
  { name: 'Order returns (commercial)', matches: (operation) => /^\/order\/\{orderId\}\/return$/.test(operation.path) },
  { name: 'Customized products (plugin)', matches: under('/customized-products', '/swag_customized_products_template', '/swag_customized_products_template_configuration', '/swag_customized_products_template_option', '/swag_customized_products_template_option_value') },
  { name: '`swag` plugin routes', matches: under('/swag') },
  { name: 'Digital sales rooms, `dsr` (plugin)', matches: under('/dsr') },
  { name: 'PayPal (plugin)', matches: under('/paypal') },
  { name: 'App system', matches: under('/app-system') },
  { name: 'Scripts', matches: under('/script') },
  { name: 'MCP', matches: exactly('/_mcp') },
  { name: 'Product export', matches: under('/product-export') },
  { name: 'Document and order downloads', matches: under('/document/download', '/order/download') },
  { name: 'Cookie groups', matches: exactly('/cookie-groups') },
  { name: 'Shop settings', matches: exactly('/shop-settings') },
  { name: 'Checkout and context gateway', matches: exactly('/checkout/gateway', '/context/gateway') },
  { name: '`_info/routes`', matches: exactly('/_info/routes') },
  { name: 'Legal guarantee notice', matches: exactly('/legal-guarantee-notice') },
  { name: 'Revocation request form', matches: exactly('/revocation-request-form') },
  { name: 'Garan labels', matches: exactly('/product/{productId}/garan-label') },
  { name: 'Customer imitation', matches: exactly('/account/login/imitate-customer') },
];

export interface StoreApiSchemaDocument {
  openapi: string;
  info: { version: string };
  paths: Record<string, Record<string, { operationId: string; tags?: string[]; responses: Record<string, unknown> }>>;
  components: Record<string, Record<string, unknown>>;
}

let loaded: StoreApiSchemaDocument | undefined;

/** The published schema, read once from the installed `@shopware/api-client`. */
export function storeApiSchema(): StoreApiSchemaDocument {
  if (!loaded) {
    // the package exports its type declarations next to the schema, not the schema itself
    const types = createRequire(import.meta.url).resolve('@shopware/api-client/store-api-types');
    const file = join(dirname(types), 'storeApiSchema.json');
    loaded = JSON.parse(readFileSync(file, 'utf8')) as StoreApiSchemaDocument;
  }
  return loaded;
}

/** Every operation of the schema, in file order. */
export function schemaOperations(schema: StoreApiSchemaDocument = storeApiSchema()): SchemaOperation[] {
  return Object.entries(schema.paths).flatMap(([path, item]) =>
    HTTP_METHODS.filter((method) => item[method]).map((method) => ({ method, path, operationId: item[method]!.operationId, tags: item[method]!.tags ?? [] })),
  );
}

/** The rules that leave an operation out (empty: a core operation). */
export function exclusionsOf(operation: SchemaOperation): ExclusionRule[] {
  return EXCLUSION_RULES.filter((rule) => rule.matches(operation));
}

/** The core operations: every operation of the schema no exclusion rule names. */
export function coreOperations(schema: StoreApiSchemaDocument = storeApiSchema()): SchemaOperation[] {
  return schemaOperations(schema).filter((operation) => exclusionsOf(operation).length === 0);
}
