import { sql, type Expression, type Kysely, type SelectQueryBuilder, type SqlBool } from 'kysely';
import { all, first } from '../../health/plans/rows.ts';
import { likeEscape } from '../../health/plans/worklist.ts';

/** Paged catalogue lists: one count and one page statement, in SQL. */
export interface Paged<T> {
  list: T[];
  pagination: { currentPage: number; pageSize: number; total: number };
}
type Q = SelectQueryBuilder<any, any, any>;

export async function paged(
  db: Kysely<any>,
  base: Q,
  p: { currentPage: number; pageSize: number },
  select: (q: Q) => Q,
): Promise<Paged<Record<string, any>>> {
  const total = Number((await first(db, base.select(sql<number>`count(*)`.as('n'))))?.n ?? 0);
  const list = await all(
    db,
    select(base)
      .limit(p.pageSize)
      .offset((p.currentPage - 1) * p.pageSize),
  );
  return { list, pagination: { currentPage: p.currentPage, pageSize: p.pageSize, total } };
}

/** Any of the columns contains the keyword (LIKE with the wildcards escaped, on both dialects). */
export function likeAny(columns: string[], keyword: string): Expression<SqlBool> {
  const pattern = likeEscape(keyword);
  return sql<SqlBool>`(${sql.join(
    columns.map((c) => sql`${sql.ref(c)} like ${pattern} escape '\\'`),
    sql` or `,
  )})`;
}
