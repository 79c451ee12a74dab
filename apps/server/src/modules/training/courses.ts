import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { z } from 'zod';
import {
  courseBody,
  courseListQuery,
  materialBody,
  reviewBody,
  type CourseRow,
  type CourseStatus,
  type MaterialRow,
} from '@medalliance/contract';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/connection.ts';
import { ok } from '../../http/envelope.ts';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors.ts';
import { requestLanguage } from '../../http/i18n.ts';
import { keywordMatch } from '../../http/paging.ts';
import { parse } from '../../http/validate.ts';
import { now } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { all, first } from '../health/plans/rows.ts';
import { addFileReferences, releaseFileReferences } from '../file/files.service.ts';
import { nextBillNumber } from '../system/bill-rule.service.ts';
import { callerOf, need, num, numOrNull, raw, strOrNull, type Caller } from './common.ts';
import './messages.ts';

/**
 * Courses (课程管理, 课程审核) and their materials. A course is written as a
 * draft, submitted for review (pending), then published or sent back
 * (rejected, editable again); a published course may be closed. Materials
 * are files of the files module, referenced while the course keeps them.
 */

export const idParam = z.object({ id: z.string().trim().min(1).max(40) });
const materialParam = z.object({ id: z.string().trim().min(1).max(40), materialId: z.string().trim().min(1).max(40) });

const SORTS = { createdAt: 'c.created_at', startsAt: 'c.starts_at', title: 'c.title', courseNo: 'c.course_no' } as const;

/** Courses with their counts and the caller's application and progress, in one query each (no N+1). */
export async function courseRows(db: Kysely<any>, userId: string, ids: string[]): Promise<Map<string, CourseRow>> {
  if (!ids.length) return new Map();
  const rows = await all(
    db,
    db
      .selectFrom('tr_courses as c')
      .leftJoin('users as u', 'u.id', 'c.created_by')
      .select([
        'c.id',
        'c.course_no',
        'c.title',
        'c.category',
        'c.teacher_id',
        'c.teacher_name',
        'c.org_id',
        'c.intro',
        'c.status',
        'c.starts_at',
        'c.ends_at',
        'c.capacity',
        'c.credit',
        'c.created_at',
        'c.created_by',
        'c.submitted_at',
        'c.review_comment',
        'u.real_name as creator_name',
      ])
      .select((eb) => [
        eb
          .selectFrom('tr_materials as m')
          .select(sql<number>`count(*)`.as('n'))
          .whereRef('m.course_id', '=', 'c.id')
          .as('materials'),
        eb
          .selectFrom('tr_applications as a')
          .select(sql<number>`count(*)`.as('n'))
          .whereRef('a.course_id', '=', 'c.id')
          .where('a.status', '=', 'approved')
          .as('approved'),
        eb
          .selectFrom('tr_comments as r')
          .select(sql<number>`avg(r.rating)`.as('n'))
          .whereRef('r.course_id', '=', 'c.id')
          .where('r.hidden', '=', 0)
          .as('rating'),
        eb
          .selectFrom('tr_comments as r')
          .select(sql<number>`count(*)`.as('n'))
          .whereRef('r.course_id', '=', 'c.id')
          .where('r.hidden', '=', 0)
          .as('ratings'),
        eb
          .selectFrom('tr_applications as a')
          .select('a.status')
          .whereRef('a.course_id', '=', 'c.id')
          .where('a.user_id', '=', userId)
          .orderBy('a.applied_at', 'desc')
          .limit(1)
          .as('my_apply'),
        eb
          .selectFrom('tr_materials as m')
          .select(sql<number>`count(*)`.as('n'))
          .whereRef('m.course_id', '=', 'c.id')
          .where('m.kind', '=', 'video')
          .as('videos'),
        eb
          .selectFrom('tr_watch_progress as w')
          .innerJoin('tr_materials as m', 'm.id', 'w.material_id')
          .select(sql<number>`count(*)`.as('n'))
          .whereRef('w.course_id', '=', 'c.id')
          .where('w.user_id', '=', userId)
          .where('w.completed', '=', 1)
          .as('done'),
      ])
      .where('c.id', 'in', ids),
  );
  return new Map(
    rows.map((r) => {
      const videos = num(r.videos);
      const row: CourseRow = {
        id: String(r.id),
        courseNo: String(r.course_no),
        title: String(r.title),
        category: r.category,
        teacherId: strOrNull(r.teacher_id),
        teacherName: String(r.teacher_name),
        orgId: strOrNull(r.org_id),
        intro: strOrNull(r.intro),
        status: r.status,
        startsAt: numOrNull(r.starts_at),
        endsAt: numOrNull(r.ends_at),
        capacity: num(r.capacity),
        credit: num(r.credit),
        createdAt: num(r.created_at),
        createdBy: strOrNull(r.created_by),
        creatorName: strOrNull(r.creator_name),
        submittedAt: numOrNull(r.submitted_at),
        reviewComment: strOrNull(r.review_comment),
        materials: num(r.materials),
        approved: num(r.approved),
        rating: r.rating === null || r.rating === undefined ? null : Math.round(Number(r.rating) * 10) / 10,
        ratings: num(r.ratings),
        myApply: r.my_apply ?? null,
        myProgress: videos ? Math.round((num(r.done) * 100) / videos) : 0,
      };
      return [row.id, row];
    }),
  );
}

