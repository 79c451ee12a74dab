import { FILE_UNITS } from '@medalliance/contract';

/**
 * Limits and storage of the file module, from the environment (all optional):
 * FILE_STORE (`local` | `s3`), FILE_MAX_SIZE_MB (any chunked upload, default
 * 10240 = 10 GiB), FILE_SINGLE_MAX_MB (one-request uploads of non-images,
 * default 100), FILE_LINK_SECONDS (lifetime of signed links, default 3600),
 * FILE_DIRECT_IO (`off` writes chunks through the page cache; see direct-io.ts),
 * and for S3: S3_ENDPOINT, S3_REGION, S3_BUCKET, S3_ACCESS_KEY_ID,
 * S3_SECRET_ACCESS_KEY, S3_FORCE_PATH_STYLE.
 */
export interface FileSettings {
  store: 'local' | 's3';
  /** Largest file of a chunked upload (the "configured default for others"). */
  maxBytes: number;
  /** Largest non-image file of a one-request upload. */
  singleMaxBytes: number;
  /** Default lifetime of signed links, seconds. */
  linkSeconds: number;
  /** Abandoned temporary chunks older than this are removed. */
  tempMaxAgeMs: number;
  /** How often the cleanup runs. */
  cleanupEveryMs: number;
  /** A merge lease older than this is taken to be from a crashed process. */
  mergeLeaseMs: number;
  /** Chunks written with O_DIRECT where the file system allows it (direct-io.ts). */
  directIo: boolean;
  s3: S3Settings | null;
}

export interface S3Settings {
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
}

const num = (v: string | undefined, dflt: number) => {
  const n = Number(v);
  return v && Number.isFinite(n) && n > 0 ? n : dflt;
};

export function loadFileSettings(env: NodeJS.ProcessEnv = process.env): FileSettings {
  const store = env.FILE_STORE === 's3' ? 's3' : 'local';
  return {
    store,
    maxBytes: Math.floor(num(env.FILE_MAX_SIZE_MB, 10240) * FILE_UNITS.MB),
    singleMaxBytes: Math.floor(num(env.FILE_SINGLE_MAX_MB, 100) * FILE_UNITS.MB),
    linkSeconds: Math.floor(num(env.FILE_LINK_SECONDS, 3600)),
    tempMaxAgeMs: 24 * 3600_000,
    cleanupEveryMs: 3600_000,
    mergeLeaseMs: 10 * 60_000,
    directIo: !['0', 'off', 'false'].includes((env.FILE_DIRECT_IO ?? '').toLowerCase()),
    s3:
      store === 's3'
        ? {
            endpoint: env.S3_ENDPOINT ?? 'https://s3.amazonaws.com',
            region: env.S3_REGION ?? 'us-east-1',
            bucket: env.S3_BUCKET ?? 'medalliance',
            accessKeyId: env.S3_ACCESS_KEY_ID ?? '',
            secretAccessKey: env.S3_SECRET_ACCESS_KEY ?? '',
            forcePathStyle: env.S3_FORCE_PATH_STYLE !== 'false',
          }
        : null,
  };
}
