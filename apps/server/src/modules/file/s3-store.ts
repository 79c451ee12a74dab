import fs from 'node:fs';
import fsp from 'node:fs/promises';
import http from 'node:http';
import https from 'node:https';
import { createHash, createHmac } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { S3Settings } from './settings.ts';
import { assertKey, StoreNotFoundError, type ByteRange, type FileStore, type StoredObject } from './store.ts';

export interface SignInput {
  method: string;
  host: string;
  pathname: string;
  canonicalQuery: string;
  payloadHash: string;
  /** Further headers to send and sign (lower-case names), e.g. range, content-type. */
  headers: Record<string, string>;
  /** `YYYYMMDDTHHMMSSZ` */
  amzDate: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/** AWS Signature Version 4 for S3: the headers to send, authorization included. */
export function signV4(i: SignInput): Record<string, string> {
  const day = i.amzDate.slice(0, 8);
  const headers: Record<string, string> = { ...i.headers, host: i.host, 'x-amz-content-sha256': i.payloadHash, 'x-amz-date': i.amzDate };
  const signed = Object.keys(headers).sort();
  const canonical = [
    i.method,
    i.pathname,
    i.canonicalQuery,
    signed.map((h) => `${h}:${String(headers[h]).trim()}\n`).join(''),
    signed.join(';'),
    i.payloadHash,
  ].join('\n');
  const scope = `${day}/${i.region}/s3/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', i.amzDate, scope, createHash('sha256').update(canonical).digest('hex')].join('\n');
  const hmac = (k: Buffer | string, d: string) => createHmac('sha256', k).update(d).digest();
  const kSigning = hmac(hmac(hmac(hmac(`AWS4${i.secretAccessKey}`, day), i.region), 's3'), 'aws4_request');
  const signature = createHmac('sha256', kSigning).update(toSign).digest('hex');
  return {
    ...headers,
    authorization: `AWS4-HMAC-SHA256 Credential=${i.accessKeyId}/${scope},SignedHeaders=${signed.join(';')},Signature=${signature}`,
  };
}

/**
 * An S3-compatible bucket as the FileStore, for deployments of several server
 * processes. Speaks the S3 REST API directly (Signature V4, path-style or
 * virtual-host URLs, streamed bodies with UNSIGNED-PAYLOAD, multipart upload
 * for large files), so no SDK is needed.
 */
export class S3Store implements FileStore {
  readonly kind = 's3' as const;
  private readonly base: URL;
  /** Files larger than this go up in parts of this size (S3 allows at most 5 GiB in one PUT). */
  partSize: number;

  constructor(
    private readonly s3: S3Settings,
    opts: { partSize?: number } = {},
  ) {
    this.base = new URL(s3.endpoint);
    this.partSize = opts.partSize ?? 64 * 1024 * 1024;
  }

  private target(key: string | null, query: Record<string, string> = {}) {
    const seg = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
    const keyPath = key === null ? '' : `/${key.split('/').map(seg).join('/')}`;
    const host = this.s3.forcePathStyle ? this.base.host : `${this.s3.bucket}.${this.base.host}`;
    const basePath = this.base.pathname.replace(/\/$/, '');
    const pathname = this.s3.forcePathStyle ? `${basePath}/${seg(this.s3.bucket)}${keyPath}` : `${basePath}${keyPath || '/'}`;
    const canonicalQuery = Object.keys(query)
      .sort()
      .map((k) => `${seg(k)}=${seg(query[k]!)}`)
      .join('&');
    return { host, pathname, canonicalQuery };
  }

  /** One signed request; resolves with the response once its headers arrive. */
  private request(
    method: string,
    key: string | null,
    opts: { query?: Record<string, string>; headers?: Record<string, string>; body?: Readable | Buffer; length?: number } = {},
  ): Promise<http.IncomingMessage> {
    const { host, pathname, canonicalQuery } = this.target(key, opts.query);
    const payloadHash =
      opts.body instanceof Buffer
        ? createHash('sha256').update(opts.body).digest('hex')
        : opts.body
          ? 'UNSIGNED-PAYLOAD'
          : createHash('sha256').update('').digest('hex');
    const headers = signV4({
      method,
      host,
      pathname,
      canonicalQuery,
      payloadHash,
      headers: opts.headers ?? {},
      amzDate: new Date()
        .toISOString()
        .replace(/[-:]/g, '')
        .replace(/\.\d{3}/, ''),
      region: this.s3.region,
      accessKeyId: this.s3.accessKeyId,
      secretAccessKey: this.s3.secretAccessKey,
    });
    if (opts.body) headers['content-length'] = String(opts.body instanceof Buffer ? opts.body.length : (opts.length ?? 0));
    const lib = this.base.protocol === 'https:' ? https : http;
    const body = opts.body;
    return new Promise((resolve, reject) => {
      const req = lib.request(
        {
          method,
          protocol: this.base.protocol,
          hostname: this.s3.forcePathStyle ? this.base.hostname : `${this.s3.bucket}.${this.base.hostname}`,
          port: this.base.port || undefined,
          path: pathname + (canonicalQuery ? `?${canonicalQuery}` : ''),
          headers,
        },
        resolve,
      );
      req.on('error', reject);
      if (body instanceof Buffer) req.end(body);
      else if (body) {
        const stream = body as Readable;
        stream.on('error', (err: Error) => req.destroy(err));
        stream.pipe(req);
      } else req.end();
    });
  }

  private async expectOk(res: http.IncomingMessage, what: string): Promise<string> {
    const chunks: Buffer[] = [];
    for await (const c of res) chunks.push(c as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    if ((res.statusCode ?? 500) >= 300) throw new Error(`S3 ${what}: HTTP ${res.statusCode} ${text.slice(0, 300)}`);
    return text;
  }

  /** Creates the bucket (deployments usually have one already; tests make their own). */
  async createBucket(): Promise<void> {
    const res = await this.request('PUT', null);
    const text = await this.expectOk(res, 'create bucket').catch((err: Error) => {
      if (/BucketAlready/.test(err.message)) return '';
      throw err;
    });
    void text;
  }

  async put(key: string, body: Readable, size: number): Promise<void> {
    assertKey(key);
    await this.expectOk(await this.request('PUT', key, { body, length: size }), `put ${key}`);
  }

  async putFile(key: string, localPath: string, opts: { move?: boolean } = {}): Promise<void> {
    assertKey(key);
    const { size } = await fsp.stat(localPath);
    if (size <= this.partSize) {
      await this.put(key, fs.createReadStream(localPath), size);
    } else {
      const created = await this.expectOk(await this.request('POST', key, { query: { uploads: '' } }), `start upload ${key}`);
      const uploadId = /<UploadId>([^<]+)<\/UploadId>/.exec(created)?.[1];
      if (!uploadId) throw new Error(`S3 start upload ${key}: no UploadId`);
      try {
        const etags: string[] = [];
        for (let part = 1, start = 0; start < size; part += 1, start += this.partSize) {
          const end = Math.min(size, start + this.partSize) - 1;
          const res = await this.request('PUT', key, {
            query: { partNumber: String(part), uploadId },
            body: fs.createReadStream(localPath, { start, end }),
            length: end - start + 1,
          });
          await this.expectOk(res, `part ${part} of ${key}`);
          etags.push(String(res.headers.etag ?? ''));
        }
        const xml = `<CompleteMultipartUpload>${etags.map((e, i) => `<Part><PartNumber>${i + 1}</PartNumber><ETag>${e}</ETag></Part>`).join('')}</CompleteMultipartUpload>`;
        const done = await this.expectOk(
          await this.request('POST', key, { query: { uploadId }, body: Buffer.from(xml), headers: { 'content-type': 'application/xml' } }),
          `complete ${key}`,
        );
        if (/<Error>/.test(done)) throw new Error(`S3 complete ${key}: ${done.slice(0, 300)}`);
      } catch (err) {
        await this.request('DELETE', key, { query: { uploadId } }).then(
          (r) => r.resume(),
          () => undefined,
        );
        throw err;
      }
    }
    if (opts.move) await fsp.rm(localPath, { force: true });
  }

  async get(key: string, range?: ByteRange): Promise<Readable> {
    assertKey(key);
    const res = await this.request('GET', key, range ? { headers: { range: `bytes=${range.start}-${range.end}` } } : {});
    if (res.statusCode === 404) {
      res.resume();
      throw new StoreNotFoundError(key);
    }
    if (res.statusCode !== 200 && res.statusCode !== 206) await this.expectOk(res, `get ${key}`);
    return res;
  }

  async stat(key: string): Promise<StoredObject | null> {
    assertKey(key);
    const res = await this.request('HEAD', key);
    res.resume();
    if (res.statusCode === 404) return null;
    if ((res.statusCode ?? 500) >= 300) throw new Error(`S3 head ${key}: HTTP ${res.statusCode}`);
    return { size: Number(res.headers['content-length'] ?? 0), mtimeMs: Date.parse(String(res.headers['last-modified'] ?? '')) || 0 };
  }

  async exists(key: string): Promise<boolean> {
    return (await this.stat(key)) !== null;
  }

  async delete(key: string): Promise<void> {
    assertKey(key);
    const res = await this.request('DELETE', key);
    if (res.statusCode === 404) {
      res.resume();
      return;
    }
    await this.expectOk(res, `delete ${key}`);
  }
}
