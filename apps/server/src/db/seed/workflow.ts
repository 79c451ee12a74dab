import { FlowStatus, TaskStatus, type FlowDefinitionBody, type FlowGraph } from '@medalliance/contract';
import { sql, type Kysely } from 'kysely';
import type { AppContext } from '../../context.ts';
import { approveTask, cancelInstance, rejectTask, revokeInstance, startFlow } from '../../modules/workflow/actions.service.ts';
import { createFlow } from '../../modules/workflow/definitions.service.ts';
import { MODEL_FORM_KIND } from '../../modules/workflow/model-form.adapter.ts';

/**
 * Demo flows over the seeded outpatient log (db/seed/visualdev.ts) and
 * instances in every state, so each workflow screen opens with content:
 *
 * - 门诊费用审批: township head (马军) → condition on the total fee → county
 *   (张伟 or 陈静), copied to the referral centre (何芸); started by 徐丽.
 * - 疑难病例会诊: a countersign of three county doctors; started by 马军.
 *
 * Everything goes through the engine's own actions (startFlow, approveTask,
 * …), so instances, tasks, records, copies, messages and the rows' flow_state
 * agree. Idempotent: nothing is done once the first flow exists. All names,
 * patients and fees are fictitious.
 */
export const DEMO_MODEL = 'outpatientLog';
export const FEE_FLOW = 'outpatientFeeApproval';
export const CONSULT_FLOW = 'outpatientConsult';
/** The sub-flow demo: a fee approval that starts 疑难病例会诊 as a sub-flow for high fees. */
export const FEE_CONSULT_FLOW = 'outpatientFeeWithConsult';
/** Above this total fee the county approves as well. */
export const COUNTY_FEE_FROM = 50;

/** Seeded user ids (db/seed/people.ts), by account. */
async function userIds(ctx: AppContext, accounts: string[]): Promise<Record<string, string>> {
  const rows = await ctx.db.selectFrom('users').select(['id', 'account']).where('account', 'in', accounts).execute();
  return Object.fromEntries(rows.map((r) => [r.account, r.id]));
}

function feeGraph(u: Record<string, string>): FlowGraph {
  return {
    nodes: [
      { id: 'start', type: 'start', name: '发起', fieldPermissions: [] },
      {
        id: 'township',
        type: 'approver',
        name: '卫生院院长审批',
        assignee: { type: 'users', userIds: [u.majun!] },
        sign: { mode: 'or', ratio: 100 },
        noApprover: 'stop',
        fieldPermissions: [{ field: 'diagnosis', access: 'write' }],
        rejectTo: 'starter',
      },
      { id: 'feeCheck', type: 'condition', name: '费用判断' },
      {
        id: 'county',
        type: 'approver',
        name: '县医院审批',
        assignee: { type: 'users', userIds: [u.zhangwei!, u.chenjing!] },
        sign: { mode: 'or', ratio: 100 },
        noApprover: 'stop',
        copyTo: { userIds: [u.heyun!], positionIds: [], roleIds: [] },
        fieldPermissions: [],
        rejectTo: 'choose',
      },
      { id: 'end', type: 'end', name: '结束' },
    ],
    edges: [
      { id: 'start-township', source: 'start', target: 'township' },
      { id: 'township-feeCheck', source: 'township', target: 'feeCheck' },
      {
        id: 'feeCheck-county',
        source: 'feeCheck',
        target: 'county',
        name: `合计费用 > ${COUNTY_FEE_FROM}`,
        condition: { logic: 'and', items: [{ field: 'totalFee', operator: '>', value: COUNTY_FEE_FROM }] },
      },
      { id: 'feeCheck-end', source: 'feeCheck', target: 'end', isDefault: true, name: '其他' },
      { id: 'county-end', source: 'county', target: 'end' },
    ],
  };
}

function consultGraph(u: Record<string, string>): FlowGraph {
  return {
    nodes: [
      { id: 'start', type: 'start', name: '发起', fieldPermissions: [] },
      {
        id: 'consult',
        type: 'approver',
        name: '专家会签',
        assignee: { type: 'users', userIds: [u.zhangwei!, u.chenjing!, u.liuyang!] },
        sign: { mode: 'countersign', ratio: 100 },
        noApprover: 'stop',
        fieldPermissions: [],
        rejectTo: 'starter',
      },
      { id: 'end', type: 'end', name: '结束' },
    ],
    edges: [
      { id: 'start-consult', source: 'start', target: 'consult' },
      { id: 'consult-end', source: 'consult', target: 'end' },
    ],
  };
}

/** Fields of the outpatient log a consultation copies from the fee record (parent → child, same names). */
const CONSULT_MAPPING = ['visitDate', 'patientName', 'sex', 'age', 'department', 'fee', 'diagnosis'];

