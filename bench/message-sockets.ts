/**
 * The real-time socket at scale, next to a bare `ws` echo server started in
 * the same run:
 *
 *   npx tsx bench/message-sockets.ts
 *   BENCH_SOCKETS=5000 BENCH_RATE=1000 BENCH_SECONDS=10 DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/message-sockets.ts
 *
 * 1. Memory: BENCH_SOCKETS (5,000) sockets, one per user, each signed in
 *    (token in the URL) and registered (OnConnection → initMessage), on one
 *    server process; the process's resident memory idle and with them open,
 *    per connection; the same for the bare server holding plain sockets.
 * 2. Delivery: BENCH_RATE (1,000) chat messages per second for BENCH_SECONDS
 *    (10), each SendMessage from one user's socket to another's (each socket
 *    sends a few a minute: under the per-socket frame limit), stored, then
 *    pushed as receiveMessage; latency from send to receipt, p50 / p99 / max,
 *    next to the same frames echoed by the bare server (send → echo back).
 *    Goal: our p99 within 3 × the bare one.
 * 3. Across processes: a second server process on the same database, both with
 *    REDIS_URL (redis://127.0.0.1:6379 unless set); half of the sockets on
 *    each, every message sent on one process to a user on the other.
 *
 * The server runs as deployed (`node --import tsx apps/server/src/main.ts`, SQLite
 * unless DATABASE_URL names a PostgreSQL, which gets a private schema). The
 * clients run in this process; the machine's cores are shared by all of it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import { openDb } from '../apps/server/src/db/connection.ts';
import { startServerProcess } from '../apps/server/src/test/server-process.ts';
import { benchContext, benchWorkDir, freePort, pgAdmin, serverDatabaseUrl, stopServer } from './support.ts';

const SOCKETS = Number(process.env.BENCH_SOCKETS) || 5000;
const RATE = Number(process.env.BENCH_RATE) || 1000;
const SECONDS = Number(process.env.BENCH_SECONDS) || 10;
const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const root = path.resolve(import.meta.dirname, '..');
const { work, dataDir } = benchWorkDir('sockets');
const pgBase = process.env.DATABASE_URL ?? null;
const schema = pgBase ? `bench_sockets_${Date.now()}` : null;
if (schema) await pgAdmin(pgBase!, `CREATE SCHEMA ${schema}`);
const databaseUrl = serverDatabaseUrl(pgBase, schema);

const rssMb = (pid: number | undefined): number => {
  const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : 0;
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]! : NaN;
};
const fmt = (n: number) => n.toFixed(2);

/** Demo data, then one user and one session per socket; answers the user ids and raw tokens. */
async function seedUsers(): Promise<{ userIds: string[]; tokens: string[] }> {
  const [{ migrateToLatest }, { seed }, { newUserRow }, { createSession }] = await Promise.all([
    import('../apps/server/src/db/migrate.ts'),
    import('../apps/server/src/db/seed/index.ts'),
    import('../apps/server/src/db/user-row.ts'),
    import('../apps/server/src/modules/oauth/sessions.service.ts'),
  ]);
  const handle = openDb(
    pgBase ? { databaseUrl: pgBase, pgSchema: schema!, poolSize: 4 } : { databaseUrl: null, sqliteFile: path.join(dataDir, 'app.db') },
  );
  try {
    const ctx = benchContext(handle, dataDir);
    await migrateToLatest(handle.db);
    await seed(ctx);
    const org = (await handle.db.selectFrom('users').select('organizeId').where('account', '=', 'admin').executeTakeFirstOrThrow())
      .organizeId;
    const userIds = Array.from({ length: SOCKETS }, (_, i) => `9${String(i).padStart(17, '0')}`);
    const rows = userIds.map((id, i) =>
      newUserRow({ id, account: `sock${i}`, realName: `用户${i}`, passwordHash: 'not-used', organizeId: org }),
    );
    for (let i = 0; i < rows.length; i += 200)
      await handle.db
        .insertInto('users')
        .values(rows.slice(i, i + 200))
        .execute();
    const tokens: string[] = [];
    for (const id of userIds) tokens.push((await createSession(ctx, id, { ip: null, userAgent: 'bench', loginType: 'bench' })).token);
    return { userIds, tokens };
  } finally {
    await handle.close();
  }
}

/** A bare `ws` server that echoes every frame, in its own process. */
async function startBare(): Promise<{ url: string; proc: ChildProcess }> {
  const port = await freePort();
  const code = `
    const { WebSocketServer } = require('ws');
    const wss = new WebSocketServer({ port: ${port}, host: '127.0.0.1' });
    wss.on('connection', (ws) => ws.on('message', (data) => ws.send(data, { binary: false })));
    wss.on('listening', () => console.log('ready'));`;
  const proc = spawn(process.execPath, ['-e', code], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve) => proc.stdout!.once('data', () => resolve()));
  return { url: `ws://127.0.0.1:${port}`, proc };
}

