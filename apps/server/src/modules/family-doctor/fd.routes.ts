import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { z } from 'zod';
import {
  FD_ACTIONS,
  FD_ACTIVE_STATUSES,
  FD_WORKLISTS,
  fdActionBody,
  fdAuditBody,
  fdContractListQuery,
  fdPositionBody,
  fdRecordBody,
  fdRecordListQuery,
  fdSignBody,
  fdTaskListQuery,
  fdTaskMarkBody,
  fdVerifySchema,
  fdWorklistQuery,
} from '@medalliance/contract';
import type { AppContext } from '../../context.ts';
import { anyModuleAccess } from '../../http/access.ts';
import { ok } from '../../http/envelope.ts';
import { requestLanguage } from '../../http/i18n.ts';
import { parse } from '../../http/validate.ts';
import { now } from '../../lib/clock.ts';
import { residentInScope } from '../health/chronic/residents.ts';
import { all } from '../health/plans/rows.ts';
import { likeEscape, maskRow, RESIDENT_TABLE } from '../health/plans/worklist.ts';
import { recordHealthAudit } from '../health/privacy/audit.ts';
import { inScope } from '../health/privacy/scope.ts';
import { callerOf, FD_MENUS, need, rightsOf } from './caller.ts';
import { packagesAt, teamsFor } from './catalog.ts';
import { actOnContract, contractEvents, contractInScope, contractList, expireDue, signContract } from './contracts.service.ts';
import { groupsOf, presetGroup, programmesOf } from './population.ts';
import { addRecord, auditRecord, homeOf, recordList, reverify, setHome } from './records.service.ts';
import { getVerifySettings, setVerifySettings } from './settings.ts';
import { markTask, taskList } from './tasks.service.ts';
import { worklist, worklistCounts } from './worklists.ts';
import './messages.ts';

/**
 * Family-doctor contracting under /family-doctor (issue 21, M11). Any of the
 * five screens' menus opens the API; each route then checks the menu (and
 * button) it belongs to. Every list is scoped to the caller's organisations
 * and masked (the reveal is the health archive's, with a reason, audited).
 */
const cfg = { config: { access: anyModuleAccess(FD_MENUS) } };
const idParam = z.object({ id: z.string().trim().min(1).max(40) });
const actionParam = z.object({ id: z.string().trim().min(1).max(40), action: z.enum(FD_ACTIONS) });
const listParam = z.object({ list: z.enum(FD_WORKLISTS) });
const keywordQuery = z.object({ keyword: z.string().trim().max(50).optional().default('') }).strict();

