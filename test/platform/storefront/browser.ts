import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD';

/** A visitor with a cookie jar, talking to an app through inject. */
export class Browser {
  readonly cookies = new Map<string, string>();

  constructor(private readonly app: FastifyInstance) {}

  async request(method: Method, url: string, options: { form?: Record<string, string>; json?: unknown; headers?: Record<string, string> } = {}): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8', ...options.headers };
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    let payload: string | undefined;
    if (options.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      payload = new URLSearchParams(options.form).toString();
    } else if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(options.json);
    }
    const response = await this.app.inject({ method, url, headers, payload });
    for (const cookie of response.cookies as Array<{ name: string; value: string; maxAge?: number; expires?: Date }>) {
      const expired = cookie.maxAge === 0 || (cookie.expires !== undefined && cookie.expires.getTime() <= Date.now());
      if (expired) this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, encodeURIComponent(cookie.value));
    }
    return response;
  }

  get(url: string, headers?: Record<string, string>): Promise<LightMyRequestResponse> {
    return this.request('GET', url, { headers });
  }

  /** The CSRF token of the last page this browser rendered. */
  static csrfTokenOf(response: LightMyRequestResponse): string {
    const match = /<meta name="csrf-token" content="([^"]*)">/.exec(response.body);
    if (!match?.[1]) throw new Error(`no CSRF token in page: ${response.body.slice(0, 200)}`);
    return match[1];
  }
}

export function countOccurrences(text: string, needle: string): number {
  return text.split(needle).length - 1;
}