export async function materialRows(db: Kysely<any>, courseId: string, userId: string): Promise<MaterialRow[]> {
  const rows = await all(
    db,
    db
      .selectFrom('tr_materials as m')
      .leftJoin('files as f', 'f.id', 'm.file_id')
      .leftJoin('tr_watch_progress as w', (j) => j.onRef('w.material_id', '=', 'm.id').on('w.user_id', '=', userId))
      .select([
        'm.id',
        'm.course_id',
        'm.file_id',
        'm.kind',
        'm.title',
        'm.duration_s',
        'm.sort_code',
        'f.original_name as file_name',
        'f.file_size',
        'w.position_s',
        'w.watched_s',
        'w.completed',
      ])
      .where('m.course_id', '=', courseId)
      .orderBy('m.sort_code')
      .orderBy('m.created_at'),
  );
  return rows.map((r) => ({
    id: String(r.id),
    courseId: String(r.course_id),
    fileId: String(r.file_id),
    kind: r.kind,
    title: String(r.title),
    durationS: num(r.duration_s),
    sortCode: num(r.sort_code),
    fileName: strOrNull(r.file_name),
    fileSize: num(r.file_size),
    positionS: num(r.position_s),
    watchedS: num(r.watched_s),
    completed: num(r.completed) === 1,
  }));
}

export async function courseById(db: Kysely<any>, id: string) {
  return first(db, db.selectFrom('tr_courses').selectAll().where('id', '=', id));
}

/** A course the caller may see: published/closed for everyone, any state for the centre. */
export async function visibleCourse(db: Kysely<any>, c: Caller, id: string) {
  const row = await courseById(db, id);
  if (!row) throw notFound();
  const open = row.status === 'published' || row.status === 'closed';
  if (!open && !c.rights.manage && !c.rights.review) throw notFound();
  return row;
}

/** Whether the caller may watch the course's videos: an approved application, or the training centre itself. */
export async function enrolled(db: Kysely<any>, c: Caller, courseId: string): Promise<boolean> {
  if (c.rights.manage || c.rights.review) return true;
  const row = await first(
    db,
    db
      .selectFrom('tr_applications')
      .select('id')
      .where('course_id', '=', courseId)
      .where('user_id', '=', c.userId)
      .where('status', '=', 'approved'),
  );
  return !!row;
}

async function checkFile(db: Kysely<any>, fileId: string | null | undefined) {
  if (!fileId) return;
  const f = await first(db, db.selectFrom('files').select('id').where('id', '=', fileId));
  if (!f) throw badRequest('training.fileMissing');
}

async function checkTeacher(db: Kysely<any>, teacherId: string | null | undefined) {
  if (!teacherId) return;
  const u = await first(db, db.selectFrom('users').select('id').where('id', '=', teacherId));
  if (!u) throw badRequest('training.badTeacher');
}

function checkRange(startsAt: number | null | undefined, endsAt: number | null | undefined) {
  if (startsAt != null && endsAt != null && endsAt < startsAt) throw badRequest('training.badRange');
}

/** Moves a course from one of `from` to `to`, refusing when someone moved it meanwhile. */
async function move(db: Kysely<any>, id: string, from: CourseStatus[], set: Record<string, unknown>) {
  const r = await db.updateTable('tr_courses').set(set).where('id', '=', id).where('status', 'in', from).executeTakeFirst();
  if (Number(r.numUpdatedRows) !== 1) throw conflict('training.wrongState');
}

