import ExcelJS from 'exceljs';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXAM_OPEN_PAPER, SEED_QUESTIONS } from '../../../db/seed/training-exams.ts';
import { setClock, testClock, type TestClock } from '../../../lib/clock.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { all, first } from '../../health/plans/rows.ts';
import { GRACE_MS } from './attempts.service.ts';

/**
 * Examinations through the API with the clock fixed: the seeded bank and
 * sign-ups, sign-up approval through the workflow engine (the review page's
 * decision and the standard 待办 action), timed attempts (late answers and
 * submission refused at the grace boundary, the deadline capped by the
 * paper's closing), the key never sent before submission, marking of every
 * type (multiple choice all-or-nothing), scores, pass and certificates,
 * statistics against a hand computation, permissions and bad input.
 *
 * People (seed): 罗欣 luoxin — trainer (exam_manage, signup_examine);
 * 邓山 dengshan, 曹霞 caoxia — village doctors (my_exam); 吴庆 wuqing —
 * ultrasound reader (no exam menu).
 */

const T0 = Date.UTC(2030, 4, 6, 8); // 2030-05-06 08:00 UTC
const MIN = 60_000;
const B = '/api/training/exams';

let t: TestApp;
let db: Kysely<any>;
let clock: TestClock;
const tok: Record<string, string> = {};
const uid: Record<string, string> = {};

const q = {
  single: { category: '测试', type: 'single', stem: '单选：1+1=?', options: ['1', '2', '3'], answer: ['B'], score: 10, analysis: '解析甲' },
  multiple: { category: '测试', type: 'multiple', stem: '多选：偶数有', options: ['2', '3', '4', '6'], answer: ['A', 'C', 'D'], score: 20 },
  judge: { category: '测试', type: 'judge', stem: '判断：地球是圆的', answer: ['T'], score: 10 },
  short: { category: '测试', type: 'short', stem: '简答：洗手步骤', answer: ['参考答案乙：七步洗手法'], score: 20, analysis: '解析丙' },
};
const qIds: Record<keyof typeof q, string> = { single: '', multiple: '', judge: '', short: '' };

async function okCall(token: string, method: string, url: string, body?: unknown) {
  const r = await t.call(method, url, { token, body });
  expect(r.status, `${method} ${url}: ${r.msg}`).toBe(200);
  return r.data;
}

/** A paper of the four test questions (60 points, pass 36), open from T0 for a day unless told. */
async function paper(extra: Record<string, unknown> = {}) {
  const body = {
    title: `测试试卷${Math.random().toString(36).slice(2, 7)}`,
    durationMin: 30,
    passScore: 36,
    opensAt: T0,
    closesAt: T0 + 24 * 60 * MIN,
    status: 'published',
    questions: (Object.keys(q) as (keyof typeof q)[]).map((k) => ({ questionId: qIds[k], score: q[k].score })),
    ...extra,
  };
  return (await okCall(tok.luoxin!, 'POST', `${B}/papers`, body)).id as string;
}

/** Signs `account` up and has luoxin approve on the review page; the sign-up id. */
async function approved(account: string, paperId: string) {
  const { id } = await okCall(tok[account]!, 'POST', `${B}/papers/${paperId}/signup`, { note: '参加考试' });
  const d = await okCall(tok.luoxin!, 'POST', `${B}/signups/${id}/decision`, { approve: true, opinion: '同意' });
  expect(d.status).toBe('approved');
  return id as string;
}

async function start(account: string, paperId: string) {
  return (await okCall(tok[account]!, 'POST', `${B}/papers/${paperId}/attempts`)).id as string;
}
/** One row keyed as the SELECT names it (SQLite's driver would camelCase a raw statement's keys). */
const one = async (q: any) => {
  const r = await first(db, q);
  if (!r) throw new Error('no row');
  return r;
};
const answer = (account: string, attemptId: string, questionId: string, a: string[]) =>
  t.call('PUT', `${B}/attempts/${attemptId}/answers`, { token: tok[account]!, body: { questionId, answer: a } });

beforeAll(async () => {
  t = await createTestApp();
  db = t.ctx.db.withoutPlugins() as unknown as Kysely<any>;
  for (const a of ['admin', 'luoxin', 'dengshan', 'caoxia', 'pengbo', 'xiaoyu', 'zengli', 'wuqing', 'xuli']) tok[a] = await t.login(a);
  for (const u of await all(db, db.selectFrom('users').select(['id', 'account']))) uid[String(u.account)] = String(u.id);
  clock = testClock(T0);
  setClock(clock);
  for (const k of Object.keys(q) as (keyof typeof q)[]) qIds[k] = (await okCall(tok.luoxin!, 'POST', `${B}/questions`, q[k])).id;
});

