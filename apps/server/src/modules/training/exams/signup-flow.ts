import { FlowStatus, type FlowGraph } from '@medalliance/contract';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../../context.ts';
import type { Db } from '../../../db/connection.ts';
import { now } from '../../../lib/clock.ts';
import { first } from '../../health/plans/rows.ts';
import { createFlow } from '../../workflow/definitions.service.ts';
import { registerFlowFormAdapter, type FlowFormAdapter } from '../../workflow/form-adapters.ts';

/**
 * Exam sign-ups are approved through the workflow engine: the flow form of
 * kind 'examSignup' is a row of tr_exam_signups (formId 'signup'), and the
 * seeded flow 考试报名审核 sends it to the training administrators (role
 * trainer), who decide in the standard 待办 or on the sign-up review page;
 * either way the engine's action moves the sign-up through onStateChange.
 */
export const SIGNUP_FORM_KIND = 'examSignup';
export const SIGNUP_FORM_ID = 'signup';
export const SIGNUP_FLOW = 'examSignup';

const raw = (db: Db) => db.withoutPlugins() as unknown as Kysely<any>;

const STATUS_OF: Partial<Record<FlowStatus, string>> = {
  [FlowStatus.waiting]: 'pending',
  [FlowStatus.adopted]: 'approved',
  [FlowStatus.rejected]: 'rejected',
  [FlowStatus.revoked]: 'withdrawn',
  [FlowStatus.cancelled]: 'withdrawn',
};

export const examSignupAdapter: FlowFormAdapter = {
  kind: SIGNUP_FORM_KIND,

  /** What the approver reads in the 待办 detail: who signed up for which paper, from which unit, when, and why. */
  async loadValues(db, _formId, recordId) {
    const r = await first(
      raw(db),
      raw(db)
        .selectFrom('tr_exam_signups as s')
        .innerJoin('tr_papers as p', 'p.id', 's.paper_id')
        .leftJoin('users as u', 'u.id', 's.user_id')
        .leftJoin('organizations as o', 'o.id', 's.org_id')
        .select(['s.id', 's.status', 's.note', 's.applied_at', 'p.title', 'p.opens_at', 'p.closes_at', 'u.real_name', 'o.full_name'])
        .where('s.id', '=', recordId),
    );
    if (!r) return null;
    return {
      paperTitle: r.title,
      userName: r.real_name,
      unitName: r.full_name,
      note: r.note ?? '',
      appliedAt: Number(r.applied_at),
      opensAt: Number(r.opens_at),
      closesAt: Number(r.closes_at),
      status: r.status,
    };
  },

  async onStateChange(db, _formId, recordId, state) {
    const status = STATUS_OF[state];
    if (!status) return;
    await raw(db)
      .updateTable('tr_exam_signups')
      .set({ status, decided_at: status === 'pending' ? null : now() })
      .where('id', '=', recordId)
      .execute();
  },
};

registerFlowFormAdapter(examSignupAdapter);

function signupGraph(trainerRoleId: string): FlowGraph {
  return {
    nodes: [
      { id: 'start', type: 'start', name: '报名', fieldPermissions: [] },
      {
        id: 'trainer',
        type: 'approver',
        name: '培训管理员审核',
        assignee: { type: 'role', roleIds: [trainerRoleId] },
        sign: { mode: 'or', ratio: 100 },
        noApprover: 'stop',
        fieldPermissions: [],
        rejectTo: 'starter',
      },
      { id: 'end', type: 'end', name: '结束' },
    ],
    edges: [
      { id: 'start-trainer', source: 'start', target: 'trainer' },
      { id: 'trainer-end', source: 'trainer', target: 'end' },
    ],
  };
}

/** Defines 考试报名审核 once (idempotent on its code); null when the trainer role or an administrator is missing. */
export async function ensureSignupFlow(ctx: AppContext): Promise<string | null> {
  const found = await ctx.db.selectFrom('flowDefinitions').select('id').where('enCode', '=', SIGNUP_FLOW).executeTakeFirst();
  if (found) return found.id;
  const role = await ctx.db.selectFrom('roles').select('id').where('enCode', '=', 'trainer').executeTakeFirst();
  const admin = await ctx.db.selectFrom('users').select('id').where('account', '=', 'admin').executeTakeFirst();
  if (!role || !admin) return null;
  const { id } = await createFlow(
    ctx,
    {
      enCode: SIGNUP_FLOW,
      fullName: '考试报名审核',
      category: 'training',
      formKind: SIGNUP_FORM_KIND,
      formId: SIGNUP_FORM_ID,
      graph: signupGraph(role.id),
      description: '考生报名参加培训考试，由培训管理员审核',
    },
    admin.id,
  );
  return id;
}
