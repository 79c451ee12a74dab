import type { AppContext } from '../../context.ts';
import { sharedCache } from '../../lib/shared-caches.ts';

/**
 * System settings (spec §3 system config plus sign-in rules), stored as
 * key/value rows and read through an in-process cache that a write replaces,
 * so a change applies without restart.
 */
export const sysConfigDefaults = {
  sysName: '县域医共体管理平台',
  sysVersion: 'V1.0.0',
  logoIcon: '',
  navigationIcon: '',
  copyright: 'Copyright © 2026 县域医共体演示单位（虚构数据）',
  /** Idle minutes before a session expires (code 600). */
  tokenTimeout: 480,
  /** Failed sign-ins after which the captcha is required (0 = always). */
  captchaAfterFailures: 3,
  captchaLength: 4,
  /** Failed sign-ins after which the account locks. */
  lockAfterFailures: 5,
  /** Minutes a lock lasts; 0 keeps it until an administrator unlocks. */
  lockMinutes: 10,
  /**
   * Failed sign-ins (any accounts) one client address may make per window
   * before it must wait (429): stops one password sprayed over many names.
   */
  addressFailureLimit: 30,
  /** The window of the per-address limits, in seconds. */
  addressWindowSeconds: 900,
  /** SMS-code requests one client address may make per window. */
  addressSmsLimit: 10,
  /** One session per user: a new sign-in ends the others (code 601). */
  singleLogin: false,
  smsCodeMinutes: 5,
  smsResendSeconds: 60,
  smsMaxAttempts: 5,
  smsDailyLimit: 10,
  smsSignName: '县域医共体',
  /** Password policy: the client checks the shape (it sends only an MD5); expiry and reuse are the server's. */
  passwordMinLength: 6,
  passwordRequireMixed: true,
  /** Days before a password must be changed; 0 = never. */
  passwordExpireDays: 0,
  passwordRefuseReuse: true,
  /** Hosts an HTTP data interface may call: 'api.example.com', '*.example.com', 'host:8080'. Empty = none. */
  interfaceAllowedHosts: [] as string[],
  /**
   * Private, loopback or carrier-grade networks (CIDR) an HTTP interface may reach once
   * resolved; by default only public addresses are. Link-local and metadata addresses never are.
   */
  interfaceAllowedNetworks: [] as string[],
  interfaceTimeoutMs: 10_000,
  interfaceMaxResponseBytes: 2 * 1024 * 1024,
  /** Statement timeout of SQL data interfaces and print-template queries. */
  sqlTimeoutMs: 5_000,
  /** Sign-in, request, operation, exception and interface-call logs are kept this many days. */
  logRetentionDays: 180,
  /** Zone of the dates inside bill numbers. */
  timeZone: 'Asia/Shanghai',
};

export type SysConfig = typeof sysConfigDefaults;
export type SysConfigKey = keyof SysConfig;

// Another server process may change a setting: entries also expire after a short while.
const TTL_MS = 30_000;
const cache = new WeakMap<AppContext['db'], { config: SysConfig; at: number }>();

/** Drops the cached settings on every server process (settings apply without restart). */
const forgetSysConfig = sharedCache('sysConfig', (ctx) => void cache.delete(ctx.db));

export async function getSysConfig(ctx: AppContext): Promise<SysConfig> {
  const hit = cache.get(ctx.db);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.config;
  const rows = await ctx.db.selectFrom('sysConfig').select(['key', 'value']).execute();
  const merged: Record<string, unknown> = { ...sysConfigDefaults };
  for (const { key, value } of rows) {
    if (key in sysConfigDefaults) {
      try {
        merged[key] = JSON.parse(value);
      } catch {
        ctx.log.warn({ key }, 'ignoring unparsable system setting');
      }
    }
  }
  const config = merged as SysConfig;
  cache.set(ctx.db, { config, at: Date.now() });
  return config;
}

/**
 * The cached settings when fresh, without touching the database: for code
 * running inside a transaction, which must not wait for a second connection.
 */
export function cachedSysConfig(ctx: AppContext): SysConfig | null {
  const hit = cache.get(ctx.db);
  return hit && Date.now() - hit.at < TTL_MS ? hit.config : null;
}

export async function setSysConfig(ctx: AppContext, values: Partial<SysConfig>): Promise<SysConfig> {
  const now = Date.now();
  await ctx.db.transaction().execute(async (trx) => {
    for (const [key, value] of Object.entries(values)) {
      if (!(key in sysConfigDefaults) || value === undefined) continue;
      await trx
        .insertInto('sysConfig')
        .values({ key, value: JSON.stringify(value), updatedAt: now })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value: JSON.stringify(value), updatedAt: now }))
        .execute();
    }
  });
  forgetSysConfig(ctx);
  return getSysConfig(ctx);
}
