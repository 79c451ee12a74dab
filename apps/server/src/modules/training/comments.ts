import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { commentBody, commentListQuery, hideBody, type CommentRow } from '@medalliance/contract';
import type { AppContext } from '../../context.ts';
import { ok } from '../../http/envelope.ts';
import { conflict, forbidden, notFound } from '../../http/errors.ts';
import { requestLanguage } from '../../http/i18n.ts';
import { keywordMatch } from '../../http/paging.ts';
import { parse } from '../../http/validate.ts';
import { now } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { all, first } from '../health/plans/rows.ts';
import { callerOf, need, num, raw, strOrNull } from './common.ts';
import { idParam, visibleCourse } from './courses.ts';

/**
 * Course comments and ratings (课程评论). Everyone sees the visible ones;
 * the training centre moderates: hides (with a reason) and shows again.
 */
const SORTS = { createdAt: 'r.created_at', rating: 'r.rating' } as const;

export async function commentRoutes(app: FastifyInstance, ctx: AppContext, cfg: object): Promise<void> {
  const db = raw(ctx.db);
  const lang = (req: FastifyRequest) => requestLanguage(req);

  app.get('/training/comments', cfg, async (req) => {
    const q = parse(commentListQuery, req.query, lang(req));
    const c = await callerOf(ctx, req);
    need(c, 'comment', 'moderate');
    let base = db
      .selectFrom('tr_comments as r')
      .innerJoin('tr_courses as c', 'c.id', 'r.course_id')
      .leftJoin('users as u', 'u.id', 'r.user_id');
    if (q.courseId) base = base.where('r.course_id', '=', q.courseId);
    if (!c.rights.moderate) base = base.where('r.hidden', '=', 0);
    else if (q.hidden) base = base.where('r.hidden', '=', Number(q.hidden));
    if (q.keyword) base = base.where(keywordMatch(['r.content', 'c.title', 'u.real_name'], q.keyword));
    const total = await first(db, base.select(sql<number>`count(*)`.as('n')));
    const rows = await all(
      db,
      base
        .select([
          'r.id',
          'r.course_id',
          'c.title',
          'r.user_id',
          'u.real_name',
          'r.rating',
          'r.content',
          'r.hidden',
          'r.hidden_reason',
          'r.created_at',
        ])
        .orderBy(SORTS[q.sort], q.order)
        .orderBy('r.id', q.order)
        .limit(q.pageSize)
        .offset((q.currentPage - 1) * q.pageSize),
    );
    const list: CommentRow[] = rows.map((r) => ({
      id: String(r.id),
      courseId: String(r.course_id),
      courseTitle: String(r.title),
      userId: String(r.user_id),
      userName: strOrNull(r.real_name),
      rating: num(r.rating),
      content: String(r.content),
      hidden: num(r.hidden) === 1,
      hiddenReason: strOrNull(r.hidden_reason),
      createdAt: num(r.created_at),
      mine: r.user_id === c.userId,
    }));
    return ok({ list, pagination: { currentPage: q.currentPage, pageSize: q.pageSize, total: num(total?.n) } });
  });

  app.post('/training/comments', cfg, async (req) => {
    const c = await callerOf(ctx, req);
    need(c, 'comment');
    const b = parse(commentBody, req.body, lang(req));
    const course = await visibleCourse(db, c, b.courseId);
    if (course.status !== 'published' && course.status !== 'closed') throw conflict('training.notPublished');
    const id = newId();
    await db
      .insertInto('tr_comments')
      .values({ id, course_id: b.courseId, user_id: c.userId, rating: b.rating, content: b.content, hidden: 0, created_at: now() })
      .execute();
    return ok({ id });
  });

  app.put('/training/comments/:id/hidden', cfg, async (req) => {
    const { id } = parse(idParam, req.params, lang(req));
    const c = await callerOf(ctx, req);
    need(c, 'moderate');
    const b = parse(hideBody, req.body, lang(req));
    const r = await db
      .updateTable('tr_comments')
      .set(
        b.hidden
          ? { hidden: 1, hidden_by: c.userId, hidden_at: now(), hidden_reason: b.reason || null }
          : { hidden: 0, hidden_by: null, hidden_at: null, hidden_reason: null },
      )
      .where('id', '=', id)
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) !== 1) throw notFound();
    return ok({ hidden: b.hidden });
  });

  app.delete('/training/comments/:id', cfg, async (req) => {
    const { id } = parse(idParam, req.params, lang(req));
    const c = await callerOf(ctx, req);
    const row = await first(db, db.selectFrom('tr_comments').select('user_id').where('id', '=', id));
    if (!row) throw notFound();
    if (row.user_id !== c.userId && !c.rights.moderate) throw forbidden('training.notOwner');
    await db.deleteFrom('tr_comments').where('id', '=', id).execute();
    return ok(null);
  });
}
