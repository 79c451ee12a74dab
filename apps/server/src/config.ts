import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** Runtime configuration, all from the environment (ARCHITECTURE.md "Configuration"). */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  redisUrl: string | null;
  logLevel: string;
  /** Server processes sharing the port (SERVER_WORKERS: a number or 'auto' for one per core); 1 runs in this process. */
  workers: number;
  /** Where the built web app lives; served when present. */
  webDist: string | null;
  /** argon2id cost; lowered only by the test suite, which hashes hundreds of seeds. */
  argon2: { memoryCost: number; timeCost: number };
  /** The SMS sender: 'log' writes codes to the log and the outbox table. */
  smsSender: 'log';
  /** TLS_CERT_FILE and TLS_KEY_FILE (PEM): this process serves HTTPS itself; null serves plain HTTP. */
  tls: { certFile: string; keyFile: string } | null;
  /**
   * TRUST_PROXY: the reverse proxies (addresses, CIDR ranges, or proxy-addr's
   * `loopback` / `linklocal` / `uniquelocal`) whose X-Forwarded-For and
   * X-Forwarded-Proto are believed; false believes no one's.
   */
  trustProxy: string[] | false;
  /**
   * SQLITE_SYNCHRONOUS: FULL (default) syncs the WAL on every commit, so an
   * acknowledged write survives a power cut; NORMAL syncs only at checkpoints
   * and may lose the last commits to a power loss or OS crash (never to a
   * crash of the server process alone).
   */
  sqliteSynchronous: SqliteSynchronous;
}

export type SqliteSynchronous = 'FULL' | 'NORMAL';

/** The repository root: relative defaults resolve here, whichever workspace npm started us in. */
export const repoRoot = path.resolve(import.meta.dirname, '../../..');

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = path.resolve(repoRoot, env.DATA_DIR ?? 'data');
  return {
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || null,
    redisUrl: env.REDIS_URL || null,
    logLevel: env.LOG_LEVEL ?? 'info',
    workers: workerCount(env.SERVER_WORKERS),
    webDist: path.resolve(repoRoot, env.WEB_DIST ?? 'apps/web/dist'),
    argon2: { memoryCost: 19456, timeCost: 2 },
    smsSender: 'log',
    tls: tlsFiles(env.TLS_CERT_FILE, env.TLS_KEY_FILE),
    trustProxy: trustedProxies(env.TRUST_PROXY),
    sqliteSynchronous: sqliteSynchronous(env.SQLITE_SYNCHRONOUS),
  };
}

function sqliteSynchronous(value: string | undefined): SqliteSynchronous {
  if (!value) return 'FULL';
  const v = value.trim().toUpperCase();
  if (v === 'FULL' || v === 'NORMAL') return v;
  // OFF and EXTRA are refused too: OFF can corrupt the file on power loss, EXTRA adds nothing in WAL mode.
  throw new Error(
    `SQLITE_SYNCHRONOUS must be FULL (the default: every acknowledged write survives a power cut) or NORMAL (faster; the last commits may be lost to a power cut), not '${value}'`,
  );
}

function tlsFiles(cert: string | undefined, key: string | undefined): Config['tls'] {
  if (!cert && !key) return null;
  if (!cert || !key) throw new Error('TLS_CERT_FILE and TLS_KEY_FILE go together: set both to serve HTTPS, or neither');
  return { certFile: path.resolve(repoRoot, cert), keyFile: path.resolve(repoRoot, key) };
}

const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function trustedProxies(value: string | undefined): string[] | false {
  const v = (value ?? '').trim();
  if (!v || /^(off|false|no|0)$/i.test(v)) return false;
  // Trusting every peer, or a hop count (which Fastify 5 refuses to honour: it cannot check who the
  // nearest peer is), would let any client forge its address in the sign-in log and the rate limits.
  if (/^(true|on|yes|\*|\d+)$/i.test(v)) {
    throw new Error(
      `TRUST_PROXY lists the reverse proxies' addresses, comma-separated (e.g. 127.0.0.1 or 10.0.0.0/8, or loopback), not '${value}'`,
    );
  }
  const list = v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const entry of list) {
    const [address = '', bits, ...rest] = entry.split('/');
    const family = net.isIP(address);
    const bitsOk = bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (family === 6 ? 128 : 32));
    if (!NAMED_RANGES.has(entry) && (!family || !bitsOk || rest.length)) {
      throw new Error(`TRUST_PROXY: '${entry}' is neither an IP address, a CIDR range nor loopback / linklocal / uniquelocal`);
    }
  }
  return list;
}

function workerCount(value: string | undefined): number {
  if (!value) return 1;
  if (value === 'auto') return os.availableParallelism();
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 64)
    throw new Error(`SERVER_WORKERS must be 'auto' or a whole number from 1 to 64, not '${value}'`);
  return n;
}
