import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import {
  deliveryBody,
  formatGestation,
  gestationalAge,
  MAT_PREGNANT_STATES,
  MAT_WORKLISTS,
  matKpiDrillQuery,
  matKpiQuery,
  matListQuery,
  planState,
  pregnancyCreateBody,
  pregnancyUpdateBody,
  stateBody,
} from '@medalliance/contract';
import type { AppContext } from '../../../context.ts';
import { anyModuleAccess, moduleAccess, type Access } from '../../../http/access.ts';
import { ok } from '../../../http/envelope.ts';
import { forbidden } from '../../../http/errors.ts';
import { requestLanguage } from '../../../http/i18n.ts';
import { parse } from '../../../http/validate.ts';
import { now } from '../../../lib/clock.ts';
import { grantsFor } from '../../permission/grants.service.ts';
import type { SessionInfo } from '../../oauth/sessions.service.ts';
import { createRecord, readRecord, recordOf, runtimeModel, updateRecord, type Authorized } from '../../visualdev/records.service.ts';
import { recordHealthAudit } from '../privacy/audit.ts';
import { callerUnit, healthScope, orgInScope } from '../privacy/scope.ts';
import { all } from '../plans/rows.ts';
import { matKpi, matKpiDrill, periodOf } from './kpi.ts';
import { candidates, listPregnancies, matWorklist, pregnancyRow, worklistCounts } from './lists.ts';
import { MAT_MODELS, MAT_VISIT_TYPES, type MatVisitType } from './models.ts';
import {
  changeState,
  createPregnancy,
  pregnancyHistory,
  pregnancyInScope,
  recordDelivery,
  TABLE,
  updatePregnancy,
} from './pregnancy.service.ts';
import { RESIDENT_TABLE } from '../plans/worklist.ts';
import './messages.ts';

/**
 * Maternal care under /health/maternal (issue 18, M6): pregnancy records
 * (menu parturient_case), worklists and visits (parturient_follow), KPIs by
 * unit (parturient_case_org). Each route declares its menu and button; every
 * read and write is scoped by the caller's units (healthScope).
 */

export const MAT_MENUS = ['parturient_case', 'parturient_follow', 'parturient_case_org'] as const;
const CASE = 'parturient_case';
const FOLLOW = 'parturient_follow';
const ORG = 'parturient_case_org';

const idParam = z.object({ id: z.string().trim().min(1).max(40) }).strict();
const listParam = z.object({ list: z.enum(MAT_WORKLISTS) }).strict();
const typeParam = z.object({ type: z.enum(MAT_VISIT_TYPES as [MatVisitType, ...MatVisitType[]]) }).strict();
const typeIdParam = typeParam.extend({ id: z.string().trim().min(1).max(40) });
const keywordQuery = z.object({ keyword: z.string().trim().max(50).optional().default('') }).strict();
const visitBody = z.object({ data: z.unknown() }).strict();

const cfg = (access: Access) => ({ config: { access } });

/** The caller holds the button on one of the menus (a visit is recorded from the records or the follow-up screen). */
async function requireButton(ctx: AppContext, session: SessionInfo, menus: string[], button: string) {
  const g = await grantsFor(ctx, session.userId, session.isAdministrator);
  if (!g.isAdministrator && !menus.some((m) => g.modules.get(m)?.has(button))) throw forbidden();
}

/** A pregnancy's plans (all stages) with their states. */
async function pregnancyPlans(db: Kysely<any>, id: string, at: number) {
  const rows = await all(db, db.selectFrom('health_plans').selectAll().where('enrolment_id', '=', id).orderBy('seq').orderBy('plan_date'));
  return rows.map((r) => ({
    id: String(r.id),
    kind: String(r.kind),
    seq: Number(r.seq),
    planDate: Number(r.plan_date),
    windowStart: Number(r.window_start),
    windowEnd: Number(r.window_end),
    visitId: r.visit_id ?? null,
    visitedAt: r.visited_at === null || r.visited_at === undefined ? null : Number(r.visited_at),
    state: planState({ windowStart: Number(r.window_start), windowEnd: Number(r.window_end), visitId: r.visit_id }, at),
  }));
}

