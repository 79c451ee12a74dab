import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { z } from 'zod';
import {
  maskIdNumber,
  maskName,
  maskPhone,
  revealBody,
  TB_WORKLISTS,
  tbKpiQuery,
  tbListQuery,
  tbNotifyBody,
  tbSettingsSchema,
} from '@medalliance/contract';
import type { AppContext } from '../../../context.ts';
import { adminAccess, anyModuleAccess, moduleAccess, type Access } from '../../../http/access.ts';
import { ok } from '../../../http/envelope.ts';
import { forbidden } from '../../../http/errors.ts';
import { requestLanguage } from '../../../http/i18n.ts';
import { parse } from '../../../http/validate.ts';
import { now } from '../../../lib/clock.ts';
import { grantsFor } from '../../permission/grants.service.ts';
import { createRecord, readRecord, recordOf, runtimeModel, updateRecord, type Authorized } from '../../visualdev/records.service.ts';
import { recordHealthAudit } from '../privacy/audit.ts';
import { requireRight } from '../privacy/rights.ts';
import { callerUnit, healthScope, inScope, orgInScope } from '../privacy/scope.ts';
import { likeEscape, RESIDENT_TABLE } from '../plans/worklist.ts';
import { residentPlans } from '../plans/worklist.ts';
import { all } from '../plans/rows.ts';
import { findResident } from '../chronic/residents.ts';
import { caseById, caseHistory, notify, switchToContinuation, TB_TABLE } from './cases.service.ts';
import { tbKpiByUnit } from './kpi.ts';
import { listCases } from './lists.service.ts';
import { TB_FORMS, TB_MODELS } from './models.ts';
import { getTbSettings, setTbSettings } from './settings.ts';
import './messages.ts';

/**
 * Pulmonary tuberculosis management under /health/tb: the patients and
 * worklists of menu tuberculosis_manage, the by-unit figures of
 * tuberculosis_manage_org (whose drill-down reads the case list too), the three
 * forms through the low-code engine (rules in visit-hooks.ts), settings.
 * Every query is scoped by the caller's units (healthScope).
 */

export const TB_MENU = 'tuberculosis_manage';
export const TB_ORG_MENU = 'tuberculosis_manage_org';

const idParam = z.object({ id: z.string().trim().min(1).max(40) });
const listParam = z.object({ list: z.enum(TB_WORKLISTS) });
const formParam = z.object({ form: z.enum(TB_FORMS as [string, ...string[]]) });
const formRecordParam = formParam.extend({ id: z.string().trim().min(1).max(40) });
const keywordQuery = z.object({ keyword: z.string().trim().max(50).optional().default('') }).strict();
const recordBody = z.object({ data: z.unknown() }).strict();

const raw = (ctx: AppContext) => ctx.db.withoutPlugins() as unknown as Kysely<any>;
const cfg = (access: Access) => ({ config: { access } });
const readAccess = anyModuleAccess([TB_MENU, TB_ORG_MENU]);

