/**
 * Chunked upload throughput on loopback against the real server.
 *
 *   npx tsx bench/file-upload.ts [sizeMiB=1024]
 *
 * Starts the server (SQLite, a temporary DATA_DIR), makes a file of
 * incompressible bytes, then times: the client's MD5 of the file (the
 * identifier; in the browser this is the Web Worker's job), the upload through
 * the chunk API (check, 5 MiB chunks 3 in parallel, merge with the server's MD5
 * check), the download of the result, and an instant re-upload. Next to them, a
 * plain copy of the same file on the same disk. Goal: upload ≥ 300 MB/s.
 * Everything temporary is removed at the end.
 *
 * CPU: the server's and this client's CPU time during the upload, per GiB, next
 * to the CPU of the plain stream copy, and what other processes took meanwhile
 * (the machine is shared: compare ratios within one run, and repeat).
 * BENCH_VERBOSE=1 adds the per-thread split (main thread, MD5 worker, libuv
 * pool, V8 helpers) of server and client; BENCH_NODE_ARGS passes node flags to
 * the server (e.g. `--cpu-prof`); BENCH_PARALLEL changes the parallel chunks.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createCipheriv, createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { cpuMs, freePort } from './support.ts';

const CHUNK_SIZE = 5242880;
const PARALLEL = Number(process.env.BENCH_PARALLEL ?? 3);
const GOAL_MBPS = 300;
const sizeMiB = Number(process.argv[2] ?? 1024);
const size = sizeMiB * 1024 * 1024;
const root = path.resolve(import.meta.dirname, '..');
const work = fs.mkdtempSync(path.join(process.env.BENCH_DIR ?? os.tmpdir(), 'medalliance-bench-'));
const dataDir = path.join(work, 'data');
const source = path.join(work, 'source.bin');
let server: ChildProcess | null = null;

const mbps = (bytes: number, ms: number) => bytes / 1e6 / (ms / 1000);
/** Busy and total jiffies of the whole machine (other processes' load shows in the figures). */
function machineTicks(): { busy: number; total: number } {
  const f = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  const total = f.reduce((a, b) => a + b, 0);
  return { busy: total - (f[3] ?? 0) - (f[4] ?? 0), total };
}
/** User and system CPU ms of each thread of a process (the verbose breakdown: main thread, MD5 worker, libuv pool). */
function threadTicks(pid: number): Map<string, { name: string; user: number; sys: number }> {
  const out = new Map<string, { name: string; user: number; sys: number }>();
  for (const tid of fs.readdirSync(`/proc/${pid}/task`)) {
    try {
      const f = fs.readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      const r = f.split(') ')[1]!.split(' ');
      out.set(tid, { name: /\((.*)\)/.exec(f)![1]!, user: Number(r[11]) * 10, sys: Number(r[12]) * 10 });
    } catch {
      // the thread ended meanwhile
    }
  }
  return out;
}
/** Flush dirty pages between phases, so no phase pays for the previous one's writes. */
const settle = () => spawnSync('sync');
const now = () => performance.now();

async function makeFile(): Promise<void> {
  const cipher = createCipheriv('aes-256-ctr', randomBytes(32), Buffer.alloc(16));
  const out = fs.createWriteStream(source);
  const block = Buffer.alloc(8 * 1024 * 1024);
  for (let written = 0; written < size; written += block.length) {
    const n = Math.min(block.length, size - written);
    if (!out.write(cipher.update(block.subarray(0, n)))) await new Promise<void>((r) => out.once('drain', () => r()));
  }
  out.end();
  await new Promise<void>((r) => out.once('finish', () => r()));
}

async function md5File(file: string): Promise<string> {
  const hash = createHash('md5');
  await pipeline(fs.createReadStream(file, { highWaterMark: 10240000 }), hash);
  return hash.digest('hex');
}

const agent = new http.Agent({ keepAlive: true, maxSockets: PARALLEL + 1 });
let base = '';
let token = '';
const phases = { chunks: 0, merge: 0 };

