import type { FastifyInstance } from 'fastify';
import { KPI_MENUS, kpiExportQuery, kpiPatientsQuery, kpiQuery, type KpiMeta } from '@medalliance/contract';
import type { AppContext } from '../../../context.ts';
import { anyModuleAccess } from '../../../http/access.ts';
import { ok } from '../../../http/envelope.ts';
import { forbidden } from '../../../http/errors.ts';
import { requestLanguage } from '../../../http/i18n.ts';
import { now } from '../../../lib/clock.ts';
import { sendXlsx } from '../../permission/users-excel.service.ts';
import { query, withAccess } from '../../system/route-helpers.ts';
import { recordHealthAudit } from '../privacy/audit.ts';
import { canExportHealth, requireKpiMenu } from './kpi-access.ts';
import { kpiWorkbook } from './kpi-export.ts';
import { kpiOrgTree, kpiOrgView } from './kpi-orgs.ts';
import { kpiPatients, kpiTable, kpiWindow } from './kpi.service.ts';
import './messages.ts';

/** Any of the four KPI menus opens the KPI API (the menu named in the query is checked too). */
const kpiAccess = anyModuleAccess(KPI_MENUS);

/**
 * The health KPIs under /health/kpi (issue 17): the screens' meta (years, the
 * organisation tree of the caller's scope, whether they may export), a KPI
 * table, the patients behind a figure (masked) and the Excel export (the
 * health bulk-export grant; every export audited). Each route needs one of
 * the KPI menus; the rows are cut to the caller's health scope.
 */
const BASE = '/health/kpi';

export async function kpiRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get(`${BASE}/meta`, withAccess(kpiAccess), async (req) => {
    await requireKpiMenu(ctx, req.session);
    const year = new Date(now()).getUTCFullYear();
    const meta: KpiMeta = {
      year,
      years: Array.from({ length: 6 }, (_, i) => year - i),
      orgs: await kpiOrgTree(ctx, req.session),
      canExport: await canExportHealth(ctx, req.session),
    };
    return ok(meta);
  });

  app.get(BASE, withAccess(kpiAccess), async (req) => {
    const q = query(kpiQuery, req);
    await requireKpiMenu(ctx, req.session);
    return ok(await kpiTable(ctx, req.session, q));
  });

  app.get(`${BASE}/patients`, withAccess(kpiAccess), async (req) => {
    const q = query(kpiPatientsQuery, req);
    await requireKpiMenu(ctx, req.session);
    return ok(await kpiPatients(ctx, req.session, q));
  });

  app.get(`${BASE}/export`, withAccess(kpiAccess), async (req, reply) => {
    const q = query(kpiExportQuery, req);
    await requireKpiMenu(ctx, req.session);
    if (!(await canExportHealth(ctx, req.session))) throw forbidden('health.export.forbidden');
    const view = await kpiOrgView(ctx, req.session, q.orgId);
    const tables = [];
    for (const programme of q.programmes) {
      const base = { programme, year: q.year, orgId: view.org.id };
      tables.push({
        programme,
        byOrg: await kpiTable(ctx, req.session, { ...base, groupBy: 'org' }),
        byDoctor: await kpiTable(ctx, req.session, { ...base, groupBy: 'doctor' }),
      });
    }
    const buffer = await kpiWorkbook(tables, requestLanguage(req));
    const { year } = kpiWindow(q.year);
    await recordHealthAudit(ctx.db.withoutPlugins() as never, {
      userId: req.session.userId,
      orgId: view.unitId,
      action: 'export',
      residentId: null,
      target: `kpi:${q.programmes.join(',')}:${year}:${view.org.id}`,
      ip: req.ip,
    });
    return sendXlsx(reply, buffer, `健康管理指标_${year}.xlsx`, `health-kpi-${year}.xlsx`);
  });
}
