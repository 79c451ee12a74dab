import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import { TRAINING_APPLY_FLOW, TRAINING_APPLY_KIND, TRAINING_LIVE_FLOW, TRAINING_LIVE_KIND, type FlowGraph } from '@medalliance/contract';
import type { AppContext } from '../../context.ts';
import { now } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { blobOf, createFile, addFileReferences, recordBlob } from '../../modules/file/files.service.ts';
import { fileRuntime } from '../../modules/file/runtime.ts';
import { blobKey } from '../../modules/file/store.ts';
import { callerUnit } from '../../modules/health/privacy/scope.ts';
import { nextBillNumber } from '../../modules/system/bill-rule.service.ts';
import { approveTask, rejectTask, startFlow } from '../../modules/workflow/actions.service.ts';
import { createFlow } from '../../modules/workflow/definitions.service.ts';
import { streamUrlOf, getLiveProvider } from '../../modules/training/settings.ts';
import '../../modules/training/applications.ts';
import '../../modules/training/lives.ts';
import { seedRoles } from './people.ts';
import { DEMO_VIDEO_SECONDS, DEMO_VIDEO_WEBM_BASE64 } from './training-video.ts';

/**
 * Demo training centre (issue 21): the two approval flows (course
 * applications and live broadcasts, both approved by the trainer role —
 * 罗欣 luoxin), 8 courses in every state with a playable 30-second video each
 * (training-video.ts) and a handout on some, applications through the engine
 * (approved, rejected, and two waiting for luoxin), watch progress, unit
 * demands, comments (one hidden), and broadcasts: one waiting for approval,
 * one upcoming, one on air and one ended with its replay and attendance.
 * Idempotent: flows by enCode, the rest only while tr_courses is empty.
 * All names and contents are fictitious.
 */

const DAY = 86_400_000;
const HOUR = 3_600_000;
const raw = (ctx: AppContext) => ctx.db.withoutPlugins() as unknown as Kysely<any>;

async function userIds(ctx: AppContext): Promise<Record<string, string>> {
  const rows = await ctx.db.selectFrom('users').select(['id', 'account']).execute();
  return Object.fromEntries(rows.map((r) => [r.account, r.id]));
}