function request(
  method: string,
  url: string,
  body?: Buffer[],
  headers: Record<string, string> = {},
): Promise<{ status: number; json: any }> {
  return new Promise((resolve, reject) => {
    const length = body ? body.reduce((n, b) => n + b.length, 0) : 0;
    const req = http.request(
      `${base}${url}`,
      { method, agent, headers: { authorization: token, ...(body ? { 'content-length': String(length) } : {}), ...headers } },
      (res) => {
        const parts: Buffer[] = [];
        res.on('data', (c: Buffer) => parts.push(c));
        res.on('end', () => {
          const text = Buffer.concat(parts).toString('utf8');
          let json: any = null;
          try {
            json = JSON.parse(text);
          } catch {
            json = null;
          }
          resolve({ status: res.statusCode ?? 0, json });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    for (const b of body ?? []) req.write(b);
    req.end();
  });
}

function multipart(fields: Record<string, string | number>, file?: { name: string; data: Buffer }): { parts: Buffer[]; type: string } {
  // (chunk data is read into a plain Buffer; the parts keep their own type)
  const boundary = `----bench${randomBytes(8).toString('hex')}`;
  let head = '';
  for (const [k, v] of Object.entries(fields)) head += `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`;
  const parts: Buffer[] = [Buffer.from(head)];
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { parts, type: `multipart/form-data; boundary=${boundary}` };
}

async function upload(identifier: string, fileName: string): Promise<{ url: string; instant: boolean }> {
  const totalChunks = Math.max(1, Math.ceil(size / CHUNK_SIZE));
  const common = { chunkSize: CHUNK_SIZE, totalSize: size, identifier, fileName, totalChunks, type: 'annex', extension: 'zip' };
  const q = new URLSearchParams(Object.entries(common).map(([k, v]): [string, string] => [k, String(v)]));
  const check = await request('GET', `/api/file/chunk?${q}`);
  if (check.json?.code !== 200) throw new Error(`check: ${JSON.stringify(check.json)}`);
  const instant = check.json.data.uploaded as boolean;
  if (!instant) {
    const have = new Set<number>(check.json.data.chunkNumbers);
    const fd = await fsp.open(source, 'r');
    let next = 1;
    const worker = async () => {
      // One buffer per connection, reused (as a browser reuses its slices): a fresh 5 MiB
      // per chunk would make the client pay page faults the server-side figures do not show.
      const buffer = Buffer.allocUnsafe(CHUNK_SIZE);
      for (;;) {
        const n = next++;
        if (n > totalChunks) return;
        if (have.has(n)) continue;
        const start = (n - 1) * CHUNK_SIZE;
        const len = n === totalChunks ? size - start : CHUNK_SIZE;
        const data = buffer.subarray(0, len);
        await fd.read(data, 0, len, start);
        const body = multipart({ ...common, chunkNumber: n, currentChunkSize: len }, { name: fileName, data });
        const res = await request('POST', '/api/file/chunk', body.parts, { 'content-type': body.type });
        if (res.json?.code !== 200) throw new Error(`chunk ${n}: ${JSON.stringify(res.json)}`);
      }
    };
    const t0 = now();
    await Promise.all(Array.from({ length: PARALLEL }, worker));
    phases.chunks = now() - t0;
    if (process.env.BENCH_VERBOSE)
      console.log(`  chunks: ${(phases.chunks / 1000).toFixed(2)} s, ${mbps(size, phases.chunks).toFixed(0)} MB/s`);
    await fd.close();
  }
  const t1 = now();
  const m = multipart({ identifier, fileName, fileSize: size, type: 'annex', extension: 'zip', fileType: 'application/zip' });
  const merged = await request('POST', '/api/file/merge', m.parts, { 'content-type': m.type });
  if (merged.json?.code !== 200) throw new Error(`merge: ${JSON.stringify(merged.json)}`);
  if (!instant) phases.merge = now() - t1;
  return { url: merged.json.data.url, instant };
}

function download(url: string): Promise<string> {
  return new Promise((resolve, reject) => {
    http
      .get(`${base}${url}`, { agent, headers: { authorization: token } }, (res) => {
        if (res.statusCode !== 200) return reject(new Error(`download: HTTP ${res.statusCode}`));
        const hash = createHash('md5');
        res.on('data', (c: Buffer) => hash.update(c));
        res.on('end', () => resolve(hash.digest('hex')));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

async function startServer(): Promise<void> {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  server = spawn(
    process.execPath,
    [...(process.env.BENCH_NODE_ARGS ? process.env.BENCH_NODE_ARGS.split(' ') : []), '--import', 'tsx', 'apps/server/src/main.ts'],
    {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        DATABASE_URL: '',
        WEB_DIST: path.join(work, 'no-web'),
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(`${base}/api/oauth/getConfig/admin`)).ok) break;
    } catch {
      /* starting */
    }
    if (server.exitCode !== null) throw new Error('the server exited during start-up');
    if (Date.now() > deadline) throw new Error('the server did not start within 60 s');
    await new Promise((r) => setTimeout(r, 250));
  }
  const login = await fetch(`${base}/api/oauth/Login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ account: 'admin', password: createHash('md5').update('admin123').digest('hex'), grant_type: 'password' }),
  });
  token = ((await login.json()) as { data: { token: string } }).data.token;
}

async function main() {
  console.log(`file upload bench: ${sizeMiB} MiB, ${CHUNK_SIZE} B chunks, ${PARALLEL} in parallel, loopback, ${os.cpus().length} cores`);
  await makeFile();
  await startServer();

  settle();
  let t = now();
  await fsp.copyFile(source, path.join(work, 'copy1.bin'));
  const copyMs = now() - t;
  settle();
  t = now();
  const copyCpu0 = cpuMs(process.pid);
  await pipeline(fs.createReadStream(source, { highWaterMark: 1 << 20 }), fs.createWriteStream(path.join(work, 'copy2.bin')));
  const streamCopyMs = now() - t;
  // CPU of this process for the copy (its reads and writes run on libuv's threads, counted too).
  const streamCopyCpu = cpuMs(process.pid) - copyCpu0;
  settle();

  t = now();
  const identifier = await md5File(source);
  const hashMs = now() - t;

  settle();
  if (process.env.BENCH_VERBOSE) console.log(`  uploading (server pid ${server!.pid})`);
  const threads0 = { server: threadTicks(server!.pid!), client: threadTicks(process.pid) };
  const cpu0 = { client: cpuMs(process.pid), server: cpuMs(server!.pid!) };
  const machine0 = machineTicks();
  t = now();
  const first = await upload(identifier, 'bench.zip');
  const uploadMs = now() - t;
  const cpu = { client: cpuMs(process.pid) - cpu0.client, server: cpuMs(server!.pid!) - cpu0.server };
  const machine1 = machineTicks();
  // Jiffies are 10 ms: the machine's busy CPU time during the upload, minus ours, is what other processes took.
  const othersMs = Math.max(0, (machine1.busy - machine0.busy) * 10 - cpu.server - cpu.client);
  if (process.env.BENCH_VERBOSE) {
    for (const [who, before] of [
      ['server', threads0.server],
      ['client', threads0.client],
    ] as const) {
      const after = threadTicks(who === 'server' ? server!.pid! : process.pid);
      for (const [tid, t] of after) {
        const b = before.get(tid) ?? { name: t.name, user: 0, sys: 0 };
        const user = t.user - b.user;
        const sys = t.sys - b.sys;
        const label = tid === String(who === 'server' ? server!.pid : process.pid) ? 'main' : tid;
        if (user + sys > 0) console.log(`  ${who} thread ${label} (${t.name}): user ${user} ms, sys ${sys} ms`);
      }
    }
  }

  t = now();
  const back = await download(first.url);
  const downloadMs = now() - t;
  if (back !== identifier) throw new Error('downloaded file differs from the upload');

  t = now();
  const again = await upload(identifier, 'bench-again.zip');
  const instantMs = now() - t;
  if (!again.instant) throw new Error('the second upload was not instant');

  const row = (label: string, ms: number, bytes = size) =>
    console.log(`  ${label.padEnd(44)} ${(ms / 1000).toFixed(2).padStart(7)} s  ${mbps(bytes, ms).toFixed(0).padStart(6)} MB/s`);
  console.log('');
  row('plain copy, fs.copyFile (cp)', copyMs);
  row('plain copy, read + write stream', streamCopyMs);
  row('client MD5 of the file (identifier)', hashMs);
  row('upload: check + chunks + merge (verified)', uploadMs);
  row('  of which: chunks', phases.chunks);
  row('  of which: merge (join, MD5 check, store)', phases.merge);
  row('upload including the client MD5', uploadMs + hashMs);
  row('download of the stored file', downloadMs);
  console.log(`  ${'instant re-upload (same content)'.padEnd(44)} ${(instantMs / 1000).toFixed(3).padStart(7)} s`);
  console.log('');
  console.log(
    `  CPU during the upload: server ${(cpu.server / 1000).toFixed(2)} s, client ${(cpu.client / 1000).toFixed(2)} s, ` +
      `other processes ${(othersMs / 1000).toFixed(2)} s (wall ${(uploadMs / 1000).toFixed(2)} s, ${os.cpus().length} cores)`,
  );
  const perGiB = (ms: number) => (ms / 1000 / (size / 1073741824)).toFixed(2);
  console.log(
    `  server CPU per GiB uploaded: ${perGiB(cpu.server)} s (client ${perGiB(cpu.client)} s); ` +
      `plain read + write stream copy: ${perGiB(streamCopyCpu)} s per GiB`,
  );
  if (othersMs > uploadMs * 0.25)
    console.log('  note: other processes used the CPU during the upload; the figures are lower than on a quiet machine');
  console.log(`  upload / stream copy: ${(uploadMs / streamCopyMs).toFixed(2)}x the time; upload / cp: ${(uploadMs / copyMs).toFixed(2)}x`);
  const up = mbps(size, uploadMs);
  console.log(
    `  goal ≥ ${GOAL_MBPS} MB/s end to end through the chunk API: ${up.toFixed(0)} MB/s — ${up >= GOAL_MBPS ? 'met' : 'NOT met'}`,
  );
}

main()
  .catch((err) => {
    console.error(err);
    process.exitCode = 1;
  })
  .finally(async () => {
    agent.destroy();
    if (server && server.exitCode === null) {
      server.kill('SIGTERM');
      await new Promise((r) => server!.once('exit', r));
    }
    fs.rmSync(work, { recursive: true, force: true });
  });
