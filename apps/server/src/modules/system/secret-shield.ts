import { CompiledQuery } from 'kysely';
import type { AppContext } from '../../context.ts';
import { asWritten } from '../../db/connection.ts';
import type { SqlStatement } from './sql-executor.ts';
import { quoteIdent, SHIELDED_TABLES } from './sql-guard.ts';

/**
 * Interface SQL reads `users` through a common table expression of the same
 * name that leaves the password hash out. A CTE hides the table for the whole
 * statement, subqueries included, so no form of query can carry the hash out:
 * not `row_to_json(u)` or `u::text` (PostgreSQL's whole-row values, which no
 * column-name check sees), not a derived table's whole row. The guard refuses
 * schema-qualified names that would go around it; `withoutSecrets` on the
 * answer stays as a second net. NOT MATERIALIZED keeps the planners using the
 * table's indexes as if the CTE were not there.
 */
const SECRET_COLUMNS = new Set(['password_hash']);

const shields = new WeakMap<AppContext['db'], Promise<string>>();

/** `WITH users AS NOT MATERIALIZED (SELECT <every column but secrets> FROM <the table>)`. */
function shieldFor(ctx: AppContext): Promise<string> {
  let hit = shields.get(ctx.db);
  if (!hit) {
    hit = (async () => {
      const ctes: string[] = [];
      for (const table of SHIELDED_TABLES) {
        const columns = (await tableColumns(ctx, table)).filter((c) => !SECRET_COLUMNS.has(c.toLowerCase()));
        // SQLite reads a CTE naming itself in its body as recursive: qualify the table there.
        // PostgreSQL resolves an unqualified name in a plain (non-recursive) CTE's body to the table.
        const source = ctx.dialect === 'sqlite' ? `main.${quoteIdent(table)}` : quoteIdent(table);
        ctes.push(`${quoteIdent(table)} AS NOT MATERIALIZED (SELECT ${columns.map(quoteIdent).join(', ')} FROM ${source})`);
      }
      return `WITH ${ctes.join(', ')} `;
    })();
    hit.catch(() => shields.delete(ctx.db));
    shields.set(ctx.db, hit);
  }
  return hit;
}

async function tableColumns(ctx: AppContext, table: string): Promise<string[]> {
  const query =
    ctx.dialect === 'sqlite'
      ? CompiledQuery.raw(asWritten(`SELECT name FROM pragma_table_info(?)`), [table])
      : CompiledQuery.raw(
          `SELECT column_name AS name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = $1 ORDER BY ordinal_position`,
          [table],
        );
  const { rows } = await ctx.db.withoutPlugins().executeQuery<{ name: string }>(query);
  if (!rows.length) throw new Error(`secret shield: table ${table} has no columns`);
  return rows.map((r) => r.name);
}

const MENTIONS = new RegExp(`\\b(${[...SHIELDED_TABLES].join('|')})\\b`, 'i');

/** The statements with the shield in front of those that mention a shielded table. */
export async function shielded(ctx: AppContext, statements: SqlStatement[]): Promise<SqlStatement[]> {
  if (!statements.some((s) => MENTIONS.test(s.sql))) return statements;
  const shield = await shieldFor(ctx);
  return statements.map((s) => {
    if (!MENTIONS.test(s.sql)) return s;
    // A statement that has a WITH of its own goes inside, as a derived table (a RECURSIVE one
    // would otherwise turn the shield's self-reference into recursion).
    const sql = /^\s*with\b/i.test(s.sql) ? `${shield}SELECT * FROM (${s.sql}) AS shielded` : `${shield}${s.sql}`;
    return { sql, params: s.params };
  });
}
