import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { Db, Dialect } from './db/connection.ts';

/** What every service needs, built once per app and handed down explicitly. */
export interface AppContext {
  db: Db;
  dialect: Dialect;
  config: Config;
  log: FastifyBaseLogger;
}
