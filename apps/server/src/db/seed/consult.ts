import type { Kysely } from 'kysely';
import { chargeMonth, consultFee, DEFAULT_CONSULT_SETTINGS, type ConsultMode, type ConsultUrgency } from '@medalliance/contract';
import type { AppContext } from '../../context.ts';
import { stableId } from './menus.ts';
import { seedUsers } from './people.ts';
import { insertBatches } from './batches.ts';

/**
 * Demo data of remote consultation and conferences (issue 19), all fictitious:
 * diagnosis templates per county department and a few conferences (past ones
 * with minutes, attendance, follow-up items and ratings; an upcoming one; an
 * application waiting) always; consultations in every state only when the demo
 * residents exist, each from the resident's own doctor and unit.
 */
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const RESIDENT_TABLE = 'lc_health_resident';
const sid = (kind: string, key: string) => stableId('93', `consult:${kind}:${key}`);
const userId = (account: string) => seedUsers.find((u) => u.account === account)!.id;

const DEPT = { nk: '100000000000000011', wk: '100000000000000012', fck: '100000000000000013', ek: '100000000000000014' };

/** Templates: [department, title, content]. */
const TEMPLATES: [string, string, string][] = [
  [
    DEPT.nk,
    '高血压控制不佳',
    '诊断：原发性高血压（控制不满意）。\n建议：1. 调整降压方案，加用长效钙通道阻滞剂；2. 低盐饮食，每日食盐<5g；3. 两周后复测血压并随访。',
  ],
  [
    DEPT.nk,
    '2型糖尿病血糖波动',
    '诊断：2型糖尿病（血糖控制不佳）。\n建议：1. 监测空腹及餐后血糖；2. 调整口服降糖药剂量；3. 糖尿病饮食与运动指导；4. 必要时上转内分泌专科。',
  ],
  [
    DEPT.nk,
    '慢性心衰随访',
    '诊断：慢性心力衰竭（NYHA II级）。\n建议：1. 控制液体入量，每日称重；2. 继续利尿剂与ACEI治疗；3. 出现气促加重、下肢水肿及时就诊。',
  ],
  [DEPT.wk, '软组织损伤', '诊断：软组织挫伤。\n建议：1. 48小时内冷敷，之后热敷；2. 制动休息；3. 如疼痛加重或出现畸形，拍片排除骨折。'],
  [
    DEPT.wk,
    '术后伤口换药',
    '诊断：术后切口愈合中。\n建议：1. 隔日换药，保持干燥；2. 观察红肿渗液，必要时伤口分泌物培养；3. 术后两周拆线。',
  ],
  [
    DEPT.fck,
    '妊娠期高血压筛查',
    '诊断：妊娠期血压升高待查。\n建议：1. 每周监测血压及尿蛋白；2. 左侧卧位休息；3. 血压≥160/110 mmHg 立即转县医院产科。',
  ],
  [DEPT.ek, '小儿发热', '诊断：急性上呼吸道感染。\n建议：1. 体温≥38.5℃予对乙酰氨基酚退热；2. 多饮水；3. 持续发热超过3天或精神差及时复诊。'],
  [
    DEPT.ek,
    '儿童生长发育迟缓评估',
    '诊断：生长发育偏离待评估。\n建议：1. 完善骨龄及甲状腺功能检查；2. 营养评估与喂养指导；3. 三个月后复评。',
  ],
];

const QUESTIONS = [
  '血压连续两次随访控制不满意，已联合用药，请专家指导调整方案。',
  '空腹血糖波动较大（7.8–11.2 mmol/L），请指导用药调整。',
  '活动后胸闷气短一周，心电图提示ST段改变，请会诊是否需上转。',
  '足部溃疡愈合缓慢，请专家评估处理方案。',
  '孕 28 周血压偏高，请产科专家指导后续管理。',
  '患儿反复咳嗽一月余，胸片提示纹理增粗，请儿科会诊。',
];

export interface DemoResident {
  id: string;
  manageOrgId: string;
  doctorId: string;
}

interface Plan {
  state: string;
  mode: ConsultMode;
  urgency: ConsultUrgency;
  ageDays: number;
}

/** The states the demo shows, oldest first (an old urgent request still pending is overdue). */
function plans(count: number): Plan[] {
  const states = ['evaluated', 'evaluated', 'evaluated', 'answered', 'held', 'scheduled', 'approved', 'pending', 'refused', 'cancelled'];
  const modes: ConsultMode[] = ['video', 'image', 'text'];
  const out: Plan[] = [];
  for (let i = 0; i < count; i++) {
    const state = states[i % states.length]!;
    const base = state === 'evaluated' ? 20 + ((i * 7) % 150) : state === 'pending' ? (i % 2 ? 0.2 : 1.5) : 2 + (i % 6);
    out.push({ state, mode: modes[i % 3]!, urgency: i % 4 === 0 ? 'urgent' : 'normal', ageDays: base });
  }
  return out;
}