function feeConsultGraph(u: Record<string, string>, consultFlowId: string): FlowGraph {
  return {
    nodes: [
      { id: 'start', type: 'start', name: '发起', fieldPermissions: [] },
      {
        id: 'township',
        type: 'approver',
        name: '卫生院院长审批',
        assignee: { type: 'users', userIds: [u.majun!] },
        sign: { mode: 'or', ratio: 100 },
        noApprover: 'stop',
        fieldPermissions: [],
        rejectTo: 'starter',
      },
      { id: 'feeCheck', type: 'condition', name: '费用判断' },
      {
        id: 'consult',
        type: 'subFlow',
        name: '疑难病例会诊（子流程）',
        flowId: consultFlowId,
        initiator: { type: 'users', userIds: [u.majun!] },
        mapping: CONSULT_MAPPING.map((f) => ({ parentField: f, childField: f })),
        mode: 'sync',
      },
      { id: 'end', type: 'end', name: '结束' },
    ],
    edges: [
      { id: 'start-township', source: 'start', target: 'township' },
      { id: 'township-feeCheck', source: 'township', target: 'feeCheck' },
      {
        id: 'feeCheck-consult',
        source: 'feeCheck',
        target: 'consult',
        name: `合计费用 > ${COUNTY_FEE_FROM}`,
        condition: { logic: 'and', items: [{ field: 'totalFee', operator: '>', value: COUNTY_FEE_FROM }] },
      },
      { id: 'feeCheck-end', source: 'feeCheck', target: 'end', isDefault: true, name: '其他' },
      { id: 'consult-end', source: 'consult', target: 'end' },
    ],
  };
}

interface DemoRecord {
  id: string;
  patientName: string;
  totalFee: number;
}

/** The model's records not yet in any flow, newest ids first (the seeded rows are outpatientLog-001 … -030). */
async function freeRecords(ctx: AppContext): Promise<DemoRecord[]> {
  const model = await ctx.db.selectFrom('visualdevModels').select(['tableName', 'state']).where('id', '=', DEMO_MODEL).executeTakeFirst();
  if (!model || model.state !== 1) return [];
  const raw = ctx.db.withoutPlugins() as unknown as Kysely<any>;
  const rows = await raw
    .selectFrom(model.tableName)
    .select(['id', 'patientName', sql<number>`coalesce(${sql.ref('totalFee')}, 0)`.as('totalFee')])
    .where('flow_state', '=', FlowStatus.draft)
    .orderBy('id', 'desc')
    .limit(30)
    .execute();
  return rows.map((r) => ({ id: String(r.id), patientName: String(r.patientName ?? ''), totalFee: Number(r.totalFee) }));
}

