import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import {
  REFERRAL_ACTIONS,
  REFERRAL_WORKLISTS,
  referralActionBody,
  referralBody,
  referralLimitsSchema,
  referralListQuery,
  referralStatsQuery,
} from '@medalliance/contract';
import type { AppContext } from '../../context.ts';
import { anyModuleAccess, type Access } from '../../http/access.ts';
import { ok } from '../../http/envelope.ts';
import { badRequest, forbidden } from '../../http/errors.ts';
import { requestLanguage, translate } from '../../http/i18n.ts';
import { parse } from '../../http/validate.ts';
import { now } from '../../lib/clock.ts';
import { grantsFor } from '../permission/grants.service.ts';
import { sendXlsx } from '../permission/users-excel.service.ts';
import { findResident } from '../health/chronic/residents.ts';
import { recordHealthAudit } from '../health/privacy/audit.ts';
import { callerUnit, healthScope } from '../health/privacy/scope.ts';
import { loadOrgTree, partiesOf } from './parties.ts';
import { flaggedPatients, pickResidents, prefillReferral } from './prefill.ts';
import {
  insertReferral,
  referralDetail,
  referralFor,
  referralMonitor,
  referralQuery,
  referralWorklist,
  tierOf,
  updateDraft,
  type Caller,
} from './referral.service.ts';
import { getReferralLimits, setReferralLimits } from './settings.ts';
import { listWorkbook, statsWorkbook } from './stats-export.ts';
import { referralStats } from './stats.ts';
import { act, assignTriage, recordFollowUp } from './transitions.ts';
import './messages.ts';

/**
 * Two-way referral under /referral (issue 19, M9). Any referral menu opens
 * the API; each route then checks the menu (and button) it belongs to, and
 * the state machine checks the caller's side of the referral. Lists are
 * scoped (sending side always, receiving side once sent) and masked.
 */
export const REFERRAL_MENUS = [
  'referral_apply',
  'referral_examine',
  'referral_deal',
  'referral_query',
  'triage_center',
  'referral_monitor',
] as const;
const access: Access = anyModuleAccess(REFERRAL_MENUS);
const cfg = { config: { access } };

const idParam = z.object({ id: z.string().trim().min(1).max(40) });
const actionParam = z.object({ id: z.string().trim().min(1).max(40), action: z.enum(REFERRAL_ACTIONS) });
const listParam = z.object({ list: z.enum(REFERRAL_WORKLISTS) });
const residentQuery = z.object({ residentId: z.string().trim().min(1).max(40) }).strict();
const keywordQuery = z.object({ keyword: z.string().trim().max(50).optional().default('') }).strict();
const unitsQuery = z.object({ direction: z.enum(['1', '2']) }).strict();
const noteBody = z.object({ note: z.string().trim().max(500).optional().default('') }).strict();
const revealBody = z.object({ reason: z.string().trim().min(2).max(200) }).strict();
const triageBody = z
  .object({ deptId: z.string().trim().min(1).max(40), doctorId: z.string().trim().min(1).max(40).nullable().optional() })
  .strict();

