import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import {
  CHILD_WORKLISTS,
  childCreateBody,
  childKpiDrillQuery,
  childKpiQuery,
  childListQuery,
  childRevealBody,
  childUpdateBody,
} from '@medalliance/contract';
import type { AppContext } from '../../../context.ts';
import { anyModuleAccess, moduleAccess, type Access } from '../../../http/access.ts';
import { ok } from '../../../http/envelope.ts';
import { forbidden } from '../../../http/errors.ts';
import { requestLanguage } from '../../../http/i18n.ts';
import { parse } from '../../../http/validate.ts';
import { now } from '../../../lib/clock.ts';
import { grantsFor } from '../../permission/grants.service.ts';
import { createRecord, readRecord, recordOf, runtimeModel, updateRecord, type Authorized } from '../../visualdev/records.service.ts';
import { kpiOrgTree, kpiOrgView } from '../kpi/kpi-orgs.ts';
import { all } from '../plans/rows.ts';
import { recordHealthAudit } from '../privacy/audit.ts';
import { healthRights } from '../privacy/rights.ts';
import { callerUnit, healthScope, orgInScope } from '../privacy/scope.ts';
import { findResident } from '../chronic/residents.ts';
import { CHILD_FORMS } from './check-hooks.ts';
import { childKpiDrill, childKpis, periodOf } from './kpi.service.ts';
import { childCandidates, childPlans, childWorklist, listChildren, motherCandidates } from './lists.service.ts';
import { childById, createChild, readChildHistory, updateChild } from './records.service.ts';
import './messages.ts';

/**
 * Child health 0–6 (issue 18, M7) under /health/child: the children's records
 * (menu child_case), the worklists, newborn visits and check-ups (child_follow),
 * the KPIs by unit with drill-down (child_case_org). Each route declares its
 * menu and button; every query is scoped by the caller's units (healthScope).
 */

export const CHILD_MENUS = { records: 'child_case', follow: 'child_follow', kpi: 'child_case_org' } as const;
const anyChild = anyModuleAccess([CHILD_MENUS.records, CHILD_MENUS.follow, CHILD_MENUS.kpi]);
const recordsOrFollow = anyModuleAccess([CHILD_MENUS.records, CHILD_MENUS.follow]);

const idParam = z.object({ id: z.string().trim().min(1).max(40) });
const formParam = z.object({ form: z.enum(['newborn', 'checkup']) });
const formIdParam = formParam.extend({ id: z.string().trim().min(1).max(40) });
const listParam = z.object({ list: z.enum(CHILD_WORKLISTS) });
const keywordQuery = z.object({ keyword: z.string().trim().max(50).optional().default('') }).strict();
const motherQuery = keywordQuery.extend({ childResidentId: z.string().trim().min(1).max(40) });
const visitBody = z.object({ data: z.unknown() }).strict();
const orgQuery = z.object({ orgId: z.string().trim().min(1).max(40).optional() }).strict();

const raw = (ctx: AppContext) => ctx.db.withoutPlugins() as unknown as Kysely<any>;
const cfg = (access: Access) => ({ config: { access } });
const ip = (req: FastifyRequest) => req.ip;