export async function familyDoctorRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const raw = () => ctx.db.withoutPlugins() as unknown as Kysely<any>;
  const lang = (req: FastifyRequest) => requestLanguage(req);

  app.get('/family-doctor/meta', cfg, async (req) => {
    const caller = await callerOf(ctx, req);
    const at = now();
    await expireDue(raw(), at);
    return ok({
      teams: await teamsFor(raw(), caller.scope, caller.userId),
      packages: await packagesAt(raw(), at),
      verify: await getVerifySettings(raw()),
      rights: await rightsOf(ctx, req),
      counts: await worklistCounts(raw(), caller, at),
    });
  });

  /** The resident picker of signing: archive residents in scope, with their groups and whether they hold a contract. */
  app.get('/family-doctor/residents', cfg, async (req) => {
    await need(ctx, req, ['my_service'], 'btn_add');
    const q = parse(keywordQuery, req.query, lang(req));
    const caller = await callerOf(ctx, req);
    const at = now();
    let base: any = raw()
      .selectFrom(`${RESIDENT_TABLE} as r`)
      .where(inScope(caller.scope, sql.ref('r.manageOrgId')))
      .where('r.archiveState', '=', 1);
    if (q.keyword)
      base = base.where(
        sql<boolean>`(r.${sql.id('fullName')} like ${likeEscape(q.keyword)} escape '\\' or r.${sql.id('idNumber')} = ${q.keyword} or r.id = ${q.keyword})`,
      );
    const rows = await all(
      raw(),
      base
        .select([
          'r.id',
          sql.ref('r.fullName').as('fullName'),
          sql.ref('r.idNumber').as('idNumber'),
          sql.ref('r.phone').as('phone'),
          sql.ref('r.birthDate').as('birthDate'),
          sql.ref('r.disability').as('disability'),
          sql.ref('r.address').as('address'),
          sql<
            string | null
          >`(select c.id from fd_contracts c where c.resident_id = r.id and c.status in (${sql.join(FD_ACTIVE_STATUSES)}))`.as(
            'contract_id',
          ),
        ])
        .orderBy(sql.ref('r.fullName'))
        .orderBy('r.id')
        .limit(20),
    );
    const progs = await programmesOf(
      raw(),
      rows.map((r) => String(r.id)),
    );
    const list = rows.map((r) => {
      const groups = groupsOf(
        { birthDate: r.birthDate === null ? null : Number(r.birthDate), disability: r.disability ?? null },
        progs.get(String(r.id)) ?? [],
        at,
      );
      return {
        ...maskRow({ fullName: String(r.fullName ?? ''), idNumber: String(r.idNumber ?? ''), phone: String(r.phone ?? '') }, false),
        residentId: String(r.id),
        address: String(r.address ?? ''),
        birthDate: r.birthDate === null ? null : Number(r.birthDate),
        groups,
        presetGroup: presetGroup(groups),
        contracted: !!r.contract_id,
      };
    });
    return ok({ list });
  });

  app.get('/family-doctor/contracts', cfg, async (req) => {
    const q = parse(fdContractListQuery, req.query, lang(req));
    const caller = await callerOf(ctx, req);
    await expireDue(raw(), now());
    const teamIds =
      q.mine === '1'
        ? (await all(raw(), raw().selectFrom('fd_team_members').select('team_id').where('user_id', '=', caller.userId))).map((r) =>
            String(r.team_id),
          )
        : undefined;
    return ok(await contractList(raw(), caller, { ...q, ...(teamIds ? { teamIds } : {}) }));
  });

  app.get('/family-doctor/contracts/:id', cfg, async (req) => {
    const { id } = parse(idParam, req.params, lang(req));
    const caller = await callerOf(ctx, req);
    const c = await contractInScope(raw(), caller, id);
    await recordHealthAudit(raw(), {
      userId: caller.userId,
      orgId: caller.unitId,
      action: 'view',
      residentId: c.residentId,
      target: `fdContract:${id}`,
      ip: req.ip,
    });
    return ok({ ...c, events: await contractEvents(raw(), id) });
  });

  app.post('/family-doctor/contracts', cfg, async (req) => {
    await need(ctx, req, ['my_service'], 'btn_add');
    const body = parse(fdSignBody, req.body, lang(req));
    const caller = await callerOf(ctx, req);
    return ok(await ctx.db.transaction().execute((t) => signContract(ctx, t, caller, body)));
  });

  app.post('/family-doctor/contracts/:id/actions/:action', cfg, async (req) => {
    const { id, action } = parse(actionParam, req.params, lang(req));
    // Confirming a pending contract belongs to signing; the rest to the service-change screen.
    if (action === 'confirm') await need(ctx, req, ['my_service'], 'btn_add');
    else await need(ctx, req, ['serve_modify'], 'btn_edit');
    const body = parse(fdActionBody, req.body ?? {}, lang(req));
    const caller = await callerOf(ctx, req);
    return ok(await ctx.db.transaction().execute((t) => actOnContract(ctx, t, caller, id, action, body)));
  });

  app.get('/family-doctor/worklists/:list', cfg, async (req) => {
    await need(ctx, req, ['my_service']);
    const { list } = parse(listParam, req.params, lang(req));
    const q = parse(fdWorklistQuery, req.query, lang(req));
    const at = now();
    await expireDue(raw(), at);
    return ok(await worklist(raw(), await callerOf(ctx, req), list, q, at));
  });

  app.get('/family-doctor/tasks', cfg, async (req) => {
    await need(ctx, req, ['plan_list', 'my_service', 'serve_list']);
    const q = parse(fdTaskListQuery, req.query, lang(req));
    return ok(await taskList(raw(), await callerOf(ctx, req), q, now()));
  });

  app.post('/family-doctor/tasks/:id/mark', cfg, async (req) => {
    await need(ctx, req, ['plan_list'], 'btn_edit');
    const { id } = parse(idParam, req.params, lang(req));
    const body = parse(fdTaskMarkBody, req.body, lang(req));
    await markTask(raw(), await callerOf(ctx, req), id, body.status, body.note, now());
    return ok({ id });
  });

  app.get('/family-doctor/records', cfg, async (req) => {
    await need(ctx, req, ['serve_list', 'serve_verify', 'my_service']);
    const q = parse(fdRecordListQuery, req.query, lang(req));
    return ok(await recordList(raw(), await callerOf(ctx, req), q));
  });

  app.post('/family-doctor/records', cfg, async (req) => {
    await need(ctx, req, ['serve_list'], 'btn_add');
    const body = parse(fdRecordBody, req.body, lang(req));
    const caller = await callerOf(ctx, req);
    const s = await getVerifySettings(raw());
    return ok(await ctx.db.transaction().execute((t) => addRecord(t.withoutPlugins() as unknown as Kysely<any>, caller, body, s, now())));
  });

  app.post('/family-doctor/records/:id/audit', cfg, async (req) => {
    await need(ctx, req, ['serve_verify'], 'btn_edit');
    const { id } = parse(idParam, req.params, lang(req));
    const body = parse(fdAuditBody, req.body, lang(req));
    await auditRecord(raw(), await callerOf(ctx, req), id, body.decision, body.comment, now());
    return ok({ id });
  });

  app.post('/family-doctor/records/reverify', cfg, async (req) => {
    await need(ctx, req, ['serve_verify'], 'btn_edit');
    return ok(await reverify(raw(), await callerOf(ctx, req), await getVerifySettings(raw())));
  });

  app.get('/family-doctor/settings', cfg, async () => ok(await getVerifySettings(raw())));

  app.put('/family-doctor/settings', cfg, async (req) => {
    await need(ctx, req, ['serve_verify'], 'btn_edit');
    const body = parse(fdVerifySchema, req.body, lang(req));
    await setVerifySettings(raw(), body, req.session.userId);
    return ok(body);
  });

  app.get('/family-doctor/residents/:id/position', cfg, async (req) => {
    const { id } = parse(idParam, req.params, lang(req));
    await residentInScope(raw(), (await callerOf(ctx, req)).scope, id);
    return ok(await homeOf(raw(), id));
  });

  /** The resident's address position (the archive keeps none): the authenticity check's centre. */
  app.put('/family-doctor/residents/:id/position', cfg, async (req) => {
    await need(ctx, req, ['serve_verify', 'serve_list'], 'btn_edit');
    const { id } = parse(idParam, req.params, lang(req));
    const body = parse(fdPositionBody, req.body, lang(req));
    await residentInScope(raw(), (await callerOf(ctx, req)).scope, id);
    await setHome(raw(), id, body.lat, body.lng, req.session.userId, now());
    return ok(body);
  });
}
