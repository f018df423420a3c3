import { env } from '@/config/env';
import { apiUrl, type ApiQuery } from '@/lib/api-url';
import { dropEarlyResponses, noteOwnRequest, takeEarlyResponse } from '@/lib/early-requests';
import { getAccessToken, tokenRejected } from '@/lib/supabase';
import { describeSchemaFailure, type SchemaFailure } from '@/lib/schema-issues';

/** API timeout 15000 ms. */
export const API_TIMEOUT_MS = 15_000;

/**
 * Error codes, named like axios's, which the save-error rules read (a timeout is code
 * ECONNABORTED or a message containing "timeout").
 */
export type ApiErrorCode =
  'ECONNABORTED' | 'ERR_NETWORK' | 'ERR_BAD_REQUEST' | 'ERR_BAD_RESPONSE' | 'ERR_INVALID_RESPONSE';

export class ApiError extends Error {
  /** HTTP status; 0 when no response arrived (timeout, network failure). */
  readonly status: number;
  readonly code: ApiErrorCode;
  /** The body's `error` field, when the server sent one. */
  readonly serverError: string | undefined;
  /** The body's `code` field, which tells two answers of one status apart, when there is one. */
  readonly serverCode: string | undefined;
  /** A 429 or 503's Retry-After header in seconds, when the server sent one. */
  readonly retryAfterSeconds: number | undefined;