afterAll(async () => {
  setClock(null);
  await t.close();
});

describe('seed', () => {
  it('has the bank, two papers, sign-ups in every state and a marked attempt with a certificate', async () => {
    const bank = await okCall(tok.luoxin!, 'GET', `${B}/questions?pageSize=100&category=慢病管理`);
    expect(bank.pagination.total).toBe(SEED_QUESTIONS.filter((x) => x[0] === '慢病管理').length);
    const papers = await okCall(tok.luoxin!, 'GET', `${B}/papers?keyword=考核`);
    expect(papers.list.length).toBe(2);
    const open = papers.list.find((p: any) => p.id === EXAM_OPEN_PAPER);
    expect(open.totalScore).toBe(100);
    expect(open.questionCount).toBe(21);
    const signups = await okCall(tok.luoxin!, 'GET', `${B}/signups?paperId=${EXAM_OPEN_PAPER}&pageSize=50`);
    const status = Object.fromEntries(signups.list.map((s: any) => [s.userName, s.status]));
    expect(status).toMatchObject({
      徐丽: 'approved',
      马军: 'approved',
      胡健: 'approved',
      曹霞: 'approved',
      彭博: 'pending',
      曾莉: 'rejected',
    });
    expect(signups.list.find((s: any) => s.userName === '彭博').mine).toBe(true);
    const attempts = await okCall(tok.luoxin!, 'GET', `${B}/attempts?paperId=${EXAM_OPEN_PAPER}`);
    const xuli = attempts.list.find((a: any) => a.userName === '徐丽');
    expect(xuli).toMatchObject({ status: 'marked', passed: true });
    expect(xuli.certificateNo).toMatch(/^ZS\d{8}[0-9A-Z]{6}$/);
    expect(attempts.list.find((a: any) => a.userName === '马军')).toMatchObject({ status: 'marked', passed: false, certificateNo: null });
    expect(attempts.list.find((a: any) => a.userName === '胡健')).toMatchObject({ status: 'submitted', totalScore: null });
  });
});

