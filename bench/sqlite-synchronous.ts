/**
 * What SQLITE_SYNCHRONOUS=FULL (the default: every commit syncs the WAL, so an
 * acknowledged write survives a power cut) costs against NORMAL (syncs at
 * checkpoints only), in the same run, alternating so the shared machine's load
 * falls on both alike.
 *
 *   npx tsx bench/sqlite-synchronous.ts [seconds per round=2] [rounds=3]
 *
 * 1. Single-row INSERT transactions per second on a connection made by
 *    openDb (db/connection.ts), as the server makes it.
 * 2. API writes per second through the real server (one started with each
 *    setting): POST /api/system/DictionaryType from 8 concurrent clients.
 *
 * The data folder is temporary (BENCH_DIR, or the system's); the disk under it
 * decides the figures: run it on the disk the data will live on.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { openDb } from '../apps/server/src/db/connection.ts';
import { login, startServer, stopServer } from './support.ts';

type Mode = 'FULL' | 'NORMAL';
const MODES: Mode[] = ['FULL', 'NORMAL'];
const seconds = Number(process.argv[2] ?? 2);
const rounds = Number(process.argv[3] ?? 3);
const CLIENTS = 8;
const work = fs.mkdtempSync(path.join(process.env.BENCH_DIR ?? os.tmpdir(), 'medalliance-bench-sync-'));

/** Autocommitted single-row inserts for `seconds`: transactions per second. */
async function insertRate(mode: Mode): Promise<number> {
  const handle = openDb({ databaseUrl: null, sqliteFile: path.join(work, `raw-${mode}.db`), sqliteSynchronous: mode });
  try {
    await sql`CREATE TABLE IF NOT EXISTS t (id INTEGER PRIMARY KEY, body TEXT NOT NULL, at INTEGER NOT NULL)`.execute(handle.db);
    const until = performance.now() + seconds * 1000;
    let n = 0;
    const started = performance.now();
    while (performance.now() < until) {
      await sql`INSERT INTO t (body, at) VALUES (${`row ${n}`}, ${Date.now()})`.execute(handle.db);
      n++;
    }
    return n / ((performance.now() - started) / 1000);
  } finally {
    await handle.close();
  }
}

/** `CLIENTS` clients each writing a record after the other for `seconds`: acknowledged writes per second. */
async function apiRate(base: string, token: string, mode: Mode, round: number): Promise<number> {
  const until = performance.now() + seconds * 1000;
  let n = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, c) => {
      for (let i = 0; performance.now() < until; i++) {
        const res = await fetch(`${base}/api/system/DictionaryType`, {
          method: 'POST',
          headers: { authorization: token, 'content-type': 'application/json' },
          body: JSON.stringify({ fullName: `bench ${mode}`, enCode: `b${mode}${round}c${c}n${i}` }),
        });
        const body = (await res.json()) as { code: number; msg: string };
        if (body.code !== 200) throw new Error(`${mode}: ${body.msg}`);
        n++;
      }
    }),
  );
  return n / ((performance.now() - started) / 1000);
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const fmt = (x: number) => x.toFixed(0).padStart(8);

function report(title: string, figures: Record<Mode, number[]>, unit: string) {
  const full = median(figures.FULL);
  const normal = median(figures.NORMAL);
  console.log(`\n${title} (median of ${rounds} rounds of ${seconds} s, alternating)`);
  console.log(`  FULL   ${fmt(full)} ${unit}   rounds: ${figures.FULL.map((x) => x.toFixed(0)).join(' / ')}`);
  console.log(`  NORMAL ${fmt(normal)} ${unit}   rounds: ${figures.NORMAL.map((x) => x.toFixed(0)).join(' / ')}`);
  console.log(`  NORMAL / FULL = ${(normal / full).toFixed(2)}×`);
}

async function main() {
  console.log(`data folder: ${work} (${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(2)})`);

  const raw: Record<Mode, number[]> = { FULL: [], NORMAL: [] };
  for (let r = 0; r < rounds; r++) for (const mode of r % 2 ? [...MODES].reverse() : MODES) raw[mode].push(await insertRate(mode));
  report('single-row INSERT transactions on one connection', raw, 'tx/s');

  const servers = {} as Record<Mode, { base: string; token: string; server: Awaited<ReturnType<typeof startServer>>['server'] }>;
  try {
    for (const mode of MODES) {
      process.env.SQLITE_SYNCHRONOUS = mode;
      const { base, server } = await startServer({ dataDir: path.join(work, `data-${mode}`), work, databaseUrl: null });
      servers[mode] = { base, server, token: await login(base, 'admin', 'admin123') };
    }
    const api: Record<Mode, number[]> = { FULL: [], NORMAL: [] };
    for (let r = 0; r < rounds; r++)
      for (const mode of r % 2 ? [...MODES].reverse() : MODES)
        api[mode].push(await apiRate(servers[mode].base, servers[mode].token, mode, r));
    report(`API writes (POST /api/system/DictionaryType, ${CLIENTS} concurrent clients, one server process each)`, api, 'writes/s');
  } finally {
    for (const s of Object.values(servers)) await stopServer(s.server);
    fs.rmSync(work, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
