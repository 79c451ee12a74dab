/**
 * A child process that answers data-interface queries from a read-only SQLite
 * connection on the app's database file. It runs out of process so the parent
 * can stop a runaway query (an endless recursive CTE) by killing it: a
 * better-sqlite3 call cannot be interrupted from the thread that runs it.
 */
import Database from 'better-sqlite3';

interface Job {
  id: number;
  statements: { sql: string; params: unknown[] }[];
}

const file = process.argv[2];
const send = (msg: unknown) => process.send?.(msg);

let db: Database.Database;
try {
  if (!file) throw new Error('no database file');
  db = new Database(file, { readonly: true, fileMustExist: true });
  db.pragma('query_only = ON');
  db.pragma('busy_timeout = 5000');
  // A query that builds an enormous result fails with "out of memory" instead of swapping.
  db.pragma('hard_heap_limit = 268435456');
} catch (err) {
  send({ ready: false, error: String(err) });
  process.exit(1);
}

const statements = new Map<string, { stmt: Database.Statement; columns: string[] }>();
function prepare(sql: string): { stmt: Database.Statement; columns: string[] } {
  let hit = statements.get(sql);
  if (!hit) {
    const stmt = db.prepare(sql);
    if (!stmt.reader) throw Object.assign(new Error('not a query'), { code: 'SQLITE_READONLY' });
    // Rows travel as arrays next to one list of names: far less to serialise than an object per row.
    hit = { stmt: stmt.raw(true), columns: stmt.columns().map((c) => c.name) };
    if (statements.size >= 200) statements.delete(statements.keys().next().value!);
    statements.set(sql, hit);
  }
  return hit;
}

/**
 * The parent sends the jobs of one event-loop turn together; each answer still
 * goes back as soon as its job is done, so the parent's clock always times the
 * job actually running.
 */
process.on('message', (msg: { jobs: Job[] }) => {
  for (const job of msg.jobs) {
    try {
      const results = job.statements.map((s) => {
        const { stmt, columns } = prepare(s.sql);
        return { columns, rows: stmt.all(...s.params) as unknown[][] };
      });
      send({ id: job.id, ok: true, results });
    } catch (err) {
      const e = err as { message?: string; code?: string };
      send({ id: job.id, ok: false, error: { message: String(e.message ?? err), code: e.code ?? null } });
    }
  }
});
// The parent went away: so do we.
process.on('disconnect', () => process.exit(0));
send({ ready: true });
