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
}

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
  };
}

function workerCount(value: string | undefined): number {
  if (!value) return 1;
  if (value === 'auto') return os.availableParallelism();
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 64)
    throw new Error(`SERVER_WORKERS must be 'auto' or a whole number from 1 to 64, not '${value}'`);
  return n;
}
