import { randomBytes } from 'node:crypto';
import { createQueryId, type Compilable, type RootOperationNode } from 'kysely';
import type { Db } from './connection.ts';

type Slot<P> = { name: keyof P } | { value: unknown };

/** A query compiled once with named parameters: bind values, then execute. */
export interface CompiledQuery<P, R> {
  sql: string;
  /** The bound values in statement order: the named ones from `values`, the rest as built. */
  parameters(values: P): unknown[];
  execute(db: Db, parameters: readonly unknown[]): Promise<R[]>;
}

/**
 * Builds and compiles a query once, with named parameters standing for the
 * values that change per call. `param(name)` hands the builder a unique mark
 * (never a value a caller could send) that becomes that parameter's slot.
 */
export function compileWithParams<P extends object, R>(
  db: Db,
  build: (db: Db, param: <K extends keyof P>(name: K) => P[K]) => Compilable<R>,
): CompiledQuery<P, R> {
  const nonce = randomBytes(8).toString('hex');
  const marks = new Map<unknown, keyof P>();
  const param = <K extends keyof P>(name: K): P[K] => {
    const mark = `\u0000param:${nonce}:${String(name)}`;
    marks.set(mark, name);
    return mark as P[K];
  };
  const compiled = build(db, param).compile();
  const sql = compiled.sql;
  const query: RootOperationNode = compiled.query;
  const slots: Slot<P>[] = compiled.parameters.map((v) => (marks.has(v) ? { name: marks.get(v)! } : { value: v }));
  return {
    sql,
    parameters: (values) => slots.map((s) => ('name' in s ? values[s.name] : s.value)),
    execute: async (on, parameters) => (await on.executeQuery<R>({ sql, query, parameters, queryId: createQueryId() })).rows,
  };
}

/**
 * A query built and compiled once per database, then run with fresh values.
 * Kysely rebuilds, transforms and compiles a query on every call (tens of µs);
 * the queries every request runs (the session check) skip that. Values are
 * still bound parameters, never spliced into the SQL.
 *
 *   const findX = prepared<{ id: string }, Row>((db, p) => db.selectFrom('x').selectAll().where('id', '=', p('id')));
 *   const rows = await findX(ctx.db, { id });
 */
export function prepared<P extends Record<string, unknown>, R>(
  build: (db: Db, param: <K extends keyof P>(name: K) => P[K]) => Compilable<R>,
): (db: Db, values: P) => Promise<R[]> {
  const perDb = new WeakMap<Db, CompiledQuery<P, R>>();
  return (db, values) => {
    let c = perDb.get(db);
    if (!c) perDb.set(db, (c = compileWithParams(db, build)));
    return c.execute(db, c.parameters(values));
  };
}
