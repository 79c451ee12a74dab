import { EXAM_SCORE_BANDS, type ExamStatsBy, type ExamStatsRow, type Language } from '@medalliance/contract';
import { sql, type Kysely } from 'kysely';
import { translate } from '../../../http/i18n.ts';
import { all } from '../../health/plans/rows.ts';

/**
 * Results of marked attempts grouped by paper, course, unit or person, in one
 * GROUP BY: attempts, average score (points) and average percentage of the
 * paper's total, passes and pass rate, and the distribution over the bands of
 * EXAM_SCORE_BANDS (by percentage, so papers of different totals compare).
 */
export async function examStats(db: Kysely<any>, by: ExamStatsBy, paperId: string, lang: Language) {
  const key = { paper: 'a.paper_id', course: 'p.course_id', unit: 'a.org_id', person: 'a.user_id' }[by];
  const pct = sql`(a.total_score * 100.0 / p.total_score)`;
  const band = (lo: number, hi: number) => sql<number>`sum(case when ${pct} >= ${lo} and ${pct} < ${hi} then 1 else 0 end)`;
  let q = db
    .selectFrom('tr_attempts as a')
    .innerJoin('tr_papers as p', 'p.id', 'a.paper_id')
    .where('a.status', '=', 'marked')
    .select([
      sql<string>`${sql.ref(key)}`.as('k'),
      sql<number>`count(*)`.as('attempts'),
      sql<number>`avg(a.total_score)`.as('average'),
      sql<number>`avg(${pct})`.as('average_pct'),
      sql<number>`sum(a.passed)`.as('passed'),
      band(-1, 60).as('b0'),
      band(60, 70).as('b1'),
      band(70, 80).as('b2'),
      band(80, 90).as('b3'),
      band(90, 1000).as('b4'),
    ])
    .groupBy(sql.ref(key) as never);
  if (paperId) q = q.where('a.paper_id', '=', paperId);
  const rows = await all(db, q);
  const names = await namesOf(
    db,
    by,
    rows.map((r) => (r.k === null ? '' : String(r.k))),
  );
  const list: (ExamStatsRow & { averagePct: number | null })[] = rows.map((r) => {
    const k = r.k === null ? '' : String(r.k);
    const attempts = Number(r.attempts);
    const passed = Number(r.passed ?? 0);
    const bands = Object.fromEntries(EXAM_SCORE_BANDS.map((b, i) => [b, Number(r[`b${i}`] ?? 0)])) as ExamStatsRow['bands'];
    return {
      key: k,
      name: names.get(k) ?? (by === 'course' && !k ? translate(lang, 'exams.noCourse') : k),
      attempts,
      average: r.average === null ? null : Math.round(Number(r.average) * 10) / 10,
      averagePct: r.average_pct === null ? null : Math.round(Number(r.average_pct) * 10) / 10,
      passed,
      passRate: attempts ? Math.round((passed * 1000) / attempts) / 10 : null,
      bands,
    };
  });
  list.sort((a, b) => b.attempts - a.attempts || a.name.localeCompare(b.name));
  return { by, list };
}

/** Display names of the grouped keys; course titles from the courses table when it is there (it belongs to the courses module). */
async function namesOf(db: Kysely<any>, by: ExamStatsBy, keys: string[]): Promise<Map<string, string>> {
  const ids = keys.filter(Boolean);
  if (!ids.length) return new Map();
  const pick = async (table: string, col: string) =>
    new Map(
      (
        await all(
          db,
          db
            .selectFrom(table)
            .select(['id', `${col} as n`])
            .where('id', 'in', ids),
        )
      ).map((r) => [String(r.id), String(r.n)]),
    );
  if (by === 'paper') return pick('tr_papers', 'title');
  if (by === 'unit') return pick('organizations', 'full_name');
  if (by === 'person') return pick('users', 'real_name');
  return pick('tr_courses', 'title').catch(() => new Map());
}
