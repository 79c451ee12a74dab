import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import {
  IMAGING_ACTIONS,
  IMAGING_CENTRES,
  IMAGING_WORKLISTS,
  imagingActionBody,
  imagingImageBody,
  imagingLimitsSchema,
  imagingListQuery,
  imagingReportFields,
  imagingRevealBody,
  imagingReviewBody,
  imagingRosterBody,
  imagingStudyBody,
  type ImagingMeta,
} from '@medalliance/contract';
import type { AppContext } from '../../context.ts';
import { anyModuleAccess, publicAccess } from '../../http/access.ts';
import { ok } from '../../http/envelope.ts';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors.ts';
import { requestLanguage } from '../../http/i18n.ts';
import { parse } from '../../http/validate.ts';
import { now } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { findResident } from '../health/chronic/residents.ts';
import { all, first } from '../health/plans/rows.ts';
import { recordHealthAudit } from '../health/privacy/audit.ts';
import { pickResidents } from '../referral/prefill.ts';
import { loadOrgTree } from '../referral/parties.ts';
import { ALL_IMAGING_MENUS, CENTRES, imagingCaller, readersOf, type ImagingCaller } from './centres.ts';
import { attachImage, removeImage, serveImage } from './images.ts';
import { printData, verifyReport } from './print.ts';
import { addReview } from './reviews.ts';
import { studyWorklist } from './rows.ts';
import { getImagingLimits, setImagingLimits } from './settings.ts';
import { registerStudy, studyDetail, studyFor, updateStudy } from './studies.service.ts';
import { act, saveDraft, takeNext } from './transitions.ts';
import './messages.ts';

/**
 * Studies of remote ultrasound and the image centre under /imaging/:centre
 * (issue 20, M10). Any menu of either centre opens the API; each route then
 * resolves the caller's part in that centre (applying side, reader,
 * director) and the study's state machine checks the rest. Lists are scoped
 * and masked; views, reveals and prints of a patient are audited.
 */
const access = anyModuleAccess(ALL_IMAGING_MENUS);
const cfg = { config: { access } };

const id40 = z.string().trim().min(1).max(40);
const centreParam = z.object({ centre: z.enum(IMAGING_CENTRES) }).strict();
const anyCentreParam = z.object({ centre: z.enum(IMAGING_CENTRES) }).passthrough();
const studyParam = z.object({ centre: z.enum(IMAGING_CENTRES), id: id40 }).strict();
const actionParam = z.object({ centre: z.enum(IMAGING_CENTRES), id: id40, action: z.enum(IMAGING_ACTIONS) }).strict();
const imageParam = z.object({ centre: z.enum(IMAGING_CENTRES), id: id40, imageId: id40 }).strict();
const listParam = z.object({ centre: z.enum(IMAGING_CENTRES), list: z.enum(IMAGING_WORKLISTS) }).strict();
const rosterParam = z.object({ centre: z.enum(IMAGING_CENTRES), id: id40 }).strict();
const keywordQuery = z.object({ keyword: z.string().trim().max(50).optional().default('') }).strict();
const orgQuery = z.object({ orgId: id40.optional() }).strict();
const printQuery = z.object({ reason: z.string().trim().min(2).max(200).optional() }).strict();
const codeParam = z.object({ code: z.string().max(100) }).strict();

