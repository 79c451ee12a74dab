import type { Kysely } from 'kysely';
import { afterReferralWindow, referralMonth, REFERRAL_TRANSITIONS, type ReferralAction } from '@medalliance/contract';
import type { AppContext } from '../../context.ts';
import { seedOrganizations } from './organizations.ts';
import { seedUsers } from './people.ts';
import { insertBatches } from './batches.ts';

/**
 * Demo two-way referrals (issue 19): 45 fictitious referrals in every state
 * of the status dictionary's state machine, derived from the seeded
 * residents (only when they exist and the table is still empty), with their
 * event history, the two-week follow-up plans of closed up-referrals (some
 * done in time, some late, some open) and the timeline entries. Open ones
 * are part fresh, part past their time limits, so every worklist, the
 * monitor and the statistics show figures on a fresh start.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const RESIDENT_TABLE = 'lc_health_resident';

export interface DemoResident {
  id: string;
  manageOrgId: string | null;
}

type Target = '3' | '6' | '0' | '10' | '5' | '7' | '8' | '9' | '2' | '2a' | '4' | '11';
const PATHS: Record<Target, ReferralAction[]> = {
  '3': [],
  '6': ['void'],
  '0': ['submit'],
  '10': ['submit', 'withdraw'],
  '5': ['submit', 'rejectOut'],
  '7': ['submit', 'approve'],
  '8': ['submit', 'approve', 'rejectIn'],
  '9': ['submit', 'approve', 'cancel'],
  '2': ['submit', 'approve', 'accept'],
  '2a': ['submit', 'approve', 'accept', 'arrive'],
  '4': ['submit', 'approve', 'accept', 'arrive', 'close'],
  '11': ['submit', 'approve', 'accept', 'terminate'],
};
/** The mix: every state, more of the common ones. */
const MIX: Target[] = ['4', '0', '7', '2', '2a', '4', '3', '5', '8', '9', '4', '10', '6', '11', '0', '7', '2', '4', '2a'];
const OPEN = new Set<Target>(['3', '0', '7', '2', '2a']);

const orgById = new Map(seedOrganizations.map((o) => [o.id, o]));
const ROOT = seedOrganizations.find((o) => o.parentId === '-1')!.id;
function unitOf(orgId: string): string {
  let o = orgById.get(orgId);
  while (o && o.category !== 'company') o = orgById.get(o.parentId);
  return o?.id ?? orgId;
}
/** The township (unit just below the root) a unit lies in. */
function townshipOf(unit: string): string {
  let o = orgById.get(unit);
  while (o && o.parentId !== ROOT) o = orgById.get(o.parentId);
  return o?.id ?? unit;
}
const COUNTY = ['100000000000000010', '100000000000000020'];
const firstUser = (unit: string, role: string) =>
  seedUsers.find((u) => unitOf(u.organizeId) === unit && u.roles.includes(role as never))?.id ?? null;
const deptsOf = (unit: string) => seedOrganizations.filter((o) => o.parentId === unit && o.category === 'department').map((o) => o.id);

const UP_REASONS = ['1', '2', '3', '4', '5'];
const DIAGNOSES = ['高血压（控制不满意）', '2型糖尿病（血糖控制不满意）', '胸痛待查', '高血压3级', '糖尿病足', '慢性阻塞性肺疾病急性加重'];

