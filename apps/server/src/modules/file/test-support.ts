import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createCipheriv, createHash, randomBytes } from 'node:crypto';
import { CHUNK_SIZE } from '@medalliance/contract';
import { createTestApp, type TestApp, type TestResponse } from '../../test/harness.ts';
import { fileRuntime } from './runtime.ts';

/** Helpers of the file module's tests: a private data folder, multipart bodies, the chunk protocol as a client runs it. */

export interface FileTestApp extends TestApp {
  dataDir: string;
  send(
    method: string,
    url: string,
    opts?: { token?: string; body?: MultipartBody; headers?: Record<string, string> },
  ): Promise<TestResponse>;
}

/** `parentDir`: where the data folder goes (another file system, e.g. tmpfs); the system's temporary folder by default. */
export async function createFileTestApp(parentDir = os.tmpdir()): Promise<FileTestApp> {
  const dataDir = fs.mkdtempSync(path.join(parentDir, 'medalliance-files-'));
  const t = await createTestApp({ dataDir });
  // The tests run the cleanup themselves, with moved clocks: no scheduled run in between.
  fileRuntime(t.ctx).stopCleanup();
  const send: FileTestApp['send'] = async (method, url, opts = {}) => {
    const headers: Record<string, string> = { ...(opts.body?.headers ?? {}), ...(opts.headers ?? {}) };
    if (opts.token) headers.authorization = opts.token;
    const raw = await t.app.inject({ method: method as 'POST', url, headers, ...(opts.body ? { payload: opts.body.payload } : {}) });
    let body: any = {};
    try {
      body = raw.json();
    } catch {
      body = {};
    }
    return { status: raw.statusCode, code: body.code, msg: body.msg, data: body.data, raw };
  };
  return {
    ...t,
    dataDir,
    send,
    async close() {
      await t.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface MultipartBody {
  payload: Buffer;
  headers: Record<string, string>;
}

export function multipart(
  fields: Record<string, string | number>,
  files: { field?: string; name: string; data: Buffer; type?: string }[] = [],
): MultipartBody {
  const boundary = `----medalliance${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  for (const f of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.field ?? 'file'}"; filename="${f.name}"\r\nContent-Type: ${f.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      f.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export const md5Of = (b: Buffer) => createHash('md5').update(b).digest('hex');

/** Deterministic pseudo-random bytes (incompressible, reproducible): AES-CTR over zeros. */
export function bytes(size: number, seed = 1): Buffer {
  const key = createHash('sha256').update(`seed:${seed}`).digest();
  const cipher = createCipheriv('aes-256-ctr', key, Buffer.alloc(16));
  return Buffer.concat([cipher.update(Buffer.alloc(size)), cipher.final()]);
}

export interface ChunkPlan {
  data: Buffer;
  fileName: string;
  type?: string;
  chunkSize?: number;
  identifier?: string;
}

export function chunkFieldsOf(plan: ChunkPlan, n: number) {
  const chunkSize = plan.chunkSize ?? CHUNK_SIZE;
  const totalChunks = Math.max(1, Math.ceil(plan.data.length / chunkSize));
  const start = (n - 1) * chunkSize;
  const end = n === totalChunks ? plan.data.length : start + chunkSize;
  const ext = plan.fileName.includes('.') ? plan.fileName.split('.').pop()! : '';
  return {
    fields: {
      chunkNumber: n,
      chunkSize,
      currentChunkSize: end - start,
      totalSize: plan.data.length,
      identifier: plan.identifier ?? md5Of(plan.data),
      fileName: plan.fileName,
      totalChunks,
      type: plan.type ?? 'annex',
      extension: ext,
      fileType: 'application/octet-stream',
    },
    slice: plan.data.subarray(start, end),
    totalChunks,
  };
}

export const sendChunk = (t: FileTestApp, token: string, plan: ChunkPlan, n: number) => {
  const { fields, slice } = chunkFieldsOf(plan, n);
  return t.send('POST', '/api/file/chunk', { token, body: multipart(fields, [{ name: plan.fileName, data: slice }]) });
};

export const checkChunk = (t: FileTestApp, token: string, plan: ChunkPlan, headers: Record<string, string> = {}) => {
  const { fields } = chunkFieldsOf(plan, 1);
  const { chunkNumber: _n, currentChunkSize: _c, ...rest } = fields;
  return t.send('GET', `/api/file/chunk?${new URLSearchParams(Object.entries(rest).map(([k, v]): [string, string] => [k, String(v)]))}`, {
    token,
    headers,
  });
};

export const merge = (t: FileTestApp, token: string, plan: ChunkPlan, headers: Record<string, string> = {}) => {
  const { fields } = chunkFieldsOf(plan, 1);
  return t.send('POST', '/api/file/merge', {
    token,
    headers,
    body: multipart({
      identifier: fields.identifier,
      fileName: plan.fileName,
      fileSize: plan.data.length,
      fileType: 'application/octet-stream',
      extension: fields.extension,
      type: fields.type,
    }),
  });
};

/** The whole protocol: check, the chunks not yet there, merge. */
export async function uploadAll(t: FileTestApp, token: string, plan: ChunkPlan) {
  const check = await checkChunk(t, token, plan);
  if (check.code !== 200) return check;
  if (!check.data.uploaded) {
    const { totalChunks } = chunkFieldsOf(plan, 1);
    for (let n = 1; n <= totalChunks; n += 1) {
      if (check.data.chunkNumbers.includes(n)) continue;
      const r = await sendChunk(t, token, plan, n);
      if (r.code !== 200) return r;
    }
  }
  return merge(t, token, plan);
}
