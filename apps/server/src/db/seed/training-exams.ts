import type { ExamQuestionType } from '@medalliance/contract';
import type { AppContext } from '../../context.ts';
import { now } from '../../lib/clock.ts';
import { markAttempt, saveAnswer, startAttempt, submitAttempt } from '../../modules/training/exams/attempts.service.ts';
import { savePaper } from '../../modules/training/exams/papers.service.ts';
import { rawDb } from '../../modules/training/exams/rows.ts';
import { ensureSignupFlow } from '../../modules/training/exams/signup-flow.ts';
import { decideSignup, signUp } from '../../modules/training/exams/signups.service.ts';

/**
 * Demo examinations of the training centre (issue 21), all fictitious:
 * - the flow 考试报名审核 (sign-ups approved by the trainer 罗欣 luoxin);
 * - a bank of 30 questions in four categories (single, multiple, true/false, short);
 * - paper EXAM_OPEN_PAPER, open now (30 minutes, 100 points, pass 60), and
 *   EXAM_UPCOMING_PAPER drawn at random from the bank, opening in ten days;
 * - on the open paper: 徐丽 xuli passed (short answers marked by luoxin),
 *   马军 majun failed, 胡健 hujian submitted and waits for marking, 曹霞
 *   caoxia approved and not started, 彭博 pengbo pending in luoxin's 待办,
 *   曾莉 zengli rejected. 邓山 dengshan has not signed up (the e2e story).
 * Sign-ups, approvals, answers and marks go through the module's services
 * and the workflow engine. Idempotent: nothing is done once the bank has
 * questions.
 */
export const EXAM_OPEN_PAPER = 'trp000000000000000001';
export const EXAM_UPCOMING_PAPER = 'trp000000000000000002';
const DAY = 86_400_000;

type Q = [category: string, type: ExamQuestionType, stem: string, options: string[], answer: string[], analysis: string];

const CHRONIC = '慢病管理';
const INFECTION = '院感防控';
const FIRST_AID = '急救技能';
const PUBLIC = '基本公共卫生';