export async function referralRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const raw = () => ctx.db.withoutPlugins() as unknown as Kysely<any>;
  const lang = (req: FastifyRequest) => requestLanguage(req);
  const callerOf = async (req: FastifyRequest): Promise<Caller> => {
    const [scope, unit] = await Promise.all([healthScope(ctx, req.session), callerUnit(ctx, req.session.userId)]);
    return { userId: req.session.userId, unitId: unit.unitId, isAdministrator: req.session.isAdministrator, scope };
  };
  /** 403 unless the caller holds one of the menus (with the button when named). */
  const need = async (req: FastifyRequest, menus: string[], button?: string) => {
    const g = await grantsFor(ctx, req.session.userId, req.session.isAdministrator);
    if (g.isAdministrator) return;
    if (!menus.some((m) => g.modules.has(m) && (!button || g.modules.get(m)!.has(button)))) throw forbidden();
  };

  app.get('/referral/meta', cfg, async (req) => {
    const caller = await callerOf(req);
    const tree = await loadOrgTree(raw());
    const g = await grantsFor(ctx, req.session.userId, req.session.isAdministrator);
    const has = (m: string, b?: string) => g.isAdministrator || (g.modules.has(m) && (!b || g.modules.get(m)!.has(b)));
    return ok({
      unitId: caller.unitId,
      unitName: tree.name(caller.unitId),
      tier: caller.unitId ? tierOf(tree, caller.unitId) : 0,
      limits: await getReferralLimits(raw()),
      rights: {
        apply: has('referral_apply', 'btn_add'),
        examine: has('referral_examine'),
        deal: has('referral_deal'),
        query: has('referral_query'),
        triage: has('triage_center'),
        monitor: has('referral_monitor'),
        settings: has('referral_monitor', 'btn_edit'),
      },
    });
  });

  /** Units a referral from the caller's unit may go to (higher tier for 上转, lower for 下转), each with its departments. */
  app.get('/referral/units', cfg, async (req) => {
    const { direction } = parse(unitsQuery, req.query, lang(req));
    const caller = await callerOf(req);
    const tree = await loadOrgTree(raw());
    const from = caller.unitId ? tierOf(tree, caller.unitId) : 0;
    const units = tree
      .units()
      .filter((u) => {
        const t = tierOf(tree, u.id);
        return t > 0 && u.id !== caller.unitId && (caller.isAdministrator || !from || (direction === '1' ? t > from : t < from));
      })
      .map((u) => ({
        id: u.id,
        name: u.fullName,
        tier: tierOf(tree, u.id),
        departments: [...tree.byId.values()]
          .filter((d) => d.category === 'department' && d.parentId === u.id)
          .map((d) => ({ id: d.id, name: d.fullName })),
      }));
    return ok({ list: units });
  });

  /** Enabled users of a unit (the triage centre's doctor choice). */
  app.get('/referral/units/:id/doctors', cfg, async (req) => {
    await need(req, ['triage_center', 'referral_deal']);
    const { id } = parse(idParam, req.params, lang(req));
    const tree = await loadOrgTree(raw());
    const orgIds = [...tree.byId.keys()].filter((o) => tree.unitOf(o) === id);
    const users = orgIds.length
      ? await raw()
          .selectFrom('users')
          .select(['id', 'real_name as realName', 'organize_id as orgId'])
          .where('organize_id', 'in', orgIds)
          .where('enabled_mark', '=', 1)
          .where('is_administrator', '=', 0)
          .orderBy('id')
          .execute()
      : [];
    return ok({ list: users.map((u) => ({ id: String(u.id), realName: String(u.realName), deptId: String(u.orgId) })) });
  });

  app.get('/referral/residents', cfg, async (req) => {
    await need(req, ['referral_apply'], 'btn_add');
    const q = parse(keywordQuery, req.query, lang(req));
    return ok({ list: await pickResidents(raw(), (await callerOf(req)).scope, q.keyword) });
  });

  app.get('/referral/flagged', cfg, async (req) => {
    await need(req, ['referral_apply'], 'btn_add');
    return ok({ list: await flaggedPatients(raw(), (await callerOf(req)).scope) });
  });

  app.get('/referral/prefill', cfg, async (req) => {
    await need(req, ['referral_apply'], 'btn_add');
    const q = parse(residentQuery, req.query, lang(req));
    return ok(await prefillReferral(raw(), (await callerOf(req)).scope, q.residentId, lang(req)));
  });

  app.get('/referral/worklists/:list', cfg, async (req) => {
    const { list } = parse(listParam, req.params, lang(req));
    const q = parse(referralListQuery, req.query, lang(req));
    if (list === 'triage') await need(req, ['triage_center']);
    const caller = await callerOf(req);
    return ok(await referralWorklist(raw(), await loadOrgTree(raw()), caller, list, q));
  });

  app.get('/referral/query', cfg, async (req) => {
    await need(req, ['referral_query', 'referral_monitor']);
    const q = parse(referralListQuery, req.query, lang(req));
    return ok(await referralQuery(raw(), await callerOf(req), q));
  });

  app.get('/referral/query/export', cfg, async (req, reply) => {
    await need(req, ['referral_query']);
    const q = parse(referralListQuery, req.query, lang(req));
    const caller = await callerOf(req);
    const rows = await referralQuery(raw(), caller, { ...q, currentPage: 1, pageSize: 200 });
    const more = [];
    for (let p = 2; (p - 1) * 200 < rows.pagination.total && p <= 50; p++)
      more.push(...(await referralQuery(raw(), caller, { ...q, currentPage: p, pageSize: 200 })).list);
    const l = lang(req);
    const buf = await listWorkbook(
      [...rows.list, ...more],
      l,
      (s) => translate(l, `referral.status.${s}`),
      (d) => translate(l, d === '1' ? 'referral.x.up' : 'referral.x.down'),
    );
    await recordHealthAudit(raw(), {
      userId: req.session.userId,
      orgId: caller.unitId,
      action: 'export',
      residentId: null,
      target: 'referral:query',
      ip: req.ip,
    });
    return sendXlsx(reply, buf, `${translate(l, 'referral.x.list')}.xlsx`, 'referrals.xlsx');
  });

  app.get('/referral/monitor', cfg, async (req) => {
    await need(req, ['referral_monitor']);
    const q = parse(referralListQuery, req.query, lang(req));
    return ok(await referralMonitor(raw(), await callerOf(req), q));
  });

  app.get('/referral/stats', cfg, async (req) => {
    await need(req, ['referral_query', 'referral_monitor']);
    const q = parse(referralStatsQuery, req.query, lang(req));
    if (q.monthFrom > q.monthTo) throw badRequest('referral.badRange');
    return ok(await referralStats(raw(), await loadOrgTree(raw()), await callerOf(req), q.monthFrom, q.monthTo, now()));
  });

  app.get('/referral/stats/export', cfg, async (req, reply) => {
    await need(req, ['referral_query', 'referral_monitor']);
    const q = parse(referralStatsQuery, req.query, lang(req));
    if (q.monthFrom > q.monthTo) throw badRequest('referral.badRange');
    const caller = await callerOf(req);
    const stats = await referralStats(raw(), await loadOrgTree(raw()), caller, q.monthFrom, q.monthTo, now());
    await recordHealthAudit(raw(), {
      userId: req.session.userId,
      orgId: caller.unitId,
      action: 'export',
      residentId: null,
      target: 'referral:stats',
      ip: req.ip,
    });
    return sendXlsx(
      reply,
      await statsWorkbook(stats, lang(req)),
      `${translate(lang(req), 'referral.x.sheet')}.xlsx`,
      'referral-stats.xlsx',
    );
  });

  app.get('/referral/settings', cfg, async () => ok(await getReferralLimits(raw())));

  app.put('/referral/settings', cfg, async (req) => {
    await need(req, ['referral_monitor'], 'btn_edit');
    const body = parse(referralLimitsSchema, req.body, lang(req));
    await setReferralLimits(raw(), body, req.session.userId);
    return ok(body);
  });

  app.post('/referral', cfg, async (req) => {
    await need(req, ['referral_apply'], 'btn_add');
    const body = parse(referralBody, req.body, lang(req));
    const caller = await callerOf(req);
    const tree = await loadOrgTree(raw());
    const { id } = await ctx.db
      .transaction()
      .execute(async (t) => insertReferral(t.withoutPlugins() as unknown as Kysely<any>, tree, caller, body));
    if (body.submit) await act(ctx, tree, caller, id, { action: 'submit', reason: '' });
    return ok({ id });
  });

  app.get('/referral/:id', cfg, async (req) => {
    const { id } = parse(idParam, req.params, lang(req));
    const caller = await callerOf(req);
    const d = await referralDetail(raw(), await loadOrgTree(raw()), caller, id, false);
    await recordHealthAudit(raw(), {
      userId: req.session.userId,
      orgId: caller.unitId,
      action: 'view',
      residentId: d.residentId,
      target: `referral:${id}`,
      ip: req.ip,
    });
    return ok(d);
  });

  app.put('/referral/:id', cfg, async (req) => {
    await need(req, ['referral_apply'], 'btn_edit');
    const { id } = parse(idParam, req.params, lang(req));
    const body = parse(referralBody, req.body, lang(req));
    const caller = await callerOf(req);
    const tree = await loadOrgTree(raw());
    await updateDraft(raw(), tree, caller, id, body);
    if (body.submit) await act(ctx, tree, caller, id, { action: 'submit', reason: '' });
    return ok({ id });
  });

  app.post('/referral/:id/actions/:action', cfg, async (req) => {
    const { id, action } = parse(actionParam, req.params, lang(req));
    const body = parse(referralActionBody, req.body ?? {}, lang(req));
    return ok(await act(ctx, await loadOrgTree(raw()), await callerOf(req), id, { action, reason: body.reason }));
  });

  app.post('/referral/:id/triage', cfg, async (req) => {
    await need(req, ['triage_center']);
    const { id } = parse(idParam, req.params, lang(req));
    const body = parse(triageBody, req.body, lang(req));
    await assignTriage(ctx, await loadOrgTree(raw()), await callerOf(req), id, body.deptId, body.doctorId ?? null);
    return ok({ id });
  });

  app.post('/referral/:id/follow-up', cfg, async (req) => {
    await need(req, ['referral_apply']);
    const { id } = parse(idParam, req.params, lang(req));
    const body = parse(noteBody, req.body ?? {}, lang(req));
    return ok(await recordFollowUp(ctx, await loadOrgTree(raw()), await callerOf(req), id, body.note));
  });

  /** The patient's name, ID number and phone unmasked, for a party of the referral, with a reason (audited). */
  app.post('/referral/:id/reveal', cfg, async (req) => {
    const { id } = parse(idParam, req.params, lang(req));
    const body = parse(revealBody, req.body, lang(req));
    const caller = await callerOf(req);
    const tree = await loadOrgTree(raw());
    const r = await referralFor(raw(), caller, id);
    if (!partiesOf(tree, r, caller).length) throw forbidden();
    const resident = await findResident(raw(), r.residentId);
    await recordHealthAudit(raw(), {
      userId: req.session.userId,
      orgId: caller.unitId,
      action: 'reveal',
      residentId: r.residentId,
      target: `referral:${id}`,
      reason: body.reason,
      ip: req.ip,
    });
    return ok({ fullName: resident?.fullName ?? '', idNumber: resident?.idNumber ?? '', phone: resident?.phone ?? '' });
  });
}
