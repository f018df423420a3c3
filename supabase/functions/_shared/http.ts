import { HTTPException } from 'hono/http-exception';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { z } from 'zod';
import { MAX_BODY_BYTES } from './domain/limits.ts';

/** Every error the API answers is `{ "error": "..." }` with a 4xx/5xx status. */
export class ApiError extends HTTPException {
  constructor(
    status: ContentfulStatusCode,
    message: string,
    /** extra response headers, e.g. Retry-After on 429 and 503 */
    readonly headers: Record<string, string> = {},
    /** For a client to tell two answers of one status apart: the body's `code`. */
    readonly code?: string,
  ) {
    super(status, { message });
  }
}

export const errorBody = (message: string, code?: string) =>
  code ? { error: message, code } : { error: message };

/**
 * The request body's bytes, at most `maxBytes` (`tooBig` is the error beyond: read no further);
 * a 400 without a body.
 */
export async function readBodyBytes(
  c: Context,
  maxBytes: number,
  tooBig: () => ApiError,
): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(c.req.header('content-length') ?? 0);
  if (declared > maxBytes) throw tooBig();
  const reader = c.req.raw.body?.getReader();
  if (!reader) throw new ApiError(400, 'Request body is required');
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw tooBig();
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/** Reads a JSON body within the size bound; any parse problem is the caller's 4xx. */
export async function readJsonBody(c: Context): Promise<unknown> {
  const bytes = await readBodyBytes(c, MAX_BODY_BYTES, tooLarge);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new ApiError(400, 'Request body must be UTF-8 JSON');
  }
  if (text.trim() === '') throw new ApiError(400, 'Request body is required');
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new ApiError(400, 'Invalid JSON body');
  }
  // Postgres text cannot hold NUL; refuse it here rather than fail in the database.
  if (text.includes('\\u0000') && containsNul(body))
    throw new ApiError(400, 'Text must not contain NUL characters');
  return body;
}

function containsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\0');
  if (Array.isArray(value)) return value.some(containsNul);
  if (value && typeof value === 'object')
    return Object.entries(value).some(([k, v]) => k.includes('\0') || containsNul(v));
  return false;
}

const tooLarge = () =>
  new ApiError(413, `Request body too large (max ${MAX_BODY_BYTES / (1024 * 1024)} MB)`);

/** Validates input with a schema; the first issue becomes the error message. */
export function parseInput<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
  const result = schema.safeParse(input);
  if (!result.success) {
    // Messages name their own field (and texts the SPA shows must stay exact); a nested issue
    // also says which element, e.g. "stops.3: lat must be between -90 and 90".
    const issue = result.error.issues[0];
    const container = issue.path.slice(0, -1);
    const where = container.length > 0 ? `${container.join('.')}: ` : '';
    throw new ApiError(400, `${where}${issue.message}`);
  }
  return result.data;
}

/** fetch with a timeout (and the caller's own signal, when it gives one). */
export async function fetchWithTimeout(
  url: string,
  init: RequestInit,
  timeoutMs: number,
): Promise<Response> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  const signal = init.signal
    ? AbortSignal.any([init.signal, controller.signal])
    : controller.signal;
  try {
    return await fetch(url, { ...init, signal });
  } finally {
    clearTimeout(timer);
  }
}

export const isAbortError = (error: unknown): boolean =>
  error instanceof DOMException && (error.name === 'AbortError' || error.name === 'TimeoutError');