/** Pure: the demo consultations for these residents, no date after `at`. Scales with the residents given (one per 60, at most 60). */
export function demoConsult(residents: DemoResident[], at: number) {
  const requests: Record<string, unknown>[] = [];
  const experts: Record<string, unknown>[] = [];
  const events: Record<string, unknown>[] = [];
  const timeline: Record<string, unknown>[] = [];
  const approver = userId('huangqiang');
  const expertPool = [
    [userId('zhangwei'), DEPT.nk],
    [userId('chenjing'), DEPT.wk],
    [userId('liuyang'), DEPT.nk],
    [userId('zhaomin'), DEPT.fck],
    [userId('sunli'), DEPT.ek],
  ] as const;
  const count = Math.min(60, Math.max(10, Math.floor(residents.length / 60)));
  const chosen = residents.filter((_, i) => i % Math.max(1, Math.floor(residents.length / count)) === 0).slice(0, count);
  const ps = plans(chosen.length);
  chosen.forEach((r, i) => {
    const p = ps[i]!;
    const id = sid('req', `${i}`);
    const created = Math.floor(at - p.ageDays * DAY);
    const [expert, dept] = expertPool[i % expertPool.length]!;
    const code = `HZ${chargeMonth(created).replace('-', '')}${String(1000 + i).slice(-4)}`;
    const steps: [string, string, number][] = [['apply', 'pending', created]];
    const reached = (s: string) =>
      ['approved', 'scheduled', 'held', 'answered', 'evaluated'].indexOf(s) <=
      ['approved', 'scheduled', 'held', 'answered', 'evaluated'].indexOf(p.state);
    const inFlow = ['approved', 'scheduled', 'held', 'answered', 'evaluated'].includes(p.state);
    const tApprove = created + (p.urgency === 'urgent' ? 1 : 5) * HOUR;
    const tSchedule = tApprove + 2 * HOUR;
    const scheduledAt = p.state === 'scheduled' ? at + (1 + (i % 3)) * DAY : created + DAY;
    const tHeld = scheduledAt + HOUR;
    const tOpinion = tHeld + 3 * HOUR;
    const tEval = tOpinion + DAY;
    const row: Record<string, unknown> = {
      id,
      code,
      resident_id: r.id,
      org_id: r.manageOrgId,
      applicant_id: r.doctorId,
      question: QUESTIONS[i % QUESTIONS.length],
      summary: '既往史见健康档案。近期随访记录及用药情况已附。',
      urgency: p.urgency,
      mode: p.mode,
      dept_id: dept,
      expert_id: expert,
      attachments: '[]',
      state: p.state,
      approver_id: null,
      approved_at: null,
      refuse_reason: null,
      scheduled_at: null,
      room: null,
      link: null,
      held_at: null,
      opinion: null,
      template_id: null,
      opinion_by: null,
      opinion_at: null,
      score: null,
      eval_comment: null,
      evaluated_at: null,
      fee: null,
      fee_month: null,
      created_at: created,
      updated_at: created,
    };
    if (p.state === 'refused') {
      Object.assign(row, { approver_id: approver, approved_at: tApprove, refuse_reason: '资料不全，请补充近期检查结果后重新申请' });
      steps.push(['refuse', 'refused', tApprove]);
    }
    if (p.state === 'cancelled') steps.push(['cancel', 'cancelled', created + 3 * HOUR]);
    if (inFlow) {
      Object.assign(row, { approver_id: approver, approved_at: tApprove });
      steps.push(['approve', 'approved', tApprove]);
      experts.push({ consult_id: id, user_id: expert });
      if (reached('scheduled')) {
        Object.assign(row, {
          scheduled_at: scheduledAt,
          room: p.mode === 'video' ? null : '县医院远程会诊中心 2 室',
          link: p.mode === 'video' ? 'https://meet.example.org/hz/' + code : null,
        });
        steps.push(['schedule', 'scheduled', tSchedule]);
      }
      if (reached('held')) {
        Object.assign(row, { held_at: tHeld, fee: consultFee(DEFAULT_CONSULT_SETTINGS, p.mode, p.urgency), fee_month: chargeMonth(tHeld) });
        steps.push(['hold', 'held', tHeld]);
      }
      if (reached('answered')) {
        const tpl = TEMPLATES.findIndex((t) => t[0] === dept);
        Object.assign(row, {
          opinion: TEMPLATES[Math.max(0, tpl)]![2],
          template_id: sid('tpl', `${Math.max(0, tpl)}`),
          opinion_by: expert,
          opinion_at: tOpinion,
        });
        steps.push(['opinion', 'answered', tOpinion]);
      }
      if (reached('evaluated')) {
        const score = 3 + (i % 3);
        Object.assign(row, {
          score,
          eval_comment: score === 5 ? '意见明确，很有帮助' : score === 4 ? '意见及时，建议可操作' : '等待时间较长',
          evaluated_at: tEval,
        });
        steps.push(['evaluate', 'evaluated', tEval]);
      }
    }
    const last = steps[steps.length - 1]!;
    row.updated_at = last[2];
    requests.push(row);
    let from: string | null = null;
    steps.forEach(([action, to, t], k) => {
      const who =
        action === 'apply' || action === 'cancel' || action === 'evaluate'
          ? r.doctorId
          : action === 'opinion' || action === 'hold'
            ? expert
            : approver;
      events.push({
        id: sid('ev', `${i}:${k}`),
        subject_id: id,
        action,
        from_state: from,
        to_state: to,
        user_id: who,
        note: action === 'refuse' ? row.refuse_reason : null,
        at: t,
      });
      timeline.push({
        id: sid('tl', `${i}:${k}`),
        resident_id: r.id,
        kind: 'consult',
        title: `${TIMELINE_ZH[action]}（${code}）`,
        ref_model: 'consult',
        ref_id: id,
        at: t,
        org_id: r.manageOrgId,
      });
      from = to;
    });
  });
  return { requests, experts, events, timeline };
}

