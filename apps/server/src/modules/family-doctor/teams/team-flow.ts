import { FD_TEAM_FLOW_CODE, FD_TEAM_FLOW_KIND, FlowAction, FlowStatus, type FlowGraph } from '@medalliance/contract';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../../context.ts';
import type { Db } from '../../../db/connection.ts';
import { now } from '../../../lib/clock.ts';
import { all, first } from '../../health/plans/rows.ts';
import { createFlow } from '../../workflow/definitions.service.ts';
import { registerFlowFormAdapter, type FlowFormAdapter } from '../../workflow/form-adapters.ts';

/**
 * The team audit as a workflow form (kind 'fdTeam', formId 'team', record =
 * the team id): submitting a team starts the seeded flow 家庭医生团队审核;
 * the approver acts in the standard 待办 screen or on team_audit (both run
 * the engine's approve / reject), and every state change of the instance
 * lands on the team in the engine's transaction: 1 pending (with the
 * instance id), 2 active, 3 rejected (with the approver's opinion), 4 revoked
 * / 5 cancelled back to draft.
 */
export const FD_TEAM_FORM = 'team';

const raw = (db: Db) => db.withoutPlugins() as unknown as Kysely<any>;

/** The team as the flow's conditions and the detail page read it. */
async function teamValues(db: Db, teamId: string): Promise<Record<string, unknown> | null> {
  const d = raw(db);
  const t = await first(
    d,
    d
      .selectFrom('fd_teams as t')
      .leftJoin('organizations as o', 'o.id', 't.org_id')
      .leftJoin('users as u', 'u.id', 't.leader_id')
      .select([
        't.id',
        't.code',
        't.name',
        't.org_id',
        'o.full_name as org_name',
        't.leader_id',
        'u.real_name as leader_name',
        't.intro',
        't.status',
      ])
      .where('t.id', '=', teamId),
  );
  if (!t) return null;
  const members = await all(
    d,
    d
      .selectFrom('fd_team_members as m')
      .leftJoin('users as u', 'u.id', 'm.user_id')
      .select(['m.user_id', 'm.role', 'u.real_name'])
      .where('m.team_id', '=', teamId)
      .orderBy('m.sort_code'),
  );
  return {
    teamCode: t.code,
    teamName: t.name,
    orgId: t.org_id,
    orgName: t.org_name ?? null,
    leaderId: t.leader_id,
    leaderName: t.leader_name ?? null,
    intro: t.intro ?? '',
    status: t.status,
    memberCount: members.length,
    members: members.map((m) => `${m.real_name ?? m.user_id}（${m.role}）`).join('、'),
  };
}

/** The last approve / reject on the instance: who decided and why. */
async function lastDecision(db: Db, instanceId: string | null) {
  if (!instanceId) return null;
  return (
    (await db
      .selectFrom('flowRecords')
      .select(['actorId', 'opinion'])
      .where('instanceId', '=', instanceId)
      .where('action', 'in', [FlowAction.approve, FlowAction.reject])
      .orderBy('seq', 'desc')
      .limit(1)
      .executeTakeFirst()) ?? null
  );
}

export const fdTeamFormAdapter: FlowFormAdapter = {
  kind: FD_TEAM_FLOW_KIND,
  loadValues: (db, _formId, recordId) => teamValues(db, recordId),
  fields: async () => [
    { key: 'teamName', label: '团队名称', type: 'input' },
    { key: 'orgId', label: '所属机构', type: 'depSelect' },
    { key: 'memberCount', label: '成员数', type: 'inputNumber' },
  ],
  async onStateChange(db, formId, recordId, state) {
    const at = now();
    const d = raw(db);
    if (state === FlowStatus.waiting) {
      const inst = await db
        .selectFrom('flowInstances')
        .select('id')
        .where('activeKey', '=', `${FD_TEAM_FLOW_KIND}:${formId}:${recordId}`)
        .executeTakeFirst();
      await d
        .updateTable('fd_teams')
        .set({
          status: 'pending',
          flow_instance_id: inst?.id ?? null,
          submitted_at: at,
          audited_at: null,
          audited_by: null,
          audit_comment: null,
          updated_at: at,
        })
        .where('id', '=', recordId)
        .execute();
      return;
    }
    const team = await first(d, d.selectFrom('fd_teams').select(['flow_instance_id']).where('id', '=', recordId));
    const decision = await lastDecision(db, (team?.flow_instance_id as string | null) ?? null);
    const status = state === FlowStatus.adopted ? 'active' : state === FlowStatus.rejected ? 'rejected' : 'draft';
    await d
      .updateTable('fd_teams')
      .set({
        status,
        audited_at: state === FlowStatus.adopted || state === FlowStatus.rejected ? at : null,
        audited_by: decision?.actorId ?? null,
        audit_comment: decision?.opinion || null,
        updated_at: at,
      })
      .where('id', '=', recordId)
      .execute();
  },
};

registerFlowFormAdapter(fdTeamFormAdapter);

/** One approver node; the alliance's family-doctor auditors (the township head 马军 and the administrator) decide, either one. */
export function teamAuditGraph(approverIds: string[]): FlowGraph {
  return {
    nodes: [
      { id: 'start', type: 'start', name: '提交团队', fieldPermissions: [] },
      {
        id: 'audit',
        type: 'approver',
        name: '团队审核',
        assignee: { type: 'users', userIds: approverIds },
        sign: { mode: 'or', ratio: 100 },
        noApprover: 'stop',
        fieldPermissions: [],
        rejectTo: 'starter',
      },
      { id: 'end', type: 'end', name: '结束' },
    ],
    edges: [
      { id: 'start-audit', source: 'start', target: 'audit' },
      { id: 'audit-end', source: 'audit', target: 'end' },
    ],
  } as FlowGraph;
}

/** The team-audit flow's id, created (by the administrator) when missing and the approvers exist. */
export async function ensureTeamFlow(ctx: AppContext): Promise<string | null> {
  const found = await ctx.db.selectFrom('flowDefinitions').select('id').where('enCode', '=', FD_TEAM_FLOW_CODE).executeTakeFirst();
  if (found) return found.id;
  const users = await ctx.db.selectFrom('users').select(['id', 'account']).where('account', 'in', ['admin', 'majun']).execute();
  const admin = users.find((u) => u.account === 'admin');
  if (!admin) return null;
  const approvers = ['majun', 'admin'].map((a) => users.find((u) => u.account === a)?.id).filter((x): x is string => !!x);
  const { id } = await createFlow(
    ctx,
    {
      enCode: FD_TEAM_FLOW_CODE,
      fullName: '家庭医生团队审核',
      category: 'publicHealth',
      formKind: FD_TEAM_FLOW_KIND,
      formId: FD_TEAM_FORM,
      graph: teamAuditGraph(approvers),
      description: '新建或变更的家庭医生团队提交后由医共体审核，通过后团队生效',
    },
    admin.id,
  );
  return id;
}
