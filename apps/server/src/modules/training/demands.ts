import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { demandBody, demandListQuery, demandReplyBody, type DemandRow } from '@medalliance/contract';
import type { AppContext } from '../../context.ts';
import { ok } from '../../http/envelope.ts';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors.ts';
import { requestLanguage } from '../../http/i18n.ts';
import { keywordMatch } from '../../http/paging.ts';
import { parse } from '../../http/validate.ts';
import { now } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { all, first } from '../health/plans/rows.ts';
import { callerOf, need, num, raw, strOrNull } from './common.ts';
import { idParam } from './courses.ts';

/**
 * Course demand (课程需求): units say which topics they need and for how many
 * people; a unit sees its own, the training centre sees every unit's, replies
 * (adopted / closed, optionally naming the course that answers it) and reads
 * the totals per category.
 */
export async function demandRoutes(app: FastifyInstance, ctx: AppContext, cfg: object): Promise<void> {
  const db = raw(ctx.db);
  const lang = (req: FastifyRequest) => requestLanguage(req);

  app.get('/training/demands', cfg, async (req) => {
    const q = parse(demandListQuery, req.query, lang(req));
    const c = await callerOf(ctx, req);
    need(c, 'demand', 'demandAdmin');
    let base = db
      .selectFrom('tr_demands as d')
      .leftJoin('users as u', 'u.id', 'd.user_id')
      .leftJoin('organizations as o', 'o.id', 'd.org_id');
    if (!c.rights.demandAdmin) base = base.where('d.org_id', '=', c.unitId ?? '-');
    if (q.status) base = base.where('d.status', '=', q.status);
    if (q.category) base = base.where('d.category', '=', q.category);
    if (q.keyword) base = base.where(keywordMatch(['d.topic', 'o.full_name'], q.keyword));
    const total = await first(db, base.select(sql<number>`count(*)`.as('n')));
    const rows = await all(
      db,
      base
        .selectAll('d')
        .select(['u.real_name', 'o.full_name'])
        .orderBy('d.created_at', q.order)
        .orderBy('d.id', q.order)
        .limit(q.pageSize)
        .offset((q.currentPage - 1) * q.pageSize),
    );
    const list: DemandRow[] = rows.map((r) => ({
      id: String(r.id),
      orgId: String(r.org_id),
      orgName: strOrNull(r.full_name),
      userId: String(r.user_id),
      userName: strOrNull(r.real_name),
      topic: String(r.topic),
      category: r.category,
      content: strOrNull(r.content),
      headcount: num(r.headcount),
      expectedMonth: strOrNull(r.expected_month),
      status: r.status,
      reply: strOrNull(r.reply),
      courseId: strOrNull(r.course_id),
      createdAt: num(r.created_at),
    }));
    return ok({ list, pagination: { currentPage: q.currentPage, pageSize: q.pageSize, total: num(total?.n) } });
  });

  /** Totals per category (demands, people asked for, units asking) over the open and adopted demands. */
  app.get('/training/demands/summary', cfg, async (req) => {
    const c = await callerOf(ctx, req);
    need(c, 'demandAdmin');
    const rows = await all(
      db,
      db
        .selectFrom('tr_demands')
        .select([
          'category',
          sql<number>`count(*)`.as('n'),
          sql<number>`sum(headcount)`.as('people'),
          sql<number>`count(distinct org_id)`.as('units'),
        ])
        .where('status', 'in', ['open', 'adopted'])
        .groupBy('category')
        .orderBy(sql`count(*)`, 'desc'),
    );
    return ok(rows.map((r) => ({ category: r.category, demands: num(r.n), people: num(r.people), units: num(r.units) })));
  });

  app.post('/training/demands', cfg, async (req) => {
    const c = await callerOf(ctx, req);
    need(c, 'demand');
    const b = parse(demandBody, req.body, lang(req));
    if (!c.unitId) throw forbidden();
    const id = newId();
    await db
      .insertInto('tr_demands')
      .values({
        id,
        org_id: c.unitId,
        user_id: c.userId,
        topic: b.topic,
        category: b.category,
        content: b.content || null,
        headcount: b.headcount,
        expected_month: b.expectedMonth ?? null,
        status: 'open',
        created_at: now(),
      })
      .execute();
    return ok({ id });
  });

  app.put('/training/demands/:id/reply', cfg, async (req) => {
    const { id } = parse(idParam, req.params, lang(req));
    const c = await callerOf(ctx, req);
    need(c, 'demandAdmin');
    const b = parse(demandReplyBody, req.body, lang(req));
    if (b.courseId && !(await first(db, db.selectFrom('tr_courses').select('id').where('id', '=', b.courseId))))
      throw badRequest('training.badCourse');
    const at = now();
    const r = await db
      .updateTable('tr_demands')
      .set({
        status: b.status,
        reply: b.reply || null,
        course_id: b.courseId ?? null,
        replied_by: c.userId,
        replied_at: at,
        updated_at: at,
      })
      .where('id', '=', id)
      .where('status', '=', 'open')
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) !== 1) {
      if (!(await first(db, db.selectFrom('tr_demands').select('id').where('id', '=', id)))) throw notFound();
      throw conflict('training.wrongState');
    }
    return ok({ status: b.status });
  });

  /** The one who asked withdraws a demand nobody answered yet. */
  app.delete('/training/demands/:id', cfg, async (req) => {
    const { id } = parse(idParam, req.params, lang(req));
    const c = await callerOf(ctx, req);
    const row = await first(db, db.selectFrom('tr_demands').selectAll().where('id', '=', id));
    if (!row) throw notFound();
    if (row.user_id !== c.userId) throw forbidden('training.notOwner');
    if (row.status !== 'open') throw conflict('training.wrongState');
    await db.deleteFrom('tr_demands').where('id', '=', id).where('status', '=', 'open').execute();
    return ok(null);
  });
}
