import { ofetch, FetchError } from 'ofetch';
import { CHANGED_ENTITIES_HEADER, DEFAULT_BASE_PATH, REQUEST_TIMEOUT_MS, STORAGE_KEYS } from '@shared/constants';
import type { ApiEnvelope } from '@shared/envelope';
import { useLocale } from '@web/i18n';
import { local } from '@web/lib/storage';
import { ApiError } from './errors';

/**
 * How the console shows a failed request: the app installs its catalogue of errors at start
 * (app/errorCatalogue.ts: toasts, the signed-out confirmation), so this client imports no UI.
 */
let handleApiError: (error: ApiError) => void = () => {};
export function onApiError(show: (error: ApiError) => void): void {
  handleApiError = show;
}

/** API base path: build-time `CCU_BASE_PATH`, else the spec's default. */
export const API_BASE = (import.meta.env.CCU_BASE_PATH as string | undefined) ?? DEFAULT_BASE_PATH;

const http = ofetch.create({
  baseURL: API_BASE,
  timeout: REQUEST_TIMEOUT_MS,
  retry: 0,
  onRequest({ options }) {
    const token = local.get<string>(STORAGE_KEYS.token);
    const headers = new Headers(options.headers);
    if (token) headers.set('X-Access-Token', token);
    headers.set('tenant_id', String(local.get<number | string>(STORAGE_KEYS.tenantId) ?? 0));
    // The server answers its messages in the console's language.
    headers.set('Accept-Language', useLocale.getState().locale);
    options.headers = headers;
  },
});

const changeListeners = new Set<(kinds: string[]) => void>();

/**
 * Calls `listener` with the kinds of data a request that succeeded changed, as the server names
 * them from what it wrote (`members.card`, `users`): the signed-in layout reloads those lists.
 * Returns the way to stop.
 */
export function onDataChanged(listener: (kinds: string[]) => void): () => void {
  changeListeners.add(listener);
  return () => changeListeners.delete(listener);
}

/** Tells the listeners what an answer's X-Changed-Entities names (`header`: its value). */
export function announceChanges(header: string | null): void {
  const kinds = header?.split(',').filter(Boolean) ?? [];
  if (kinds.length) for (const listener of changeListeners) listener(kinds);
}

/** Answers that came with the sign-in (its `consoleStart`), each given once to the first GET of its path. */
const primed = new Map<string, { envelope: ApiEnvelope; until: number }>();
/** How long a primed answer stands in for a request: the console asks at once, or not this way. */
const PRIMED_MS = 30_000;

/** Keeps answers the server sent ahead (by path), for the console's first requests to take. */
export function primeAnswers(answers: Partial<Record<string, ApiEnvelope>> | undefined): void {
  primed.clear();
  const until = Date.now() + PRIMED_MS;
  for (const [path, envelope] of Object.entries(answers ?? {})) if (envelope) primed.set(path, { envelope, until });
}

function takePrimed(url: string): ApiEnvelope | undefined {
  const entry = primed.get(url);
  primed.delete(url);
  return entry && entry.until > Date.now() ? entry.envelope : undefined;
}

export interface RequestOptions {
  query?: Record<string, unknown>;
  body?: unknown;
  /** The caller shows the error itself (sign-in form, logout). */
  silent?: boolean;
  /** Sent before the page's own downloads that are waiting for a connection (sign-in: the user waits on it). */
  urgent?: boolean;
}

function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof FetchError) {
    const data = error.data as Partial<ApiEnvelope> | undefined;
    const status = error.statusCode ?? 0;
    const timedOut = error.cause instanceof DOMException && error.cause.name === 'TimeoutError';
    return new ApiError(timedOut ? 504 : status, data?.message ?? error.statusMessage ?? error.message, data?.code ?? null);
  }
  return new ApiError(0, error instanceof Error ? error.message : String(error));
}

/**
 * One API call: sends the token and tenant headers, adds `_t` to GETs (except dictionary item
 * lookups), unwraps the envelope and returns `result`. A failure (HTTP error or
 * `success: false`) throws ApiError after the error catalogue has told the user.
 */
export async function request<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, options: RequestOptions = {}): Promise<T> {
  const query = { ...options.query };
  if (method === 'GET' && !url.includes('sys/dict/getDictItems')) query._t = Math.floor(Date.now() / 1000);
  try {
    const ahead = method === 'GET' && !options.query ? takePrimed(url) : undefined;
    if (ahead) {
      if (!ahead.success) throw new ApiError(200, ahead.message, ahead.code, ahead.result);
      return ahead.result as T;
    }
    const response = await http.raw<ApiEnvelope<T>>(url, {
      method,
      query,
      ...(options.body === undefined ? {} : { body: options.body as Record<string, unknown> }),
      ...(options.urgent ? { priority: 'high' as const } : {}),
    });
    const envelope = response._data!;
    if (!envelope.success) throw new ApiError(200, envelope.message, envelope.code, envelope.result);
    announceChanges(response.headers.get(CHANGED_ENTITIES_HEADER));
    return envelope.result;
  } catch (error) {
    const apiError = toApiError(error);
    if (!options.silent) handleApiError(apiError);
    throw apiError;
  }
}

export const get = <T>(url: string, query?: Record<string, unknown>, options: Omit<RequestOptions, 'query'> = {}) => request<T>('GET', url, { ...options, ...(query ? { query } : {}) });
export const post = <T>(url: string, body?: unknown, options: Omit<RequestOptions, 'body'> = {}) => request<T>('POST', url, { ...options, body });
export const put = <T>(url: string, body?: unknown, options: Omit<RequestOptions, 'body'> = {}) => request<T>('PUT', url, { ...options, body });
export const del = <T>(url: string, query?: Record<string, unknown>, options: Omit<RequestOptions, 'query'> = {}) => request<T>('DELETE', url, { ...options, ...(query ? { query } : {}) });

/** The file name a Content-Disposition header gives (`filename*=UTF-8''…` first). */
function fileNameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded);
    } catch {
      // A bad escape: the plain name below, if any.
    }
  }
  return /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? null;
}

/**
 * Fetches a file with the session's headers (a token never rides in a URL, where logs, history and
 * Referer keep it), with the name the server gives. A refusal is told like any other and rejects.
 */
export async function fetchFile(url: string, query: Record<string, unknown> = {}, fallbackName = 'download'): Promise<{ blob: Blob; name: string }> {
  let response: Awaited<ReturnType<typeof http.raw<Blob, 'blob'>>>;
  try {
    response = await http.raw<Blob, 'blob'>(url, { method: 'GET', query, responseType: 'blob' });
  } catch (error) {
    let apiError = toApiError(error);
    // The refusal is an envelope, read as a blob.
    if (error instanceof FetchError && error.data instanceof Blob) {
      try {
        const envelope = JSON.parse(await error.data.text()) as Partial<ApiEnvelope>;
        apiError = new ApiError(error.statusCode ?? 0, envelope.message ?? apiError.message, envelope.code ?? null);
      } catch {
        // Not an envelope: the transport's own message.
      }
    }
    handleApiError(apiError);
    throw apiError;
  }
  return { blob: response._data!, name: fileNameOf(response.headers.get('content-disposition')) ?? fallbackName };
}

/** Downloads a file (as `fetchFile` fetches it) and saves it under the name the server gives. */
export async function download(url: string, query: Record<string, unknown> = {}, fallbackName = 'download'): Promise<void> {
  saveFile(await fetchFile(url, query, fallbackName));
}

/** Hands a fetched file to the browser to save. */
export function saveFile({ blob, name }: { blob: Blob; name: string }): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click has run; the blob can go a little later.
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}
