import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import {
  ELDERLY_WORKLISTS,
  elderlyKpiQuery,
  elderlyKpiResidentsQuery,
  elderlyListQuery,
  elderlySettingsSchema,
  followupOrgPlansQuery,
  followupOrgQuery,
  quarterBounds,
  yearOf,
  type ElderlyListQuery,
} from '@medalliance/contract';
import type { AppContext } from '../../../context.ts';
import { ELDERLY_CHECK_MODEL } from '../../../db/seed/health/elderly-models.ts';
import { adminAccess, anyModuleAccess, moduleAccess, type Access } from '../../../http/access.ts';
import { ok } from '../../../http/envelope.ts';
import { badRequest, forbidden } from '../../../http/errors.ts';
import { requestLanguage } from '../../../http/i18n.ts';
import { parse } from '../../../http/validate.ts';
import { now } from '../../../lib/clock.ts';
import { grantsFor } from '../../permission/grants.service.ts';
import { createRecord, readRecord, recordOf, runtimeModel, updateRecord, type Authorized } from '../../visualdev/records.service.ts';
import { residentInScope } from '../chronic/residents.ts';
import { kpiOrgTree, kpiOrgView, rowOrgIds } from '../kpi/kpi-orgs.ts';
import { healthScope } from '../privacy/scope.ts';
import { elderlyKpiTable } from './elderly-kpi.ts';
import { elderlyChecks, elderlyResidents, elderlyWorklist, type ElderlyFilter } from './elderly.service.ts';
import { followupOrgPlans, followupOrgTable } from './followup-org.ts';
import { getElderlySettings, setElderlySettings } from './settings.ts';
import './messages.ts';

/**
 * Elderly 65+ management under /health/elderly (menus old_people_manage: the
 * worklists, residents, checks and settings; old_people_manage_org: 老年人健康
 * 管理率 by unit with drill-down) and the follow-up counts by unit across
 * programmes under /health/followup/org (menu treatment_list_org). Every
 * route declares its menu (and button for writes); every list is scoped to
 * the caller's units and masked.
 */

export const ELDERLY_MENU = 'old_people_manage';
export const ELDERLY_ORG_MENU = 'old_people_manage_org';
export const FOLLOWUP_ORG_MENU = 'treatment_list_org';

const idParam = z.object({ id: z.string().trim().min(1).max(40) }).strict();
const listParam = z.object({ list: z.enum(ELDERLY_WORKLISTS) }).strict();
const checkBody = z.object({ data: z.unknown() }).strict();
const checksQuery = elderlyListQuery.extend({ residentId: z.string().trim().min(1).max(40).optional() });

const raw = (ctx: AppContext) => ctx.db.withoutPlugins() as unknown as Kysely<any>;
const cfg = (access: Access) => ({ config: { access } });