describe('sign-up through the workflow engine', () => {
  it('a sign-up waits in the trainer’s 待办; approving there (the engine route) approves the sign-up', async () => {
    const p = await paper();
    const { id } = await okCall(tok.dengshan!, 'POST', `${B}/papers/${p}/signup`, {});
    const row = await one(db.selectFrom('tr_exam_signups').selectAll().where('id', '=', id));
    expect(row.status).toBe('pending');
    expect(row.flow_instance_id).toBeTruthy();
    // A second sign-up while one is pending is refused; starting before approval too.
    expect((await t.call('POST', `${B}/papers/${p}/signup`, { token: tok.dengshan!, body: {} })).status).toBe(409);
    expect((await t.call('POST', `${B}/papers/${p}/attempts`, { token: tok.dengshan! })).status).toBe(403);
    // The standard to-do list of luoxin has it, titled with the paper and the person.
    const todo = await okCall(tok.luoxin!, 'GET', '/api/workflow/Engine/FlowBefore/List/1?pageSize=100');
    const item = todo.list.find((x: any) => x.processId === id);
    expect(item.title).toContain('邓山');
    // The taker cannot decide, nor can someone without the task (the administrator holds none).
    expect((await t.call('POST', `${B}/signups/${id}/decision`, { token: tok.dengshan!, body: { approve: true } })).status).toBe(403);
    const adm = await t.call('POST', `${B}/signups/${id}/decision`, { token: tok.admin!, body: { approve: true } });
    expect(adm.status).toBe(403);
    await okCall(tok.luoxin!, 'POST', `/api/workflow/Engine/FlowBefore/Audit/${item.taskId}`, { handleOpinion: '同意' });
    const after = await one(db.selectFrom('tr_exam_signups').select(['status', 'decided_at']).where('id', '=', id));
    expect(after.status).toBe('approved');
    expect(Number(after.decided_at)).toBe(T0);
    const inst = await one(db.selectFrom('flow_instances').select('status').where('id', '=', row.flow_instance_id));
    expect(Number(inst.status)).toBe(2);
    // Decided: the review page cannot decide it again.
    expect((await t.call('POST', `${B}/signups/${id}/decision`, { token: tok.luoxin!, body: { approve: false } })).status).toBe(409);
  });

  it('a rejection on the review page ends the flow rejected, and the taker may sign up again', async () => {
    const p = await paper();
    const { id } = await okCall(tok.caoxia!, 'POST', `${B}/papers/${p}/signup`, {});
    expect((await okCall(tok.luoxin!, 'POST', `${B}/signups/${id}/decision`, { approve: false, opinion: '名额已满' })).status).toBe(
      'rejected',
    );
    const s = await one(db.selectFrom('tr_exam_signups').select('flow_instance_id').where('id', '=', id));
    const inst = await one(db.selectFrom('flow_instances').select('status').where('id', '=', s.flow_instance_id));
    expect(Number(inst.status)).toBe(3);
    expect((await t.call('POST', `${B}/papers/${p}/attempts`, { token: tok.caoxia! })).status).toBe(403);
    await approved('caoxia', p);
  });

  it('the taker revoking the flow withdraws the sign-up', async () => {
    const p = await paper();
    const { id } = await okCall(tok.xiaoyu!, 'POST', `${B}/papers/${p}/signup`, {});
    const s = await one(db.selectFrom('tr_exam_signups').select('flow_instance_id').where('id', '=', id));
    await okCall(tok.xiaoyu!, 'PUT', `/api/workflow/Engine/FlowLaunch/${s.flow_instance_id}/Actions/Withdraw`, { handleOpinion: '报错了' });
    expect((await one(db.selectFrom('tr_exam_signups').select('status').where('id', '=', id))).status).toBe('withdrawn');
  });

  it('refuses sign-up for a draft, closed or unknown paper', async () => {
    const draft = await paper({ status: 'draft' });
    expect((await t.call('POST', `${B}/papers/${draft}/signup`, { token: tok.dengshan!, body: {} })).status).toBe(400);
    const over = await paper({ opensAt: T0 - 120 * MIN, closesAt: T0 - MIN });
    expect((await t.call('POST', `${B}/papers/${over}/signup`, { token: tok.dengshan!, body: {} })).status).toBe(400);
    expect((await t.call('POST', `${B}/papers/nope/signup`, { token: tok.dengshan!, body: {} })).status).toBe(404);
    expect(await all(db, db.selectFrom('tr_exam_signups').select('id').where('paper_id', 'in', [draft, over]))).toEqual([]);
  });
});

