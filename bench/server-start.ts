/**
 * Start-up time of the compiled server on an existing database, next to a
 * bare Fastify server answering one route, started in the same run.
 *
 *   npx tsx bench/server-start.ts [runs=5]
 *
 * Builds the server (apps/server/build.mjs), seeds a temporary data folder
 * once, then starts, alternately, (a) the bare Fastify server, (b) our
 * compiled server (`node apps/server/dist/main.js`, as `npm start` runs it)
 * and (c) our server from source through tsx (what `npm start` ran before),
 * each `runs` times. Measured: wall time from spawn to the first 200 on
 * /api/oauth/getConfig/admin (polled every 10 ms), and the CPU time the
 * process had used by then (steadier than wall time on a shared machine).
 * Goal: (b) at most 1.5 s. BENCH_NODE_ARGS passes node flags to (b)
 * (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cpuMs, freePort, serverNodeArgs } from './support.ts';

const root = path.resolve(import.meta.dirname, '..');
const serverDir = path.join(root, 'apps/server');
const runs = Number(process.argv[2] ?? 5);
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'medalliance-bench-start-'));
const dataDir = path.join(work, 'data');

// The bare server runs from apps/server, where fastify resolves.
const BARE = `
import Fastify from 'fastify';
const app = Fastify();
app.get('/api/oauth/getConfig/admin', async () => ({ code: 200 }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
`;

interface Variant {
  name: string;
  args: string[];
  cwd: string;
}
const variants: Variant[] = [
  { name: 'bare Fastify (one route)', args: ['--input-type=module', '-e', BARE], cwd: serverDir },
  { name: 'ours, compiled (npm start)', args: [...serverNodeArgs(), 'apps/server/dist/main.js'], cwd: root },
  { name: 'ours, from source via tsx', args: ['--import', 'tsx', 'apps/server/src/main.ts'], cwd: root },
];

/** Spawns one variant; answers wall ms and CPU ms at its first successful answer. */
async function startOnce(v: Variant): Promise<{ wall: number; cpu: number }> {
  const port = await freePort();
  const started = performance.now();
  const proc = spawn(process.execPath, v.args, {
    cwd: v.cwd,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '', REDIS_URL: '' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    for (;;) {
      if (proc.exitCode !== null) throw new Error(`${v.name} exited with ${proc.exitCode}`);
      if (performance.now() - started > 60_000) throw new Error(`${v.name} did not answer within 60 s`);
      try {
        const res = await fetch(`http://127.0.0.1:${port}/api/oauth/getConfig/admin`);
        if (res.ok) return { wall: performance.now() - started, cpu: cpuMs(proc.pid) };
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 10));
    }
  } finally {
    await stop(proc);
  }
}

async function stop(proc: ChildProcess) {
  if (proc.exitCode !== null || proc.signalCode !== null) return;
  const exited = new Promise((r) => proc.once('exit', r));
  proc.kill('SIGTERM');
  await exited;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

try {
  const built = spawnSync(process.execPath, ['apps/server/build.mjs'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) throw new Error('the server build failed');
  // The first start creates and seeds the database; every measured start finds it existing.
  await startOnce(variants[1]!);

  const times = new Map(variants.map((v) => [v.name, { wall: [] as number[], cpu: [] as number[] }]));
  for (let i = 0; i < runs; i++)
    for (const v of variants) {
      const t = await startOnce(v);
      times.get(v.name)!.wall.push(t.wall);
      times.get(v.name)!.cpu.push(t.cpu);
    }

  const bare = median(times.get(variants[0]!.name)!.wall);
  const bareCpu = median(times.get(variants[0]!.name)!.cpu);
  console.log(`\nSpawn to first answer, ${runs} alternating runs each (median; CPU = the process's user+system time by then)`);
  console.log('  server                          wall ms   min ms   CPU ms   wall vs bare   CPU vs bare');
  for (const v of variants) {
    const { wall, cpu } = times.get(v.name)!;
    console.log(
      `  ${v.name.padEnd(30)} ${median(wall).toFixed(0).padStart(8)} ${Math.min(...wall)
        .toFixed(0)
        .padStart(8)} ${median(cpu).toFixed(0).padStart(8)} ${(median(wall) / bare).toFixed(2).padStart(13)}x ${(median(cpu) / bareCpu)
        .toFixed(2)
        .padStart(12)}x`,
    );
  }
  console.log(`  load average during the run: ${os.loadavg()[0]!.toFixed(1)} on ${os.availableParallelism()} cores`);
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}
