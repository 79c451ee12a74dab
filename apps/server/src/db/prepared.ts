import { createQueryId, type Compilable, type RootOperationNode } from 'kysely';
import type { Db } from './connection.ts';

type Slot<P> = { name: keyof P } | { value: unknown };
interface Compiled<P> {
  sql: string;
  query: RootOperationNode;
  slots: Slot<P>[];
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
  const perDb = new WeakMap<Db, Compiled<P>>();
  return async (db, values) => {
    let c = perDb.get(db);
    if (!c) {
      const marks = new Map<unknown, keyof P>();
      const param = <K extends keyof P>(name: K): P[K] => {
        const mark = `\u0000param:${String(name)}`;
        marks.set(mark, name);
        return mark as P[K];
      };
      const q = build(db, param).compile();
      c = {
        sql: q.sql,
        query: q.query,
        slots: q.parameters.map((v) => (marks.has(v) ? { name: marks.get(v)! } : { value: v })),
      };
      perDb.set(db, c);
    }
    const parameters = c.slots.map((s) => ('name' in s ? values[s.name] : s.value));
    const result = await db.executeQuery<R>({ sql: c.sql, query: c.query, parameters, queryId: createQueryId() });
    return result.rows;
  };
}
