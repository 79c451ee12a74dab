import type { Envelope } from '@medalliance/contract';
import { toast } from '../app/feedback.ts';
import { getToken } from '../app/stores/sessionStore.ts';
import { acceptLanguageOf } from '../i18n/language.ts';
import { currentLanguage, t } from '../i18n/index.ts';
import { classify, errorText, formBody, getUrl, isEnvelope, type QueryValue } from './httpCore.ts';

/**
 * THE HTTP client (spec §7, §8). Every call: `jnpf-origin: pc`, the session
 * token as Authorization, Accept-Language of the UI language (so server
 * messages come back translated), `_t` on GETs. Resolves with the envelope
 * of code 200; anything else shows a 1.5 s error toast and rejects with an
 * HttpError. Session codes (600/601/602) reset the session and go to login.
 */

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
export type Params = Record<string, QueryValue>;

export interface RequestOptions {
  /** Send the body as application/x-www-form-urlencoded instead of JSON. */
  form?: boolean;
  /** No error toast: the caller shows its own message. */
  silent?: boolean;
  /** Resolve with the envelope whatever its code (no toast, no session reset). */
  rawCode?: boolean;
  headers?: Record<string, string>;
  /** Milliseconds; default VITE_HTTP_TIMEOUT or 60 s. */
  timeout?: number;
  signal?: AbortSignal;
  /** 'blob' for file downloads: resolves with the blob inside a synthetic envelope. */
  responseType?: 'json' | 'blob';
}

export type HttpErrorKind = 'code' | 'network' | 'timeout' | 'abort' | 'parse';

export class HttpError extends Error {
  constructor(
    message: string,
    readonly kind: HttpErrorKind,
    /** The business code, or the HTTP status when no envelope came back. */
    readonly code: number,
    /** The raw response envelope (spec §8: a login failure rejects with it). */
    readonly envelope?: Envelope,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

const API_BASE: string = import.meta.env.VITE_API_BASE ?? '';
const DEFAULT_TIMEOUT = Number(import.meta.env.VITE_HTTP_TIMEOUT) || 60_000;

type SessionEndedHandler = (envelope: Envelope) => void;
let onSessionEnded: SessionEndedHandler = () => {};

/** The app installs the reset-and-go-to-login behaviour (kept out of here to avoid an import cycle). */
export function setSessionEndedHandler(handler: SessionEndedHandler): void {
  onSessionEnded = handler;
}

function fail(error: HttpError, silent: boolean): never {
  if (!silent && error.kind !== 'abort') toast.error(error.message);
  throw error;
}

export async function request<T = unknown>(
  method: Method,
  url: string,
  payload?: unknown,
  options: RequestOptions = {},
): Promise<Envelope<T>> {
  const retryText = t('http.failed');
  const headers: Record<string, string> = {
    'jnpf-origin': 'pc',
    'Accept-Language': acceptLanguageOf(currentLanguage()),
    ...options.headers,
  };
  const token = getToken();
  if (token) headers.Authorization = token;

  let target = API_BASE + url;
  let body: BodyInit | undefined;
  if (method === 'GET') {
    target = getUrl(target, payload as Params | undefined, Date.now());
  } else if (payload instanceof FormData || payload instanceof Blob) {
    body = payload;
  } else if (payload !== undefined) {
    if (options.form) {
      headers['Content-Type'] = 'application/x-www-form-urlencoded';
      body = formBody(payload as Record<string, unknown>);
    } else {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(payload);
    }
  }

  const controller = new AbortController();
  const timeout = options.timeout ?? DEFAULT_TIMEOUT;
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeout);
  const outer = options.signal;
  const forward = () => controller.abort();
  outer?.addEventListener('abort', forward, { once: true });

  let response: Response;
  try {
    response = await fetch(target, { method, headers, body, signal: controller.signal, credentials: 'same-origin' });
  } catch {
    clearTimeout(timer);
    outer?.removeEventListener('abort', forward);
    if (outer?.aborted) fail(new HttpError('aborted', 'abort', 0), true);
    // Spec §8: a network failure shows the same retry toast.
    fail(new HttpError(retryText, timedOut ? 'timeout' : 'network', 0), !!options.silent);
  }

  try {
    // A download is a blob unless the server answered an envelope instead (an attachment may itself be JSON: exports).
    const attachment = /attachment/i.test(response.headers.get('content-disposition') ?? '');
    if (options.responseType === 'blob' && response.ok && (attachment || !/json/i.test(response.headers.get('content-type') ?? ''))) {
      const blob = await response.blob();
      return { code: 200, msg: '', data: blob as T };
    }
    let parsed: unknown;
    try {
      parsed = await response.json();
    } catch {
      parsed = undefined;
    }
    if (!isEnvelope(parsed)) {
      fail(new HttpError(retryText, 'parse', response.status), !!options.silent || !!options.rawCode);
    }
    const envelope = parsed as Envelope<T>;
    if (options.rawCode) return envelope;
    const outcome = classify(envelope, url);
    if (outcome === 'ok') return envelope;
    const error = new HttpError(errorText(envelope, retryText), 'code', envelope.code, envelope);
    if (outcome === 'session') {
      if (!options.silent) toast.error(error.message);
      onSessionEnded(envelope);
      throw error;
    }
    return fail(error, !!options.silent);
  } finally {
    clearTimeout(timer);
    outer?.removeEventListener('abort', forward);
  }
}

export const http = {
  get: <T = unknown>(url: string, params?: Params, options?: RequestOptions) => request<T>('GET', url, params, options),
  post: <T = unknown>(url: string, data?: unknown, options?: RequestOptions) => request<T>('POST', url, data, options),
  put: <T = unknown>(url: string, data?: unknown, options?: RequestOptions) => request<T>('PUT', url, data, options),
  delete: <T = unknown>(url: string, data?: unknown, options?: RequestOptions) => request<T>('DELETE', url, data, options),
  patch: <T = unknown>(url: string, data?: unknown, options?: RequestOptions) => request<T>('PATCH', url, data, options),
};
