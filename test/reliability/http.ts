/** A small fetch client for the app processes: every answer read to the end, connection errors counted as status 0. */
export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  json(): any;
  /** set when the request never got an answer (connection refused/reset) */
  error?: string;
}

export interface RequestOptions {
  token?: string;
  headers?: Record<string, string>;
  /** an object is sent as JSON; a string or Buffer as is */
  body?: unknown;
  redirect?: 'manual' | 'follow';
  timeoutMs?: number;
}

export async function request(baseUrl: string, method: string, url: string, options: RequestOptions = {}): Promise<Answer> {
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | Uint8Array | undefined;
  if (typeof options.body === "string") body = options.body;
  else if (options.body instanceof Uint8Array) body = options.body;
  else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['content-type'] ??= 'application/json';
  }
  try {
    const r = await fetch(baseUrl + url, { method, headers, body: body as BodyInit | undefined, redirect: options.redirect ?? 'manual', signal: AbortSignal.timeout(options.timeoutMs ?? 30_000) });
    const text = await r.text();
    return { status: r.status, headers: r.headers, text, json: () => JSON.parse(text) };
  } catch (error) {
    const message = error instanceof Error ? `${error.message} ${(error.cause as Error | undefined)?.message ?? ''}` : String(error);
    return { status: 0, headers: new Headers(), text: '', json: () => undefined, error: message };
  }
}

/** Throws with the answer when the status is not the expected one (set-up steps only; scenarios count). */
export function expectStatus(answer: Answer, expected: number, what: string): Answer {
  if (answer.status !== expected) throw new Error(`${what}: expected ${expected}, got ${answer.status} ${answer.error ?? answer.text.slice(0, 500)}`);
  return answer;
}

/** Histogram of statuses, e.g. {"200": 1, "409": 19}. */
export function statusCounts(answers: Answer[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const a of answers) counts[a.status] = (counts[a.status] ?? 0) + 1;
  return counts;
}