  constructor(init: {
    status: number;
    code: ApiErrorCode;
    message: string;
    serverError?: string;
    serverCode?: string;
    retryAfterSeconds?: number;
  }) {
    super(init.message);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.serverError = init.serverError;
    this.serverCode = init.serverCode;
    this.retryAfterSeconds = init.retryAfterSeconds;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What the client uses of a schema (zod/mini): a check that never throws. */
export interface ResponseSchema<T> {
  safeParse(data: unknown): { success: true; data: T } | { success: false; error?: SchemaFailure };
}

/** The error of an answer whose body does not pass its schema: what is wrong, and where. */
export const invalidResponse = (
  request: string,
  status: number,
  failure: SchemaFailure | undefined,
): ApiError =>
  new ApiError({
    status,
    code: 'ERR_INVALID_RESPONSE',
    message: `Unexpected response from ${request}: ${describeSchemaFailure(failure)}`,
  });

export interface RequestOptions<T> {
  /** JSON request body; a Blob (an image) is sent as it is, with its own type. */
  body?: unknown;
  /** Query string parameters; undefined values are left out. */
  query?: ApiQuery;
  /** Cancels the request (TanStack Query passes one to every queryFn). */
  signal?: AbortSignal;
  /** Validates the response body (a zod/mini schema); without it the body is trusted as T. */
  schema?: ResponseSchema<T>;
  /** Extra request headers (If-Match, for one). */
  headers?: Record<string, string>;
  /**
   * A POST that changes nothing on the server (a question too long for an address: the road
   * times of a list of stops): the answers of GETs sent earlier stay good.
   */
  readOnly?: boolean;
}

export interface ApiClientConfig {
  baseUrl: string;
  timeoutMs?: number;
  /** Resolves the bearer token for each request; null when signed out. */
  getAccessToken: () => Promise<string | null>;
  /** Told when the API answered 401 to a request that carried `token`. */
  onTokenRejected?: (token: string) => void;
  fetch?: typeof fetch;
}

/** An answer's checked body and its headers (a page's Link, a count). */
export interface ApiAnswer<T> {
  data: T;
  headers: Headers;
}

export interface ApiClient {
  request<T>(method: HttpMethod, path: string, options?: RequestOptions<T>): Promise<T>;
  get<T>(path: string, options?: Omit<RequestOptions<T>, 'body'>): Promise<T>;
  /** GET, answering the headers too. */
  getWithHeaders<T>(path: string, options?: Omit<RequestOptions<T>, 'body'>): Promise<ApiAnswer<T>>;
  post<T>(path: string, body?: unknown, options?: Omit<RequestOptions<T>, 'body'>): Promise<T>;
  put<T>(path: string, body?: unknown, options?: Omit<RequestOptions<T>, 'body'>): Promise<T>;
  delete<T = void>(path: string, options?: Omit<RequestOptions<T>, 'body'>): Promise<T>;
}

/** Settles as `response` does, or rejects as soon as `signal` aborts. */
function untilAborted(response: Promise<Response>, signal: AbortSignal): Promise<Response> {
  return new Promise((resolve, reject) => {
    const abort = () => reject(signal.reason as Error);
    if (signal.aborted) abort();
    signal.addEventListener('abort', abort, { once: true });
    response.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Retry-After in seconds (the delay form; an HTTP date is read too). */
function retryAfterOf(headers: Headers): number | undefined {
  const value = headers.get('Retry-After')?.trim();
  if (!value) return undefined;
  if (/^\d+$/.test(value)) return Number(value);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

function serverFieldOf(body: unknown, field: 'error' | 'code'): string | undefined {
  if (body && typeof body === 'object' && field in body) {
    const value = (body as Record<string, unknown>)[field];
    if (typeof value === 'string' && value.trim() !== '') return value;
  }
  return undefined;
}

export function createApiClient(config: ApiClientConfig): ApiClient {
  const timeoutMs = config.timeoutMs ?? API_TIMEOUT_MS;
  const doFetch = config.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));

  async function requestWithHeaders<T>(
    method: HttpMethod,
    path: string,
    options: RequestOptions<T> = {},
  ): Promise<ApiAnswer<T>> {
    const { body, query, signal, schema } = options;
    signal?.throwIfAborted();

    const headers = new Headers({ ...options.headers, Accept: 'application/json' });
    const raw = typeof Blob !== 'undefined' && body instanceof Blob;
    if (body !== undefined)
      headers.set(
        'Content-Type',
        raw ? body.type || 'application/octet-stream' : 'application/json',
      );
    const token = await config.getAccessToken();
    if (token) headers.set('Authorization', `Bearer ${token}`);

    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const forwardAbort = () => controller.abort(signal?.reason);
    signal?.addEventListener('abort', forwardAbort, { once: true });
    // Cancelled while the token was read: the listener came too late to hear it.
    if (signal?.aborted) forwardAbort();

    const changes = method !== 'GET' && !options.readOnly;
    try {
      const url = apiUrl(config.baseUrl, path, query);
      // A page's first GET may have gone out before its code arrived (src/lib/early-requests.ts);
      // a change makes the answers asked for before it or while it is on its way out of date.
      if (changes) dropEarlyResponses();
      const shareable = method === 'GET' && !options.headers;
      const early = shareable ? takeEarlyResponse(url, token) : undefined;
      if (shareable && !early) noteOwnRequest(url, token);
      let response: Response;
      try {
        response = await (early
          ? untilAborted(early, controller.signal)
          : doFetch(url, {
              method,
              headers,
              body: raw ? body : body === undefined ? undefined : JSON.stringify(body),
              signal: controller.signal,
            }));
      } catch (error) {
        if (timedOut) {
          throw new ApiError({
            status: 0,
            code: 'ECONNABORTED',
            message: `timeout of ${timeoutMs}ms exceeded`,
          });
        }
        // The caller cancelled: rethrow as is so TanStack Query treats it as a cancellation.
        if (signal?.aborted) throw signal.reason ?? error;
        throw new ApiError({
          status: 0,
          code: 'ERR_NETWORK',
          message: error instanceof Error && error.message ? error.message : 'Network Error',
        });
      }

      const payload = await readBody(response).catch((error: unknown) => {
        if (timedOut) {
          throw new ApiError({
            status: 0,
            code: 'ECONNABORTED',
            message: `timeout of ${timeoutMs}ms exceeded`,
          });
        }
        throw error;
      });

      if (!response.ok) {
        if (response.status === 401 && token) config.onTokenRejected?.(token);
        const serverError = serverFieldOf(payload, 'error');
        throw new ApiError({
          status: response.status,
          code: response.status >= 500 ? 'ERR_BAD_RESPONSE' : 'ERR_BAD_REQUEST',
          message: serverError ?? `Request failed with status code ${response.status}`,
          serverError,
          serverCode: serverFieldOf(payload, 'code'),
          retryAfterSeconds: retryAfterOf(response.headers),
        });
      }

      if (!schema) return { data: payload as T, headers: response.headers };
      const parsed = schema.safeParse(payload);
      if (!parsed.success)
        throw invalidResponse(`${method} ${path}`, response.status, parsed.error);
      return { data: parsed.data, headers: response.headers };
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', forwardAbort);
      if (changes) dropEarlyResponses();
    }
  }

  const request = async <T>(method: HttpMethod, path: string, options?: RequestOptions<T>) =>
    (await requestWithHeaders(method, path, options)).data;

  return {
    request,
    get: (path, options) => request('GET', path, options),
    getWithHeaders: (path, options) => requestWithHeaders('GET', path, options),
    post: (path, body, options) => request('POST', path, { ...options, body }),
    put: (path, body, options) => request('PUT', path, { ...options, body }),
    delete: (path, options) => request('DELETE', path, options),
  };
}

/** The SPA's client for the /api contract, signed with the current Supabase session. */
export const apiClient: ApiClient = createApiClient({
  baseUrl: env.apiUrl,
  getAccessToken,
  onTokenRejected: (token) => tokenRejected(token),
});