describe('timed attempts', () => {
  it('fixes the deadline at the start, never sends the key, refuses answers and submission after the grace', async () => {
    const p = await paper();
    await approved('dengshan', p);
    clock.set(T0 + 5 * MIN);
    const a = await start('dengshan', p);
    // Starting again returns the attempt under way.
    expect(await start('dengshan', p)).toBe(a);
    const view = await t.call('GET', `${B}/attempts/${a}`, { token: tok.dengshan! });
    expect(view.data.deadlineAt).toBe(T0 + 35 * MIN);
    expect(view.data.serverNow).toBe(T0 + 5 * MIN);
    const text = view.raw.body;
    for (const secret of ['参考答案乙', '解析甲', '解析丙', '"answer"', '"key"', '"analysis"']) expect(text).not.toContain(secret);
    expect(view.data.questions.every((x: any) => x.correct === undefined && x.got === undefined)).toBe(true);

    expect((await answer('dengshan', a, qIds.single, ['B'])).status).toBe(200);
    expect((await answer('dengshan', a, qIds.single, ['A'])).status).toBe(200); // replaced
    expect((await answer('dengshan', a, qIds.single, ['B'])).status).toBe(200);
    // Right at the end of the grace an answer still counts; a millisecond later it is refused.
    clock.set(T0 + 35 * MIN + GRACE_MS);
    expect((await answer('dengshan', a, qIds.judge, ['T'])).status).toBe(200);
    clock.set(T0 + 35 * MIN + GRACE_MS + 1);
    const late = await answer('dengshan', a, qIds.multiple, ['A', 'C', 'D']);
    expect(late.status).toBe(409);
    expect(late.msg).toContain('考试时间已到');
    const lateSubmit = await t.call('POST', `${B}/attempts/${a}/submit`, { token: tok.dengshan! });
    expect([409]).toContain(lateSubmit.status);
    // Closed as it stood at the deadline: single and judge right, multiple unanswered, short blank.
    const row = await one(db.selectFrom('tr_attempts').selectAll().where('id', '=', a));
    expect(row.status).toBe('marked');
    expect(Number(row.submitted_at)).toBe(T0 + 35 * MIN);
    expect(Number(row.total_score)).toBe(20);
    expect(Number(row.passed)).toBe(0);
    expect(row.certificate_no).toBeNull();
    // One attempt per paper.
    expect((await t.call('POST', `${B}/papers/${p}/attempts`, { token: tok.dengshan! })).status).toBe(409);
    clock.set(T0);
  });

  it('an attempt nobody submits is closed once its deadline has passed; the deadline never passes the closing time', async () => {
    const p = await paper({ closesAt: T0 + 10 * MIN });
    await approved('pengbo', p);
    clock.set(T0 + 2 * MIN);
    const a = await start('pengbo', p);
    expect((await okCall(tok.pengbo!, 'GET', `${B}/attempts/${a}`)).deadlineAt).toBe(T0 + 10 * MIN);
    await answer('pengbo', a, qIds.multiple, ['A', 'C', 'D']);
    clock.set(T0 + 11 * MIN);
    const mine = await okCall(tok.pengbo!, 'GET', `${B}/my/papers?keyword=测试试卷&pageSize=200`);
    const item = mine.list.find((x: any) => x.id === p);
    expect(item.attempt.status).toBe('marked');
    expect(item.attempt.totalScore).toBe(20);
    // After the paper closed the taker sees the key and analysis.
    const v = await okCall(tok.pengbo!, 'GET', `${B}/attempts/${a}`);
    expect(v.questions.find((x: any) => x.id === qIds.single).key).toEqual(['B']);
    expect(v.questions.find((x: any) => x.id === qIds.single).analysis).toBe('解析甲');
    // Too late to start for someone else.
    clock.set(T0);
  });

  it('refuses starting outside the window and answers of the wrong form or to other questions', async () => {
    const p = await paper({ opensAt: T0 + 60 * MIN, closesAt: T0 + 120 * MIN });
    await approved('zengli', p);
    expect((await t.call('POST', `${B}/papers/${p}/attempts`, { token: tok.zengli! })).status).toBe(400);
    clock.set(T0 + 61 * MIN);
    const a = await start('zengli', p);
    for (const [qid, bad] of [
      [qIds.single, ['Z']],
      [qIds.single, ['A', 'B']],
      [qIds.multiple, ['A', 'A']],
      [qIds.judge, ['yes']],
      [qIds.short, ['a', 'b']],
    ] as const)
      expect((await answer('zengli', a, qid, [...bad])).status, `${qid} ${bad}`).toBe(400);
    expect((await answer('zengli', a, SEED_QUESTIONS.length ? 'trq00000000000000001' : '', ['A'])).status).toBe(400);
    expect((await answer('zengli', a, 'x'.repeat(41), ['A'])).status).toBe(400);
    expect((await answer('zengli', a, qIds.short, ['x'.repeat(4001)])).status).toBe(400);
    // Someone else cannot answer, submit or read it.
    expect((await answer('caoxia', a, qIds.single, ['B'])).status).toBe(403);
    expect((await t.call('POST', `${B}/attempts/${a}/submit`, { token: tok.caoxia! })).status).toBe(403);
    expect((await t.call('GET', `${B}/attempts/${a}`, { token: tok.caoxia! })).status).toBe(403);
    clock.set(T0);
  });
});

