import cluster from 'node:cluster';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { buildApp } from './app.ts';
import { loadConfig, type Config } from './config.ts';
import type { AppContext } from './context.ts';
import { openDb } from './db/connection.ts';
import { migrateToLatest } from './db/migrate.ts';
import { seed } from './db/seed/index.ts';
import { seedUsers } from './db/seed/people.ts';
import { relayChannels } from './lib/cluster-channel.ts';

/**
 * Starts the server: migrate, seed the demo alliance, listen, stop cleanly on
 * signals. With SERVER_WORKERS > 1 this process migrates and seeds, then runs
 * that many worker processes sharing the port (node:cluster), restarts one
 * that dies, and relays the workers' cache and socket messages to each other.
 */
async function main() {
  const config = loadConfig();
  if (cluster.isWorker) return serve(config, { prepare: false });
  if (config.workers === 1) {
    await serve(config, { prepare: true });
    return printWelcome(config);
  }
  await prepareDatabase(config);
  await runWorkers(config);
  printWelcome(config);
}

/** One server in this process; `prepare` migrates and seeds first (a worker's primary did that). */
async function serve(config: Config, opts: { prepare: boolean }) {
  const handle = openDb({
    databaseUrl: config.databaseUrl,
    sqliteFile: path.join(config.dataDir, 'app.db'),
    sqliteSynchronous: config.sqliteSynchronous,
  });
  if (opts.prepare) await migrateToLatest(handle.db);
  const { app, ctx } = await buildApp(config, handle);
  if (opts.prepare) await seedOnce(ctx);
  await app.listen({ port: config.port, host: config.host });

  onStop(async (signal) => {
    app.log.info({ signal }, 'shutting down');
    // Stops accepting, answers new requests on open connections with 503, lets those in
    // flight finish, closes the sockets (message hub), reader processes and stores.
    await app.close();
    // The WAL folded into the database file: a copy of app.db alone is then complete.
    if (handle.dialect === 'sqlite') await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(handle.db);
    await handle.close();
  });
}

/** Migrations and the demo seed, once, before any worker starts. */
async function prepareDatabase(config: Config) {
  const handle = openDb({
    databaseUrl: config.databaseUrl,
    sqliteFile: path.join(config.dataDir, 'app.db'),
    sqliteSynchronous: config.sqliteSynchronous,
  });
  try {
    await migrateToLatest(handle.db);
    const { app, ctx } = await buildApp({ ...config, logLevel: 'warn' }, handle);
    await seedOnce(ctx);
    await app.close();
  } finally {
    await handle.close();
  }
}

/** This build's id (build.mjs writes it beside main.js); null when running from source. */
function buildId(): string | null {
  try {
    return fs.readFileSync(path.join(import.meta.dirname, 'build-id'), 'utf8').trim() || null;
  } catch {
    return null;
  }
}

const SEEDED_BY = 'seededByBuild';

/**
 * The demo seed, skipped when this same build already ran it on this database:
 * it is idempotent but re-inserts every seeded row, a noticeable part of a
 * start. Any new build (new seeds, new migrations) runs it once again; from
 * source (`npm run dev`, tests) it runs on every start.
 */
async function seedOnce(ctx: AppContext) {
  const build = buildId();
  if (build) {
    const row = await ctx.db.selectFrom('sysConfig').select('value').where('key', '=', SEEDED_BY).executeTakeFirst();
    if (row?.value === build) return;
  }
  await seed(ctx);
  if (!build) return;
  const updatedAt = Date.now();
  await ctx.db
    .insertInto('sysConfig')
    .values({ key: SEEDED_BY, value: build, updatedAt })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: build, updatedAt }))
    .execute();
}

/** A worker that dies within this long of starting counts as failing to start. */
const EARLY_EXIT_MS = 10_000;

/** Forks the workers and resolves once all of them listen. */
async function runWorkers(config: Config) {
  let stopping = false;
  let earlyExits = 0;
  const fork = () => {
    const worker = cluster.fork();
    const started = Date.now();
    relayChannels(worker);
    worker.on('exit', (code, signal) => {
      if (stopping) return;
      // A clean exit is a stop (Ctrl-C reaches the workers too): no restart.
      if (code === 0) {
        if (!Object.keys(cluster.workers ?? {}).length) process.exit(0);
        return;
      }
      console.error(`server worker ${worker.process.pid} exited (${signal ?? code}); starting another`);
      // Restart a crashed worker, but do not loop on one that cannot start at all.
      if (Date.now() - started < EARLY_EXIT_MS && ++earlyExits >= config.workers * 3) {
        console.error('server workers keep failing to start: stopping');
        process.exit(1);
      }
      fork();
    });
    return worker;
  };
  await Promise.all(Array.from({ length: config.workers }, () => new Promise((resolve) => fork().once('listening', resolve))));

  onStop(async () => {
    stopping = true;
    const workers = Object.values(cluster.workers ?? {}).filter((w) => !!w);
    await Promise.all(
      workers.map(
        (w) =>
          new Promise((resolve) => {
            w.once('exit', resolve);
            w.process.kill('SIGTERM');
          }),
      ),
    );
  });
}

/** Runs `stop` once on SIGINT or SIGTERM, then exits 0; gives up (exit 1) after 10 s, so a stuck request cannot hold a stop forever. */
function onStop(stop: (signal: string) => Promise<void>) {
  let stopping = false;
  const handler = (signal: string) => {
    if (stopping) return;
    stopping = true;
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    stop(signal).then(
      () => process.exit(0),
      (err: unknown) => {
        console.error(err);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => handler('SIGINT'));
  process.on('SIGTERM', () => handler('SIGTERM'));
}

function printWelcome(config: Config) {
  const where = config.databaseUrl ? 'PostgreSQL' : path.join(config.dataDir, 'app.db');
  const url = `http://localhost:${config.port}`;
  const workers = config.workers > 1 ? `, ${config.workers} worker processes` : '';
  // Printed plainly (not through pino) so a new user sees how to sign in.
  console.log(
    [
      '',
      `  medalliance is running at ${url}  (database: ${where}${workers})`,
      '',
      '  Sign in as the administrator:  admin / admin123',
      `  Demo staff (password demo123):  ${seedUsers
        .slice(1, 6)
        .map((u) => u.account)
        .join(', ')} … (see README)`,
      '',
    ].join('\n'),
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