export async function childRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const lang = (req: FastifyRequest) => requestLanguage(req);
  const scopeOf = (req: FastifyRequest) => healthScope(ctx, req.session);
  const authOf = async (req: FastifyRequest): Promise<Authorized> => ({
    grants: await grantsFor(ctx, req.session.userId, req.session.isAdministrator),
    menu: null,
  });
  const B = '/health/child';

  app.get(`${B}/children`, cfg(recordsOrFollow), async (req) => {
    const q = parse(childListQuery, req.query, lang(req));
    return ok(await listChildren(raw(ctx), await scopeOf(req), { ...q, doctorId: q.mine === '1' ? req.session.userId : undefined }));
  });

  app.get(`${B}/worklists/:list`, cfg(moduleAccess(CHILD_MENUS.follow)), async (req) => {
    const { list } = parse(listParam, req.params, lang(req));
    const q = parse(childListQuery, req.query, lang(req));
    return ok(await childWorklist(raw(ctx), await scopeOf(req), list, { ...q, doctorId: q.mine === '1' ? req.session.userId : undefined }));
  });

  app.get(`${B}/candidates`, cfg(moduleAccess(CHILD_MENUS.records, 'btn_add')), async (req) => {
    const q = parse(keywordQuery, req.query, lang(req));
    return ok({ list: await childCandidates(raw(ctx), await scopeOf(req), q.keyword) });
  });

  app.get(`${B}/mothers`, cfg(recordsOrFollow), async (req) => {
    const q = parse(motherQuery, req.query, lang(req));
    return ok({ list: await motherCandidates(raw(ctx), await scopeOf(req), q.childResidentId, q.keyword) });
  });

  app.post(`${B}/children`, cfg(moduleAccess(CHILD_MENUS.records, 'btn_add')), async (req) => {
    const body = parse(childCreateBody, req.body, lang(req));
    return ok(await createChild(raw(ctx), await scopeOf(req), req.session.userId, body));
  });

  /** One child: the record, the schedule with states, the history, the visits (masked names). */
  app.get(`${B}/children/:id`, cfg(anyChild), async (req) => {
    const { id } = parse(idParam, req.params, lang(req));
    const db = raw(ctx);
    const c = await childById(db, await scopeOf(req), id);
    const visits = [];
    for (const form of ['newborn', 'checkup'] as const) {
      const { table } = CHILD_FORMS[form];
      const rows = await all(
        db,
        db
          .selectFrom(table)
          .select([
            'id',
            'visitDate',
            'weightKg',
            ...(form === 'checkup' ? ['stage', 'lengthCm', 'weightBand', 'lengthBand', 'haemoglobin'] : []),
          ])
          .where('childRecordId', '=', id)
          .orderBy('visitDate', 'desc')
          .limit(50),
      );
      for (const r of rows)
        visits.push({
          form,
          id: String(r.id),
          visitDate: Number(r.visitDate),
          stage: r.stage ?? null,
          weightKg: r.weightKg === null ? null : Number(r.weightKg),
          lengthCm: r.lengthCm === null || r.lengthCm === undefined ? null : Number(r.lengthCm),
          weightBand: r.weightBand ?? null,
          lengthBand: r.lengthBand ?? null,
          haemoglobin: r.haemoglobin === null || r.haemoglobin === undefined ? null : Number(r.haemoglobin),
        });
    }
    visits.sort((a, b) => b.visitDate - a.visitDate);
    const { orgId } = await callerUnit(ctx, req.session.userId);
    await recordHealthAudit(db, {
      userId: req.session.userId,
      orgId,
      action: 'view',
      residentId: c.residentId,
      target: `healthChildRecord:${id}`,
      ip: ip(req),
    });
    return ok({ ...c, plans: await childPlans(db, c, now()), history: await readChildHistory(db, id), visits });
  });

  app.put(`${B}/children/:id`, cfg(moduleAccess(CHILD_MENUS.records, 'btn_edit')), async (req) => {
    const { id } = parse(idParam, req.params, lang(req));
    const body = parse(childUpdateBody, req.body, lang(req));
    return ok(await updateChild(raw(ctx), await scopeOf(req), req.session.userId, id, body));
  });

  /** The child's and the mother's name, ID number and phone: the reveal grant, a reason, an audit entry per person. */
  app.post(`${B}/children/:id/reveal`, cfg(anyChild), async (req) => {
    const { id } = parse(idParam, req.params, lang(req));
    const body = parse(childRevealBody, req.body ?? {}, lang(req));
    const rights = await healthRights(ctx, req.session);
    const own = [CHILD_MENUS.records, CHILD_MENUS.follow].some((m) => rights.grants.modules.get(m)?.has('btn_reveal'));
    if (!rights.reveal && !own) throw forbidden();
    const db = raw(ctx);
    const c = await childById(db, await scopeOf(req), id);
    const { orgId } = await callerUnit(ctx, req.session.userId);
    const person = async (residentId: string | null) => {
      if (!residentId) return null;
      const r = await findResident(db, residentId);
      if (!r) return null;
      await recordHealthAudit(db, {
        userId: req.session.userId,
        orgId,
        action: 'reveal',
        residentId,
        target: `healthChildRecord:${id}`,
        reason: body.reason,
        ip: ip(req),
      });
      return { residentId, fullName: r.fullName, idNumber: r.idNumber || null, phone: r.phone || null };
    };
    return ok({ child: await person(c.residentId), mother: await person(c.motherResidentId) });
  });

  /** The released form (an administrator's own fields included), for the low-code renderer. */
  app.get(`${B}/forms/:form`, cfg(moduleAccess(CHILD_MENUS.follow)), async (req) => {
    const { form } = parse(formParam, req.params, lang(req));
    const m = await runtimeModel(ctx, CHILD_FORMS[form].enCode);
    return ok({ modelId: m.id, fullName: m.fullName, formData: m.form });
  });

  app.post(`${B}/visits/:form`, cfg(moduleAccess(CHILD_MENUS.follow, 'btn_add')), async (req) => {
    const { form } = parse(formParam, req.params, lang(req));
    const body = parse(visitBody, req.body, lang(req));
    const m = await runtimeModel(ctx, CHILD_FORMS[form].enCode);
    const { id } = await createRecord(ctx, req.session, m, await authOf(req), recordOf(body.data));
    const saved = await readRecord(ctx, m, await authOf(req), id);
    const db = raw(ctx);
    const c = await childById(db, await scopeOf(req), String(saved.childRecordId));
    return ok({ id, record: saved, child: c, plans: await childPlans(db, c, now()) });
  });

  app.get(`${B}/visits/:form/:id`, cfg(moduleAccess(CHILD_MENUS.follow)), async (req) => {
    const { form, id } = parse(formIdParam, req.params, lang(req));
    const m = await runtimeModel(ctx, CHILD_FORMS[form].enCode);
    const record = await readRecord(ctx, m, await authOf(req), id);
    if (!orgInScope(await scopeOf(req), record.manageOrgId as string | null)) throw forbidden();
    return ok({ id, data: record });
  });

  app.put(`${B}/visits/:form/:id`, cfg(moduleAccess(CHILD_MENUS.follow, 'btn_edit')), async (req) => {
    const { form, id } = parse(formIdParam, req.params, lang(req));
    const body = parse(visitBody, req.body, lang(req));
    const m = await runtimeModel(ctx, CHILD_FORMS[form].enCode);
    await updateRecord(ctx, req.session, m, await authOf(req), id, recordOf(body.data));
    return ok({ id, record: await readRecord(ctx, m, await authOf(req), id) });
  });

  app.get(`${B}/kpi/orgs`, cfg(moduleAccess(CHILD_MENUS.kpi)), async (req) => ok({ list: await kpiOrgTree(ctx, req.session) }));

  app.get(`${B}/kpi`, cfg(moduleAccess(CHILD_MENUS.kpi)), async (req) => {
    const q = parse(childKpiQuery.extend(orgQuery.shape), req.query, lang(req));
    const view = await kpiOrgView(ctx, req.session, q.orgId);
    const period = periodOf(q.year);
    return ok({ org: view.org, period, ...(await childKpis(raw(ctx), view, period)) });
  });

  app.get(`${B}/kpi/drill`, cfg(moduleAccess(CHILD_MENUS.kpi)), async (req) => {
    const q = parse(childKpiDrillQuery, req.query, lang(req));
    const view = await kpiOrgView(ctx, req.session, q.orgId);
    if (!view.rows.some((r) => r.id === q.rowId)) throw forbidden();
    const { orgId } = await callerUnit(ctx, req.session.userId);
    await recordHealthAudit(raw(ctx), {
      userId: req.session.userId,
      orgId,
      action: 'view',
      residentId: null,
      target: `childKpi:${q.kpi}:${q.rowId}`,
      ip: ip(req),
    });
    return ok(await childKpiDrill(raw(ctx), view, periodOf(q.year), { ...q, rowId: q.rowId }));
  });
}
