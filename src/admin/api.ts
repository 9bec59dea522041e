import { notifications } from '@mantine/notifications';

/** The Admin API's error shape, or a gateway route's `{error}` answer. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: unknown,
  ) {
    super(message);
  }
}

interface Tokens {
  accessToken: string;
  refreshToken: string;
  /** epoch ms */
  expiresAt: number;
}

const STORAGE_KEY = 'admin.tokens';

/** The message a person should read: `errors[0].detail`, a route's `{error}`, or the status text. */
export function messageOf(status: number, body: unknown): string {
  const value = body as { errors?: Array<{ detail?: string; title?: string }>; error?: string; message?: string } | null;
  return value?.errors?.[0]?.detail ?? value?.errors?.[0]?.title ?? value?.error ?? value?.message ?? `The request failed (${status}).`;
}

export interface RequestOptions {
  body?: unknown;
  /** Statuses the caller handles itself: no toast for them. */
  quiet?: number[];
  /**
   * Optimistic locking for a PATCH or DELETE of one record: the `updatedAt` it had when read (`createdAt`
   * if never updated), sent as `If-Match`; the Admin API answers 412 (no toast: the caller says it) when
   * someone saved it in between.
   */
  version?: string;
}

/**
 * Bearer-token client of the Admin API: keeps the tokens in localStorage (a reload stays logged in),
 * refreshes them shortly before they expire or after a 401 (once, shared by concurrent calls) and
 * shows every unexpected error as a toast carrying the API's own message.
 */
export class ApiClient {
  #tokens: Tokens | null;
  #refreshing: Promise<boolean> | null = null;
  /** Versions a form read, by record path (`/api/product/<id>`): the next PATCH or DELETE of it sends `If-Match`. */
  readonly #expected = new Map<string, string>();
  /** Called when the session cannot be renewed (refresh token gone): the shell shows the login. */
  onSessionEnded: () => void = () => {};

  constructor() {
    const stored = localStorage.getItem(STORAGE_KEY);
    this.#tokens = stored ? (JSON.parse(stored) as Tokens) : null;
  }

  get loggedIn(): boolean {
    return this.#tokens !== null;
  }