export async function tbRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const lang = (req: FastifyRequest) => requestLanguage(req);
  const scopeOf = (req: FastifyRequest) => healthScope(ctx, req.session);
  const authOf = async (req: FastifyRequest): Promise<Authorized> => ({
    grants: await grantsFor(ctx, req.session.userId, req.session.isAdministrator),
    menu: null,
  });
  const B = '/health/tb';

  app.get(`${B}/cases`, cfg(readAccess), async (req) => {
    const q = parse(tbListQuery, req.query, lang(req));
    return ok(await listCases(raw(ctx), await scopeOf(req), { ...q, doctorId: q.mine === '1' ? req.session.userId : undefined }, now()));
  });

  app.get(`${B}/worklists/:list`, cfg(moduleAccess(TB_MENU)), async (req) => {
    const { list } = parse(listParam, req.params, lang(req));
    const q = parse(tbListQuery, req.query, lang(req));
    return ok(
      await listCases(raw(ctx), await scopeOf(req), { ...q, doctorId: q.mine === '1' ? req.session.userId : undefined }, now(), list),
    );
  });

  /** Residents of the caller's units without an open case (the notification's patient picker), masked. */
  app.get(`${B}/candidates`, cfg(moduleAccess(TB_MENU, 'btn_add')), async (req) => {
    const q = parse(keywordQuery, req.query, lang(req));
    const db = raw(ctx);
    let base = db
      .selectFrom(`${RESIDENT_TABLE} as r`)
      .where(inScope(await scopeOf(req), sql.ref('r.manageOrgId')))
      .where(sql<boolean>`coalesce(r.${sql.id('archiveState')}, 1) <> 2`)
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom(`${TB_TABLE} as c`).select('c.id').whereRef('c.resident_id', '=', 'r.id').where('c.state', '<', 2))),
      );
    if (q.keyword) base = base.where(sql<boolean>`r.${sql.id('fullName')} like ${likeEscape(q.keyword)} escape '\\'`);
    const rows = await all(
      db,
      base
        .select(['r.id', sql.ref('r.fullName').as('fullName'), sql.ref('r.idNumber').as('idNumber'), sql.ref('r.phone').as('phone')])
        .orderBy(sql.ref('r.fullName'))
        .limit(20),
    );
    return ok({
      list: rows.map((r) => ({
        id: String(r.id),
        fullName: maskName(String(r.fullName ?? '')),
        idNumber: maskIdNumber(String(r.idNumber ?? '')),
        phone: maskPhone(String(r.phone ?? '')),
      })),
    });
  });

  app.post(`${B}/cases`, cfg(moduleAccess(TB_MENU, 'btn_add')), async (req) => {
    const body = parse(tbNotifyBody, req.body, lang(req));
    return ok(await notify(raw(ctx), await scopeOf(req), req.session.userId, body));
  });

  /** One case: its state history, plans and records of the three forms. */
  app.get(`${B}/cases/:id`, cfg(readAccess), async (req) => {
    const { id } = parse(idParam, req.params, lang(req));
    const db = raw(ctx);
    const c = await caseById(db, await scopeOf(req), id);
    const r = await findResident(db, c.residentId);
    const records: Record<string, unknown[]> = {};
    for (const form of TB_FORMS) {
      const date = form === 'first' ? 'visitTime' : form === 'visit' ? 'visitDate' : 'stopDate';
      records[form] = await all(
        db,
        db.selectFrom(TB_MODELS[form].table).selectAll().where('caseId', '=', id).orderBy(date, 'desc').limit(200),
      );
    }
    return ok({
      ...c,
      fullName: maskName(r?.fullName ?? ''),
      idNumber: maskIdNumber(r?.idNumber ?? ''),
      phone: maskPhone(r?.phone ?? ''),
      history: await caseHistory(db, id),
      plans: await residentPlans(db, 'tb', c.residentId, now()),
      records,
    });
  });

  app.post(`${B}/cases/:id/continuation`, cfg(moduleAccess(TB_MENU, 'btn_edit')), async (req) => {
    const { id } = parse(idParam, req.params, lang(req));
    const db = raw(ctx);
    return ok(await switchToContinuation(db, await scopeOf(req), req.session.userId, id, await getTbSettings(db)));
  });

  /** The patient's full name, ID number and phone: the reveal grant, a reason, an audit entry. */
  app.post(`${B}/cases/:id/reveal`, cfg(readAccess), async (req) => {
    const { id } = parse(idParam, req.params, lang(req));
    const body = parse(revealBody, req.body ?? {}, lang(req));
    await requireRight(ctx, req.session, 'reveal');
    const db = raw(ctx);
    const c = await caseById(db, await scopeOf(req), id);
    const r = await findResident(db, c.residentId);
    const { orgId } = await callerUnit(ctx, req.session.userId);
    await recordHealthAudit(db, {
      userId: req.session.userId,
      orgId,
      action: 'reveal',
      residentId: c.residentId,
      target: `tbCase:${id}`,
      reason: body.reason,
      ip: req.ip,
    });
    return ok({ fullName: r?.fullName ?? '', idNumber: r?.idNumber ?? null, phone: r?.phone ?? null });
  });

  /** A released form (an administrator's own fields included), for the low-code renderer. */
  app.get(`${B}/forms/:form`, cfg(moduleAccess(TB_MENU)), async (req) => {
    const { form } = parse(formParam, req.params, lang(req));
    const m = await runtimeModel(ctx, TB_MODELS[form as keyof typeof TB_MODELS].enCode);
    return ok({ modelId: m.id, fullName: m.fullName, formData: m.form });
  });

  app.post(`${B}/forms/:form/records`, cfg(moduleAccess(TB_MENU, 'btn_add')), async (req) => {
    const { form } = parse(formParam, req.params, lang(req));
    const body = parse(recordBody, req.body, lang(req));
    const m = await runtimeModel(ctx, TB_MODELS[form as keyof typeof TB_MODELS].enCode);
    const { id } = await createRecord(ctx, req.session, m, await authOf(req), recordOf(body.data));
    const record = await readRecord(ctx, m, await authOf(req), id);
    return ok({ id, record, case: await caseById(raw(ctx), await scopeOf(req), String(record.caseId)) });
  });

  app.get(`${B}/forms/:form/records/:id`, cfg(moduleAccess(TB_MENU)), async (req) => {
    const { form, id } = parse(formRecordParam, req.params, lang(req));
    const m = await runtimeModel(ctx, TB_MODELS[form as keyof typeof TB_MODELS].enCode);
    const record = await readRecord(ctx, m, await authOf(req), id);
    if (!orgInScope(await scopeOf(req), record.manageOrgId as string | null)) throw forbidden();
    return ok({ id, data: record });
  });

  app.put(`${B}/forms/:form/records/:id`, cfg(moduleAccess(TB_MENU, 'btn_edit')), async (req) => {
    const { form, id } = parse(formRecordParam, req.params, lang(req));
    const body = parse(recordBody, req.body, lang(req));
    const m = await runtimeModel(ctx, TB_MODELS[form as keyof typeof TB_MODELS].enCode);
    await updateRecord(ctx, req.session, m, await authOf(req), id, recordOf(body.data));
    return ok({ id, record: await readRecord(ctx, m, await authOf(req), id) });
  });

  app.get(`${B}/settings`, cfg(moduleAccess(TB_MENU)), async () => ok(await getTbSettings(raw(ctx))));

  app.put(`${B}/settings`, cfg(adminAccess), async (req) => {
    const body = parse(tbSettingsSchema, req.body, lang(req));
    await setTbSettings(raw(ctx), body, req.session.userId);
    return ok(await getTbSettings(raw(ctx)));
  });

  app.get(`${B}/kpi`, cfg(moduleAccess(TB_ORG_MENU)), async (req) => {
    const q = parse(tbKpiQuery, req.query, lang(req));
    return ok(await tbKpiByUnit(raw(ctx), await scopeOf(req), now(), q.from, q.to));
  });
}