export async function imagingRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const raw = () => ctx.db.withoutPlugins() as unknown as Kysely<any>;
  const lang = (req: FastifyRequest) => requestLanguage(req);
  const callerOf = async (req: FastifyRequest, params: unknown = req.params): Promise<ImagingCaller> => {
    const { centre } = parse(anyCentreParam, params, lang(req));
    return imagingCaller(ctx, req, centre);
  };
  const audit = (
    req: FastifyRequest,
    c: ImagingCaller,
    action: 'view' | 'reveal' | 'print',
    residentId: string,
    target: string,
    reason?: string,
  ) => recordHealthAudit(raw(), { userId: c.userId, orgId: c.unitId, action, residentId, target, reason, ip: req.ip });

  /** Public: the printed QR code's answer (authentic or not, no personal data). */
  app.get('/imaging/verify/:code', { config: { access: publicAccess } }, async (req) => {
    const { code } = parse(codeParam, req.params, lang(req));
    return ok(await verifyReport(ctx, code));
  });

  app.get('/imaging/:centre/meta', cfg, async (req) => {
    parse(centreParam, req.params, lang(req));
    const c = await callerOf(req);
    const meta: ImagingMeta = {
      centre: c.centre,
      unitId: c.unitId,
      isReader: c.isReader,
      isDirector: c.isDirector,
      rights: {
        register: c.canRegister,
        qc: c.isReader,
        triage: c.canTriage,
        read: c.isReader,
        audit: c.isReader,
        release: c.isReader,
        settings: c.isDirector,
      },
      limits: await getImagingLimits(raw(), c.centre),
    };
    return ok(meta);
  });

  app.get('/imaging/:centre/readers', cfg, async (req) => {
    parse(centreParam, req.params, lang(req));
    const c = await callerOf(req);
    if (!c.isReader) throw forbidden();
    const readers = await readersOf(raw(), c.centre);
    const counts = await all(
      raw(),
      raw()
        .selectFrom('img_studies')
        .select(['reader_id as readerId', (eb) => eb.fn.countAll().as('n')])
        .where('centre', '=', c.centre)
        .where('status', 'in', ['triaged', 'reading', 'audit_returned'])
        .where('reader_id', 'is not', null)
        .groupBy('reader_id'),
    );
    const open = new Map(counts.map((r) => [String(r.readerId), Number(r.n)]));
    return ok({ list: readers.map((r) => ({ ...r, openCount: open.get(r.id) ?? 0 })) });
  });

  app.get('/imaging/:centre/rosters', cfg, async (req) => {
    parse(centreParam, req.params, lang(req));
    const c = await callerOf(req);
    if (!c.isReader) throw forbidden();
    const rows = await all(
      raw(),
      raw()
        .selectFrom('img_rosters as ro')
        .leftJoin('users as u', 'u.id', 'ro.user_id')
        .leftJoin('img_items as it', 'it.id', 'ro.item_id')
        .select([
          'ro.id as id',
          'ro.user_id as userId',
          'u.real_name as realName',
          'ro.item_id as itemId',
          'it.name as itemName',
          'ro.weekday as weekday',
          'ro.sort_code as sortCode',
        ])
        .where('ro.centre', '=', c.centre)
        .orderBy('ro.sort_code')
        .orderBy('ro.id'),
    );
    return ok({
      list: rows.map((r) => ({
        id: String(r.id),
        userId: String(r.userId),
        realName: r.realName ?? null,
        itemId: r.itemId ?? null,
        itemName: r.itemName ?? null,
        weekday: r.weekday === null || r.weekday === undefined ? null : Number(r.weekday),
        sortCode: Number(r.sortCode ?? 0),
      })),
    });
  });

  app.post('/imaging/:centre/rosters', cfg, async (req) => {
    parse(centreParam, req.params, lang(req));
    const c = await callerOf(req);
    if (!c.isDirector) throw forbidden();
    const body = parse(imagingRosterBody, req.body, lang(req));
    const user = await first(raw(), raw().selectFrom('users').select('id').where('id', '=', body.userId).where('enabled_mark', '=', 1));
    if (!user) throw badRequest('imaging.badReader');
    const role = await first(
      raw(),
      raw()
        .selectFrom('user_relations as r')
        .innerJoin('roles as ro', 'ro.id', 'r.object_id')
        .select('r.id')
        .where('r.user_id', '=', body.userId)
        .where('r.object_type', '=', 'Role')
        .where('ro.en_code', '=', CENTRES[c.centre].readerRole),
    );
    if (!role) throw badRequest('imaging.badReader');
    if (body.itemId) {
      const item = await first(
        raw(),
        raw().selectFrom('img_items').select('id').where('id', '=', body.itemId).where('centre', '=', c.centre),
      );
      if (!item) throw badRequest('imaging.badItem');
    }
    let dup = raw().selectFrom('img_rosters').select('id').where('centre', '=', c.centre).where('user_id', '=', body.userId);
    dup = body.itemId ? dup.where('item_id', '=', body.itemId) : dup.where('item_id', 'is', null);
    dup = body.weekday === null ? dup.where('weekday', 'is', null) : dup.where('weekday', '=', body.weekday);
    if (await first(raw(), dup)) throw conflict('imaging.rosterExists');
    const id = newId();
    await raw()
      .insertInto('img_rosters')
      .values({ id, centre: c.centre, user_id: body.userId, item_id: body.itemId, weekday: body.weekday, sort_code: body.sortCode })
      .execute();
    return ok({ id });
  });

  app.delete('/imaging/:centre/rosters/:id', cfg, async (req) => {
    const p = parse(rosterParam, req.params, lang(req));
    const c = await callerOf(req);
    if (!c.isDirector) throw forbidden();
    const res = await raw().deleteFrom('img_rosters').where('id', '=', p.id).where('centre', '=', c.centre).executeTakeFirst();
    if (Number(res.numDeletedRows) !== 1) throw notFound();
    return ok({ id: p.id });
  });

  app.get('/imaging/:centre/settings', cfg, async (req) => {
    parse(centreParam, req.params, lang(req));
    const c = await callerOf(req);
    return ok(await getImagingLimits(raw(), c.centre));
  });

  app.put('/imaging/:centre/settings', cfg, async (req) => {
    parse(centreParam, req.params, lang(req));
    const c = await callerOf(req);
    if (!c.isDirector) throw forbidden();
    const body = parse(imagingLimitsSchema, req.body, lang(req));
    await setImagingLimits(raw(), c.centre, body, c.userId);
    return ok(body);
  });

  app.get('/imaging/:centre/residents', cfg, async (req) => {
    parse(centreParam, req.params, lang(req));
    const c = await callerOf(req);
    if (!c.canRegister) throw forbidden();
    const q = parse(keywordQuery, req.query, lang(req));
    return ok({ list: await pickResidents(raw(), c.scope, q.keyword) });
  });

  app.get('/imaging/:centre/units', cfg, async (req) => {
    parse(centreParam, req.params, lang(req));
    const c = await callerOf(req);
    if (!c.canRegister) throw forbidden();
    const tree = await loadOrgTree(raw());
    const units = tree
      .units()
      .filter((u) => c.scope.all || c.scope.orgIds.includes(u.id))
      .map((u) => ({ id: u.id, name: u.fullName }));
    return ok({ list: units });
  });

  app.get('/imaging/:centre/doctors', cfg, async (req) => {
    parse(centreParam, req.params, lang(req));
    const c = await callerOf(req);
    if (!c.canRegister) throw forbidden();
    const q = parse(orgQuery, req.query, lang(req));
    const unit = q.orgId ?? c.unitId;
    if (!unit || !(c.scope.all || c.scope.orgIds.includes(unit))) throw badRequest('imaging.badUnit');
    const tree = await loadOrgTree(raw());
    const orgIds = [...tree.byId.keys()].filter((o) => tree.unitOf(o) === unit);
    const users = orgIds.length
      ? await all(
          raw(),
          raw()
            .selectFrom('users')
            .select(['id', 'real_name as realName'])
            .where('organize_id', 'in', orgIds)
            .where('enabled_mark', '=', 1)
            .where('is_administrator', '=', 0)
            .orderBy('id'),
        )
      : [];
    return ok({ list: users.map((u) => ({ id: String(u.id), realName: String(u.realName) })) });
  });

  app.get('/imaging/:centre/worklists/:list', cfg, async (req) => {
    const { list } = parse(listParam, req.params, lang(req));
    const q = parse(imagingListQuery, req.query, lang(req));
    const c = await callerOf(req);
    return ok(await studyWorklist(raw(), c, list, q, now()));
  });

  app.post('/imaging/:centre/studies', cfg, async (req) => {
    parse(centreParam, req.params, lang(req));
    const body = parse(imagingStudyBody, req.body, lang(req));
    const c = await callerOf(req);
    return ok(await registerStudy(ctx, c, body, now()));
  });

  app.get('/imaging/:centre/studies/:id', cfg, async (req) => {
    const { id } = parse(studyParam, req.params, lang(req));
    const c = await callerOf(req);
    const d = await studyDetail(raw(), c, id, now());
    await audit(req, c, 'view', d.residentId, `imaging:${id}`);
    return ok(d);
  });

  app.put('/imaging/:centre/studies/:id', cfg, async (req) => {
    const { id } = parse(studyParam, req.params, lang(req));
    const body = parse(imagingStudyBody, req.body, lang(req));
    const c = await callerOf(req);
    return ok(await updateStudy(ctx, c, id, body, now()));
  });

  app.post('/imaging/:centre/studies/:id/actions/:action', cfg, async (req) => {
    const { id, action } = parse(actionParam, req.params, lang(req));
    const body = parse(imagingActionBody, req.body ?? {}, lang(req));
    const c = await callerOf(req);
    return ok(await act(ctx, c, id, action, body, now()));
  });

  app.post('/imaging/:centre/take-next', cfg, async (req) => {
    parse(centreParam, req.params, lang(req));
    const c = await callerOf(req);
    return ok(await takeNext(ctx, c, now()));
  });

  app.put('/imaging/:centre/studies/:id/draft', cfg, async (req) => {
    const { id } = parse(studyParam, req.params, lang(req));
    const body = parse(imagingReportFields, req.body, lang(req));
    const c = await callerOf(req);
    await saveDraft(ctx, c, id, body, now());
    const d = await studyDetail(raw(), c, id, now());
    return ok(d.reports.find((r) => r.current) ?? null);
  });

  app.post('/imaging/:centre/studies/:id/images', cfg, async (req) => {
    const { id } = parse(studyParam, req.params, lang(req));
    const body = parse(imagingImageBody, req.body, lang(req));
    const c = await callerOf(req);
    return ok(await attachImage(ctx, c, id, body.fileId, now()));
  });

  app.delete('/imaging/:centre/studies/:id/images/:imageId', cfg, async (req) => {
    const { id, imageId } = parse(imageParam, req.params, lang(req));
    const c = await callerOf(req);
    await removeImage(ctx, c, id, imageId, now());
    return ok({ id: imageId });
  });

  app.get('/imaging/:centre/studies/:id/images/:imageId/content', { ...cfg, compress: false as const }, async (req, reply) => {
    const { id, imageId } = parse(imageParam, req.params, lang(req));
    const c = await callerOf(req);
    return serveImage(ctx, c, id, imageId, now(), req, reply);
  });

  app.post('/imaging/:centre/studies/:id/reviews', cfg, async (req) => {
    const { id } = parse(studyParam, req.params, lang(req));
    const body = parse(imagingReviewBody, req.body, lang(req));
    const c = await callerOf(req);
    return ok(await addReview(ctx, c, id, body, now()));
  });

  app.post('/imaging/:centre/studies/:id/reveal', cfg, async (req) => {
    const { id } = parse(studyParam, req.params, lang(req));
    const body = parse(imagingRevealBody, req.body, lang(req));
    const c = await callerOf(req);
    const s = await studyFor(raw(), c, id, now());
    const r = await findResident(raw(), s.residentId);
    await audit(req, c, 'reveal', s.residentId, `imaging:${id}`, body.reason);
    return ok({ fullName: r?.fullName ?? '', idNumber: r?.idNumber ?? '', phone: r?.phone ?? '' });
  });

  app.get('/imaging/:centre/studies/:id/print', cfg, async (req) => {
    const { id } = parse(studyParam, req.params, lang(req));
    const q = parse(printQuery, req.query, lang(req));
    const c = await callerOf(req);
    const { print, residentId } = await printData(ctx, c, id, !!q.reason, now(), lang(req));
    await audit(req, c, q.reason ? 'reveal' : 'print', residentId, `imaging:${id}:print`, q.reason);
    return ok(print);
  });
}