describe('marking and scores', () => {
  it('marks single, multiple (all-or-nothing) and true/false at submission; the trainer marks the short answer', async () => {
    const p = await paper();
    await approved('xiaoyu', p);
    const a = await start('xiaoyu', p);
    await answer('xiaoyu', a, qIds.single, ['B']);
    await answer('xiaoyu', a, qIds.multiple, ['A', 'C']); // partly right: 0
    await answer('xiaoyu', a, qIds.judge, ['T']);
    await answer('xiaoyu', a, qIds.short, ['先湿手，再取洗手液，按七步揉搓后冲净']);
    const sub = await okCall(tok.xiaoyu!, 'POST', `${B}/attempts/${a}/submit`);
    expect(sub.status).toBe('submitted');
    expect(sub.objectiveScore).toBe(20);
    expect(sub.totalScore).toBeNull();
    const got = Object.fromEntries(sub.questions.map((x: any) => [x.id, [x.correct, x.got]]));
    expect(got[qIds.single]).toEqual([true, 10]);
    expect(got[qIds.multiple]).toEqual([false, 0]);
    expect(got[qIds.judge]).toEqual([true, 10]);
    expect(got[qIds.short]).toEqual([null, null]);
    // The paper is still open: no key after submission either.
    expect(sub.questions.some((x: any) => 'key' in x)).toBe(false);
    // Submitting twice, answering after submission: refused.
    expect((await t.call('POST', `${B}/attempts/${a}/submit`, { token: tok.xiaoyu! })).status).toBe(409);
    expect((await answer('xiaoyu', a, qIds.single, ['A'])).status).toBe(409);

    // Only the trainer marks; within the question's score; only short questions.
    const mark = (token: string, marks: unknown) => t.call('POST', `${B}/attempts/${a}/marks`, { token, body: { marks } });
    expect((await mark(tok.xiaoyu!, [{ questionId: qIds.short, score: 15 }])).status).toBe(403);
    expect((await mark(tok.luoxin!, [{ questionId: qIds.short, score: 21 }])).status).toBe(400);
    expect((await mark(tok.luoxin!, [{ questionId: qIds.single, score: 5 }])).status).toBe(400);
    expect((await mark(tok.luoxin!, [{ questionId: qIds.short, score: -1 }])).status).toBe(400);
    expect((await mark(tok.luoxin!, [])).status).toBe(400);
    const marked = (await mark(tok.luoxin!, [{ questionId: qIds.short, score: 16 }])).data;
    expect(marked).toMatchObject({ status: 'marked', objectiveScore: 20, subjectiveScore: 16, totalScore: 36, passed: true });
    expect(marked.certificateNo).toMatch(/^ZS20300506/);
    const cert = await okCall(tok.xiaoyu!, 'GET', `${B}/attempts/${a}/certificate`);
    expect(cert).toMatchObject({ userName: '萧宇', totalScore: 36, paperTotal: 60, certificateNo: marked.certificateNo });
    expect((await t.call('GET', `${B}/attempts/${a}/certificate`, { token: tok.caoxia! })).status).toBe(403);
    // Re-marked below the pass score: failed, the certificate withdrawn.
    const again = (await mark(tok.luoxin!, [{ questionId: qIds.short, score: 15 }])).data;
    expect(again).toMatchObject({ totalScore: 35, passed: false, certificateNo: null });
    expect((await t.call('GET', `${B}/attempts/${a}/certificate`, { token: tok.xiaoyu! })).status).toBe(400);
  });

  it('multiple choice: exactly the key scores, a superset scores nothing', async () => {
    const p = await paper();
    for (const [who, given, score] of [
      ['xuli', ['A', 'C', 'D'], 20],
      ['caoxia', ['A', 'B', 'C', 'D'], 0],
    ] as const) {
      if (who === 'xuli') await approved('xuli', p);
      else await approved('caoxia', p);
      const a = await start(who, p);
      await answer(who, a, qIds.multiple, [...given]);
      const sub = await okCall(tok[who]!, 'POST', `${B}/attempts/${a}/submit`);
      expect(sub.questions.find((x: any) => x.id === qIds.multiple).got, who).toBe(score);
      // A blank short answer is 0 at once, so the attempt is marked without the trainer.
      expect(sub.status).toBe('marked');
      expect(sub.totalScore).toBe(score);
    }
  });

  it('statistics per paper, unit and person match a hand computation', async () => {
    const p = await paper();
    const scores: Record<string, number> = {};
    for (const [who, right] of [
      ['dengshan', ['single', 'multiple', 'judge']], // 40/60 → 66.7 %, pass
      ['caoxia', ['single']], // 10/60 → 16.7 %
    ] as const) {
      await approved(who, p);
      const a = await start(who, p);
      for (const k of right) await answer(who, a, qIds[k], q[k].answer);
      scores[who] = (await okCall(tok[who]!, 'POST', `${B}/attempts/${a}/submit`)).totalScore;
    }
    expect(scores).toEqual({ dengshan: 40, caoxia: 10 });
    const byPaper = await okCall(tok.luoxin!, 'GET', `${B}/stats?by=paper&paperId=${p}`);
    expect(byPaper.list).toHaveLength(1);
    expect(byPaper.list[0]).toMatchObject({ attempts: 2, average: 25, averagePct: 41.7, passed: 1, passRate: 50 });
    expect(byPaper.list[0].bands).toEqual({ lt60: 1, '60': 1, '70': 0, '80': 0, '90': 0 });
    const byPerson = await okCall(tok.luoxin!, 'GET', `${B}/stats?by=person&paperId=${p}`);
    expect(byPerson.list.map((r: any) => [r.name, r.average, r.passRate]).sort()).toEqual([
      ['曹霞', 10, 0],
      ['邓山', 40, 100],
    ]);
    // 邓山 and 曹霞 are both of 城关镇卫生院's villages: one unit row or two, the attempts add up.
    const byUnit = await okCall(tok.luoxin!, 'GET', `${B}/stats?by=unit&paperId=${p}`);
    expect(byUnit.list.reduce((s: number, r: any) => s + r.attempts, 0)).toBe(2);
    const byCourse = await okCall(tok.luoxin!, 'GET', `${B}/stats?by=course&paperId=${p}`);
    expect(byCourse.list[0].name).toBe('未关联课程');
    expect((await t.call('GET', `${B}/stats?by=everything`, { token: tok.luoxin! })).status).toBe(400);
  });
});

