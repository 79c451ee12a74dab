import fs from 'node:fs';
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import formbody from '@fastify/formbody';
import type { Config } from './config.ts';
import type { AppContext } from './context.ts';
import type { DbHandle } from './db/connection.ts';
import { collectRoutes, type RegisteredRoute } from './http/access.ts';
import { registerAuth } from './http/auth.ts';
import { registerEnvelope } from './http/envelope.ts';
import { requestSerializer } from './http/log-redact.ts';
import { clientErrorHandler, frameworkErrorHandler, registerClosingRefusal } from './http/framework-errors.ts';
import { registerSecurityHeaders, securityHeaderSets } from './http/security-headers.ts';
import { registerWeb } from './http/web.ts';
import { startSharedCaches } from './lib/shared-caches.ts';
import { modules } from './modules/index.ts';
import { registerRequestLog } from './modules/system/index.ts';

export interface BuiltApp {
  app: FastifyInstance;
  ctx: AppContext;
  routes: RegisteredRoute[];
}

/** Builds the whole server without listening: main.ts listens, tests use app.inject. */
export async function buildApp(config: Config, handle: DbHandle): Promise<BuiltApp> {
  const headers = securityHeaderSets();
  const app = Fastify({
    logger: { level: config.logLevel, redact: ['req.headers.authorization'], serializers: { req: requestSerializer } },
    bodyLimit: 1024 * 1024,
    // X-Forwarded-For / -Proto only from the configured proxies (TRUST_PROXY): req.ip feeds the sign-in log and limits.
    trustProxy: config.trustProxy,
    genReqId: () => crypto.randomUUID(),
    // Fastify's own refusals before routing, and during close, answer the envelope too (http/framework-errors.ts).
    frameworkErrors: frameworkErrorHandler(headers),
    clientErrorHandler: clientErrorHandler(headers),
    return503OnClosing: false,
    // HTTPS served by this process itself when TLS_CERT_FILE / TLS_KEY_FILE are set.
    ...(config.tls ? { https: { cert: fs.readFileSync(config.tls.certFile), key: fs.readFileSync(config.tls.keyFile) } } : {}),
  });
  registerClosingRefusal(app, headers);
  const ctx: AppContext = { db: handle.db, dialect: handle.dialect, config, log: app.log };
  const sharedCaches = startSharedCaches(ctx);
  if (sharedCaches) app.addHook('onClose', () => sharedCaches.close());
  const routes = collectRoutes(app);

  registerEnvelope(app);
  registerSecurityHeaders(app, headers);
  // JSON answers compressed for browsers that accept it: township links are slow and a menu tree is
  // tens of KB. Only JSON, quickly (Brotli 4): stored files stream as they are, with ranges (their
  // routes also say compress: false), and request bodies are never inflated here.
  await app.register(compress, {
    global: true,
    globalDecompression: false,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    customTypes: /^application\/json\b/,
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await app.register(formbody, { bodyLimit: 64 * 1024 });
  registerAuth(app, ctx);
  // Root-level hooks: registered before the modules so their scopes inherit them.
  registerRequestLog(app, ctx);

  for (const register of modules) await app.register((scope) => register(scope, ctx), { prefix: '/api' });
  await registerWeb(app, config);
  return { app, ctx, routes };
}