/** The waiting task of a user on an instance. */
async function taskOf(ctx: AppContext, instanceId: string, userId: string): Promise<string> {
  const row = await ctx.db
    .selectFrom('flowTasks')
    .select('id')
    .where('instanceId', '=', instanceId)
    .where('handlerId', '=', userId)
    .where('status', '=', TaskStatus.waiting)
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function seedWorkflow(ctx: AppContext): Promise<void> {
  await seedBaseFlows(ctx);
  await seedSubFlowDemo(ctx);
}

/**
 * 门诊费用审批（含会诊）: after the township head, a total above the
 * threshold starts 疑难病例会诊 as a sync sub-flow (马军 starts it, the fee
 * record's fields are copied into a new outpatient record) and the fee flow
 * waits for it. One instance waits on its consultation, one went through it.
 * Idempotent on its own code, so databases seeded before it get it too.
 */
async function seedSubFlowDemo(ctx: AppContext): Promise<void> {
  const exists = await ctx.db.selectFrom('flowDefinitions').select('id').where('enCode', '=', FEE_CONSULT_FLOW).executeTakeFirst();
  if (exists) return;
  const consult = await ctx.db.selectFrom('flowDefinitions').select('id').where('enCode', '=', CONSULT_FLOW).executeTakeFirst();
  const u = await userIds(ctx, ['admin', 'xuli', 'majun', 'zhangwei', 'chenjing', 'liuyang']);
  const high = (await freeRecords(ctx)).filter((r) => r.totalFee > COUNTY_FEE_FROM);
  if (!consult || Object.keys(u).length < 6 || high.length < 2) return;
  const { id: flowId } = await createFlow(
    ctx,
    {
      enCode: FEE_CONSULT_FLOW,
      fullName: '门诊费用审批（含会诊）',
      category: 'clinical',
      formKind: MODEL_FORM_KIND,
      formId: DEMO_MODEL,
      graph: feeConsultGraph(u, consult.id),
      description: `卫生院院长审批，合计费用超过 ${COUNTY_FEE_FROM} 元时发起疑难病例会诊子流程，会诊通过后结束（演示流程）`,
    },
    u.admin!,
  );
  const run = async (r: DemoRecord, urgency: 1 | 2 | 3) => {
    const { instanceId } = await startFlow(
      ctx,
      { flowId, recordId: r.id, title: `门诊费用审批（含会诊）（${r.patientName}）`, urgency },
      u.xuli!,
    );
    await approveTask(ctx, await taskOf(ctx, instanceId, u.majun!), u.majun!, { opinion: '费用较高，发起会诊' });
    const child = await ctx.db
      .selectFrom('flowSubflows')
      .select('childInstanceId')
      .where('parentInstanceId', '=', instanceId)
      .executeTakeFirstOrThrow();
    return child.childInstanceId;
  };
  // Waiting on its consultation (one expert of three has signed), and one that went through it.
  const waiting = await run(high[0]!, 2);
  await approveTask(ctx, await taskOf(ctx, waiting, u.chenjing!), u.chenjing!, { opinion: '同意会诊，建议完善检查' });
  const done = await run(high[1]!, 1);
  for (const who of [u.zhangwei!, u.chenjing!, u.liuyang!]) await approveTask(ctx, await taskOf(ctx, done, who), who, { opinion: '同意' });
}

async function seedBaseFlows(ctx: AppContext): Promise<void> {
  const exists = await ctx.db.selectFrom('flowDefinitions').select('id').where('enCode', 'in', [FEE_FLOW, CONSULT_FLOW]).executeTakeFirst();
  if (exists) return;
  const u = await userIds(ctx, ['admin', 'xuli', 'majun', 'zhangwei', 'chenjing', 'liuyang', 'heyun']);
  const records = await freeRecords(ctx);
  if (Object.keys(u).length < 7 || records.length < 10) return;
  const define = async (enCode: string, fullName: string, graph: FlowGraph, description: string) => {
    const body: FlowDefinitionBody = {
      enCode,
      fullName,
      category: 'clinical',
      formKind: MODEL_FORM_KIND,
      formId: DEMO_MODEL,
      graph,
      description,
    };
    return (await createFlow(ctx, body, u.admin!)).id;
  };
  const feeFlow = await define(FEE_FLOW, '门诊费用审批', feeGraph(u), '卫生院院长审批，合计费用超过 50 元再由县医院审批（演示流程）');
  const consultFlow = await define(CONSULT_FLOW, '疑难病例会诊', consultGraph(u), '三位县医院专家会签（演示流程）');

  // The county level needs a total above the threshold; the short path one at or below it.
  const high = records.filter((r) => r.totalFee > COUNTY_FEE_FROM);
  const low = records.filter((r) => r.totalFee <= COUNTY_FEE_FROM);
  const take = (prefer: DemoRecord[]) => {
    const r = prefer.shift() ?? high.shift() ?? low.shift();
    if (!r) throw new Error('seed workflow: not enough outpatient records');
    for (const list of [high, low]) {
      const i = list.indexOf(r);
      if (i >= 0) list.splice(i, 1);
    }
    return r;
  };
  const start = async (flowId: string, starter: string, r: DemoRecord, title: string, urgency: 1 | 2 | 3 = 1) =>
    (await startFlow(ctx, { flowId, recordId: r.id, title: `${title}（${r.patientName}）`, urgency }, starter)).instanceId;
  const fee = (r: DemoRecord, urgency: 1 | 2 | 3 = 1) => start(feeFlow, u.xuli!, r, '门诊费用审批', urgency);

  // Waiting at the township head.
  await fee(take([]), 2);
  await fee(take([]));
  // Waiting at the county: the head approved, the total routes it on.
  for (const urgency of [3, 1] as const) {
    const id = await fee(take(high), urgency);
    await approveTask(ctx, await taskOf(ctx, id, u.majun!), u.majun!, { opinion: '情况属实，同意' });
  }
  // Adopted on the short path, and through both levels.
  const short = await fee(take(low));
  await approveTask(ctx, await taskOf(ctx, short, u.majun!), u.majun!, { opinion: '同意' });
  const long = await fee(take(high));
  await approveTask(ctx, await taskOf(ctx, long, u.majun!), u.majun!, { opinion: '同意，请县医院审核' });
  await approveTask(ctx, await taskOf(ctx, long, u.zhangwei!), u.zhangwei!, { opinion: '费用合理，同意' });
  // Rejected by the head, revoked by the starter, terminated by the monitor.
  const rejected = await fee(take([]));
  await rejectTask(ctx, await taskOf(ctx, rejected, u.majun!), u.majun!, { opinion: '处方明细不全，请补充后重新提交' });
  const revoked = await fee(take([]));
  await revokeInstance(ctx, revoked, u.xuli!, { opinion: '信息填写有误，撤回修改' });
  const cancelled = await fee(take([]));
  await cancelInstance(ctx, cancelled, u.admin!, { opinion: '重复提交，终止流程' });

  // The countersign: one of three has approved; and one all three approved.
  const consulting = await start(consultFlow, u.majun!, take([]), '疑难病例会诊', 2);
  await approveTask(ctx, await taskOf(ctx, consulting, u.zhangwei!), u.zhangwei!, { opinion: '建议完善检查后会诊' });
  const agreed = await start(consultFlow, u.majun!, take([]), '疑难病例会诊');
  for (const who of [u.zhangwei!, u.chenjing!, u.liuyang!])
    await approveTask(ctx, await taskOf(ctx, agreed, who), who, { opinion: '同意' });
}