export const SEED_QUESTIONS: Q[] = [
  [
    CHRONIC,
    'single',
    '成人高血压的诊断标准（非同日3次测量）是收缩压和/或舒张压达到：',
    ['≥130/80 mmHg', '≥140/90 mmHg', '≥150/95 mmHg', '≥160/100 mmHg'],
    ['B'],
    '我国指南：诊室血压≥140/90 mmHg。',
  ],
  [
    CHRONIC,
    'single',
    '2型糖尿病患者空腹血糖的控制目标一般为：',
    ['3.0–4.4 mmol/L', '4.4–7.0 mmol/L', '7.0–10.0 mmol/L', '10.0–13.9 mmol/L'],
    ['B'],
    '基层管理一般目标 4.4–7.0 mmol/L。',
  ],
  [
    CHRONIC,
    'single',
    '高血压患者基层随访，血压控制满意者每年至少面对面随访：',
    ['1次', '2次', '4次', '12次'],
    ['C'],
    '国家基本公共卫生服务规范：每年至少4次。',
  ],
  [
    CHRONIC,
    'single',
    '糖尿病诊断中，随机血糖达到以下哪个值并伴典型症状可诊断：',
    ['≥7.8 mmol/L', '≥9.0 mmol/L', '≥11.1 mmol/L', '≥13.9 mmol/L'],
    ['C'],
    '随机血糖≥11.1 mmol/L伴典型症状。',
  ],
  [CHRONIC, 'single', '下列降压药中属于钙通道阻滞剂的是：', ['氢氯噻嗪', '氨氯地平', '美托洛尔', '依那普利'], ['B'], ''],
  [INFECTION, 'single', '医务人员手卫生“两前三后”中不包括：', ['接触患者前', '无菌操作前', '接触患者后', '进入医院大门前'], ['D'], ''],
  [INFECTION, 'single', '速干手消毒剂揉搓双手的时间应不少于：', ['5秒', '15秒', '1分钟', '3分钟'], ['B'], '揉搓至干燥，不少于15秒。'],
  [INFECTION, 'single', '使用后的针头应立即放入：', ['生活垃圾桶', '黄色医疗废物袋', '利器盒', '回收消毒桶'], ['C'], ''],
  [FIRST_AID, 'single', '成人心肺复苏胸外按压的频率为：', ['60–80次/分', '80–100次/分', '100–120次/分', '120–140次/分'], ['C'], ''],
  [FIRST_AID, 'single', '成人胸外按压的深度为：', ['2–3 cm', '3–4 cm', '5–6 cm', '7–8 cm'], ['C'], ''],
  [PUBLIC, 'single', '居民健康档案的建档对象重点是：', ['仅慢病患者', '辖区内常住居民', '仅65岁以上老年人', '仅儿童和孕产妇'], ['B'], ''],
  [PUBLIC, 'single', '65岁及以上老年人健康管理每年提供：', ['1次', '2次', '4次', '不定期'], ['A'], '每年提供1次健康管理服务。'],
  [CHRONIC, 'multiple', '高血压患者的非药物治疗包括：', ['限盐', '戒烟限酒', '规律运动', '大量饮用浓茶'], ['A', 'B', 'C'], ''],
  [CHRONIC, 'multiple', '糖尿病的慢性并发症包括：', ['糖尿病肾病', '糖尿病视网膜病变', '糖尿病足', '急性阑尾炎'], ['A', 'B', 'C'], ''],
  [
    CHRONIC,
    'multiple',
    '高血压随访时出现下列哪些情况需紧急转诊：',
    ['收缩压≥180 mmHg', '意识改变', '剧烈头痛伴呕吐', '血压 128/78 mmHg'],
    ['A', 'B', 'C'],
    '',
  ],
  [INFECTION, 'multiple', '标准预防措施包括：', ['手卫生', '正确使用个人防护用品', '安全注射', '所有患者一律隔离'], ['A', 'B', 'C'], ''],
  [INFECTION, 'multiple', '下列属于医疗废物的是：', ['使用过的棉签', '废弃的一次性注射器', '病理切片', '办公废纸'], ['A', 'B', 'C'], ''],
  [
    FIRST_AID,
    'multiple',
    '判断心脏骤停的要点有：',
    ['意识丧失', '无呼吸或仅有濒死叹息样呼吸', '大动脉搏动消失', '血压升高'],
    ['A', 'B', 'C'],
    '',
  ],
  [FIRST_AID, 'multiple', '开放气道常用的方法有：', ['仰头抬颏法', '推举下颌法', '侧卧位拍背法', '垫高枕头法'], ['A', 'B'], ''],
  [PUBLIC, 'multiple', '国家基本公共卫生服务重点人群包括：', ['0–6岁儿童', '孕产妇', '65岁及以上老年人', '健康青年'], ['A', 'B', 'C'], ''],
  [CHRONIC, 'judge', '高血压患者血压控制正常后即可自行停药。', [], ['F'], '需长期规律服药，不可自行停药。'],
  [CHRONIC, 'judge', '糖化血红蛋白反映近2–3个月的平均血糖水平。', [], ['T'], ''],
  [INFECTION, 'judge', '戴手套可以代替手卫生。', [], ['F'], ''],
  [FIRST_AID, 'judge', '使用AED时，分析心律期间任何人不得接触患者。', [], ['T'], ''],
  [PUBLIC, 'judge', '居民健康档案信息可以随意提供给无关人员查阅。', [], ['F'], ''],
  [PUBLIC, 'judge', '新生儿家庭访视应在出院后7天内完成。', [], ['T'], ''],
  [
    CHRONIC,
    'short',
    '简述基层高血压患者随访评估的主要内容。',
    [],
    ['测量血压、评估危急情况、询问症状与生活方式、了解服药情况、检查靶器官损害并给出分类干预。'],
    '',
  ],
  [
    INFECTION,
    'short',
    '简述针刺伤后的紧急处理步骤。',
    [],
    ['从近心端向远心端挤出伤口血液，流动水冲洗，75%乙醇或碘伏消毒，报告并评估暴露源，必要时预防用药与随访。'],
    '',
  ],
  [
    FIRST_AID,
    'short',
    '简述成人单人徒手心肺复苏的操作流程。',
    [],
    ['确认环境安全，判断意识与呼吸，呼救并取AED，30:2 胸外按压与人工呼吸，尽早除颤。'],
    '',
  ],
  [
    PUBLIC,
    'short',
    '简述糖尿病患者年度健康体检的主要项目。',
    [],
    ['体重与腰围、血压、空腹血糖、糖化血红蛋白、血脂、肾功能、眼底与足部检查等。'],
    '',
  ],
];

/** The points each type is worth on the open paper (10 single, 4 multiple, 5 true/false, 2 short: 100 in all). */
const OPEN_PAPER_PICK: [ExamQuestionType, number, number][] = [
  ['single', 10, 4],
  ['multiple', 4, 5],
  ['judge', 5, 4],
  ['short', 2, 10],
];

const qid = (i: number) => `trq${String(i + 1).padStart(17, '0')}`;

