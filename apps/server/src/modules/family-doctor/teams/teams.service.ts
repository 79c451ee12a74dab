import {
  FD_TEAM_EDITABLE,
  TaskStatus,
  type FdMemberRole,
  type FdTeamBody,
  type FdTeamListQuery,
  type FdTeamRow,
  type FdTeamStatus,
} from '@medalliance/contract';
import { sql, type Kysely } from 'kysely';
import type { AppContext } from '../../../context.ts';
import { badRequest, conflict, forbidden, notFound } from '../../../http/errors.ts';
import { now } from '../../../lib/clock.ts';
import { newId } from '../../../lib/ids.ts';
import { all, first } from '../../health/plans/rows.ts';
import { inScope, orgInScope } from '../../health/privacy/scope.ts';
import { approveTask, rejectTask, startFlow } from '../../workflow/actions.service.ts';
import { rawDb, type FdCaller } from './access.ts';
import { ensureTeamFlow } from './team-flow.ts';
import './messages.ts';

const SORT_COLUMNS = { createdAt: 't.created_at', code: 't.code', name: 't.name', submittedAt: 't.submitted_at' } as const;

/** Teams the caller sees: their scope's units, any team they are a member of, and teams whose audit was put to them. */
function visible(db: Kysely<any>, caller: FdCaller) {
  return db
    .selectFrom('fd_teams as t')
    .where((eb) =>
      eb.or([
        inScope(caller.scope, 't.org_id'),
        eb.exists(
          eb
            .selectFrom('fd_team_members as me')
            .select('me.id')
            .whereRef('me.team_id', '=', 't.id')
            .where('me.user_id', '=', caller.userId),
        ),
        eb.exists(
          eb
            .selectFrom('flow_tasks as ft')
            .select('ft.id')
            .whereRef('ft.instance_id', '=', 't.flow_instance_id')
            .where('ft.handler_id', '=', caller.userId),
        ),
      ]),
    );
}

