import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import {
  PSY_WORKLISTS,
  psyClassifyBody,
  psyEnrolmentCreateBody,
  psyEnrolmentUpdateBody,
  psyKpiPatientsQuery,
  psyKpiQuery,
  psyListQuery,
  psyOutcomeBody,
  psyRevealBody,
  psySettingsSchema,
  suggestPsyClass,
  type EnrolmentOutcome,
} from '@medalliance/contract';
import type { AppContext } from '../../../context.ts';
import { PSY_MODEL, PSY_TABLE } from '../../../db/seed/health/psy-models.ts';
import { adminAccess, moduleAccess, type Access } from '../../../http/access.ts';
import { ok } from '../../../http/envelope.ts';
import { forbidden, notFound } from '../../../http/errors.ts';
import { requestLanguage } from '../../../http/i18n.ts';
import { parse } from '../../../http/validate.ts';
import { now } from '../../../lib/clock.ts';
import { grantsFor } from '../../permission/grants.service.ts';
import { createRecord, readRecord, recordOf, runtimeModel, updateRecord, type Authorized } from '../../visualdev/records.service.ts';
import { residentInScope } from '../chronic/residents.ts';
import { first } from '../plans/rows.ts';
import { residentPlans } from '../plans/worklist.ts';
import { recordHealthAudit } from '../privacy/audit.ts';
import { callerUnit, healthScope, orgInScope } from '../privacy/scope.ts';
import {
  diagnoses,
  enrolPsy,
  findPsyEnrolment,
  psyEnrolmentById,
  psyEnrolmentHistory,
  setPsyOutcome,
  updatePsyEnrolment,
} from './enrolment.service.ts';
import { currentYear, psyKpiPatients, psyKpiTable } from './kpi.ts';
import { enrolmentVisits, listPatients, psyCandidates, psyWorklist } from './psy.service.ts';
import { getPsySettings, PSY, setPsySettings } from './settings.ts';
import './messages.ts';

/**
 * Severe-mental-disorder management under /health/psy (menu psychosis_manage).
 * Stricter privacy than the other programmes: every route needs this menu
 * (administrators aside), so a records user without it never sees these
 * patients; every view of a patient's record, visit or visit list is audited;
 * lists are masked, revealed one resident at a time with a reason (audited).
 */

export const PSY_MENU = 'psychosis_manage';
const BASE = '/health/psy';

const idParam = z.object({ id: z.string().trim().min(1).max(40) });
const listParam = z.object({ list: z.enum(PSY_WORKLISTS) });
const keywordQuery = z.object({ keyword: z.string().trim().max(50).optional().default('') }).strict();
const visitBody = z.object({ data: z.unknown() }).strict();

const raw = (ctx: AppContext) => ctx.db.withoutPlugins() as unknown as Kysely<any>;
const cfg = (access: Access) => ({ config: { access } });
const menu = (button?: string) => cfg(moduleAccess(PSY_MENU, button));