export async function seedTrainingExams(ctx: AppContext): Promise<void> {
  const db = rawDb(ctx);
  const any = await db.selectFrom('tr_questions').select('id').limit(1).executeTakeFirst();
  if (any) return;
  const flowId = await ensureSignupFlow(ctx);
  const users = await db.selectFrom('users').select(['id', 'account']).execute();
  const u = Object.fromEntries(users.map((r) => [String(r.account), String(r.id)]));
  const at = now();
  await db
    .insertInto('tr_questions')
    .values(
      SEED_QUESTIONS.map(([category, type, stem, options, answer, analysis], i) => ({
        id: qid(i),
        category,
        type,
        stem,
        options: JSON.stringify(options),
        answer: JSON.stringify(answer),
        score: type === 'short' ? 10 : type === 'multiple' ? 5 : 4,
        analysis: analysis || null,
        enabled: 1,
        created_by: u.luoxin ?? null,
        created_at: at - 30 * DAY + i * 60_000,
      })),
    )
    .execute();
  const picked = OPEN_PAPER_PICK.flatMap(([type, count, score]) =>
    SEED_QUESTIONS.map((q, i) => ({ q, i }))
      .filter(({ q }) => q[1] === type)
      .slice(0, count)
      .map(({ i }) => ({ questionId: qid(i), score })),
  );
  await savePaper(
    db,
    null,
    {
      title: '2026年第四季度乡村医生慢病管理与公共卫生考核',
      durationMin: 30,
      passScore: 60,
      opensAt: at - 7 * DAY,
      closesAt: at + 60 * DAY,
      status: 'published',
      questions: picked,
    },
    u.luoxin ?? 'admin',
    EXAM_OPEN_PAPER,
  );
  await savePaper(
    db,
    null,
    {
      title: '院感防控与急救技能考核（随机组卷）',
      durationMin: 45,
      passScore: 70,
      opensAt: at + 10 * DAY,
      closesAt: at + 40 * DAY,
      status: 'published',
      draw: [
        { type: 'single', count: 6, score: 5 },
        { type: 'multiple', count: 3, score: 10 },
        { type: 'judge', count: 4, score: 5 },
        { type: 'short', count: 1, score: 20 },
      ],
    },
    u.luoxin ?? 'admin',
    EXAM_UPCOMING_PAPER,
  );

  if (!flowId || !u.luoxin) return;
  const signed = async (account: string, decision: boolean | null) => {
    if (!u[account]) return null;
    const id = await signUp(ctx, EXAM_OPEN_PAPER, u[account], '申请参加本季度考核', 'zh');
    if (decision !== null) await decideSignup(ctx, id, u.luoxin!, decision, decision ? '同意报名' : '本期名额已满，请报名下一期');
    return id;
  };
  const key = (i: number) => SEED_QUESTIONS[i]![4];
  const wrong = (type: ExamQuestionType, k: string[]) =>
    type === 'judge' ? [k[0] === 'T' ? 'F' : 'T'] : type === 'multiple' ? ['D'] : [k[0] === 'A' ? 'B' : 'A'];
  /** Takes the open paper: answers the first `right` objective questions correctly, the rest wrong, and both short answers. */
  const take = async (account: string, right: number) => {
    const userId = u[account]!;
    const attemptId = await startAttempt(ctx, EXAM_OPEN_PAPER, userId);
    let n = 0;
    for (const p of picked) {
      const i = Number(p.questionId.slice(3)) - 1;
      const q = SEED_QUESTIONS[i]!;
      const answer = q[1] === 'short' ? ['按规范逐项说明：' + q[4][0]!.slice(0, 20)] : n++ < right ? key(i) : wrong(q[1], key(i));
      await saveAnswer(ctx, attemptId, userId, p.questionId, answer);
    }
    await submitAttempt(ctx, attemptId, userId);
    return attemptId;
  };
  const shorts = picked.filter((p) => SEED_QUESTIONS[Number(p.questionId.slice(3)) - 1]![1] === 'short');
  await signed('xuli', true);
  const passedAttempt = await take('xuli', 17);
  await markAttempt(
    ctx,
    passedAttempt,
    u.luoxin,
    shorts.map((p, i) => ({ questionId: p.questionId, score: i ? 6 : 8 })),
  );
  await signed('majun', true);
  const failedAttempt = await take('majun', 8);
  await markAttempt(
    ctx,
    failedAttempt,
    u.luoxin,
    shorts.map((p) => ({ questionId: p.questionId, score: 4 })),
  );
  await signed('hujian', true);
  await take('hujian', 14);
  await signed('caoxia', true);
  await signed('pengbo', null);
  await signed('zengli', false);
}