export async function listTeams(ctx: AppContext, caller: FdCaller, q: FdTeamListQuery) {
  const db = rawDb(ctx);
  let base = visible(db, caller);
  if (q.status) base = base.where('t.status', '=', q.status);
  if (q.orgId) base = base.where('t.org_id', '=', q.orgId);
  if (q.keyword) {
    const like = `%${q.keyword.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
    base = base.where((eb) => eb.or([sql<boolean>`t.name like ${like} escape '\\'`, sql<boolean>`t.code like ${like} escape '\\'`]));
  }
  const total = await first(
    db,
    base.select((eb) => eb.fn.countAll().as('n')),
  );
  const rows = await all(
    db,
    base
      .leftJoin('organizations as o', 'o.id', 't.org_id')
      .leftJoin('users as l', 'l.id', 't.leader_id')
      .selectAll('t')
      .select(['o.full_name as org_name', 'l.real_name as leader_name'])
      .orderBy(sql.ref(SORT_COLUMNS[q.sidx]), q.sort)
      .orderBy('t.id')
      .limit(q.pageSize)
      .offset((q.currentPage - 1) * q.pageSize),
  );
  return {
    list: await withMembers(ctx, caller.userId, rows),
    pagination: { currentPage: q.currentPage, pageSize: q.pageSize, total: Number(total?.n ?? 0) },
  };
}

/** Members of the page's teams and the caller's waiting audit tasks on them: two statements for the page. */
async function withMembers(ctx: AppContext, userId: string, rows: Record<string, any>[]): Promise<FdTeamRow[]> {
  if (!rows.length) return [];
  const db = rawDb(ctx);
  const ids = rows.map((r) => String(r.id));
  const members = await all(
    db,
    db
      .selectFrom('fd_team_members as m')
      .leftJoin('users as u', 'u.id', 'm.user_id')
      .select(['m.team_id', 'm.user_id', 'm.role', 'u.real_name', 'u.account'])
      .where('m.team_id', 'in', ids)
      .orderBy('m.team_id')
      .orderBy('m.sort_code'),
  );
  const instances = rows.map((r) => r.flow_instance_id).filter((x): x is string => !!x);
  const tasks = instances.length
    ? await ctx.db
        .selectFrom('flowTasks')
        .select(['id', 'instanceId'])
        .where('instanceId', 'in', instances)
        .where('handlerId', '=', userId)
        .where('status', '=', TaskStatus.waiting)
        .execute()
    : [];
  const taskOf = new Map(tasks.map((t) => [t.instanceId, t.id]));
  return rows.map((r) => {
    const mine = members.filter((m) => m.team_id === r.id);
    return {
      id: String(r.id),
      orgId: String(r.org_id),
      orgName: r.org_name ?? null,
      code: String(r.code),
      name: String(r.name),
      leaderId: r.leader_id ?? null,
      leaderName: r.leader_name ?? null,
      status: r.status as FdTeamStatus,
      intro: r.intro ?? '',
      memberCount: mine.length,
      members: mine.map((m) => ({
        userId: String(m.user_id),
        realName: m.real_name ?? null,
        account: m.account ?? null,
        role: m.role as FdMemberRole,
      })),
      flowInstanceId: r.flow_instance_id ?? null,
      submittedAt: r.submitted_at === null || r.submitted_at === undefined ? null : Number(r.submitted_at),
      auditedAt: r.audited_at === null || r.audited_at === undefined ? null : Number(r.audited_at),
      auditComment: r.audit_comment ?? null,
      createdAt: Number(r.created_at),
      myTaskId: (r.status === 'pending' && r.flow_instance_id && taskOf.get(r.flow_instance_id)) || null,
    };
  });
}

export async function getTeam(ctx: AppContext, caller: FdCaller, id: string): Promise<FdTeamRow> {
  const db = rawDb(ctx);
  const rows = await all(
    db,
    visible(db, caller)
      .leftJoin('organizations as o', 'o.id', 't.org_id')
      .leftJoin('users as l', 'l.id', 't.leader_id')
      .selectAll('t')
      .select(['o.full_name as org_name', 'l.real_name as leader_name'])
      .where('t.id', '=', id),
  );
  if (!rows.length) throw notFound();
  return (await withMembers(ctx, caller.userId, rows))[0]!;
}

/**
 * The team's unit must be a unit (company) in the caller's scope, and every
 * member a user of that unit's subtree (a township team takes its village
 * doctors).
 */
async function checkTeam(ctx: AppContext, caller: FdCaller, body: FdTeamBody): Promise<void> {
  const db = rawDb(ctx);
  const org = await first(db, db.selectFrom('organizations').select(['id', 'category', 'id_path']).where('id', '=', body.orgId));
  if (!org || org.category !== 'company') throw badRequest('fdt.badOrg');
  if (!orgInScope(caller.scope, body.orgId)) throw forbidden('fdt.outOfScope');
  const ids = body.members.map((m) => m.userId);
  const users = await all(
    db,
    db
      .selectFrom('users as u')
      .leftJoin('organizations as o', 'o.id', 'u.organize_id')
      .select(['u.id', 'o.id_path', 'u.enabled_mark'])
      .where('u.id', 'in', ids),
  );
  for (const userId of ids) {
    const u = users.find((x) => x.id === userId);
    if (!u || Number(u.enabled_mark) !== 1) throw badRequest('fdt.badMember', { id: userId });
    if (!`,${u.id_path ?? ''},`.includes(`,${body.orgId},`)) throw badRequest('fdt.memberOutsideUnit', { id: userId });
  }
}

async function codeTaken(db: Kysely<any>, code: string, except: string | null) {
  let q = db.selectFrom('fd_teams').select('id').where('code', '=', code);
  if (except) q = q.where('id', '<>', except);
  return !!(await first(db, q));
}

export async function createTeam(ctx: AppContext, caller: FdCaller, body: FdTeamBody): Promise<string> {
  await checkTeam(ctx, caller, body);
  const id = newId();
  const at = now();
  await ctx.db.transaction().execute(async (trx) => {
    const t = trx.withoutPlugins() as unknown as Kysely<any>;
    if (await codeTaken(t, body.code, null)) throw conflict('fdt.codeTaken', { code: body.code });
    await t
      .insertInto('fd_teams')
      .values({
        id,
        org_id: body.orgId,
        code: body.code,
        name: body.name,
        leader_id: body.leaderId,
        status: 'draft',
        intro: body.intro || null,
        flow_instance_id: null,
        created_at: at,
        created_by: caller.userId,
      })
      .execute();
    await insertMembers(t, id, body, at);
  });
  return id;
}

async function insertMembers(t: Kysely<any>, teamId: string, body: FdTeamBody, at: number) {
  await t.deleteFrom('fd_team_members').where('team_id', '=', teamId).execute();
  await t
    .insertInto('fd_team_members')
    .values(body.members.map((m, i) => ({ id: newId(), team_id: teamId, user_id: m.userId, role: m.role, sort_code: i, created_at: at })))
    .execute();
}

/** A team of the caller's scope, locked against concurrent edits by the guarded status update below. */
async function ownTeam(ctx: AppContext, caller: FdCaller, id: string) {
  const db = rawDb(ctx);
  const t = await first(db, db.selectFrom('fd_teams').selectAll().where('id', '=', id));
  if (!t) throw notFound();
  if (!orgInScope(caller.scope, String(t.org_id))) throw forbidden('fdt.outOfScope');
  return t;
}

/** A changed team goes through the audit again: it is saved as a draft (it signs no one until approved). */
export async function updateTeam(ctx: AppContext, caller: FdCaller, id: string, body: FdTeamBody): Promise<void> {
  const team = await ownTeam(ctx, caller, id);
  if (!FD_TEAM_EDITABLE.includes(team.status)) throw conflict('fdt.teamPending');
  await checkTeam(ctx, caller, body);
  const at = now();
  await ctx.db.transaction().execute(async (trx) => {
    const t = trx.withoutPlugins() as unknown as Kysely<any>;
    if (await codeTaken(t, body.code, id)) throw conflict('fdt.codeTaken', { code: body.code });
    const r = await t
      .updateTable('fd_teams')
      .set({
        org_id: body.orgId,
        code: body.code,
        name: body.name,
        leader_id: body.leaderId,
        intro: body.intro || null,
        status: 'draft',
        updated_at: at,
        updated_by: caller.userId,
      })
      .where('id', '=', id)
      .where('status', '=', team.status)
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) !== 1) throw conflict('fdt.changedMeanwhile');
    await insertMembers(t, id, body, at);
  });
}

/** Starts the audit flow over the team (the adapter marks it pending in the engine's transaction). */
export async function submitTeam(ctx: AppContext, caller: FdCaller, id: string): Promise<{ instanceId: string }> {
  const team = await ownTeam(ctx, caller, id);
  if (!['draft', 'rejected', 'disabled'].includes(team.status)) throw conflict('fdt.notSubmittable');
  const flowId = await ensureTeamFlow(ctx);
  if (!flowId) throw badRequest('fdt.noFlow');
  const res = await startFlow(ctx, { flowId, recordId: id, title: `家庭医生团队审核：${team.name}` }, caller.userId);
  return { instanceId: res.instanceId };
}

/** An active team stops signing (its contracts and tasks stay); enabling it again goes through the audit. */
export async function disableTeam(ctx: AppContext, caller: FdCaller, id: string): Promise<void> {
  await ownTeam(ctx, caller, id);
  const r = await rawDb(ctx)
    .updateTable('fd_teams')
    .set({ status: 'disabled', updated_at: now(), updated_by: caller.userId })
    .where('id', '=', id)
    .where('status', '=', 'active')
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) !== 1) throw conflict('fdt.notActive');
}

/** Only a draft or rejected team that never signed anyone may be removed. */
export async function removeTeam(ctx: AppContext, caller: FdCaller, id: string): Promise<void> {
  const team = await ownTeam(ctx, caller, id);
  if (!['draft', 'rejected'].includes(team.status)) throw conflict('fdt.notRemovable');
  await ctx.db.transaction().execute(async (trx) => {
    const t = trx.withoutPlugins() as unknown as Kysely<any>;
    if (await first(t, t.selectFrom('fd_contracts').select('id').where('team_id', '=', id).limit(1)))
      throw conflict('fdt.teamHasContracts');
    const r = await t.deleteFrom('fd_teams').where('id', '=', id).where('status', 'in', ['draft', 'rejected']).executeTakeFirst();
    if (Number(r.numDeletedRows) !== 1) throw conflict('fdt.changedMeanwhile');
    await t.deleteFrom('fd_team_members').where('team_id', '=', id).execute();
  });
}

/** team_audit: the caller's waiting task on the team's flow, approved or rejected through the engine. */
export async function decideTeam(
  ctx: AppContext,
  caller: FdCaller,
  id: string,
  decision: 'approve' | 'reject',
  opinion: string,
): Promise<void> {
  const team = await first(rawDb(ctx), rawDb(ctx).selectFrom('fd_teams').select(['status', 'flow_instance_id']).where('id', '=', id));
  if (!team) throw notFound();
  if (team.status !== 'pending' || !team.flow_instance_id) throw conflict('fdt.notPending');
  const task = await ctx.db
    .selectFrom('flowTasks')
    .select('id')
    .where('instanceId', '=', String(team.flow_instance_id))
    .where('handlerId', '=', caller.userId)
    .where('status', '=', TaskStatus.waiting)
    .executeTakeFirst();
  if (!task) throw forbidden('fdt.noTask');
  if (decision === 'approve') await approveTask(ctx, task.id, caller.userId, { opinion });
  else await rejectTask(ctx, task.id, caller.userId, { opinion, target: 'starter' });
}

/** Users who may be members: enabled users of the unit's subtree (the team form's picker). */
export async function candidates(ctx: AppContext, caller: FdCaller, orgId: string) {
  if (!orgInScope(caller.scope, orgId)) throw forbidden('fdt.outOfScope');
  const db = rawDb(ctx);
  const rows = await all(
    db,
    db
      .selectFrom('users as u')
      .innerJoin('organizations as o', 'o.id', 'u.organize_id')
      .select(['u.id', 'u.real_name', 'u.account', 'o.full_name as org_name'])
      .where('u.enabled_mark', '=', 1)
      .where((eb) => eb.or([eb('o.id', '=', orgId), eb('o.id_path', 'like', `%${orgId},%`)]))
      .orderBy('u.sort_code')
      .limit(500),
  );
  return rows.map((r) => ({ id: String(r.id), realName: String(r.real_name), account: String(r.account), orgName: r.org_name ?? null }));
}

/** Units (companies) of the caller's scope: where a team may be set up. */
export async function units(ctx: AppContext, caller: FdCaller) {
  const db = rawDb(ctx);
  const rows = await all(
    db,
    db
      .selectFrom('organizations as o')
      .select(['o.id', 'o.full_name', 'o.parent_id'])
      .where('o.category', '=', 'company')
      .where('o.parent_id', '<>', '-1')
      .where(inScope(caller.scope, 'o.id'))
      .orderBy('o.sort_code'),
  );
  return rows.map((r) => ({ id: String(r.id), name: String(r.full_name), parentId: String(r.parent_id) }));
}
