import { sql, type RawBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { PageQuery, PageResult } from '@medalliance/contract';

/**
 * Runs a filtered query as one page plus its total, both in SQL. The caller
 * applies filters and a whitelisted ORDER BY; this adds LIMIT/OFFSET and counts
 * the same filtered rows.
 */
export async function paginate<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  page: Pick<PageQuery, 'currentPage' | 'pageSize'>,
): Promise<PageResult<O>> {
  const offset = (page.currentPage - 1) * page.pageSize;
  const [list, count] = await Promise.all([
    query.limit(page.pageSize).offset(offset).execute(),
    query
      .clearSelect()
      .clearOrderBy()
      .select(sql<number>`count(*)`.as('total'))
      .executeTakeFirst() as Promise<{ total: number | string } | undefined>,
  ]);
  return {
    list,
    pagination: { currentPage: page.currentPage, pageSize: page.pageSize, total: Number(count?.total ?? 0) },
  };
}

/** `LIKE` pattern for a keyword, with the wildcard characters in it escaped. */
export const likePattern = (keyword: string) => `%${keyword.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Case-insensitive "contains" over several columns, the same on SQLite and
 * PostgreSQL (whose LIKE is case-sensitive), with the keyword always bound.
 */
export function keywordMatch(columns: string[], keyword: string): RawBuilder<SqlBool> {
  const pattern = likePattern(keyword);
  return sql<SqlBool>`(${sql.join(
    columns.map((c) => sql`lower(${sql.ref(c)}) like ${pattern} escape '\\'`),
    sql` or `,
  )})`;
}