  async login(username: string, password: string): Promise<void> {
    const response = await fetch('/api/oauth/token', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ grant_type: 'password', client_id: 'administration', scopes: 'write', username, password }),
    });
    const body = await response.json().catch(() => null);
    if (!response.ok) throw new ApiError(response.status, messageOf(response.status, body), body);
    this.#store(body);
  }

  logout(): void {
    this.#tokens = null;
    localStorage.removeItem(STORAGE_KEY);
  }

  #store(body: { access_token: string; refresh_token: string; expires_in: number }): void {
    this.#tokens = { accessToken: body.access_token, refreshToken: body.refresh_token, expiresAt: Date.now() + body.expires_in * 1000 };
    localStorage.setItem(STORAGE_KEY, JSON.stringify(this.#tokens));
  }

  /** Refresh tokens are single-use: every caller waits for the same refresh. */
  #refresh(): Promise<boolean> {
    this.#refreshing ??= (async () => {
      // another tab may have refreshed already: its tokens are in storage
      const stored = localStorage.getItem(STORAGE_KEY);
      if (stored) {
        const tokens = JSON.parse(stored) as Tokens;
        if (this.#tokens && tokens.refreshToken !== this.#tokens.refreshToken && tokens.expiresAt > Date.now() + 30_000) {
          this.#tokens = tokens;
          return true;
        }
      }
      if (!this.#tokens) return false;
      const response = await fetch('/api/oauth/token', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ grant_type: 'refresh_token', client_id: 'administration', refresh_token: this.#tokens.refreshToken }),
      });
      if (!response.ok) return false;
      this.#store(await response.json());
      return true;
    })().finally(() => {
      this.#refreshing = null;
    });
    return this.#refreshing;
  }

  async #send(method: string, url: string, body: unknown, ifMatch?: string): Promise<Response> {
    if (this.#tokens && this.#tokens.expiresAt < Date.now() + 30_000) await this.#refresh();
    const headers: Record<string, string> = { accept: 'application/json' };
    if (ifMatch !== undefined) headers['if-match'] = ifMatch;
    if (this.#tokens) headers.authorization = `Bearer ${this.#tokens.accessToken}`;
    // a file is sent as it is (media uploads take the raw bytes), anything else as JSON
    if (body instanceof Blob) {
      headers['content-type'] = body.type || 'application/octet-stream';
      return fetch(url, { method, headers, body });
    }
    if (body !== undefined) headers['content-type'] = 'application/json';
    return fetch(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  }

  /**
   * Optimistic locking: the next PATCH or DELETE of the record at `path` carries the version the form read
   * (`updatedAt`, as the record's `ETag` names it), so the Admin API refuses it with 412 if someone saved in
   * between. Returns the release for when the save is over (the precondition is spent on its first use).
   */
  expectVersion(path: string, updatedAt: string): () => void {
    this.#expected.set(path, `"${updatedAt}"`);
    return () => this.#expected.delete(path);
  }

  async request<T = unknown>(method: string, url: string, options: RequestOptions = {}): Promise<T> {
    const path = url.split('?')[0]!;
    const expected = method === 'PATCH' || method === 'DELETE' ? this.#expected.get(path) : undefined;
    if (expected !== undefined) this.#expected.delete(path);
    const version = options.version !== undefined ? `"${options.version}"` : expected;
    if (version !== undefined) {
      // the form shows its own conflict message
      options = { ...options, quiet: [...(options.quiet ?? []), 412] };
    }
    const send = () => this.#send(method, url, options.body, version);
    let response = await send();
    if (response.status === 401 && this.#tokens) {
      if (await this.#refresh()) response = await send();
      if (response.status === 401) {
        this.logout();
        this.onSessionEnded();
        throw new ApiError(401, 'Your session has ended. Please log in again.', null);
      }
    }
    const text = await response.text();
    let parsed: unknown = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      parsed = text;
    }
    if (!response.ok) {
      const message = messageOf(response.status, parsed);
      if (!options.quiet?.includes(response.status)) {
        notifications.show({
          color: 'red',
          title: response.status === 403 ? 'Not allowed' : `Error ${response.status}`,
          message,
          autoClose: 8000,
        });
      }
      throw new ApiError(response.status, message, parsed);
    }
    return parsed as T;
  }

  get<T = unknown>(url: string, options?: RequestOptions): Promise<T> {
    return this.request<T>('GET', url, options);
  }

  post<T = unknown>(url: string, body?: unknown, options?: RequestOptions): Promise<T> {
    return this.request<T>('POST', url, { ...options, body: body ?? {} });
  }

  patch<T = unknown>(url: string, body: unknown, options?: RequestOptions): Promise<T> {
    return this.request<T>('PATCH', url, { ...options, body });
  }

  delete<T = unknown>(url: string, options?: RequestOptions): Promise<T> {
    return this.request<T>('DELETE', url, options);
  }

  /**
   * A new media record with `file` uploaded into it (`POST /api/media`, then
   * `POST /api/_action/media/{id}/upload`); returns the media id. Needs media:create and media:update.
   */
  async uploadMedia(file: File, options?: RequestOptions): Promise<string> {
    const created = await this.post<{ data: { id: string } }>('/api/media?_response=1', {}, options);
    const id = created.data.id;
    const dot = file.name.lastIndexOf('.');
    const query = new URLSearchParams({ extension: dot > 0 ? file.name.slice(dot + 1).toLowerCase() : '', fileName: dot > 0 ? file.name.slice(0, dot) : file.name });
    try {
      await this.request('POST', `/api/_action/media/${id}/upload?${query}`, { ...options, body: file });
    } catch (error) {
      // a refused file leaves no empty media record behind
      await this.delete(`/api/media/${id}`, { quiet: [403, 404] }).catch(() => undefined);
      throw error;
    }
    return id;
  }

  /** `POST /api/search/{entity}`; `entity` as the route spells it (`order`, `order-transaction`). */
  search<T = Record<string, any>>(entity: string, criteria: Record<string, unknown>, options?: RequestOptions): Promise<{ data: T[]; total: number }> {
    return this.post<{ data: T[]; total?: number }>(`/api/search/${entity}`, criteria, options).then((answer) => ({
      data: answer.data,
      total: answer.total ?? answer.data.length,
    }));
  }
}
