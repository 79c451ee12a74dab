import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import type { AppContext } from '../../context.ts';
import { AppError, tooMany } from '../../http/errors.ts';
import { getSysConfig } from '../system/sys-config.service.ts';
import { addressCounter, closeAddressCounter } from './address-counter.ts';
import './messages.ts';

/**
 * Per-address limits on top of each account's captcha and lock: failed
 * sign-ins across all accounts (one password sprayed over many names) and
 * SMS-code requests. The address is `req.ip`, which follows X-Forwarded-For
 * only when the server is configured to trust its proxy: a forged header
 * names no new address. Limits are system settings; counts are shared by
 * every server process (address-counter.ts).
 */

const signInKey = (ip: string) => `signin:${ip}`;
const minutes = (ms: number) => Math.max(1, Math.ceil(ms / 60_000));

/** Refuses (429, Retry-After) a sign-in from an address that failed too often in this window. Runs before the body is read. */
export function signInThrottle(ctx: AppContext) {
  return async (req: FastifyRequest, reply: FastifyReply) => {
    const cfg = await getSysConfig(ctx);
    const { count, ttlMs } = await addressCounter(ctx).peek(signInKey(req.ip));
    if (count < cfg.addressFailureLimit) return;
    reply.header('retry-after', Math.max(1, Math.ceil(ttlMs / 1000)));
    throw tooMany('throttle.signIn', { minutes: minutes(ttlMs) });
  };
}

/**
 * Runs a sign-in and counts it against the address when it is refused. Only
 * failures count, so a busy ward sharing one address is not held up by its
 * successful sign-ins; a captcha merely asked for is no guess and does not count.
 */
export async function countingFailures<T>(ctx: AppContext, req: FastifyRequest, attempt: () => Promise<T>): Promise<T> {
  try {
    return await attempt();
  } catch (err) {
    if (err instanceof AppError && err.status === 400 && err.key !== 'login.captchaRequired') {
      const cfg = await getSysConfig(ctx);
      await addressCounter(ctx).hit(signInKey(req.ip), cfg.addressWindowSeconds * 1000);
    }
    throw err;
  }
}

type Callback = (err: Error | null, res?: { current: number; ttl: number }) => void;

/**
 * @fastify/rate-limit for SMS-code requests (every request counts: each may
 * cost a text message), counting in our shared address counter rather than
 * the plugin's per-process memory. Routes opt in with `smsRateLimit(ctx)` in
 * their config. The plugin answers 429 with Retry-After; the body is our envelope.
 */
export async function registerAddressLimits(app: FastifyInstance, ctx: AppContext): Promise<void> {
  /** The plugin's store interface over addressCounter; it makes one per route through child(). */
  class SharedStore {
    constructor(
      _options: unknown,
      private readonly prefix = 'rate:',
    ) {}
    /** The plugin passes the window (from smsRateLimit) as the third argument; its typings omit it. */
    incr(key: string, cb: Callback, timeWindow = 60_000) {
      addressCounter(ctx)
        .hit(this.prefix + key, timeWindow)
        .then(
          ({ count, ttlMs }) => cb(null, { current: count, ttl: ttlMs }),
          (err: Error) => cb(err),
        );
    }
    child(route: object) {
      const info = (route as { routeInfo?: { method?: unknown; url?: unknown } }).routeInfo;
      return new SharedStore(null, `rate:${String(info?.method)}${String(info?.url)}:`);
    }
  }
  await app.register(rateLimit, {
    global: false,
    store: SharedStore,
    keyGenerator: (req) => req.ip,
    errorResponseBuilder: (_req, c) => tooMany('throttle.sms', { minutes: minutes(c.ttl) }),
  });
  app.addHook('onClose', () => closeAddressCounter(ctx));
}

/** The rate-limit config of the SMS-code route: limit and window read from system settings on each request. */
export const smsRateLimit = (ctx: AppContext) => ({
  max: async () => (await getSysConfig(ctx)).addressSmsLimit,
  timeWindow: async () => (await getSysConfig(ctx)).addressWindowSeconds * 1000,
});