/** Pure: the rows of `n` demo referrals at time `at` (a benchmark scales it). */
export function demoReferral(residents: DemoResident[], at: number, n = 45) {
  const referrals: Record<string, unknown>[] = [];
  const events: Record<string, unknown>[] = [];
  const plans: Record<string, unknown>[] = [];
  const timeline: Record<string, unknown>[] = [];
  const eligible = residents.filter((r) => r.manageOrgId && !COUNTY.includes(townshipOf(unitOf(r.manageOrgId))));
  if (!eligible.length) return { referrals, events, plans, timeline };
  const stride = Math.max(1, Math.floor(eligible.length / n));
  for (let i = 0; i < n && i * stride < eligible.length; i++) {
    const res = eligible[i * stride]!;
    const target = MIX[i % MIX.length]!;
    const up = i % 4 !== 3;
    const township = townshipOf(unitOf(res.manageOrgId!));
    const county = COUNTY[i % 2]!;
    const from = up ? township : county;
    const to = up ? county : township;
    const applicant = firstUser(from, up ? 'townshipDoctor' : 'countyDoctor');
    const approver = seedUsers.filter((u) => unitOf(u.organizeId) === from && u.id !== applicant)[0]?.id ?? applicant;
    const receiver = firstUser(to, up ? 'countyDoctor' : 'townshipDoctor') ?? applicant;
    if (!applicant) continue;
    const id = `rfdemo${String(i).padStart(12, '0')}`;
    const path = PATHS[target];
    // Step gaps in hours; open items end either just now (fresh) or days ago (past their limit).
    const gaps = path.map((_, k) => 2 + ((i * 5 + k * 7) % 30));
    const span = gaps.reduce((s, g) => s + g, 0) * HOUR;
    const fresh = OPEN.has(target) && i % 2 === 0;
    const end = at - (fresh ? 2 * HOUR : ((i * 11) % 80) * DAY + 5 * DAY);
    let t = end - span;
    const created = t;
    const row: Record<string, unknown> = {
      id,
      referral_no: `ZZ${new Date(created).toISOString().slice(0, 10).replace(/-/g, '')}${String(i).padStart(4, '0')}`,
      direction: up ? '1' : '2',
      urgency: String(1 + (i % 3)),
      status: '3',
      arrived: 0,
      resident_id: res.id,
      from_unit_id: from,
      to_unit_id: to,
      to_dept_id: up && i % 3 === 0 ? (deptsOf(to)[0] ?? null) : null,
      to_doctor_id: null,
      applicant_id: applicant,
      visit_type: i % 5 === 0 ? '2' : '1',
      referral_date: created + DAY,
      reason_code: up ? UP_REASONS[i % UP_REASONS.length]! : '6',
      reason: up ? '基层诊疗条件有限，需上级医院进一步诊治' : '病情稳定，转回基层康复管理',
      diagnosis: DIAGNOSES[i % DIAGNOSES.length]!,
      condition_desc: up ? '近两次随访血压控制不满意，伴头晕' : '住院治疗后病情稳定',
      results: up ? 'BP 172/104 mmHg；空腹血糖 8.9 mmol/L' : '复查血压 132/82 mmHg',
      notes: '请携带既往检查资料',
      rehab: up ? '' : '低盐饮食，规律服药',
      attachments: '[]',
      source_programme: null,
      source_visit_id: null,
      discharge_diagnosis: up ? '' : '高血压3级（已控制）',
      treatment: up ? '' : '住院7天，调整降压方案',
      treatment_result: up ? '' : '好转',
      next_steps: up ? '' : '继续口服降压药，两周后复查血压',
      answer_reason: null,
      created_at: created,
      submitted_at: null,
      submit_month: null,
      approved_at: null,
      answered_at: null,
      arrived_at: null,
      closed_at: null,
      step_since: created,
      reminded_step: null,
      updated_at: created,
    };
    events.push({
      id: `${id}e0`,
      referral_id: id,
      action: 'create',
      from_status: null,
      to_status: '3',
      user_id: applicant,
      unit_id: from,
      reason: null,
      at: created,
    });
    let status = '3';
    path.forEach((action, k) => {
      t += gaps[k]! * HOUR;
      const rule = REFERRAL_TRANSITIONS[action];
      const actor = rule.parties.includes('receiver') ? receiver : action === 'approve' || action === 'rejectOut' ? approver : applicant;
      const reason = rule.reasonRequired
        ? ({ rejectOut: '资料不全', rejectIn: '专科床位已满', cancel: '患者改变就医计划', terminate: '患者要求出院' }[action as string] ??
          '')
        : null;
      events.push({
        id: `${id}e${k + 1}`,
        referral_id: id,
        action,
        from_status: status,
        to_status: rule.to,
        user_id: actor,
        unit_id: rule.parties.includes('receiver') ? to : from,
        reason,
        at: t,
      });
      status = rule.to;
      row.status = status;
      row.step_since = t;
      row.updated_at = t;
      if (reason) row.answer_reason = reason;
      if (action === 'submit') Object.assign(row, { submitted_at: t, submit_month: referralMonth(t) });
      if (action === 'approve' || action === 'rejectOut') row.approved_at = t;
      if (action === 'accept' || action === 'rejectIn') row.answered_at = t;
      if (action === 'arrive') Object.assign(row, { arrived: 1, arrived_at: t });
      if (action === 'close' || action === 'terminate') row.closed_at = t;
      if (action === 'accept' && !up)
        timeline.push({
          id: `${id}tl`,
          resident_id: res.id,
          kind: 'referralDown',
          title: `下转回${orgById.get(to)?.fullName ?? ''}：出院诊断 ${row.discharge_diagnosis}；治疗经过 ${row.treatment}；下一步 ${row.next_steps}`,
          ref_model: 'referral',
          ref_id: id,
          at: t,
          org_id: to,
        });
      if (action === 'close' && up) {
        const w = afterReferralWindow(t);
        // A third followed up in time, a third late, a third open (or overdue).
        const kind = i % 3;
        const visitedAt =
          kind === 0 ? Math.min(at, w.windowStart + 5 * DAY) : kind === 1 && w.windowEnd + 3 * DAY <= at ? w.windowEnd + 3 * DAY : null;
        plans.push({
          id: `${id}pl`,
          programme: 'ref',
          resident_id: res.id,
          enrolment_id: id,
          kind: 'after_referral',
          seq: 1,
          plan_date: w.planDate,
          window_start: w.windowStart,
          window_end: w.windowEnd,
          visit_id: visitedAt ? `${id}fu` : null,
          visited_at: visitedAt,
          doctor_id: applicant,
          org_id: from,
          created_at: t,
        });
        if (visitedAt)
          events.push({
            id: `${id}fu`,
            referral_id: id,
            action: 'followUp',
            from_status: '4',
            to_status: '4',
            user_id: applicant,
            unit_id: from,
            reason: '电话随访，恢复良好',
            at: visitedAt,
          });
      }
    });
    if (target === '2a' || target === '7') row.to_doctor_id = i % 2 ? receiver : null;
    referrals.push(row);
  }
  return { referrals, events, plans, timeline };
}

/** Seeds the demo referrals once, when the demo residents exist; answers how many were written. */
export async function seedReferral(ctx: AppContext, at = Date.now()): Promise<number> {
  const db = ctx.db.withoutPlugins() as unknown as Kysely<any>;
  if (await db.selectFrom('referrals').select('id').limit(1).executeTakeFirst()) return 0;
  const rows = await db.selectFrom(RESIDENT_TABLE).select(['id', 'manageOrgId']).where('archiveState', '=', 1).orderBy('id').execute();
  if (!rows.length) return 0;
  const d = demoReferral(
    rows.map((r) => ({ id: String(r.id), manageOrgId: (r.manageOrgId as string | null) ?? null })),
    at,
  );
  await ctx.db.transaction().execute(async (trx) => {
    const t = trx.withoutPlugins() as unknown as Kysely<any>;
    await insertBatches(t, 'referrals', d.referrals);
    await insertBatches(t, 'referral_events', d.events);
    await insertBatches(t, 'health_plans', d.plans);
    await insertBatches(t, 'health_timeline', d.timeline);
  });
  return d.referrals.length;
}