const TIMELINE_ZH: Record<string, string> = {
  apply: '申请远程会诊',
  approve: '远程会诊审批通过',
  refuse: '远程会诊申请被拒绝',
  schedule: '远程会诊已排期',
  hold: '远程会诊已举行',
  opinion: '远程会诊专家意见已出具',
  evaluate: '远程会诊已评价',
  cancel: '远程会诊申请已撤销',
};

/** Pure: the demo conferences around `at`. */
export function demoConferences(at: number) {
  const conferences: Record<string, unknown>[] = [];
  const participants: Record<string, unknown>[] = [];
  const items: Record<string, unknown>[] = [];
  const events: Record<string, unknown>[] = [];
  const township = ['xuli', 'majun', 'hujian', 'guoping', 'linfeng', 'xiechun'].map(userId);
  const county = ['zhangwei', 'liuyang', 'chenjing', 'yangfan', 'zhaomin', 'sunli'].map(userId);
  const village = ['dengshan', 'caoxia', 'pengbo', 'zengli', 'xiaoyu'].map(userId);
  const approver = userId('huangqiang');
  const trainer = userId('luoxin');
  const defs = [
    {
      key: 'q3',
      title: '第三季度医共体质控例会',
      days: -40,
      mode: 'offline',
      place: '县人民医院三楼会议室',
      link: '',
      users: [...county, ...township],
      state: 'finished',
    },
    {
      key: 'htn',
      title: '基层高血压规范管理培训会',
      days: -12,
      mode: 'online',
      place: '',
      link: 'https://meet.example.org/conf/htn-training',
      users: [...township, ...village],
      state: 'finished',
    },
    {
      key: 'ref',
      title: '双向转诊工作推进会',
      days: 5,
      mode: 'online',
      place: '',
      link: 'https://meet.example.org/conf/referral',
      users: [...county, ...township],
      state: 'approved',
    },
    {
      key: 'year',
      title: '年度公共卫生考核动员会',
      days: 14,
      mode: 'offline',
      place: '县卫健局二楼会议室',
      link: '',
      users: [...township, approver],
      state: 'pending',
    },
  ] as const;
  for (const d of defs) {
    const id = sid('conf', d.key);
    const start = Math.floor((at + d.days * DAY) / HOUR) * HOUR;
    const created = Math.min(at, start - 10 * DAY);
    const applicant = d.key === 'htn' || d.key === 'year' ? trainer : approver;
    const past = d.state === 'finished';
    conferences.push({
      id,
      title: d.title,
      mode: d.mode,
      start_at: start,
      end_at: start + 2 * HOUR,
      place: d.place || null,
      link: d.link || null,
      agenda: '1. 上阶段工作通报\n2. 重点问题讨论\n3. 下阶段工作部署',
      targets: JSON.stringify({ orgIds: [], roleIds: [], userIds: d.users }),
      attachments: '[]',
      minutes: past
        ? `会议于${d.place || '线上'}召开，应到 ${d.users.length} 人。\n一、通报了上阶段工作完成情况；\n二、讨论了存在的主要问题；\n三、明确了下一阶段任务与责任人（见待办事项）。`
        : null,
      state: d.state,
      org_id: applicant === trainer ? '100000000000000010' : '100000000000000010',
      applicant_id: applicant,
      approver_id: d.state === 'pending' ? null : approver,
      refuse_reason: null,
      created_at: created,
      updated_at: past ? start + 3 * HOUR : created,
    });
    events.push({
      id: sid('cev', `${d.key}:apply`),
      subject_id: id,
      action: 'apply',
      from_state: null,
      to_state: 'pending',
      user_id: applicant,
      note: null,
      at: created,
    });
    if (d.state !== 'pending')
      events.push({
        id: sid('cev', `${d.key}:approve`),
        subject_id: id,
        action: 'approve',
        from_state: 'pending',
        to_state: 'approved',
        user_id: approver,
        note: null,
        at: created + HOUR,
      });
    if (past)
      events.push({
        id: sid('cev', `${d.key}:finish`),
        subject_id: id,
        action: 'finish',
        from_state: 'approved',
        to_state: 'finished',
        user_id: applicant,
        note: null,
        at: start + 3 * HOUR,
      });
    d.users.forEach((u, k) => {
      const signed = past && k % 5 !== 4; // four in five came
      participants.push({
        conference_id: id,
        user_id: u,
        signed_at: signed ? start - 10 * 60_000 + k * 60_000 : null,
        score: signed && k % 2 === 0 ? 4 + (k % 4 === 0 ? 1 : 0) : null,
        comment: signed && k % 2 === 0 ? (k % 4 === 0 ? '内容实用' : '时间安排合理') : null,
        rated_at: signed && k % 2 === 0 ? start + 2 * HOUR + k * 60_000 : null,
      });
    });
    if (past)
      d.users.slice(0, 3).forEach((u, k) =>
        items.push({
          id: sid('item', `${d.key}:${k}`),
          conference_id: id,
          content: ['整理本单位高血压控制不满意患者名单', '完成下月转诊病例自查', '提交季度质控报表'][k],
          owner_id: u,
          due_at: start + 14 * DAY,
          done_at: k === 0 || (d.key === 'q3' && k === 1) ? start + 7 * DAY : null,
          done_by: k === 0 || (d.key === 'q3' && k === 1) ? u : null,
          created_at: start + 3 * HOUR,
        }),
      );
  }
  return { conferences, participants, items, events };
}