/** A pregnancy's visits of the four forms, by date. */
async function pregnancyVisits(db: Kysely<any>, id: string) {
  const out: { type: MatVisitType; id: string; visitDate: number; classification: string | null; detail: string | null }[] = [];
  for (const type of MAT_VISIT_TYPES) {
    const t = MAT_MODELS[type].table;
    const detail = type === 'first' || type === 'antenatal' ? 'gestation' : 'postpartumDays';
    const rows = await all(
      db,
      db
        .selectFrom(t)
        .select(['id', 'visitDate as visit_date', 'classification', `${detail} as detail`])
        .where('pregnancyId', '=', id),
    );
    for (const r of rows)
      out.push({
        type,
        id: String(r.id),
        visitDate: Number(r.visit_date),
        classification: (r.classification as string | null) ?? null,
        detail: r.detail === null || r.detail === undefined ? null : String(r.detail),
      });
  }
  return out.sort((a, b) => a.visitDate - b.visitDate);
}

export async function maternalRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const raw = () => ctx.db.withoutPlugins() as unknown as Kysely<any>;
  const lang = (req: FastifyRequest) => requestLanguage(req);
  const scopeOf = (req: FastifyRequest) => healthScope(ctx, req.session);
  const authOf = async (req: FastifyRequest): Promise<Authorized> => ({
    grants: await grantsFor(ctx, req.session.userId, req.session.isAdministrator),
    menu: null,
  });
  const mine = (req: FastifyRequest, q: { mine?: string }) => (q.mine === '1' ? req.session.userId : undefined);
  const any = anyModuleAccess(MAT_MENUS);

  app.get('/health/maternal/pregnancies', cfg(any), async (req) => {
    const q = parse(matListQuery, req.query, lang(req));
    return ok(await listPregnancies(raw(), await scopeOf(req), { ...q, doctorId: mine(req, q) }));
  });

  app.get('/health/maternal/candidates', cfg(moduleAccess(CASE, 'btn_add')), async (req) => {
    const q = parse(keywordQuery, req.query, lang(req));
    return ok({ list: await candidates(raw(), await scopeOf(req), q.keyword) });
  });

  app.post('/health/maternal/pregnancies', cfg(moduleAccess(CASE, 'btn_add')), async (req) => {
    const body = parse(pregnancyCreateBody, req.body, lang(req));
    return ok(await createPregnancy(raw(), await scopeOf(req), req.session.userId, body));
  });

  /** One record: its row (masked), gestational age today, plans, visits, state history; the view is audited. */
  app.get('/health/maternal/pregnancies/:id', cfg(any), async (req) => {
    const { id } = parse(idParam, req.params, lang(req));
    const db = raw();
    const p = await pregnancyInScope(db, await scopeOf(req), id);
    const at = now();
    const r = await all(
      db,
      db
        .selectFrom(`${TABLE} as m`)
        .innerJoin(`${RESIDENT_TABLE} as r`, 'r.id', 'm.resident_id')
        .leftJoin('organizations as o', 'o.id', 'm.org_id')
        .leftJoin('users as u', 'u.id', 'm.doctor_id')
        .selectAll('m')
        .select([
          'o.full_name as org_name',
          'u.real_name as doctor_name',
          'r.fullName as fullName',
          'r.idNumber as idNumber',
          'r.phone as phone',
          'r.birthDate as birthDate',
        ])
        .where('m.id', '=', id),
    );
    const unit = await callerUnit(ctx, req.session.userId);
    await recordHealthAudit(db, {
      userId: req.session.userId,
      orgId: unit.orgId,
      action: 'view',
      residentId: p.residentId,
      target: `matPregnancy:${id}`,
      ip: req.ip,
    });
    return ok({
      ...pregnancyRow(r[0]!, at),
      gestationToday: (MAT_PREGNANT_STATES as string[]).includes(p.state) ? formatGestation(gestationalAge(p.lmp, at)) : null,
      plans: await pregnancyPlans(db, id, at),
      visits: await pregnancyVisits(db, id),
      history: await pregnancyHistory(db, id),
    });
  });

  app.put('/health/maternal/pregnancies/:id', cfg(moduleAccess(CASE, 'btn_edit')), async (req) => {
    const { id } = parse(idParam, req.params, lang(req));
    const body = parse(pregnancyUpdateBody, req.body, lang(req));
    return ok(await updatePregnancy(raw(), await scopeOf(req), req.session.userId, id, body));
  });

  app.post('/health/maternal/pregnancies/:id/delivery', cfg(any), async (req) => {
    await requireButton(ctx, req.session, [CASE, FOLLOW], 'btn_edit');
    const { id } = parse(idParam, req.params, lang(req));
    const body = parse(deliveryBody, req.body, lang(req));
    return ok(await recordDelivery(raw(), await scopeOf(req), req.session.userId, id, body));
  });

  app.post('/health/maternal/pregnancies/:id/state', cfg(moduleAccess(CASE, 'btn_edit')), async (req) => {
    const { id } = parse(idParam, req.params, lang(req));
    const body = parse(stateBody, req.body, lang(req));
    return ok(await changeState(raw(), await scopeOf(req), req.session.userId, id, body));
  });

  app.get('/health/maternal/worklists', cfg(moduleAccess(FOLLOW)), async (req) => {
    const q = parse(matListQuery, req.query, lang(req));
    return ok(await worklistCounts(raw(), await scopeOf(req), { ...q, doctorId: mine(req, q) }));
  });

  app.get('/health/maternal/worklists/:list', cfg(moduleAccess(FOLLOW)), async (req) => {
    const { list } = parse(listParam, req.params, lang(req));
    const q = parse(matListQuery, req.query, lang(req));
    return ok(await matWorklist(raw(), await scopeOf(req), list, { ...q, doctorId: mine(req, q) }));
  });

  /** The released form of a visit type (an administrator's own fields included), for the low-code renderer. */
  app.get('/health/maternal/forms/:type', cfg(any), async (req) => {
    const { type } = parse(typeParam, req.params, lang(req));
    const m = await runtimeModel(ctx, MAT_MODELS[type].enCode);
    return ok({ modelId: m.id, fullName: m.fullName, formData: m.form });
  });

  app.post('/health/maternal/visits/:type', cfg(any), async (req) => {
    await requireButton(ctx, req.session, [FOLLOW, CASE], 'btn_add');
    const { type } = parse(typeParam, req.params, lang(req));
    const body = parse(visitBody, req.body, lang(req));
    const m = await runtimeModel(ctx, MAT_MODELS[type].enCode);
    const auth = await authOf(req);
    const { id } = await createRecord(ctx, req.session, m, auth, recordOf(body.data));
    const record = await readRecord(ctx, m, auth, id);
    const plans = await pregnancyPlans(raw(), String(record.pregnancyId), now());
    return ok({ id, record, plans });
  });

  app.get('/health/maternal/visits/:type/:id', cfg(any), async (req) => {
    const { type, id } = parse(typeIdParam, req.params, lang(req));
    const m = await runtimeModel(ctx, MAT_MODELS[type].enCode);
    const record = await readRecord(ctx, m, await authOf(req), id);
    if (!orgInScope(await scopeOf(req), record.manageOrgId as string | null)) throw forbidden();
    return ok({ id, data: record });
  });

  app.put('/health/maternal/visits/:type/:id', cfg(any), async (req) => {
    await requireButton(ctx, req.session, [FOLLOW, CASE], 'btn_edit');
    const { type, id } = parse(typeIdParam, req.params, lang(req));
    const body = parse(visitBody, req.body, lang(req));
    const m = await runtimeModel(ctx, MAT_MODELS[type].enCode);
    const auth = await authOf(req);
    await updateRecord(ctx, req.session, m, auth, id, recordOf(body.data));
    const record = await readRecord(ctx, m, auth, id);
    return ok({ id, record, plans: await pregnancyPlans(raw(), String(record.pregnancyId), now()) });
  });

  app.get('/health/maternal/kpi', cfg(moduleAccess(ORG)), async (req) => {
    const q = parse(matKpiQuery, req.query, lang(req));
    return ok(await matKpi(raw(), await scopeOf(req), periodOf(q)));
  });

  app.get('/health/maternal/kpi/drill', cfg(moduleAccess(ORG)), async (req) => {
    const q = parse(matKpiDrillQuery, req.query, lang(req));
    return ok(await matKpiDrill(raw(), await scopeOf(req), periodOf(q), q));
  });
}
