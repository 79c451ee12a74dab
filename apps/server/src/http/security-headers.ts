import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's response headers, computed once at start-up. Our policy does not
 * vary per request (no nonces), and @fastify/helmet rebuilt helmet's middleware
 * and re-parsed the CSP on every request: a few per cent of a small API call.
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: unknown) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => (failure = err));
  if (failure) throw failure;
  return headers;
}

/** Our policy, both ways: `tls` for answers that went out over HTTPS, `plain` for plain HTTP. */
export interface SecurityHeaderSets {
  plain: Record<string, string>;
  tls: Record<string, string>;
}

/**
 * The product's policy. Strict-Transport-Security and upgrade-insecure-requests
 * go only with answers sent over HTTPS: over plain HTTP at a host name or LAN
 * address (not localhost, which browsers exempt) Chromium would upgrade every
 * /assets request to https, which nothing answers, and the page stays blank.
 */
export function securityHeaderSets(): SecurityHeaderSets {
  const directives = {
    defaultSrc: ["'self'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    // The SPA loads its own bundles; inline styles come from antd's CSS-in-JS.
    styleSrc: ["'self'", "'unsafe-inline'"],
    // 'wasm-unsafe-eval' lets the upload's MD5 worker compile hash-wasm; it allows no JS eval.
    scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
    connectSrc: ["'self'", 'ws:', 'wss:'],
    // /externalLink and type-7 `_self` menus frame other sites over https.
    frameSrc: ["'self'", 'https:'],
    workerSrc: ["'self'", 'blob:'],
  };
  return {
    tls: securityHeaders({ crossOriginEmbedderPolicy: false, contentSecurityPolicy: { directives } }),
    plain: securityHeaders({
      crossOriginEmbedderPolicy: false,
      contentSecurityPolicy: { directives: { ...directives, upgradeInsecureRequests: null } },
      strictTransportSecurity: false,
    }),
  };
}

/**
 * The set for this request: TLS when it reached us over TLS, or when a proxy
 * we trust (TRUST_PROXY) says in X-Forwarded-Proto that it did; Fastify
 * ignores that header from anyone else.
 */
export const headersFor = (sets: SecurityHeaderSets, req: FastifyRequest): Record<string, string> =>
  req.protocol === 'https' ? sets.tls : sets.plain;

/** Sends the headers on every answer, errors and 404s included. */
export function registerSecurityHeaders(app: FastifyInstance, sets: SecurityHeaderSets): void {
  app.addHook('onRequest', (req, reply, done) => {
    reply.headers(headersFor(sets, req));
    done();
  });
}