export async function elderlyRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const lang = (req: FastifyRequest) => requestLanguage(req);
  const scopeOf = (req: FastifyRequest) => healthScope(ctx, req.session);
  const authOf = async (req: FastifyRequest): Promise<Authorized> => ({
    grants: await grantsFor(ctx, req.session.userId, req.session.isAdministrator),
    menu: null,
  });
  const filterOf = (req: FastifyRequest, q: ElderlyListQuery): ElderlyFilter => {
    const at = now();
    return {
      at,
      year: q.year ?? yearOf(at),
      currentPage: q.currentPage,
      pageSize: q.pageSize,
      keyword: q.keyword,
      orgId: q.orgId,
      doctorId: q.mine === '1' ? req.session.userId : undefined,
      checked: q.checked,
    };
  };
  const B = '/health/elderly';

  app.get(`${B}/worklists/:list`, cfg(moduleAccess(ELDERLY_MENU)), async (req) => {
    const { list } = parse(listParam, req.params, lang(req));
    const q = parse(elderlyListQuery, req.query, lang(req));
    return ok(await elderlyWorklist(raw(ctx), await scopeOf(req), list, filterOf(req, q)));
  });

  app.get(`${B}/residents`, cfg(moduleAccess(ELDERLY_MENU)), async (req) => {
    const q = parse(elderlyListQuery, req.query, lang(req));
    return ok(await elderlyResidents(raw(ctx), await scopeOf(req), filterOf(req, q)));
  });

  app.get(`${B}/checks`, cfg(moduleAccess(ELDERLY_MENU)), async (req) => {
    const q = parse(checksQuery, req.query, lang(req));
    const f = filterOf(req, q);
    // Without a year the checks of every year (a resident's history); the list screen sends the year.
    return ok(await elderlyChecks(raw(ctx), await scopeOf(req), { ...f, year: q.year ?? 0, residentId: q.residentId }));
  });

  /** The released check form (an administrator's own fields included), for the low-code renderer. */
  app.get(`${B}/form`, cfg(moduleAccess(ELDERLY_MENU)), async () => {
    const m = await runtimeModel(ctx, ELDERLY_CHECK_MODEL);
    return ok({ modelId: m.id, fullName: m.fullName, formData: m.form });
  });

  app.post(`${B}/checks`, cfg(moduleAccess(ELDERLY_MENU, 'btn_add')), async (req) => {
    const body = parse(checkBody, req.body, lang(req));
    const m = await runtimeModel(ctx, ELDERLY_CHECK_MODEL);
    const { id } = await createRecord(ctx, req.session, m, await authOf(req), recordOf(body.data));
    return ok({ id, record: await readRecord(ctx, m, await authOf(req), id) });
  });

  app.get(`${B}/checks/:id`, cfg(moduleAccess(ELDERLY_MENU)), async (req) => {
    const { id } = parse(idParam, req.params, lang(req));
    const m = await runtimeModel(ctx, ELDERLY_CHECK_MODEL);
    const record = await readRecord(ctx, m, await authOf(req), id);
    // The check belongs to the resident: readable where the resident is now.
    await residentInScope(raw(ctx), await scopeOf(req), String(record.residentId ?? ''));
    return ok({ id, data: record });
  });

  app.put(`${B}/checks/:id`, cfg(moduleAccess(ELDERLY_MENU, 'btn_edit')), async (req) => {
    const { id } = parse(idParam, req.params, lang(req));
    const body = parse(checkBody, req.body, lang(req));
    const m = await runtimeModel(ctx, ELDERLY_CHECK_MODEL);
    await updateRecord(ctx, req.session, m, await authOf(req), id, recordOf(body.data));
    return ok({ id, record: await readRecord(ctx, m, await authOf(req), id) });
  });

  app.get(`${B}/settings`, cfg(moduleAccess(ELDERLY_MENU)), async () => ok(await getElderlySettings(raw(ctx))));

  app.put(`${B}/settings`, cfg(adminAccess), async (req) => {
    const body = parse(elderlySettingsSchema, req.body, lang(req));
    await setElderlySettings(raw(ctx), body, req.session.userId);
    return ok(await getElderlySettings(raw(ctx)));
  });

  // ---- by unit ----

  /** The units the caller may choose (both by-unit screens). */
  app.get(`${B}/org-tree`, cfg(anyModuleAccess([ELDERLY_ORG_MENU, FOLLOWUP_ORG_MENU])), async (req) => {
    const year = yearOf(now());
    return ok({ year, years: Array.from({ length: 6 }, (_, i) => year - i), orgs: await kpiOrgTree(ctx, req.session) });
  });

  app.get(`${B}/kpi`, cfg(moduleAccess(ELDERLY_ORG_MENU)), async (req) => {
    const q = parse(elderlyKpiQuery, req.query, lang(req));
    const view = await kpiOrgView(ctx, req.session, q.orgId);
    const table = await elderlyKpiTable(raw(ctx), view, q.year ?? yearOf(now()));
    return ok({ ...table, targetRate: (await getElderlySettings(raw(ctx))).targetRate });
  });

  app.get(`${B}/kpi/residents`, cfg(moduleAccess(ELDERLY_ORG_MENU)), async (req) => {
    const q = parse(elderlyKpiResidentsQuery, req.query, lang(req));
    const view = await kpiOrgView(ctx, req.session, q.orgId);
    const orgIds = rowOrgIds(view, q.rowId);
    if (!orgIds) throw forbidden('elderly.outOfScope');
    const at = now();
    return ok(
      await elderlyResidents(raw(ctx), view.scope, {
        at,
        year: q.year ?? yearOf(at),
        currentPage: q.currentPage,
        pageSize: q.pageSize,
        orgIds,
        checked: q.metric === 'eligible' ? '' : q.metric === 'checked' ? '1' : '0',
      }),
    );
  });

  const periodOf = (q: { from?: number; to?: number }) => {
    const at = now();
    const d = quarterBounds(at);
    const from = q.from ?? d.from;
    const to = q.to ?? d.to;
    if (to <= from) throw badRequest('elderly.badPeriod');
    return { from, to, at };
  };

  app.get('/health/followup/org', cfg(moduleAccess(FOLLOWUP_ORG_MENU)), async (req) => {
    const q = parse(followupOrgQuery, req.query, lang(req));
    const period = periodOf(q);
    const view = await kpiOrgView(ctx, req.session, q.orgId);
    return ok(await followupOrgTable(raw(ctx), view, period));
  });

  app.get('/health/followup/org/plans', cfg(moduleAccess(FOLLOWUP_ORG_MENU)), async (req) => {
    const q = parse(followupOrgPlansQuery, req.query, lang(req));
    const period = periodOf(q);
    const view = await kpiOrgView(ctx, req.session, q.orgId);
    const orgIds = rowOrgIds(view, q.rowId);
    if (!orgIds) throw forbidden('elderly.outOfScope');
    return ok(await followupOrgPlans(raw(ctx), orgIds, { ...q, ...period }));
  });
}
