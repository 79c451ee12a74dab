import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fdKpiDrillQuery, fdKpiQuery } from '@medalliance/contract';
import type { AppContext } from '../../../context.ts';
import { anyModuleAccess } from '../../../http/access.ts';
import { ok } from '../../../http/envelope.ts';
import { requestLanguage, translate } from '../../../http/i18n.ts';
import { parse } from '../../../http/validate.ts';
import { recordHealthAudit } from '../../health/privacy/audit.ts';
import { healthScope } from '../../health/privacy/scope.ts';
import { sendXlsx } from '../../permission/users-excel.service.ts';
import { FD_KPI_MENUS, rawDb } from '../teams/access.ts';
import { kpiWorkbook } from './kpi-export.ts';
import { fdKeepRates, fdKpi, fdKpiDrill } from './kpi.service.ts';

/** The contracting KPIs under /family-doctor/kpi (page fd_statis): the table, its drill-down lists and the workbook. */
const cfg = { config: { access: anyModuleAccess(FD_KPI_MENUS) } };

export async function kpiRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const lang = (req: FastifyRequest) => requestLanguage(req);

  app.get('/family-doctor/kpi', cfg, async (req) => {
    const { by } = parse(fdKpiQuery, req.query, lang(req));
    return ok(await fdKpi(ctx, await healthScope(ctx, req.session), by));
  });

  /** 履约率 only: one statement (the benchmark compares this route to the same SELECT run directly). */
  app.get('/family-doctor/kpi/keep', cfg, async (req) => {
    const { by } = parse(fdKpiQuery, req.query, lang(req));
    return ok(await fdKeepRates(ctx, await healthScope(ctx, req.session), by));
  });

  app.get('/family-doctor/kpi/drill', cfg, async (req) => {
    const q = parse(fdKpiDrillQuery, req.query, lang(req));
    return ok(await fdKpiDrill(ctx, await healthScope(ctx, req.session), q));
  });

  app.get('/family-doctor/kpi/export', cfg, async (req, reply) => {
    const { by } = parse(fdKpiQuery, req.query, lang(req));
    const k = await fdKpi(ctx, await healthScope(ctx, req.session), by);
    await recordHealthAudit(rawDb(ctx), {
      userId: req.session.userId,
      orgId: null,
      action: 'export',
      residentId: null,
      target: `fd:kpi:${by}`,
      ip: req.ip,
    });
    return sendXlsx(reply, await kpiWorkbook(k, lang(req)), `${translate(lang(req), 'fdt.x.sheet')}.xlsx`, 'family-doctor-kpi.xlsx');
  });
}
