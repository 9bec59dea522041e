import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { storeApiSchema, type SchemaOperation, type StoreApiSchemaDocument } from './core-operations.js';

const DOCUMENT_ID = 'store-api-schema.json';

/**
 * Checks response bodies against the response schema Shopware's published Store API schema declares for
 * an operation and status, `$ref`s resolved through the schema's components.
 */
export class ResponseValidator {
  readonly #ajv: Ajv2020;
  readonly #compiled = new Map<string, ValidateFunction>();

  readonly #schema: StoreApiSchemaDocument;

  constructor(published: StoreApiSchemaDocument = storeApiSchema()) {
    this.#schema = withErrata(published);
    // strict: false: the schema carries OpenAPI keywords (example, readOnly, deprecated, discriminator) JSON Schema does not know
    this.#ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
    addFormats.default(this.#ajv);
    for (const format of ['int32', 'int64', 'float', 'double', 'binary']) this.#ajv.addFormat(format, true);
    this.#ajv.addSchema(prepare(this.#schema) as object, DOCUMENT_ID);
  }

  /** The statuses the schema documents for the operation. */
  documentedStatuses(operation: SchemaOperation): string[] {
    return Object.keys(this.#schema.paths[operation.path]![operation.method]!.responses);
  }

  /**
   * The problems of `body` as the answer `status` of `operation` (empty: it validates). A status the
   * schema does not document for the operation is a problem itself.
   */
  problems(operation: SchemaOperation, status: number, body: unknown): string[] {
    const responses = this.#schema.paths[operation.path]![operation.method]!.responses;
    // ERRATUM: Shopware's NoContentResponse answers 204 where the schema documents a 200 without a body (saving a review)
    const bodilessOk = status === 204 && !responses['204'] && responses['200'] && !resolveResponse(this.#schema, responses['200']).content;
    if (bodilessOk) return body === undefined || body === '' || body === null ? [] : [`a 204 answer has a body: ${JSON.stringify(body).slice(0, 80)}`];
    const declared = responses[String(status)] ?? responses.default;
    if (!declared) return [`status ${status} is not documented for this operation (documented: ${Object.keys(responses).join(', ')})`];
    // ERRATUM: HTTP gives a 204 no body, whatever body the schema declares for it (DELETE /checkout/cart)
    if (status === 204) return body === undefined || body === '' || body === null ? [] : [`a 204 answer has a body: ${JSON.stringify(body).slice(0, 80)}`];
    const response = resolveResponse(this.#schema, declared);
    const content = response.content as Record<string, { schema?: unknown }> | undefined;
    // ERRATUM: an error status documented without a body (register-confirm's 404) answers Shopware's error document
    const schema = content?.['application/json']?.schema ?? (status >= 400 ? { $ref: '#/components/schemas/failure' } : undefined);
    // ERRATUM: the contact form's 200 is documented without a body; Shopware's ContactFormRouteResponse carries its ContactFormResult
    if (!schema && status === 200 && operation.operationId === 'sendContactMail') return contactFormResultProblems(body);
    if (!schema) return body === undefined || body === '' ? [] : [`status ${status} documents no JSON body, got ${JSON.stringify(body).slice(0, 80)}`];
    const key = `${operation.method} ${operation.path} ${status in responses ? status : 'default'}`;
    let validate = this.#compiled.get(key);
    if (!validate) {
      validate = this.#ajv.compile(prepare(schema) as object);
      this.#compiled.set(key, validate);
    }
    if (validate(body)) return [];
    // the null branches this validator adds (see prepare) fail alongside every real problem: not reported
    const real = (validate.errors ?? []).filter((error) => error.keyword !== 'anyOf' && !(error.keyword === 'type' && (error.params as { type?: string }).type === 'null'));
    return real.map((error) => `${error.instancePath || '/'} ${error.message ?? error.keyword} ${JSON.stringify(error.params)}`);
  }
}

function resolveResponse(schema: StoreApiSchemaDocument, response: unknown): Record<string, unknown> {
  const ref = (response as { $ref?: string }).$ref;
  if (!ref) return response as Record<string, unknown>;
  const name = ref.replace('#/components/responses/', '');
  return schema.components.responses![name] as Record<string, unknown>;
}

/**
 * Where Shopware's own answers differ from its published schema, each checked against Shopware's
 * serialisation and listed in docs/store-api.md. The validator accepts what Shopware answers there;
 * everything else is checked as published.
 */
interface Erratum {
  /**
   * `Component.property[.property…]` (the property's schema is widened), `Component` with `notRequired`,
   * or `paths <path> <method> <status>.property` for a response schema written out in the path.
   */
  at: string | string[];
  /** Also accepted at that property. */
  accept?: object;
  /** Dropped from the component's `required`. */
  notRequired?: string[];
  /** Keywords removed from the property's schema. */
  drop?: string[];
  why: string;
}

export const ERRATA: readonly Erratum[] = [
  {
    at: 'EntitySearchResult.aggregations',
    accept: { type: 'object' },
    why: 'Shopware answers the aggregations of a search as an object keyed by aggregation name (the listing\'s `manufacturer`, `price`, ...); the schema says array.',
  },
  {
    at: 'Country.addressFormat',
    accept: { type: 'array' },
    why: 'Shopware stores and answers the address format as a list of lines, each a list of snippet keys; the schema says object.',
  },
  {
    at: 'Product.seoCategory',
    accept: { type: 'null' },
    why: 'Shopware answers null for a product without a category in the sales channel, though the schema lists it as required.',
  },
  {
    at: 'PropertyGroupOption',
    notRequired: ['option'],
    why: 'The schema requires an `option` string that Shopware\'s property group options do not carry (it belongs to the JSON:API product options).',
  },
  {
    at: ['get', 'post'].map((method) => `paths /handle-payment ${method} 200.redirectUrl`),
    accept: { type: 'null' },
    why: 'Shopware answers `redirectUrl: null` when the payment needs no redirect (invoice, cash on delivery); the schema requires a string.',
  },
  {
    at: ['Order.shippingCosts', 'OrderDelivery.shippingCosts', 'OrderTransaction.amount'].flatMap((price) => [`${price}.calculatedTaxes`, `${price}.taxRules`]),
    accept: { type: 'array' },
    why: 'An order\'s stored prices carry their taxes and tax rules as lists in Shopware\'s answers, as every other price does; these schemas say object.',
  },
  {
    at: 'LineItem.payload',
    accept: { type: 'object' },
    why: 'The schema types a line item\'s payload as a JSON:API product resource (`id`, `type`, `name`...); Shopware\'s payload is a flat map of product facts (`productNumber`, `taxId`, `stock`, `options`...).',
  },
  {
    at: 'Product.calculatedPrices',
    drop: ['additionalProperties'],
    why: 'The items of `calculatedPrices` combine `allOf: [CalculatedPrice]` with `additionalProperties: false`, which forbids every property, Shopware\'s own included.',
  },
];

/** The published schema with ERRATA applied and, as a last erratum, unset fields allowed to be null. */
function withErrata(schema: StoreApiSchemaDocument): StoreApiSchemaDocument {
  const copy = structuredClone(schema);
  const components = copy.components.schemas as Record<string, Record<string, any>>;
  for (const erratum of ERRATA) {
    for (const at of Array.isArray(erratum.at) ? erratum.at : [erratum.at]) {
      const [owner, ...properties] = at.startsWith('paths ') ? pathTarget(copy, at) : componentTarget(components, at);
      if (erratum.notRequired) owner.required = (owner.required as string[]).filter((name) => !erratum.notRequired!.includes(name));
      if (properties.length === 0) continue;
      let parent = owner;
      for (const name of properties.slice(0, -1)) parent = parent.properties[name];
      const last = properties[properties.length - 1]!;
      let field = parent.properties[last];
      if (erratum.drop) {
        const items = field.items ?? field;
        for (const keyword of erratum.drop) delete items[keyword];
      }
      if (erratum.accept) field = { anyOf: [field, erratum.accept] };
      parent.properties[last] = field;
    }
  }
  return copy;
}

/** `Component.a.b` → the component's schema and the property names below it. */
function componentTarget(components: Record<string, Record<string, any>>, at: string): [Record<string, any>, ...string[]] {
  const [component, ...properties] = at.split('.');
  return [components[component!]!, ...properties];
}

/** `paths /handle-payment get 200.redirectUrl` → the response schema and the property names below it. */
function pathTarget(document: StoreApiSchemaDocument, at: string): [Record<string, any>, ...string[]] {
  const [, path, method, statusAndProperties] = at.split(' ') as [string, string, string, string];
  const [status, ...properties] = statusAndProperties.split('.');
  const response = document.paths[path]![method]!.responses[status!] as { content: Record<string, { schema: Record<string, any> }> };
  return [response.content['application/json']!.schema, ...properties];
}

/**
 * A copy of a schema fragment whose local `$ref`s point into the registered document (so a response
 * schema compiles on its own). Shopware answers `null` for every unset field while the schema types
 * most fields without null: a property the schema does not list as required may be null.
 */
function prepare(value: unknown): unknown {
  if (Array.isArray(value)) return value.map((item) => prepare(item));
  if (value === null || typeof value !== 'object') return value;
  const node = value as Record<string, unknown>;
  const copy: Record<string, unknown> = {};
  for (const [name, inner] of Object.entries(node)) {
    if (name === '$ref' && typeof inner === 'string' && inner.startsWith('#/')) copy[name] = `${DOCUMENT_ID}${inner}`;
    else if (name === 'properties' && isSchemaMap(inner)) copy[name] = nullableUnlessRequired(inner, Array.isArray(node.required) ? (node.required as string[]) : []);
    else copy[name] = prepare(inner);
  }
  return copy;
}

function nullableUnlessRequired(properties: Record<string, unknown>, required: string[]): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(properties)) {
    const prepared = prepare(schema);
    result[name] = required.includes(name) ? prepared : { anyOf: [prepared, { type: 'null' }] };
  }
  return result;
}

function isSchemaMap(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) && Object.values(value).every((inner) => inner !== null && typeof inner === 'object');
}

/** Shopware's ContactFormResult: `{individualSuccessMessage, apiAlias: 'contact_form_result'}`. */
function contactFormResultProblems(body: unknown): string[] {
  const result = body as { individualSuccessMessage?: unknown; apiAlias?: unknown } | null;
  return result && typeof result.individualSuccessMessage === 'string' && result.apiAlias === 'contact_form_result' ? [] : [`not a contact_form_result: ${JSON.stringify(body)?.slice(0, 80)}`];
}