const approverGraph = (roleId: string, name: string): FlowGraph => ({
  nodes: [
    { id: 'start', type: 'start', name: '发起', fieldPermissions: [] },
    {
      id: 'trainer',
      type: 'approver',
      name,
      assignee: { type: 'role', roleIds: [roleId] },
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
});

/** The two flows the training records start; exported for tests that need them again after a reset. */
export async function seedTrainingFlows(ctx: AppContext, adminId: string): Promise<void> {
  const trainerRole = seedRoles.find((r) => r.enCode === 'trainer')!.id;
  const flows = [
    {
      enCode: TRAINING_APPLY_FLOW,
      name: '课程参加申请审批',
      kind: TRAINING_APPLY_KIND,
      node: '培训管理员审批',
      desc: '基层人员申请参加培训课程，由科教科培训管理员审批',
    },
    {
      enCode: TRAINING_LIVE_FLOW,
      name: '直播申请审批',
      kind: TRAINING_LIVE_KIND,
      node: '培训管理员审批',
      desc: '直播课程的申请，由科教科培训管理员审批，通过后生成直播地址',
    },
  ];
  for (const f of flows) {
    const exists = await ctx.db.selectFrom('flowDefinitions').select('id').where('enCode', '=', f.enCode).executeTakeFirst();
    if (exists) continue;
    await createFlow(
      ctx,
      {
        enCode: f.enCode,
        fullName: f.name,
        category: 'training',
        formKind: f.kind,
        formId: f.kind,
        graph: approverGraph(trainerRole, f.node),
        description: f.desc,
      },
      adminId,
    );
  }
}

/** Stores bytes through the files module (content-addressed blob + a file row). */
async function storeFile(ctx: AppContext, bytes: Buffer, originalName: string, extension: string, category: string, userId: string) {
  const rt = fileRuntime(ctx);
  const md5 = createHash('md5').update(bytes).digest('hex');
  let blob = await blobOf(ctx, md5);
  if (!blob || !(await rt.store.exists(blob.storageKey))) {
    const key = blobKey(md5);
    await rt.store.put(key, Readable.from(bytes), bytes.length);
    if (!blob) await recordBlob(ctx, md5, bytes.length, key);
    blob = (await blobOf(ctx, md5))!;
  }
  const row = await createFile(ctx, {
    md5,
    fileSize: bytes.length,
    storageKey: blob.storageKey,
    originalName,
    extension,
    type: 'annex',
    category: category as never,
    userId,
  });
  await addFileReferences(ctx, [row.id]);
  return row.id;
}

/** A one-page PDF handout (plain Helvetica text), built by hand with a correct cross-reference table. */
export function handoutPdf(title: string): Buffer {
  const text = title.replace(/[()\\]/g, '');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    null,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  const stream = `BT /F1 20 Tf 72 770 Td (${text}) Tj 0 -32 Td /F1 12 Tf (Qingshan County Medical Alliance - training handout) Tj ET`;
  objects[3] = `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`;
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

const COURSES = [
  {
    key: 'htn',
    title: '高血压基层规范化管理',
    category: 'chronic',
    teacher: 'zhangwei',
    teacherName: '张伟',
    status: 'published',
    credit: 2,
    capacity: 60,
    handout: 'Hypertension management',
  },
  {
    key: 'dm',
    title: '2型糖尿病随访与用药指导',
    category: 'chronic',
    teacher: 'chenjing',
    teacherName: '陈静',
    status: 'published',
    credit: 2,
    capacity: 40,
  },
  {
    key: 'cpr',
    title: '心肺复苏与院前急救',
    category: 'clinical',
    teacher: null,
    teacherName: '县急救中心 刘医生',
    status: 'published',
    credit: 1,
    capacity: 0,
    handout: 'CPR and first aid',
  },
  {
    key: 'child',
    title: '0-6岁儿童健康管理要点',
    category: 'maternalChild',
    teacher: null,
    teacherName: '县妇幼保健院 王医生',
    status: 'published',
    credit: 1,
    capacity: 0,
  },
  {
    key: 'tcm',
    title: '中医适宜技术：艾灸与拔罐',
    category: 'tcm',
    teacher: null,
    teacherName: '县中医院 孙医生',
    status: 'published',
    credit: 1,
    capacity: 30,
  },
  {
    key: 'psy',
    title: '严重精神障碍患者随访技巧',
    category: 'publicHealth',
    teacher: null,
    teacherName: '县精神卫生中心 周医生',
    status: 'pending',
    credit: 1,
    capacity: 0,
  },
  {
    key: 'nurse',
    title: '基层护理操作规范',
    category: 'nursing',
    teacher: null,
    teacherName: '县人民医院护理部',
    status: 'draft',
    credit: 1,
    capacity: 0,
  },
  {
    key: 'mgmt',
    title: '村卫生室药品管理',
    category: 'management',
    teacher: null,
    teacherName: '县卫健局 药政科',
    status: 'rejected',
    credit: 0,
    capacity: 0,
  },
  {
    key: 'old',
    title: '老年人健康体检流程（2024版）',
    category: 'publicHealth',
    teacher: null,
    teacherName: '县疾控中心',
    status: 'closed',
    credit: 1,
    capacity: 0,
  },
] as const;

export async function seedTraining(ctx: AppContext): Promise<void> {
  const u = await userIds(ctx);
  if (!u.admin || !u.luoxin) return;
  await seedTrainingFlows(ctx, u.admin);
  const db = raw(ctx);
  if (await db.selectFrom('tr_courses').select('id').limit(1).executeTakeFirst()) return;
  const t0 = now();
  // The organiser: the unit of the training centre (科教科 of the county hospital).
  const centre = (await callerUnit(ctx, u.luoxin)).unitId;
  const video = Buffer.from(DEMO_VIDEO_WEBM_BASE64, 'base64');
  const course: Record<string, string> = {};
  const material: Record<string, string> = {};
  for (const [i, c] of COURSES.entries()) {
    const id = newId();
    course[c.key] = id;
    const created = t0 - (40 - i * 3) * DAY;
    const courseNo = await ctx.db.transaction().execute((trx) => nextBillNumber(ctx, trx, 'courseNo'));
    await db
      .insertInto('tr_courses')
      .values({
        id,
        course_no: courseNo,
        title: c.title,
        category: c.category,
        teacher_id: c.teacher ? (u[c.teacher] ?? null) : null,
        teacher_name: c.teacherName,
        org_id: centre,
        intro: `${c.title}：面向乡镇卫生院和村卫生室医务人员的培训课程，包含视频讲解与课后讲义。`,
        status: c.status,
        starts_at: t0 - 10 * DAY + i * 3 * DAY,
        ends_at: t0 + 20 * DAY + i * 3 * DAY,
        capacity: c.capacity,
        credit: c.credit,
        submitted_at: c.status === 'draft' ? null : created + DAY,
        reviewed_by: ['published', 'rejected', 'closed'].includes(c.status) ? u.luoxin : null,
        reviewed_at: ['published', 'rejected', 'closed'].includes(c.status) ? created + 2 * DAY : null,
        review_comment: c.status === 'rejected' ? '课程内容需补充药品效期管理与台账示例，请修改后重新提交' : null,
        created_at: created,
        created_by: u.luoxin,
      })
      .execute();
    const fileId = await storeFile(ctx, video, `${c.title}.webm`, 'webm', 'video', u.luoxin);
    const mid = newId();
    material[c.key] = mid;
    await db
      .insertInto('tr_materials')
      .values({
        id: mid,
        course_id: id,
        file_id: fileId,
        kind: 'video',
        title: `${c.title}（视频）`,
        duration_s: DEMO_VIDEO_SECONDS,
        sort_code: 1,
        created_at: created,
        created_by: u.luoxin,
      })
      .execute();
    if ('handout' in c) {
      const pdf = await storeFile(ctx, handoutPdf(c.handout), `${c.title}讲义.pdf`, 'pdf', 'document', u.luoxin);
      await db
        .insertInto('tr_materials')
        .values({
          id: newId(),
          course_id: id,
          file_id: pdf,
          kind: 'doc',
          title: `${c.title}讲义`,
          duration_s: 0,
          sort_code: 2,
          created_at: created,
          created_by: u.luoxin,
        })
        .execute();
    }
  }

  const task = async (instanceId: string, userId: string) =>
    String(
      (
        await db
          .selectFrom('flow_tasks')
          .select('id')
          .where('instance_id', '=', instanceId)
          .where('handler_id', '=', userId)
          .where('status', '=', 1)
          .executeTakeFirstOrThrow()
      ).id,
    );
  const applyFlow = await db
    .selectFrom('flow_definitions')
    .select('id')
    .where('en_code', '=', TRAINING_APPLY_FLOW)
    .executeTakeFirstOrThrow();
  const apply = async (account: string, key: string, reason: string, verdict: 'approve' | 'reject' | null, opinion = '') => {
    const userId = u[account];
    if (!userId) return;
    const unit = await callerUnit(ctx, userId);
    const id = newId();
    await db
      .insertInto('tr_applications')
      .values({ id, course_id: course[key], user_id: userId, org_id: unit.orgId, reason, status: 'pending', applied_at: now() })
      .execute();
    const title = COURSES.find((c) => c.key === key)!.title;
    const r = await startFlow(ctx, { flowId: String(applyFlow.id), recordId: id, title: `${title}（${account}）` }, userId);
    await db.updateTable('tr_applications').set({ flow_instance_id: r.instanceId }).where('id', '=', id).execute();
    if (verdict === 'approve') await approveTask(ctx, await task(r.instanceId, u.luoxin!), u.luoxin!, { opinion: opinion || '同意参加' });
    if (verdict === 'reject') await rejectTask(ctx, await task(r.instanceId, u.luoxin!), u.luoxin!, { opinion });
  };
  await apply('dengshan', 'htn', '村里高血压患者较多，希望系统学习规范化管理', 'approve');
  await apply('caoxia', 'htn', '提升慢病随访能力', 'approve');
  await apply('xuli', 'htn', '卫生院慢病门诊需要', 'approve');
  await apply('pengbo', 'dm', '学习糖尿病用药指导', 'approve');
  await apply('caoxia', 'cpr', '村卫生室急救能力不足', 'approve');
  await apply('zengli', 'tcm', '想开展艾灸服务', 'reject', '本期名额优先安排乡镇卫生院中医科，请报名下期');
  await apply('xuli', 'dm', '卫生院糖尿病患者随访需要', null);
  await apply('majun', 'child', '卫生院儿保工作需要', null);

  // Watch progress: 邓山 stopped at 12 s of the hypertension video; 曹霞 finished it; 徐丽 is half way.
  const progress = (account: string, key: string, pos: number, watched: number) =>
    db
      .insertInto('tr_watch_progress')
      .values({
        id: newId(),
        material_id: material[key],
        course_id: course[key],
        user_id: u[account],
        position_s: pos,
        watched_s: watched,
        completed: watched >= DEMO_VIDEO_SECONDS * 0.9 ? 1 : 0,
        completed_at: watched >= DEMO_VIDEO_SECONDS * 0.9 ? t0 - DAY : null,
        updated_at: t0 - DAY,
      })
      .execute();
  await progress('dengshan', 'htn', 12, 12);
  await progress('caoxia', 'htn', 30, 30);
  await progress('xuli', 'htn', 15, 15);
  await progress('caoxia', 'cpr', 8, 8);

  const demands: [string, string, string, number, string, string, string | null][] = [
    ['xuli', '高血压急症的识别与转诊', 'chronic', 12, '城关镇卫生院慢病患者多，急症识别能力有待提高', 'open', null],
    ['majun', '儿童预防接种异常反应处置', 'maternalChild', 8, '', 'adopted', '已纳入下月“0-6岁儿童健康管理要点”课程'],
    ['hujian', '糖尿病足早期筛查', 'chronic', 10, '石桥镇糖尿病足病例增多', 'open', null],
    ['guoping', '中医适宜技术推广', 'tcm', 6, '', 'open', null],
    ['linfeng', '院前急救与转运', 'clinical', 15, '河口乡距县城远，急救转运需要培训', 'adopted', '已安排“心肺复苏与院前急救”课程'],
    ['xiechun', '村医信息系统操作', 'management', 20, '', 'closed', '信息系统操作由信息科另行组织培训'],
    ['xuli', '老年人健康体检质控', 'publicHealth', 8, '', 'open', null],
    ['hujian', '孕产妇高危筛查', 'maternalChild', 5, '', 'open', null],
  ];
  for (const [i, [account, topic, category, headcount, content, status, reply]] of demands.entries()) {
    const userId = u[account];
    if (!userId) continue;
    const unit = await callerUnit(ctx, userId);
    await db
      .insertInto('tr_demands')
      .values({
        id: newId(),
        org_id: unit.unitId ?? unit.orgId,
        user_id: userId,
        topic,
        category,
        content: content || null,
        headcount,
        expected_month: new Date(t0 + (i + 1) * 15 * DAY).toISOString().slice(0, 7),
        status,
        reply,
        replied_by: reply ? u.luoxin : null,
        replied_at: reply ? t0 - (i + 1) * HOUR : null,
        course_id: status === 'adopted' ? course[i === 1 ? 'child' : 'cpr'] : null,
        created_at: t0 - (20 - i) * DAY,
      })
      .execute();
  }

  const comments: [string, string, number, string, boolean][] = [
    ['dengshan', 'htn', 5, '讲得很清楚，随访流程一目了然，回村就能用。', false],
    ['caoxia', 'htn', 4, '希望再多一些用药调整的案例。', false],
    ['xuli', 'htn', 5, '视频短小精悍，适合碎片时间学习。', false],
    ['pengbo', 'dm', 4, '胰岛素注射部分很实用。', false],
    ['caoxia', 'cpr', 5, '按压深度和频率讲得很到位。', false],
    ['zengli', 'htn', 1, '广告：低价出售血压计，加微信……', true],
  ];
  for (const [i, [account, key, rating, content, hidden]] of comments.entries()) {
    if (!u[account]) continue;
    await db
      .insertInto('tr_comments')
      .values({
        id: newId(),
        course_id: course[key],
        user_id: u[account],
        rating,
        content,
        hidden: hidden ? 1 : 0,
        hidden_by: hidden ? u.luoxin : null,
        hidden_at: hidden ? t0 - HOUR : null,
        hidden_reason: hidden ? '广告内容' : null,
        created_at: t0 - (10 - i) * DAY,
      })
      .execute();
  }

  // Broadcasts, applied for by the administrator (the county's expert desk) and approved by 罗欣 through the engine.
  const liveFlow = await db.selectFrom('flow_definitions').select('id').where('en_code', '=', TRAINING_LIVE_FLOW).executeTakeFirstOrThrow();
  const provider = await getLiveProvider(db);
  const live = async (title: string, speaker: string, key: string | null, startsAt: number, verdict: boolean) => {
    const id = newId();
    await db
      .insertInto('tr_lives')
      .values({
        id,
        course_id: key ? course[key] : null,
        title,
        speaker,
        intro: `${title}：直播讲解与互动答疑。`,
        starts_at: startsAt,
        ends_at: startsAt + 90 * 60_000,
        status: 'pending',
        org_id: centre,
        applicant_id: u.admin,
        created_at: startsAt - 7 * DAY,
      })
      .execute();
    const r = await startFlow(ctx, { flowId: String(liveFlow.id), recordId: id, title }, u.admin!);
    await db.updateTable('tr_lives').set({ flow_instance_id: r.instanceId }).where('id', '=', id).execute();
    if (verdict) await approveTask(ctx, await task(r.instanceId, u.luoxin!), u.luoxin!, { opinion: '同意' });
    return id;
  };
  await live('基层常见皮肤病诊治', '县人民医院 皮肤科', null, t0 + 5 * DAY, false);
  await live('高血压用药答疑直播', '张伟', 'htn', t0 + 2 * DAY, true);
  const onAir = await live('家庭医生签约服务沟通技巧', '县卫健局 基卫科', null, t0 - 20 * 60_000, true);
  await db
    .updateTable('tr_lives')
    .set({ status: 'live', started_at: t0 - 15 * 60_000 })
    .where('id', '=', onAir)
    .execute();
  const ended = await live('心肺复苏实操演示', '县急救中心', 'cpr', t0 - 3 * DAY, true);
  const replay = await storeFile(ctx, video, '心肺复苏实操演示（回放）.webm', 'webm', 'video', u.luoxin);
  await db
    .updateTable('tr_lives')
    .set({
      status: 'ended',
      started_at: t0 - 3 * DAY,
      ended_at: t0 - 3 * DAY + 85 * 60_000,
      replay_file_id: replay,
      stream_url: streamUrlOf(provider, ended),
    })
    .where('id', '=', ended)
    .execute();
  for (const [i, account] of ['caoxia', 'dengshan', 'linfeng', 'xuli', 'hujian'].entries()) {
    if (!u[account]) continue;
    const joined = t0 - 3 * DAY + i * 5 * 60_000;
    await db
      .insertInto('tr_live_attendance')
      .values({ id: newId(), live_id: ended, user_id: u[account], joined_at: joined, left_at: joined + (60 - i * 8) * 60_000 })
      .execute();
  }
  const chat: [string, string][] = [
    ['caoxia', '老师，按压时手臂要完全伸直吗？'],
    ['luoxin', '是的，双臂伸直，垂直向下按压。'],
    ['linfeng', '村里没有AED的情况下怎么处理？'],
  ];
  for (const [i, [account, content]] of chat.entries()) {
    if (!u[account]) continue;
    await db
      .insertInto('tr_live_comments')
      .values({ id: newId(), live_id: ended, user_id: u[account], content, created_at: t0 - 3 * DAY + (i + 1) * 10 * 60_000 })
      .execute();
  }
  await db
    .insertInto('tr_live_comments')
    .values({ id: newId(), live_id: onAir, user_id: u.xuli, content: '签约时居民最关心哪些问题？', created_at: t0 - 5 * 60_000 })
    .execute();
}
