import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import Database from 'better-sqlite3';
import { afterAll, expect, it } from 'vitest';
import { bytes, md5Of, multipart } from './modules/file/test-support.ts';
import { login, startServerProcess, stopServerProcess } from './test/server-process.ts';

/**
 * SIGTERM while requests are still arriving: the server as its own process on
 * a SQLite file, an upload chunk and two saves with their bodies half sent.
 * Whatever was in flight finishes (or, when its client gives up, leaves no
 * trace), new connections are refused, the process exits 0, and the next
 * start finds a sound database and a chunk it can merge byte for byte.
 * SQLite only: what is at stake is our file and the WAL, not PostgreSQL's.
 */
let server: ChildProcess | null = null;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'medalliance-shutdown-'));
const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, WEB_DIST: path.join(dataDir, 'no-web'), LOG_LEVEL: 'warn' };
delete env.DATABASE_URL;
delete env.REDIS_URL;
delete env.SERVER_WORKERS;

afterAll(async () => {
  await stopServerProcess(server);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

interface Pending {
  req: http.ClientRequest;
  answer: Promise<{ status: number; code?: number; body: string }>;
}

/** Starts a POST whose body is `head` now; the caller sends the rest (or gives up) later. */
function startPost(base: string, url: string, token: string, headers: Record<string, string>, whole: Buffer, head: number): Pending {
  const req = http.request(`${base}${url}`, {
    method: 'POST',
    agent: false,
    headers: { ...headers, authorization: token, 'content-length': String(whole.length) },
  });
  const answer = new Promise<{ status: number; code?: number; body: string }>((resolve, reject) => {
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        let code: number | undefined;
        try {
          code = (JSON.parse(body) as { code: number }).code;
        } catch {
          // not an envelope
        }
        resolve({ status: res.statusCode ?? 0, code, body });
      });
    });
    req.on('error', reject);
  });
  req.write(whole.subarray(0, head));
  return { req, answer };
}

/** One plain request on a new connection: its status, or the connection error's code. */
function probe(base: string): Promise<string> {
  return new Promise((resolve) => {
    const req = http.get(`${base}/api/oauth/getConfig/admin`, { agent: false }, (res) => {
      res.resume();
      resolve(String(res.statusCode));
    });
    req.on('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? err.message));
  });
}

const exitOf = (proc: ChildProcess) =>
  new Promise<number | string | null>((resolve) => {
    if (proc.exitCode !== null || proc.signalCode !== null) resolve(proc.exitCode ?? proc.signalCode);
    else proc.once('exit', (code, signal) => resolve(code ?? signal));
  });

it('finishes what is in flight on SIGTERM, refuses the rest, and leaves nothing half-written', async () => {
  const started = await startServerProcess({ env });
  server = started.server;
  const { base } = started;
  const token = await login(base, 'admin', 'admin123');

  const data = bytes(700 * 1024, 7);
  const identifier = md5Of(data);
  const fields = { identifier, chunkNumber: 1, totalChunks: 1, chunkSize: 1048576, currentChunkSize: data.length, totalSize: data.length };
  const chunk = multipart({ ...fields, fileName: 'scan.pdf' }, [{ name: 'scan.pdf', data }]);
  const upload = startPost(base, '/api/file/chunk', token, chunk.headers, chunk.payload, chunk.payload.length - 300 * 1024);

  const json = { 'content-type': 'application/json' };
  const saved = Buffer.from(JSON.stringify({ fullName: '停机时保存', enCode: 'shutdownSaved', sortCode: 1 }));
  const save = startPost(base, '/api/system/DictionaryType', token, json, saved, 20);
  const abandoned = Buffer.from(JSON.stringify({ fullName: '停机时放弃', enCode: 'shutdownAbandoned', sortCode: 2 }));
  const abandon = startPost(base, '/api/system/DictionaryType', token, json, abandoned, 20);
  abandon.answer.catch(() => undefined);

  // The server has the requests' heads and part of their bodies when the signal comes.
  await new Promise((r) => setTimeout(r, 1000));
  const exited = exitOf(server);
  server.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 500));
  expect(['ECONNREFUSED', '503']).toContain(await probe(base));

  abandon.req.destroy();
  upload.req.end(chunk.payload.subarray(chunk.payload.length - 300 * 1024));
  save.req.end(saved.subarray(20));
  const [uploaded, savedAnswer] = await Promise.all([upload.answer, save.answer]);
  expect(uploaded.code, uploaded.body).toBe(200);
  expect(savedAnswer.code, savedAnswer.body).toBe(200);
  expect(await exited).toBe(0);

  // Closed cleanly: the WAL is checkpointed into the file, which is sound; the save is whole, the abandoned one absent.
  const file = path.join(dataDir, 'app.db');
  expect(fs.existsSync(`${file}-wal`) ? fs.statSync(`${file}-wal`).size : 0).toBe(0);
  const db = new Database(file, { readonly: true });
  try {
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    const count = (enCode: string) =>
      (db.prepare('select count(*) as n from dictionary_types where en_code = ?').get(enCode) as { n: number }).n;
    expect(count('shutdownSaved')).toBe(1);
    expect(count('shutdownAbandoned')).toBe(0);
  } finally {
    db.close();
  }

  // The next start sees the whole chunk, not yet a file, and merges it into exactly the bytes sent.
  const again = await startServerProcess({ env });
  server = again.server;
  const token2 = await login(again.base, 'admin', 'admin123');
  const auth = { authorization: token2 };
  const query = new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)])).toString();
  const check = (await (await fetch(`${again.base}/api/file/chunk?${query}&fileName=scan.pdf`, { headers: auth })).json()) as {
    msg: string;
    data: { uploaded: boolean; chunkNumbers: number[] };
  };
  expect(check.data, check.msg).toMatchObject({ uploaded: false, chunkNumbers: [1] });
  const form = multipart({ identifier, fileName: 'scan.pdf', totalSize: data.length, type: 'annex' });
  const merged = (await (
    await fetch(`${again.base}/api/file/merge`, {
      method: 'POST',
      headers: { ...auth, ...form.headers },
      body: new Uint8Array(form.payload),
    })
  ).json()) as { code: number; msg: string; data: { url?: string; fileId?: string } };
  expect(merged.code, merged.msg).toBe(200);

  const exitedAgain = exitOf(server);
  server.kill('SIGTERM');
  expect(await exitedAgain).toBe(0);
  server = null;
}, 300_000);