interface Client {
  ws: WebSocket;
  onFrame: (text: string) => void;
}

/** Opens `urls.length` sockets, 200 at a time; `ready` says when one is usable (after initMessage for ours). */
async function openAll(urls: string[], register: boolean, onFrame: (i: number, text: string) => void): Promise<Client[]> {
  const clients: Client[] = new Array(urls.length);
  let next = 0;
  const one = async (i: number) => {
    const ws = new WebSocket(urls[i]!, { perMessageDeflate: false });
    const client: Client = { ws, onFrame: (t) => onFrame(i, t) };
    clients[i] = client;
    await new Promise<void>((resolve, reject) => {
      ws.once('error', reject);
      ws.once('open', () => {
        if (!register) return resolve();
        ws.send(JSON.stringify({ method: 'OnConnection', mobileDevice: false }));
      });
      ws.on('message', (data) => {
        const text = String(data);
        if (register && text.startsWith('{"method":"initMessage"')) resolve();
        client.onFrame(text);
      });
    });
  };
  await Promise.all(
    Array.from({ length: 200 }, async () => {
      while (next < urls.length) await one(next++);
    }),
  );
  return clients;
}

const closeAll = async (clients: Client[]) => {
  await Promise.all(
    clients.map(
      (c) =>
        new Promise<void>((resolve) => {
          if (c.ws.readyState === WebSocket.CLOSED) return resolve();
          c.ws.once('close', () => resolve());
          c.ws.close();
        }),
    ),
  );
};

/**
 * Sends RATE messages per second for SECONDS (in 10 ms ticks), message k from
 * socket `from(k)`; `frame(k)` builds it. Answers the latencies of those that
 * came back within 5 s of the last send, and how many did not.
 */
async function drive(
  clients: Client[],
  from: (k: number) => number,
  frame: (k: number) => string,
  arrivals: Map<number, number>,
): Promise<{ latencies: number[]; lost: number; sent: number }> {
  const sentAt = new Map<number, number>();
  const total = RATE * SECONDS;
  const start = performance.now();
  let k = 0;
  while (k < total) {
    const due = Math.min(total, Math.floor(((performance.now() - start) / 1000) * RATE));
    for (; k < due; k++) {
      sentAt.set(k, performance.now());
      clients[from(k)]!.ws.send(frame(k));
    }
    await sleep(10);
  }
  const until = performance.now() + 5000;
  while (arrivals.size < total && performance.now() < until) await sleep(50);
  const latencies: number[] = [];
  for (const [key, at] of arrivals) latencies.push(at - sentAt.get(key)!);
  return { latencies, lost: total - arrivals.size, sent: total };
}

const line = (name: string, r: { latencies: number[]; lost: number }) =>
  `${name.padEnd(42)} p50 ${fmt(pct(r.latencies, 50)).padStart(8)} ms   p99 ${fmt(pct(r.latencies, 99)).padStart(8)} ms   max ${fmt(Math.max(...r.latencies)).padStart(8)} ms   lost ${r.lost}`;

