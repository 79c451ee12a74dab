import type { examPaperQuery } from '@medalliance/contract';
import type { z } from 'zod';
import type { AppContext } from '../../../context.ts';
import { all } from '../../health/plans/rows.ts';
import { likeEscape } from '../../health/plans/worklist.ts';
import { closeOverdue } from './attempts.service.ts';
import { paperRow, paperSelect } from './papers.service.ts';
import { num, rawDb } from './rows.ts';
import { signupStatusOf } from './signups.service.ts';

type Query = z.output<typeof examPaperQuery>;

/**
 * The taker's exams: every published paper, and closed ones they took, each
 * with their sign-up status and attempt (the page decides which button shows:
 * sign up, waiting for approval, start / continue, result).
 */
export async function myPapers(ctx: AppContext, userId: string, q: Query) {
  const db = rawDb(ctx);
  await closeOverdue(ctx, { userId });
  const visible = (qb: any) =>
    qb.where((eb: any) =>
      eb.or([
        eb('p.status', '=', 'published'),
        eb.exists(eb.selectFrom('tr_attempts as m').select('m.id').whereRef('m.paper_id', '=', 'p.id').where('m.user_id', '=', userId)),
      ]),
    );
  let base = visible(db.selectFrom('tr_papers as p'));
  let list = visible(paperSelect(db));
  if (q.keyword) {
    base = base.where('p.title', 'like', likeEscape(q.keyword));
    list = list.where('p.title', 'like', likeEscape(q.keyword));
  }
  const total = Number((await base.select((eb: any) => eb.fn.countAll().as('n')).executeTakeFirst())?.n ?? 0);
  const rows = await all(
    db,
    list
      .orderBy('p.opens_at', 'desc')
      .orderBy('p.id', 'desc')
      .limit(q.pageSize)
      .offset((q.currentPage - 1) * q.pageSize),
  );
  const ids = rows.map((r) => String(r.id));
  const signups = await signupStatusOf(db, userId, ids);
  const attempts = ids.length
    ? await all(
        db,
        db
          .selectFrom('tr_attempts')
          .select(['id', 'paper_id', 'status', 'total_score', 'passed', 'deadline_at', 'certificate_no'])
          .where('user_id', '=', userId)
          .where('paper_id', 'in', ids),
      )
    : [];
  const byPaper = new Map(attempts.map((a) => [String(a.paper_id), a]));
  return {
    list: rows.map((r) => {
      const a = byPaper.get(String(r.id));
      return {
        ...paperRow(r),
        signupStatus: signups.get(String(r.id)) ?? null,
        attempt: a
          ? {
              id: String(a.id),
              status: String(a.status),
              totalScore: num(a.total_score),
              passed: a.passed === null ? null : Number(a.passed) === 1,
              deadlineAt: Number(a.deadline_at),
              certificateNo: a.certificate_no ? String(a.certificate_no) : null,
            }
          : null,
      };
    }),
    pagination: { currentPage: q.currentPage, pageSize: q.pageSize, total },
  };
}