export async function courseRoutes(app: FastifyInstance, ctx: AppContext, cfg: object): Promise<void> {
  const db = raw(ctx.db);
  const lang = (req: FastifyRequest) => requestLanguage(req);

  app.get('/training/courses', cfg, async (req) => {
    const q = parse(courseListQuery, req.query, lang(req));
    const c = await callerOf(ctx, req);
    if (q.box === 'manage') need(c, 'manage');
    if (q.box === 'review') need(c, 'review');
    let base = db.selectFrom('tr_courses as c');
    if (q.box === 'catalogue') base = base.where('c.status', 'in', ['published', 'closed']);
    if (q.box === 'review') base = base.where('c.status', 'in', q.status ? [q.status] : ['pending', 'published', 'rejected']);
    if (q.status && q.box !== 'review') base = base.where('c.status', '=', q.status);
    if (q.category) base = base.where('c.category', '=', q.category);
    if (q.keyword) base = base.where(keywordMatch(['c.title', 'c.course_no', 'c.teacher_name'], q.keyword));
    const total = await first(db, base.select(sql<number>`count(*)`.as('n')));
    const ids = await all(
      db,
      base
        .select('c.id')
        .orderBy(SORTS[q.sort], q.order)
        .orderBy('c.id', q.order)
        .limit(q.pageSize)
        .offset((q.currentPage - 1) * q.pageSize),
    );
    const rows = await courseRows(
      db,
      c.userId,
      ids.map((r) => String(r.id)),
    );
    return ok({
      list: ids.map((r) => rows.get(String(r.id))!),
      pagination: { currentPage: q.currentPage, pageSize: q.pageSize, total: num(total?.n) },
    });
  });

  /** Published courses for pickers (apply, comment, live link): id, number and title only. */
  app.get('/training/courses/options', cfg, async (req) => {
    const c = await callerOf(ctx, req);
    const statuses = c.rights.manage || c.rights.review ? ['published', 'pending', 'draft', 'closed'] : ['published'];
    const rows = await all(
      db,
      db
        .selectFrom('tr_courses')
        .select(['id', 'course_no', 'title', 'status'])
        .where('status', 'in', statuses)
        .orderBy('created_at', 'desc')
        .limit(500),
    );
    return ok(rows.map((r) => ({ id: String(r.id), courseNo: String(r.course_no), title: String(r.title), status: r.status })));
  });

  app.get('/training/courses/:id', cfg, async (req) => {
    const { id } = parse(idParam, req.params, lang(req));
    const c = await callerOf(ctx, req);
    await visibleCourse(db, c, id);
    const row = (await courseRows(db, c.userId, [id])).get(id)!;
    return ok({ ...row, materialList: await materialRows(db, id, c.userId), enrolled: await enrolled(db, c, id) });
  });

  app.post('/training/courses', cfg, async (req) => {
    const c = await callerOf(ctx, req);
    need(c, 'manage');
    const b = parse(courseBody, req.body, lang(req));
    checkRange(b.startsAt, b.endsAt);
    await checkTeacher(db, b.teacherId);
    await checkFile(db, b.coverFileId);
    const id = newId();
    const at = now();
    await ctx.db.transaction().execute(async (trx) => {
      const courseNo = await nextBillNumber(ctx, trx, 'courseNo');
      await raw(trx as Db)
        .insertInto('tr_courses')
        .values({
          id,
          course_no: courseNo,
          title: b.title,
          category: b.category,
          teacher_id: b.teacherId ?? null,
          teacher_name: b.teacherName,
          org_id: c.unitId,
          intro: b.intro || null,
          cover_file_id: b.coverFileId ?? null,
          status: 'draft',
          starts_at: b.startsAt ?? null,
          ends_at: b.endsAt ?? null,
          capacity: b.capacity,
          credit: b.credit,
          created_at: at,
          created_by: c.userId,
        })
        .execute();
    });
    if (b.coverFileId) await addFileReferences(ctx, [b.coverFileId]);
    return ok({ id });
  });

  app.put('/training/courses/:id', cfg, async (req) => {
    const { id } = parse(idParam, req.params, lang(req));
    const c = await callerOf(ctx, req);
    need(c, 'manage');
    const b = parse(courseBody, req.body, lang(req));
    checkRange(b.startsAt, b.endsAt);
    await checkTeacher(db, b.teacherId);
    await checkFile(db, b.coverFileId);
    const row = await courseById(db, id);
    if (!row) throw notFound();
    // A course under review or closed is frozen; a published one may still be corrected.
    await move(db, id, ['draft', 'rejected', 'published'], {
      title: b.title,
      category: b.category,
      teacher_id: b.teacherId ?? null,
      teacher_name: b.teacherName,
      intro: b.intro || null,
      cover_file_id: b.coverFileId ?? null,
      starts_at: b.startsAt ?? null,
      ends_at: b.endsAt ?? null,
      capacity: b.capacity,
      credit: b.credit,
      updated_at: now(),
      updated_by: c.userId,
    });
    if (row.cover_file_id !== (b.coverFileId ?? null)) {
      if (b.coverFileId) await addFileReferences(ctx, [b.coverFileId]);
      if (row.cover_file_id) await releaseFileReferences(ctx, [String(row.cover_file_id)]);
    }
    return ok({ id });
  });

  /** Only a course nobody applied for yet (a draft or a rejected one) may be removed. */
  app.delete('/training/courses/:id', cfg, async (req) => {
    const { id } = parse(idParam, req.params, lang(req));
    const c = await callerOf(ctx, req);
    need(c, 'manage');
    const row = await courseById(db, id);
    if (!row) throw notFound();
    if (row.status !== 'draft' && row.status !== 'rejected') throw conflict('training.wrongState');
    const mats = await all(db, db.selectFrom('tr_materials').select('file_id').where('course_id', '=', id));
    await ctx.db.transaction().execute(async (trx) => {
      const t = raw(trx as Db);
      await t.deleteFrom('tr_materials').where('course_id', '=', id).execute();
      const r = await t.deleteFrom('tr_courses').where('id', '=', id).where('status', 'in', ['draft', 'rejected']).executeTakeFirst();
      if (Number(r.numDeletedRows) !== 1) throw conflict('training.wrongState');
    });
    const files = [...mats.map((m) => String(m.file_id)), ...(row.cover_file_id ? [String(row.cover_file_id)] : [])];
    if (files.length) await releaseFileReferences(ctx, files);
    return ok(null);
  });

  app.post('/training/courses/:id/submit', cfg, async (req) => {
    const { id } = parse(idParam, req.params, lang(req));
    const c = await callerOf(ctx, req);
    need(c, 'manage');
    const n = await first(
      db,
      db
        .selectFrom('tr_materials')
        .select(sql<number>`count(*)`.as('n'))
        .where('course_id', '=', id),
    );
    if (!(await courseById(db, id))) throw notFound();
    if (!num(n?.n)) throw badRequest('training.noMaterials');
    const at = now();
    await move(db, id, ['draft', 'rejected'], { status: 'pending', submitted_at: at, updated_at: at, updated_by: c.userId });
    return ok({ status: 'pending' });
  });

  app.post('/training/courses/:id/review', cfg, async (req) => {
    const { id } = parse(idParam, req.params, lang(req));
    const c = await callerOf(ctx, req);
    need(c, 'review');
    const b = parse(reviewBody, req.body, lang(req));
    if (b.decision === 'reject' && b.comment.length < 2) throw badRequest('training.reasonRequired');
    if (!(await courseById(db, id))) throw notFound();
    const at = now();
    const status = b.decision === 'approve' ? 'published' : 'rejected';
    await move(db, id, ['pending'], { status, reviewed_by: c.userId, reviewed_at: at, review_comment: b.comment || null, updated_at: at });
    return ok({ status });
  });

  app.post('/training/courses/:id/close', cfg, async (req) => {
    const { id } = parse(idParam, req.params, lang(req));
    const c = await callerOf(ctx, req);
    need(c, 'manage');
    if (!(await courseById(db, id))) throw notFound();
    await move(db, id, ['published'], { status: 'closed', updated_at: now(), updated_by: c.userId });
    return ok({ status: 'closed' });
  });

  app.post('/training/courses/:id/materials', cfg, async (req) => {
    const { id } = parse(idParam, req.params, lang(req));
    const c = await callerOf(ctx, req);
    need(c, 'manage');
    const b = parse(materialBody, req.body, lang(req));
    const row = await courseById(db, id);
    if (!row) throw notFound();
    if (row.status === 'pending' || row.status === 'closed') throw conflict('training.wrongState');
    await checkFile(db, b.fileId);
    const mid = newId();
    await db
      .insertInto('tr_materials')
      .values({
        id: mid,
        course_id: id,
        file_id: b.fileId,
        kind: b.kind,
        title: b.title,
        duration_s: b.durationS,
        sort_code: b.sortCode,
        created_at: now(),
        created_by: c.userId,
      })
      .execute();
    await addFileReferences(ctx, [b.fileId]);
    return ok({ id: mid });
  });

  app.delete('/training/courses/:id/materials/:materialId', cfg, async (req) => {
    const { id, materialId } = parse(materialParam, req.params, lang(req));
    const c = await callerOf(ctx, req);
    need(c, 'manage');
    const row = await courseById(db, id);
    if (!row) throw notFound();
    if (row.status === 'pending' || row.status === 'closed') throw conflict('training.wrongState');
    const m = await first(db, db.selectFrom('tr_materials').select('file_id').where('id', '=', materialId).where('course_id', '=', id));
    if (!m) throw notFound();
    await db.deleteFrom('tr_materials').where('id', '=', materialId).execute();
    await releaseFileReferences(ctx, [String(m.file_id)]);
    return ok(null);
  });

  /** Course catalogue figures for the manage page's header. */
  app.get('/training/courses-summary', cfg, async (req) => {
    const c = await callerOf(ctx, req);
    if (!c.rights.manage && !c.rights.review) throw forbidden();
    const rows = await all(
      db,
      db
        .selectFrom('tr_courses')
        .select(['status', sql<number>`count(*)`.as('n')])
        .groupBy('status'),
    );
    return ok(Object.fromEntries(rows.map((r) => [r.status, num(r.n)])));
  });
}
