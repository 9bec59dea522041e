import { STATUS_CODES } from 'node:http';

/**
 * The one error type for faults. Expected outcomes are returned values; anything thrown that should
 * reach a client as a specific status is an AppError with a stable code.
 */
export class AppError extends Error {
  readonly status: number;
  readonly code: string;
  readonly meta?: Record<string, unknown>;
  readonly pointer?: string;
  readonly #title?: string;

  constructor(
    status: number,
    code: string,
    detail: string,
    options: { meta?: Record<string, unknown>; pointer?: string; cause?: unknown; title?: string } = {},
  ) {
    super(detail, { cause: options.cause });
    this.name = 'AppError';
    this.status = status;
    this.code = code;
    this.meta = options.meta;
    this.pointer = options.pointer;
    this.#title = options.title;
  }

  /** The HTTP reason phrase, unless the error names its own title (OAuth errors do). */
  get title(): string {
    return this.#title ?? STATUS_CODES[this.status] ?? 'Error';
  }
}

/** One entry of `{"errors":[...]}`: several write violations are reported together. */
export interface ErrorEntry {
  status: string;
  code: string;
  title: string;
  detail: string;
  meta?: Record<string, unknown>;
  source?: { pointer: string };
}

/** Several problems at once (e.g. every invalid field of a write), answered with one status. */
export class AppErrorList extends AppError {
  readonly entries: AppError[];
  constructor(entries: AppError[]) {
    super(entries[0]?.status ?? 400, entries[0]?.code ?? 'FRAMEWORK__WRITE_CONSTRAINT_VIOLATION', entries.map((e) => e.message).join('\n'));
    this.entries = entries;
  }
}

/**
 * Whether an error may reach the customer or the API caller as it is: the platform's own error
 * with a client status. A server error or a foreign one may name internals (a gateway's URL, a stack).
 */
export function isClientError(error: unknown): error is AppError {
  return error instanceof AppError && error.status < 500;
}

/** Throws the problems found while checking one request: the single error, or all of them together. */
export function throwProblems(problems: AppError[]): void {
  if (problems.length === 1) throw problems[0];
  if (problems.length > 1) throw new AppErrorList(problems);
}

export function toErrorEntries(error: AppError): ErrorEntry[] {
  const list = error instanceof AppErrorList ? error.entries : [error];
  return list.map((e) => {
    const entry: ErrorEntry = { status: String(e.status), code: e.code, title: e.title, detail: e.message };
    if (e.meta !== undefined) entry.meta = e.meta;
    if (e.pointer) entry.source = { pointer: e.pointer };
    return entry;
  });
}

export const errors = {
  notFound(entity: string, id: string): AppError {
    return new AppError(404, 'FRAMEWORK__RESOURCE_NOT_FOUND', `The ${entity} resource with the following primary key was not found: id(${id})`, {
      meta: { parameters: { type: entity, primaryKey: { id }, primaryKeyString: `id(${id})` } },
    });
  },
  /** `url` may be a request's raw URL: the query string is left out of the message. */
  routeNotFound(method: string, url: string): AppError {
    return new AppError(404, 'FRAMEWORK__ROUTE_NOT_FOUND', `No route found for "${method} ${url.split('?')[0]}".`);
  },
  badRequest(code: string, detail: string, pointer?: string, parameters: Record<string, unknown> = {}): AppError {
    return new AppError(400, code, detail, { pointer, meta: { parameters } });
  },
  /** 400 for a request body or query that does not match the route's schema. */
  invalidRequest(detail: string, pointer?: string): AppError {
    return new AppError(400, 'FRAMEWORK__INVALID_REQUEST_PARAMETER', detail, { pointer, meta: { parameters: {} } });
  },
  missingPrivileges(missing: string[]): AppError {
    return new AppError(403, 'FRAMEWORK__MISSING_PRIVILEGE_ERROR', JSON.stringify({ message: 'Missing privilege', missingPrivileges: missing }), {
      meta: { parameters: [] },
    });
  },
  unauthorized(detail: string): AppError {
    // The OAuth server's code for a denied bearer token (League code 9).
    return new AppError(401, '9', detail, { title: 'The resource owner or authorization server denied the request.' });
  },
};