describe('bank and papers', () => {
  it('draws N random questions per type, totals the scores, keeps used questions and taken papers', async () => {
    const id = (
      await okCall(tok.luoxin!, 'POST', `${B}/papers`, {
        title: '随机卷',
        durationMin: 20,
        passScore: 10,
        opensAt: T0,
        closesAt: T0 + 60 * MIN,
        status: 'draft',
        draw: [
          { type: 'single', count: 3, score: 2 },
          { type: 'judge', category: '院感防控', count: 1, score: 4 },
        ],
      })
    ).id;
    const detail = await okCall(tok.luoxin!, 'GET', `${B}/papers/${id}`);
    expect(detail.totalScore).toBe(10);
    expect(detail.questions.map((x: any) => x.type).sort()).toEqual(['judge', 'single', 'single', 'single']);
    expect(new Set(detail.questions.map((x: any) => x.id)).size).toBe(4);
    const tooMany = await t.call('POST', `${B}/papers`, {
      token: tok.luoxin!,
      body: {
        title: 'x',
        durationMin: 5,
        passScore: 0,
        opensAt: T0,
        closesAt: T0 + 1,
        status: 'draft',
        draw: [{ type: 'short', count: 99, score: 1 }],
      },
    });
    expect(tooMany.status).toBe(400);
    // Used by a paper: cannot be removed; an unused one can.
    expect((await t.call('DELETE', `${B}/questions/${qIds.single}`, { token: tok.luoxin! })).status).toBe(400);
    const spare = (await okCall(tok.luoxin!, 'POST', `${B}/questions`, { ...q.judge, stem: '判断：可删除' })).id;
    await okCall(tok.luoxin!, 'DELETE', `${B}/questions/${spare}`);
    expect((await t.call('DELETE', `${B}/questions/${spare}`, { token: tok.luoxin! })).status).toBe(404);
    // The unused paper can be removed; a taken one can neither lose questions nor be removed.
    await okCall(tok.luoxin!, 'DELETE', `${B}/papers/${id}`);
    expect(await all(db, db.selectFrom('tr_paper_questions').select('question_id').where('paper_id', '=', id))).toEqual([]);
    const taken = await one(db.selectFrom('tr_attempts').select('paper_id').where('user_id', '=', uid.dengshan));
    const tp = await okCall(tok.luoxin!, 'GET', `${B}/papers/${taken.paper_id}`);
    const edit = (questions: unknown) =>
      t.call('PUT', `${B}/papers/${taken.paper_id}`, {
        token: tok.luoxin!,
        body: {
          title: tp.title,
          durationMin: tp.durationMin,
          passScore: tp.passScore,
          opensAt: tp.opensAt,
          closesAt: tp.closesAt,
          status: 'closed',
          questions,
        },
      });
    expect((await edit([{ questionId: qIds.single, score: 10 }])).status).toBe(400);
    expect((await edit(tp.questions.map((x: any) => ({ questionId: x.id, score: x.score })))).status).toBe(200);
    expect((await t.call('DELETE', `${B}/papers/${taken.paper_id}`, { token: tok.luoxin! })).status).toBe(400);
  });

  it('refuses bad input with a clear error and writes nothing', async () => {
    const before = (await okCall(tok.luoxin!, 'GET', `${B}/questions?pageSize=1`)).pagination.total;
    const bad = [
      { ...q.single, answer: ['D'] },
      { ...q.single, answer: ['A', 'B'] },
      { ...q.single, options: ['only one'] },
      { ...q.multiple, answer: ['A'] },
      { ...q.judge, answer: ['yes'] },
      { ...q.judge, options: ['a', 'b'] },
      { ...q.single, stem: 'x'.repeat(2001) },
      { ...q.single, score: 'ten' },
      { ...q.single, score: 0 },
      { ...q.single, type: 'essay' },
      { ...q.single, extra: 1 },
      { ...q.single, options: Array.from({ length: 9 }, (_, i) => String(i)) },
    ];
    for (const body of bad) {
      const r = await t.call('POST', `${B}/questions`, { token: tok.luoxin!, body });
      expect(r.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(r.msg).toBeTruthy();
    }
    const malformed = await t.call('POST', `${B}/questions`, {
      token: tok.luoxin!,
      body: '{"category":',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.status).toBe(400);
    const inj = await okCall(tok.luoxin!, 'GET', `${B}/questions?keyword=${encodeURIComponent("' OR 1=1; DROP TABLE tr_questions; --")}`);
    expect(inj.pagination.total).toBe(0);
    const html = (await okCall(tok.luoxin!, 'POST', `${B}/questions`, { ...q.judge, stem: '<img src=x onerror=alert(1)>' })).id;
    expect((await one(db.selectFrom('tr_questions').select('stem').where('id', '=', html))).stem).toBe('<img src=x onerror=alert(1)>');
    await okCall(tok.luoxin!, 'DELETE', `${B}/questions/${html}`);
    expect((await okCall(tok.luoxin!, 'GET', `${B}/questions?pageSize=1`)).pagination.total).toBe(before);
    for (const body of [
      {
        title: 'x',
        durationMin: 10,
        passScore: 5,
        opensAt: T0 + 10,
        closesAt: T0,
        status: 'draft',
        questions: [{ questionId: qIds.single, score: 10 }],
      },
      {
        title: 'x',
        durationMin: 10,
        passScore: 50,
        opensAt: T0,
        closesAt: T0 + 10,
        status: 'draft',
        questions: [{ questionId: qIds.single, score: 10 }],
      },
      {
        title: 'x',
        durationMin: 10,
        passScore: 5,
        opensAt: T0,
        closesAt: T0 + 10,
        status: 'draft',
        questions: [{ questionId: 'nope', score: 10 }],
      },
      { title: 'x', durationMin: 10, passScore: 5, opensAt: T0, closesAt: T0 + 10, status: 'draft', questions: [] },
      {
        title: 'x',
        durationMin: 0,
        passScore: 5,
        opensAt: T0,
        closesAt: T0 + 10,
        status: 'draft',
        questions: [{ questionId: qIds.single, score: 10 }],
      },
      {
        title: 'x',
        durationMin: 10,
        passScore: 5,
        opensAt: T0,
        closesAt: T0 + 10,
        status: 'live',
        questions: [{ questionId: qIds.single, score: 10 }],
      },
    ]) {
      const r = await t.call('POST', `${B}/papers`, { token: tok.luoxin!, body });
      expect(r.status, r.msg).toBe(400);
    }
    expect((await t.call('GET', `${B}/papers/nope`, { token: tok.luoxin! })).status).toBe(404);
    expect((await t.call('GET', `${B}/attempts/nope`, { token: tok.dengshan! })).status).toBe(404);
    expect((await t.call('GET', `${B}/questions?pageSize=5000`, { token: tok.luoxin! })).status).toBe(400);
  });

  it('permissions: takers cannot manage, review or mark; someone without an exam menu gets nothing', async () => {
    for (const [m, url] of [
      ['GET', `${B}/questions`],
      ['GET', `${B}/papers`],
      ['GET', `${B}/attempts`],
      ['GET', `${B}/stats?by=paper`],
      ['GET', `${B}/signups`],
      ['POST', `${B}/questions`],
    ] as const)
      expect((await t.call(m, url, { token: tok.dengshan!, body: m === 'POST' ? q.single : undefined })).status, url).toBe(403);
    for (const url of [`${B}/meta`, `${B}/my/papers`, `${B}/questions`])
      expect((await t.call('GET', url, { token: tok.wuqing! })).status).toBe(403);
    expect((await t.call('GET', `${B}/meta`)).status).toBe(401);
    const meta = await okCall(tok.dengshan!, 'GET', `${B}/meta`);
    expect(meta.rights).toMatchObject({ take: true, manage: false, review: false });
    // The taker's list shows only their own attempts.
    const mine = await okCall(tok.dengshan!, 'GET', `${B}/my/papers?pageSize=200`);
    const own = await all(db, db.selectFrom('tr_attempts').select('id').where('user_id', '=', uid.dengshan));
    const listed = mine.list.filter((x: any) => x.attempt).map((x: any) => x.attempt.id);
    expect(listed.sort()).toEqual(own.map((r) => r.id).sort());
    // Another person's seeded attempt is not readable by a taker, but is by the trainer.
    const xuliAttempt = await one(
      db.selectFrom('tr_attempts').select('id').where('user_id', '=', uid.xuli).where('paper_id', '=', EXAM_OPEN_PAPER),
    );
    expect((await t.call('GET', `${B}/attempts/${xuliAttempt.id}`, { token: tok.dengshan! })).status).toBe(403);
    expect((await okCall(tok.luoxin!, 'GET', `${B}/attempts/${xuliAttempt.id}`)).questions[0].key).toBeTruthy();
  });
});

describe('Excel import', () => {
  function multipart(content: Buffer) {
    const boundary = `----exams${Math.random().toString(16).slice(2)}`;
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="q.xlsx"\r\nContent-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`,
    );
    return {
      body: Buffer.concat([head, content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    };
  }
  async function upload(token: string, rows: unknown[][]) {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('q');
    ws.addRow(['分类', '题型', '题干']);
    for (const r of rows) ws.addRow(r);
    const { body, headers } = multipart(Buffer.from(await wb.xlsx.writeBuffer()));
    const raw = await t.app.inject({
      method: 'POST',
      url: `${B}/questions/import`,
      payload: body,
      headers: { ...headers, authorization: token },
    });
    return { status: raw.statusCode, body: raw.json() as { msg: string; data: any } };
  }
  const blank = (n: number) => Array(n).fill('');

  it('imports every row of the template’s form, or none when one row is wrong', async () => {
    const template = await t.call('GET', `${B}/questions/template`, { token: tok.luoxin! });
    expect(template.status).toBe(200);
    expect(template.raw.headers['content-type']).toContain('spreadsheetml');
    const count = async () => (await okCall(tok.luoxin!, 'GET', `${B}/questions?category=导入&pageSize=1`)).pagination.total as number;
    const good = [
      ['导入', '单选', '导入单选题', '甲', '乙', '丙', ...blank(5), 'B', 3, '解析'],
      ['导入', '多选', '导入多选题', '甲', '乙', '丙', ...blank(5), 'A,C', 4, ''],
      ['导入', '判断', '导入判断题', ...blank(8), '错', 2, ''],
      ['导入', '简答', '导入简答题', ...blank(8), '参考', 10, ''],
    ];
    const bad = await upload(tok.luoxin!, [...good, ['导入', '单选', '答案不在选项中', '甲', '乙', ...blank(6), 'D', 3, '']]);
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toContain('#6');
    expect(bad.body.data.errors).toHaveLength(1);
    expect(await count()).toBe(0);
    expect((await upload(tok.dengshan!, good)).status).toBe(403);
    const ok = await upload(tok.luoxin!, good);
    expect(ok.status, ok.body.msg).toBe(200);
    expect(ok.body.data.imported).toBe(4);
    const rows = (await okCall(tok.luoxin!, 'GET', `${B}/questions?category=导入&sort=type&order=asc`)).list;
    expect(rows.map((r: any) => [r.type, r.answer])).toEqual([
      ['judge', ['F']],
      ['multiple', ['A', 'C']],
      ['short', ['参考']],
      ['single', ['B']],
    ]);
    const g = multipart(Buffer.from('not a workbook'));
    const garbage = await t.app.inject({
      method: 'POST',
      url: `${B}/questions/import`,
      payload: g.body,
      headers: { ...g.headers, authorization: tok.luoxin! },
    });
    expect(JSON.parse(garbage.body).msg).toContain('导入失败');
    expect(garbage.statusCode).toBe(400);
  });
});
