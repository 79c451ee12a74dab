import { Codes, SESSION_CODES, type Envelope } from '@medalliance/contract';

/**
 * The pure half of the HTTP client: URL and body encoding and the decision of
 * what a response means. Kept free of fetch, React and stores so it is unit
 * tested directly.
 */

export type QueryValue = string | number | boolean | null | undefined | readonly (string | number | boolean)[] | object;

/** Calls whose 600/601/602 answers are a wrong password, not an expired session (spec §8). */
const SESSION_EXEMPT = [/^\/api\/oauth\/Login(\/|\?|$)/i, /^\/api\/oauth\/LockScreen(\/|\?|$)/i];

export function isSessionExempt(url: string): boolean {
  const path = url.replace(/^https?:\/\/[^/]+/i, '');
  return SESSION_EXEMPT.some((re) => re.test(path));
}

function stringify(value: unknown): string {
  if (typeof value === 'object' && value !== null) return JSON.stringify(value);
  return String(value);
}

/** Appends params (skipping null and undefined; arrays as repeated keys; objects as JSON text). */
export function appendQuery(url: string, params: Record<string, QueryValue> | undefined): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params ?? {})) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const item of value) search.append(key, stringify(item));
    else search.append(key, stringify(value));
  }
  const qs = search.toString();
  if (!qs) return url;
  return url + (url.includes('?') ? '&' : '?') + qs;
}

/** GET payloads as query params plus the cache-busting `_t` time (spec §7). */
export function getUrl(url: string, params: Record<string, QueryValue> | undefined, now: number): string {
  return appendQuery(url, { ...params, _t: now });
}

/** Body of form-encoded calls such as the login (spec §7.1). */
export function formBody(data: Record<string, unknown> | undefined): URLSearchParams {
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(data ?? {})) {
    if (value === undefined || value === null) continue;
    body.append(key, stringify(value));
  }
  return body;
}

export type Outcome = 'ok' | 'session' | 'error';

/**
 * What an envelope means for the caller: success, an ended session (reset and
 * go to login) or an error to show. Session codes on the login and lock-screen
 * calls are plain errors: they mean a wrong password there.
 */
export function classify(envelope: Pick<Envelope, 'code'>, url: string): Outcome {
  if (envelope.code === Codes.ok) return 'ok';
  if (SESSION_CODES.includes(envelope.code) && !isSessionExempt(url)) return 'session';
  return 'error';
}

/** A body is an envelope when it has a numeric code; anything else is a transport failure. */
export function isEnvelope(body: unknown): body is Envelope {
  return typeof body === 'object' && body !== null && typeof (body as { code?: unknown }).code === 'number';
}

/** The text of the error toast: the server's msg, else the translated retry text. */
export function errorText(envelope: Partial<Envelope> | null | undefined, fallback: string): string {
  const msg = envelope?.msg;
  return typeof msg === 'string' && msg.trim() ? msg : fallback;
}