export async function psyRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const lang = (req: FastifyRequest) => requestLanguage(req);
  const scopeOf = (req: FastifyRequest) => healthScope(ctx, req.session);
  const authOf = async (req: FastifyRequest): Promise<Authorized> => ({
    grants: await grantsFor(ctx, req.session.userId, req.session.isAdministrator),
    menu: null,
  });
  const audit = async (req: FastifyRequest, residentId: string, target: string, action: 'view' | 'reveal' = 'view', reason?: string) => {
    const { orgId } = await callerUnit(ctx, req.session.userId);
    await recordHealthAudit(raw(ctx), { userId: req.session.userId, orgId, action, residentId, target, reason, ip: req.ip });
  };

  app.get(`${BASE}/patients`, menu(), async (req) => {
    const q = parse(psyListQuery, req.query, lang(req));
    return ok(await listPatients(raw(ctx), await scopeOf(req), { ...q, doctorId: q.mine === '1' ? req.session.userId : undefined }));
  });

  app.get(`${BASE}/worklists/:list`, menu(), async (req) => {
    const { list } = parse(listParam, req.params, lang(req));
    const q = parse(psyListQuery, req.query, lang(req));
    return ok(await psyWorklist(raw(ctx), await scopeOf(req), list, { ...q, doctorId: q.mine === '1' ? req.session.userId : undefined }));
  });

  app.get(`${BASE}/candidates`, menu('btn_add'), async (req) => {
    const q = parse(keywordQuery, req.query, lang(req));
    return ok({ list: await psyCandidates(raw(ctx), await scopeOf(req), q.keyword) });
  });

  app.get(`${BASE}/diagnoses`, menu(), async () => ok({ list: await diagnoses(raw(ctx)) }));

  app.post(`${BASE}/enrolments`, menu('btn_add'), async (req) => {
    const body = parse(psyEnrolmentCreateBody, req.body, lang(req));
    return ok(await enrolPsy(raw(ctx), await scopeOf(req), req.session.userId, body));
  });

  /** The patient's record: enrolment, history, plans. Audited. */
  app.get(`${BASE}/enrolments/:id`, menu(), async (req) => {
    const { id } = parse(idParam, req.params, lang(req));
    const db = raw(ctx);
    const e = await psyEnrolmentById(db, await scopeOf(req), id);
    await audit(req, e.residentId, `psyEnrolment:${id}`);
    return ok({ ...e, history: await psyEnrolmentHistory(db, id), plans: await residentPlans(db, PSY, e.residentId, now()) });
  });

  /** The patient's visits. Audited. */
  app.get(`${BASE}/enrolments/:id/visits`, menu(), async (req) => {
    const { id } = parse(idParam, req.params, lang(req));
    const db = raw(ctx);
    const e = await psyEnrolmentById(db, await scopeOf(req), id);
    await audit(req, e.residentId, `psyVisits:${id}`);
    return ok({ list: await enrolmentVisits(db, id) });
  });

  app.put(`${BASE}/enrolments/:id`, menu('btn_edit'), async (req) => {
    const { id } = parse(idParam, req.params, lang(req));
    const body = parse(psyEnrolmentUpdateBody, req.body, lang(req));
    return ok(await updatePsyEnrolment(raw(ctx), await scopeOf(req), req.session.userId, id, body));
  });

  app.post(`${BASE}/enrolments/:id/outcome`, menu('btn_edit'), async (req) => {
    const { id } = parse(idParam, req.params, lang(req));
    const body = parse(psyOutcomeBody, req.body, lang(req));
    return ok(await setPsyOutcome(raw(ctx), await scopeOf(req), req.session.userId, id, body.outcome as EnrolmentOutcome, body.reason));
  });

  /** The suggestion the visit form shows while values are typed (the rule the save runs). */
  app.post(`${BASE}/classify`, menu(), async (req) => {
    const body = parse(psyClassifyBody, req.body, lang(req));
    await residentInScope(raw(ctx), await scopeOf(req), body.residentId);
    return ok({ suggested: suggestPsyClass(body) });
  });

  app.get(`${BASE}/form`, menu(), async () => {
    const m = await runtimeModel(ctx, PSY_MODEL);
    return ok({ modelId: m.id, fullName: m.fullName, formData: m.form });
  });

  app.post(`${BASE}/visits`, menu('btn_add'), async (req) => {
    const body = parse(visitBody, req.body, lang(req));
    const m = await runtimeModel(ctx, PSY_MODEL);
    const { id } = await createRecord(ctx, req.session, m, await authOf(req), recordOf(body.data));
    const saved = await readRecord(ctx, m, await authOf(req), id);
    return ok({ id, record: saved, plans: await residentPlans(raw(ctx), PSY, String(saved.residentId), now()) });
  });

  /** One visit. Audited. */
  app.get(`${BASE}/visits/:id`, menu(), async (req) => {
    const { id } = parse(idParam, req.params, lang(req));
    const row = await first(raw(ctx), raw(ctx).selectFrom(PSY_TABLE).select(['residentId', 'manageOrgId']).where('id', '=', id));
    if (!row) throw notFound();
    if (!orgInScope(await scopeOf(req), row.manageOrgId as string | null)) throw forbidden();
    const m = await runtimeModel(ctx, PSY_MODEL);
    const record = await readRecord(ctx, m, await authOf(req), id);
    await audit(req, String(row.residentId), `${PSY_MODEL}:${id}`);
    return ok({ id, data: record });
  });

  app.put(`${BASE}/visits/:id`, menu('btn_edit'), async (req) => {
    const { id } = parse(idParam, req.params, lang(req));
    const body = parse(visitBody, req.body, lang(req));
    const m = await runtimeModel(ctx, PSY_MODEL);
    await updateRecord(ctx, req.session, m, await authOf(req), id, recordOf(body.data));
    return ok({ id, record: await readRecord(ctx, m, await authOf(req), id) });
  });

  /** A resident's plans of this programme. Audited (it tells who is a patient). */
  app.get(`${BASE}/residents/:id/plans`, menu(), async (req) => {
    const { id } = parse(idParam, req.params, lang(req));
    const db = raw(ctx);
    await residentInScope(db, await scopeOf(req), id);
    if (!(await findPsyEnrolment(db, id))) throw notFound();
    await audit(req, id, 'psyPlans');
    return ok({ list: await residentPlans(db, PSY, id, now()) });
  });

  /** Full name, ID number and phones of one enrolled patient and their guardian: a reason, an audit entry. */
  app.post(`${BASE}/residents/:id/reveal`, menu(), async (req) => {
    const { id } = parse(idParam, req.params, lang(req));
    const body = parse(psyRevealBody, req.body ?? {}, lang(req));
    const db = raw(ctx);
    const r = await residentInScope(db, await scopeOf(req), id);
    const e = await findPsyEnrolment(db, id);
    if (!e) throw notFound();
    await audit(req, id, 'fullName,idNumber,phone,guardian', 'reveal', body.reason);
    return ok({ fullName: r.fullName, idNumber: r.idNumber, phone: r.phone, guardianName: e.guardianName, guardianPhone: e.guardianPhone });
  });

  app.get(`${BASE}/kpi`, menu(), async (req) => {
    const q = parse(psyKpiQuery, req.query, lang(req));
    return ok(await psyKpiTable(raw(ctx), await scopeOf(req), q.year ?? currentYear()));
  });

  app.get(`${BASE}/kpi/patients`, menu(), async (req) => {
    const q = parse(psyKpiPatientsQuery, req.query, lang(req));
    return ok(await psyKpiPatients(raw(ctx), await scopeOf(req), { ...q, year: q.year ?? currentYear() }));
  });

  app.get(`${BASE}/settings`, menu(), async () => ok(await getPsySettings(raw(ctx))));

  app.put(`${BASE}/settings`, cfg(adminAccess), async (req) => {
    const body = parse(psySettingsSchema, req.body, lang(req));
    await setPsySettings(raw(ctx), body, req.session.userId);
    return ok(await getPsySettings(raw(ctx)));
  });
}
