import cluster from 'node:cluster';
import path from 'node:path';
import { buildApp } from './app.ts';
import { loadConfig, type Config } from './config.ts';
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
  const handle = openDb({ databaseUrl: config.databaseUrl, sqliteFile: path.join(config.dataDir, 'app.db') });
  if (opts.prepare) await migrateToLatest(handle.db);
  const { app, ctx } = await buildApp(config, handle);
  if (opts.prepare) await seed(ctx);
  await app.listen({ port: config.port, host: config.host });

  onStop(async (signal) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await handle.close();
  });
}

/** Migrations and the demo seed, once, before any worker starts. */
async function prepareDatabase(config: Config) {
  const handle = openDb({ databaseUrl: config.databaseUrl, sqliteFile: path.join(config.dataDir, 'app.db') });
  try {
    await migrateToLatest(handle.db);
    const { app, ctx } = await buildApp({ ...config, logLevel: 'warn' }, handle);
    await seed(ctx);
    await app.close();
  } finally {
    await handle.close();
  }
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

/** Runs `stop` once on SIGINT or SIGTERM, then exits; gives up after 10 s. */
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