const env = (extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv => {
  const e: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn', WEB_DIST: path.join(work, 'no-web'), ...extra };
  if (databaseUrl) e.DATABASE_URL = databaseUrl;
  else delete e.DATABASE_URL;
  delete e.SERVER_WORKERS;
  return e;
};

const servers: ChildProcess[] = [];
try {
  const t0 = performance.now();
  const { userIds, tokens } = await seedUsers();
  console.log(
    `seeded ${SOCKETS} users with sessions in ${((performance.now() - t0) / 1000).toFixed(1)} s (${pgBase ? 'PostgreSQL' : 'SQLite'})`,
  );
  const results: string[] = [];

  // ── bare ws echo server ──
  const bare = await startBare();
  servers.push(bare.proc);
  await sleep(500);
  const bareIdle = rssMb(bare.proc.pid);
  const bareArrivals = new Map<number, number>();
  const bareClients = await openAll(Array(SOCKETS).fill(bare.url), false, (_i, text) => {
    bareArrivals.set(Number(JSON.parse(text).k), performance.now());
  });
  await sleep(1000);
  const bareOpen = rssMb(bare.proc.pid);
  const bareRun = await drive(
    bareClients,
    (k) => k % SOCKETS,
    (k) => JSON.stringify({ method: 'Echo', k, pad: 'x'.repeat(120) }),
    bareArrivals,
  );
  console.log(`bare: ${fmt(bareIdle)} → ${fmt(bareOpen)} MB; ${line('echo', bareRun)}`);
  await closeAll(bareClients);
  bare.proc.kill();

  // ── our server, one process ──
  const single = await startServerProcess({ env: env() });
  servers.push(single.server);
  await sleep(2000);
  const idle = rssMb(single.server.pid);
  const arrivals = new Map<number, number>();
  const wsBase = single.base.replace(/^http/, 'ws');
  const onOurs = (_i: number, text: string) => {
    if (!text.startsWith('{"method":"receiveMessage"')) return;
    const f = JSON.parse(text) as { formMessage: string };
    arrivals.set(Number(f.formMessage.slice(1, f.formMessage.indexOf(' '))), performance.now());
  };
  const c0 = performance.now();
  const clients = await openAll(
    tokens.map((t) => `${wsBase}/api/message/websocket/${t}`),
    true,
    onOurs,
  );
  const connectS = (performance.now() - c0) / 1000;
  console.log(`ours: ${SOCKETS} sockets registered in ${connectS.toFixed(1)} s`);
  await sleep(2000);
  const open = rssMb(single.server.pid);
  // Message k goes from socket k % N to socket (k * 7 + 1) % N (never itself).
  const to = (k: number) => {
    const s = k % SOCKETS;
    const r = (k * 7 + 1) % SOCKETS;
    return r === s ? (r + 1) % SOCKETS : r;
  };
  const send = (k: number) =>
    JSON.stringify({ method: 'SendMessage', toUserId: userIds[to(k)], messageType: 'text', messageContent: `#${k} ${'x'.repeat(60)}` });
  const oursRun = await drive(clients, (k) => k % SOCKETS, send, arrivals);
  console.log(`ours: ${fmt(idle)} → ${fmt(open)} MB; ${line('one process', oursRun)}`);
  await closeAll(clients);
  await stopServer(single.server);

  // ── two processes through Redis ──
  const a = await startServerProcess({ env: env({ REDIS_URL }) });
  servers.push(a.server);
  const b = await startServerProcess({ env: env({ REDIS_URL }) });
  servers.push(b.server);
  await sleep(2000);
  const crossArrivals = new Map<number, number>();
  const onCross = (_i: number, text: string) => {
    if (!text.startsWith('{"method":"receiveMessage"')) return;
    const f = JSON.parse(text) as { formMessage: string };
    crossArrivals.set(Number(f.formMessage.slice(1, f.formMessage.indexOf(' '))), performance.now());
  };
  // Even sockets on A, odd ones on B; message k from socket 2m(+1) to a socket of the other parity.
  const urls = tokens.map((t, i) => `${(i % 2 ? b : a).base.replace(/^http/, 'ws')}/api/message/websocket/${t}`);
  const crossClients = await openAll(urls, true, onCross);
  await sleep(2000);
  const crossTo = (k: number) => {
    const s = k % SOCKETS;
    let r = (k * 7 + 1) % SOCKETS;
    if (r % 2 === s % 2) r = (r + 1) % SOCKETS;
    return r;
  };
  const crossSend = (k: number) =>
    JSON.stringify({
      method: 'SendMessage',
      toUserId: userIds[crossTo(k)],
      messageType: 'text',
      messageContent: `#${k} ${'x'.repeat(60)}`,
    });
  const crossRun = await drive(crossClients, (k) => k % SOCKETS, crossSend, crossArrivals);
  await closeAll(crossClients);

  results.push(
    '',
    `message sockets: ${SOCKETS} sockets, ${RATE} messages/s for ${SECONDS} s, ${pgBase ? 'PostgreSQL' : 'SQLite'}, ${os.cpus().length} CPUs, load ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
    '',
    'memory (resident)                          idle        with sockets   per socket',
    `bare ws echo server                      ${fmt(bareIdle).padStart(8)} MB   ${fmt(bareOpen).padStart(8)} MB   ${fmt(((bareOpen - bareIdle) * 1024) / SOCKETS).padStart(6)} KB`,
    `our server (signed in + registered)      ${fmt(idle).padStart(8)} MB   ${fmt(open).padStart(8)} MB   ${fmt(((open - idle) * 1024) / SOCKETS).padStart(6)} KB`,
    `connecting and registering ${SOCKETS} sockets on our server: ${connectS.toFixed(1)} s`,
    '',
    'delivery latency',
    line('bare ws echo (send → echo)', bareRun),
    line('ours, one process (send → receiveMessage)', oursRun),
    line('ours, two processes via Redis', crossRun),
    `p99 ratio one process / bare: ${(pct(oursRun.latencies, 99) / pct(bareRun.latencies, 99)).toFixed(2)} ×   two processes / bare: ${(
      pct(crossRun.latencies, 99) / pct(bareRun.latencies, 99)
    ).toFixed(2)} ×   (goal ≤ 3 ×)`,
  );
  console.log(results.join('\n'));
} finally {
  for (const s of servers) await stopServer(s);
  if (schema) await pgAdmin(pgBase!, `DROP SCHEMA ${schema} CASCADE`).catch(() => undefined);
  fs.rmSync(work, { recursive: true, force: true });
}
