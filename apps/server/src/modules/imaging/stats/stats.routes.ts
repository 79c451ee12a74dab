import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { IMAGING_CENTRES, imgDrillQuery, imgStatsQuery } from '@medalliance/contract';
import type { AppContext } from '../../../context.ts';
import { ok } from '../../../http/envelope.ts';
import { requestLanguage, translate } from '../../../http/i18n.ts';
import { parse } from '../../../http/validate.ts';
import { now } from '../../../lib/clock.ts';
import { grantsFor } from '../../permission/grants.service.ts';
import { sendXlsx } from '../../permission/users-excel.service.ts';
import { STATS_MENUS } from '../catalog/access.ts';
import { recordHealthAudit } from '../../health/privacy/audit.ts';
import { callerUnit } from '../../health/privacy/scope.ts';
import type { Period } from './conditions.ts';
import { drillStudies } from './drill.ts';
import { statsWorkbook } from './export.ts';
import { statsScope, statsAccess } from './scope.ts';
import { centreStats, feeStats } from './stats.service.ts';

/**
 * Statistics of the two centres under /imaging/stats (issue 20): the fee
 * figures alone (the fee pages), every measure, the studies behind a figure,
 * and the workbook. The centre's statistics menu is required; figures are
 * cut to the caller's units unless they work for the centre.
 */
const cfg = { config: { access: statsAccess } };

export async function statsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const raw = () => ctx.db.withoutPlugins() as unknown as Kysely<any>;
  const period = async (
    req: FastifyRequest,
    q: { centre: Period['centre']; monthFrom: string; monthTo: string; unitId?: string | undefined },
  ): Promise<Period> => ({
    centre: q.centre,
    monthFrom: q.monthFrom,
    monthTo: q.monthTo,
    unitId: q.unitId,
    scope: await statsScope(ctx, req, q.centre),
  });

  /** The centres whose statistics the caller may open (the image centre page's switch). */
  app.get('/imaging/stats/meta', cfg, async (req) => {
    const g = await grantsFor(ctx, req.session.userId, req.session.isAdministrator);
    const centres = IMAGING_CENTRES.filter((c) => g.isAdministrator || STATS_MENUS[c].some((m) => g.modules.has(m)));
    return ok({ centres });
  });

  app.get('/imaging/stats/fees', cfg, async (req) => {
    const q = parse(imgStatsQuery, req.query, requestLanguage(req));
    return ok(await feeStats(raw(), await period(req, q)));
  });

  app.get('/imaging/stats', cfg, async (req) => {
    const q = parse(imgStatsQuery, req.query, requestLanguage(req));
    return ok(await centreStats(raw(), await period(req, q), now()));
  });

  app.get('/imaging/stats/studies', cfg, async (req) => {
    const q = parse(imgDrillQuery, req.query, requestLanguage(req));
    const p = { ...(await period(req, q)), month: q.month };
    return ok(await drillStudies(raw(), p, q, now()));
  });

  app.get('/imaging/stats/export', cfg, async (req, reply) => {
    const lang = requestLanguage(req);
    const q = parse(imgStatsQuery, req.query, lang);
    const stats = await centreStats(raw(), await period(req, q), now());
    await recordHealthAudit(raw(), {
      userId: req.session.userId,
      orgId: (await callerUnit(ctx, req.session.userId)).unitId,
      action: 'export',
      residentId: null,
      target: `imaging:stats:${q.centre}`,
      ip: req.ip,
    });
    return sendXlsx(
      reply,
      await statsWorkbook(stats, lang),
      `${translate(lang, `imgStats.x.file.${q.centre}`)}.xlsx`,
      `imaging-stats.xlsx`,
    );
  });
}