/** Templates and conferences when their tables are empty; consultations once the demo residents exist. */
export async function seedConsult(ctx: AppContext, at = Date.now()): Promise<void> {
  const db = ctx.db.withoutPlugins() as unknown as Kysely<any>;
  await ctx.db.transaction().execute(async (trx) => {
    const t = trx.withoutPlugins() as unknown as Kysely<any>;
    if (!(await t.selectFrom('consult_templates').select('id').limit(1).executeTakeFirst()))
      await insertBatches(
        t,
        'consult_templates',
        TEMPLATES.map(([dept, title, content], i) => ({
          id: sid('tpl', `${i}`),
          dept_id: dept,
          title,
          content,
          sort_code: (i + 1) * 10,
          created_at: at,
          created_by: null,
        })),
      );
    if (!(await t.selectFrom('conferences').select('id').limit(1).executeTakeFirst())) {
      const d = demoConferences(at);
      await insertBatches(t, 'conferences', d.conferences);
      await insertBatches(t, 'conference_participants', d.participants);
      await insertBatches(t, 'conference_items', d.items);
      await insertBatches(t, 'conference_events', d.events);
    }
  });
  if (await db.selectFrom('consult_requests').select('id').limit(1).executeTakeFirst()) return;
  const rows = await db
    .selectFrom(RESIDENT_TABLE)
    .select(['id', 'manageOrgId', 'doctorId'])
    .where('archiveState', '=', 1)
    .where('manageOrgId', 'is not', null)
    .where('doctorId', 'is not', null)
    .orderBy('id')
    .execute();
  if (!rows.length) return;
  const residents = rows.map((r) => ({ id: String(r.id), manageOrgId: String(r.manageOrgId), doctorId: String(r.doctorId) }));
  const d = demoConsult(residents, at);
  await ctx.db.transaction().execute(async (trx) => {
    const t = trx.withoutPlugins() as unknown as Kysely<any>;
    await insertBatches(t, 'consult_requests', d.requests);
    await insertBatches(t, 'consult_experts', d.experts);
    await insertBatches(t, 'consult_events', d.events);
    await insertBatches(t, 'health_timeline', d.timeline);
  });
}
