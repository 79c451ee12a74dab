import path from 'node:path';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDb } from './db/connection.ts';
import { migrateToLatest } from './db/migrate.ts';
import { seed } from './db/seed/index.ts';
import { seedUsers } from './db/seed/people.ts';

/** Starts the server: migrate, seed the demo alliance, listen, stop cleanly on signals. */
async function main() {
  const config = loadConfig();
  const handle = openDb({ databaseUrl: config.databaseUrl, sqliteFile: path.join(config.dataDir, 'app.db') });
  await migrateToLatest(handle.db);
  const { app, ctx } = await buildApp(config, handle);
  await seed(ctx);
  await app.listen({ port: config.port, host: config.host });

  const where = config.databaseUrl ? 'PostgreSQL' : path.join(config.dataDir, 'app.db');
  const url = `http://localhost:${config.port}`;
  // Printed plainly (not through pino) so a new user sees how to sign in.
  console.log(
    [
      '',
      `  medalliance is running at ${url}  (database: ${where})`,
      '',
      '  Sign in as the administrator:  admin / admin123',
      `  Demo staff (password demo123):  ${seedUsers
        .slice(1, 6)
        .map((u) => u.account)
        .join(', ')} … (see README)`,
      '',
    ].join('\n'),
  );

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    await app.close();
    await handle.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
