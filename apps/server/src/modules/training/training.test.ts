import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setClock, testClock, type TestClock } from '../../lib/clock.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { all, first } from '../health/plans/rows.ts';

/**
 * The training centre through the API with the clock fixed: course
 * applications and live broadcasts approved and rejected through the workflow
 * engine's own routes (as the 待办 screen does), the course life cycle and
 * review, watch progress (saved, resumed, skipping does not count,
 * completion), the video served in byte ranges, live life cycle with
 * attendance and comments and the replay, demands, comments with moderation,
 * permissions and bad input.
 *
 * People (seed): 罗欣 luoxin — trainer (every training menu, approver of both
 * flows); 邓山 dengshan, 曹霞 caoxia — village doctors (apply, video, replay);
 * 徐丽 xuli, 胡健 hujian — township doctors of two towns (also demand and
 * comment); 王芳 wangfang — imaging (no training menu); admin.
 */

const T0 = Date.UTC(2030, 4, 6, 8);
let t: TestApp;
let db: Kysely<any>;
let clock: TestClock;
const tok: Record<string, string> = {};
const uid: Record<string, string> = {};

const call = (who: string, method: string, url: string, body?: unknown) =>
  t.call(method, url, { token: tok[who], ...(body === undefined ? {} : { body }) });
async function okData(who: string, method: string, url: string, body?: unknown) {
  const r = await call(who, method, url, body);
  expect(r.status, `${method} ${url}: ${r.msg}`).toBe(200);
  return r.data;
}
async function courseId(title: string): Promise<string> {
  const r = await first(db, db.selectFrom('tr_courses').select('id').where('title', '=', title));
  return String(r!.id);
}
async function appRow(id: string) {
  return (await first(db, db.selectFrom('tr_applications').selectAll().where('id', '=', id)))!;
}

beforeAll(async () => {
  t = await createTestApp();
  db = t.ctx.db.withoutPlugins() as unknown as Kysely<any>;
  for (const a of ['admin', 'luoxin', 'dengshan', 'caoxia', 'xuli', 'hujian', 'wangfang', 'pengbo']) tok[a] = await t.login(a);
  for (const u of await all(db, db.selectFrom('users').select(['id', 'account']))) uid[String(u.account)] = String(u.id);
  clock = testClock(T0);
  setClock(clock);
});

afterAll(async () => {
  setClock(null);
  await t.close();
});

describe('the seed', () => {
  it('opens every screen with data: courses in every state, flows, applications waiting for luoxin, lives, a replay', async () => {
    const statuses = await all(db, db.selectFrom('tr_courses').select('status').groupBy('status'));
    expect(statuses.map((s) => s.status).sort()).toEqual(['closed', 'draft', 'pending', 'published', 'rejected']);
    const todo = await okData('luoxin', 'GET', '/api/training/applications?box=todo');
    expect(todo.list.length).toBeGreaterThanOrEqual(2);
    expect(todo.list.every((r: any) => r.taskId && r.status === 'pending')).toBe(true);
    const replays = await okData('dengshan', 'GET', '/api/training/lives?box=replay');
    expect(replays.list.length).toBe(1);
    const cat = await okData('dengshan', 'GET', '/api/training/courses?box=catalogue');
    const htn = cat.list.find((c: any) => c.title === '高血压基层规范化管理');
    expect(htn).toMatchObject({ myApply: 'approved', status: 'published' });
    expect(htn.courseNo).toMatch(/^KC\d{6}\d{3}$/);
    expect(htn.rating).toBeGreaterThan(4); // the hidden 1-star advert does not count
  });
});

describe('applying for a course through the workflow engine', () => {
  it('apply → flow → luoxin approves in the engine → approved; the video then opens', async () => {
    const course = await courseId('心肺复苏与院前急救');
    const { id, instanceId } = await okData('dengshan', 'POST', '/api/training/applications', { courseId: course, reason: '<b>急救</b>' });
    expect(await appRow(id)).toMatchObject({ status: 'pending', flow_instance_id: instanceId, user_id: uid.dengshan });
    // Not before approval.
    const detail = await okData('dengshan', 'GET', `/api/training/courses/${course}`);
    expect(detail.enrolled).toBe(false);
    const video = detail.materialList.find((m: any) => m.kind === 'video');
    expect((await call('dengshan', 'GET', `/api/training/materials/${video.id}/url`)).status).toBe(403);
    // Twice is refused while the first waits.
    expect((await call('dengshan', 'POST', '/api/training/applications', { courseId: course })).status).toBe(409);
    // The trainer sees it in the engine's to-do and on the page with the task to act on.
    const todo = await okData('luoxin', 'GET', '/api/training/applications?box=todo');
    const row = todo.list.find((r: any) => r.id === id);
    expect(row.taskId).toBeTruthy();
    expect(row.reason).toBe('<b>急救</b>'); // stored as text; the screen renders it as text
    const tasks = await all(db, db.selectFrom('flow_tasks').select(['handler_id', 'status']).where('instance_id', '=', instanceId));
    expect(tasks).toEqual([{ handler_id: uid.luoxin, status: 1 }]);
    // The applicant cannot approve their own application.
    expect((await call('dengshan', 'POST', `/api/workflow/Engine/FlowBefore/Audit/${row.taskId}`, { opinion: 'ok' })).status).not.toBe(200);
    clock.set(T0 + 60_000);
    await okData('luoxin', 'POST', `/api/workflow/Engine/FlowBefore/Audit/${row.taskId}`, { opinion: '同意参加' });
    expect(await appRow(id)).toMatchObject({ status: 'approved', decided_by: uid.luoxin, decision_comment: '同意参加' });
    const after = await okData('dengshan', 'GET', `/api/training/courses/${course}`);
    expect(after).toMatchObject({ enrolled: true, myApply: 'approved' });
    expect((await call('dengshan', 'GET', `/api/training/materials/${video.id}/url`)).status).toBe(200);
  });

  it('luoxin rejects in the engine → rejected with the opinion; the applicant may apply again', async () => {
    const course = await courseId('0-6岁儿童健康管理要点');
    const { id } = await okData('caoxia', 'POST', '/api/training/applications', { courseId: course });
    const todo = await okData('luoxin', 'GET', '/api/training/applications?box=todo');
    const task = todo.list.find((r: any) => r.id === id).taskId;
    await okData('luoxin', 'POST', `/api/workflow/Engine/FlowBefore/Reject/${task}`, { opinion: '名额已满，请报下期' });
    expect(await appRow(id)).toMatchObject({ status: 'rejected', decision_comment: '名额已满，请报下期' });
    const mine = await okData('caoxia', 'GET', '/api/training/applications?box=mine&status=rejected');
    expect(mine.list.map((r: any) => r.id)).toContain(id);
    // A new application is a new flow.
    const again = await okData('caoxia', 'POST', '/api/training/applications', { courseId: course });
    expect(again.id).not.toBe(id);
    // And the applicant may take it back while it waits (the engine's revoke).
    await okData('caoxia', 'POST', `/api/training/applications/${again.id}/cancel`);
    expect((await appRow(again.id)).status).toBe('cancelled');
    expect((await call('caoxia', 'POST', `/api/training/applications/${again.id}/cancel`)).status).toBe(409);
  });

  it('refuses unknown, unpublished and unauthorised applications and bad input', async () => {
    expect((await call('dengshan', 'POST', '/api/training/applications', { courseId: 'nope' })).status).toBe(404);
    expect((await call('dengshan', 'POST', '/api/training/applications', { courseId: await courseId('基层护理操作规范') })).status).toBe(
      409,
    );
    expect((await call('wangfang', 'POST', '/api/training/applications', { courseId: await courseId('心肺复苏与院前急救') })).status).toBe(
      403,
    );
    expect((await call('dengshan', 'POST', '/api/training/applications', { courseId: 42 })).status).toBe(400);
    expect((await call('dengshan', 'POST', '/api/training/applications', { courseId: 'x', reason: 'a'.repeat(501) })).status).toBe(400);
    expect((await call('dengshan', 'POST', '/api/training/applications', { courseId: 'x', extra: 1 })).status).toBe(400);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/training/applications',
      headers: { authorization: tok.dengshan!, 'content-type': 'application/json' },
      payload: '{"courseId":',
    });
    expect(bad.statusCode).toBe(400);
    expect((await call('dengshan', 'GET', '/api/training/applications?box=all')).status).toBe(403);
    const inj = await okData('luoxin', 'GET', `/api/training/applications?box=all&keyword=${encodeURIComponent("' OR 1=1 --")}`);
    expect(inj.list).toEqual([]);
  });
});

describe('watching a video', () => {
  it('saves progress, resumes there, does not count skipping, completes at 90 %, and makes the course progress', async () => {
    const course = await courseId('心肺复苏与院前急救');
    const d = await okData('dengshan', 'GET', `/api/training/courses/${course}`);
    const video = d.materialList.find((m: any) => m.kind === 'video');
    expect(video.durationS).toBe(30);
    clock.set(T0 + 100_000);
    let p = await okData('dengshan', 'PUT', `/api/training/materials/${video.id}/progress`, { positionS: 5, deltaS: 5 });
    expect(p).toMatchObject({ positionS: 5, watchedS: 5, completed: false });
    // Jumping ahead: only the elapsed time (+ slack) counts as watched.
    clock.set(T0 + 105_000);
    p = await okData('dengshan', 'PUT', `/api/training/materials/${video.id}/progress`, { positionS: 25, deltaS: 20 });
    expect(p.watchedS).toBe(13);
    expect(p.positionS).toBe(25);
    // Reopening resumes at the last position.
    const url = await okData('dengshan', 'GET', `/api/training/materials/${video.id}/url`);
    expect(url).toMatchObject({ positionS: 25, watchedS: 13, completed: false });
    clock.set(T0 + 125_000);
    p = await okData('dengshan', 'PUT', `/api/training/materials/${video.id}/progress`, { positionS: 29, deltaS: 14 });
    expect(p).toMatchObject({ watchedS: 27, completed: true });
    const after = await okData('dengshan', 'GET', `/api/training/courses/${course}`);
    expect(after.myProgress).toBe(100);
    // Position beyond the length is capped; negative or huge values are refused.
    p = await okData('dengshan', 'PUT', `/api/training/materials/${video.id}/progress`, { positionS: 999, deltaS: 0 });
    expect(p.positionS).toBe(30);
    expect((await call('dengshan', 'PUT', `/api/training/materials/${video.id}/progress`, { positionS: -1, deltaS: 0 })).status).toBe(400);
    expect((await call('dengshan', 'PUT', `/api/training/materials/${video.id}/progress`, { positionS: '1', deltaS: 0 })).status).toBe(400);
    expect((await call('dengshan', 'PUT', `/api/training/materials/${video.id}/progress`, { positionS: 1, deltaS: 1e9 })).status).toBe(400);
    // Someone not enrolled cannot save progress.
    expect((await call('pengbo', 'PUT', `/api/training/materials/${video.id}/progress`, { positionS: 1, deltaS: 1 })).status).toBe(403);
  });

  it('streams the video in byte ranges through the signed link', async () => {
    const course = await courseId('高血压基层规范化管理');
    const d = await okData('dengshan', 'GET', `/api/training/courses/${course}`);
    const video = d.materialList.find((m: any) => m.kind === 'video');
    expect(d.materialList.find((m: any) => m.kind === 'doc')).toBeTruthy();
    const { url, positionS } = await okData('dengshan', 'GET', `/api/training/materials/${video.id}/url`);
    expect(positionS).toBe(12); // the seeded stop
    const whole = await t.app.inject({ method: 'GET', url });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('video/webm');
    expect(whole.rawPayload.subarray(0, 4)).toEqual(Buffer.from([0x1a, 0x45, 0xdf, 0xa3])); // EBML magic
    const size = whole.rawPayload.length;
    const part = await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=100-199' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${size}`);
    expect(part.rawPayload).toEqual(whole.rawPayload.subarray(100, 200));
    const tail = await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=-16' } });
    expect(tail.rawPayload).toEqual(whole.rawPayload.subarray(size - 16));
    const past = await t.app.inject({ method: 'GET', url, headers: { range: `bytes=${size + 10}-${size + 20}` } });
    expect(past.statusCode).toBe(416);
    // A tampered link is refused.
    expect((await t.app.inject({ method: 'GET', url: url.replace(/s=./, 's=A') })).statusCode).not.toBe(200);
  });
});

describe('courses: write, submit, review', () => {
  it('draft → submit (needs a material) → reject (needs a reason) → resubmit → publish → close', async () => {
    expect(
      (await call('dengshan', 'POST', '/api/training/courses', { title: '测试课程', category: 'clinical', teacherName: '某老师' })).status,
    ).toBe(403);
    expect(
      (await call('luoxin', 'POST', '/api/training/courses', { title: '测试课程', category: 'nope', teacherName: '某老师' })).status,
    ).toBe(400);
    expect(
      (await call('luoxin', 'POST', '/api/training/courses', { title: 'x'.repeat(201), category: 'clinical', teacherName: 'a' })).status,
    ).toBe(400);
    expect(
      (
        await call('luoxin', 'POST', '/api/training/courses', {
          title: '区间错',
          category: 'clinical',
          teacherName: 'a',
          startsAt: T0,
          endsAt: T0 - 1,
        })
      ).status,
    ).toBe(400);
    const { id } = await okData('luoxin', 'POST', '/api/training/courses', {
      title: '基层合理用药<script>',
      category: 'clinical',
      teacherName: '县医院药剂科',
      credit: 1,
      startsAt: T0,
      endsAt: T0 + 86_400_000,
    });
    const c = await okData('luoxin', 'GET', `/api/training/courses/${id}`);
    expect(c).toMatchObject({ status: 'draft', title: '基层合理用药<script>' });
    expect(c.courseNo).toMatch(/^KC/);
    expect((await call('luoxin', 'POST', `/api/training/courses/${id}/submit`)).status).toBe(400);
    const file = (await first(db, db.selectFrom('tr_materials').select('file_id').where('kind', '=', 'video')))!.file_id;
    expect(
      (await call('luoxin', 'POST', `/api/training/courses/${id}/materials`, { fileId: '999999', kind: 'video', title: 'v' })).status,
    ).toBe(400);
    await okData('luoxin', 'POST', `/api/training/courses/${id}/materials`, {
      fileId: String(file),
      kind: 'video',
      title: '视频',
      durationS: 30,
    });
    await okData('luoxin', 'POST', `/api/training/courses/${id}/submit`);
    expect((await call('luoxin', 'POST', `/api/training/courses/${id}/submit`)).status).toBe(409);
    // Not in the catalogue while under review.
    const cat = await okData('dengshan', 'GET', '/api/training/courses?box=catalogue&pageSize=100');
    expect(cat.list.map((r: any) => r.id)).not.toContain(id);
    expect((await call('dengshan', 'GET', `/api/training/courses/${id}`)).status).toBe(404);
    expect((await call('dengshan', 'POST', `/api/training/courses/${id}/review`, { decision: 'approve' })).status).toBe(403);
    expect((await call('luoxin', 'POST', `/api/training/courses/${id}/review`, { decision: 'reject', comment: '' })).status).toBe(400);
    await okData('luoxin', 'POST', `/api/training/courses/${id}/review`, { decision: 'reject', comment: '请补充讲义' });
    expect((await okData('luoxin', 'GET', `/api/training/courses/${id}`)).reviewComment).toBe('请补充讲义');
    await okData('luoxin', 'POST', `/api/training/courses/${id}/submit`);
    const review = await okData('luoxin', 'GET', '/api/training/courses?box=review&status=pending');
    expect(review.list.map((r: any) => r.id)).toContain(id);
    await okData('luoxin', 'POST', `/api/training/courses/${id}/review`, { decision: 'approve' });
    expect((await call('luoxin', 'POST', `/api/training/courses/${id}/review`, { decision: 'approve' })).status).toBe(409);
    const after = await okData('dengshan', 'GET', '/api/training/courses?box=catalogue&pageSize=100&sort=title&order=asc');
    expect(after.list.map((r: any) => r.id)).toContain(id);
    expect((await call('luoxin', 'DELETE', `/api/training/courses/${id}`)).status).toBe(409); // published stays
    await okData('luoxin', 'POST', `/api/training/courses/${id}/close`);
    expect((await call('luoxin', 'POST', `/api/training/courses/${id}/close`)).status).toBe(409);
  });
});

describe('live broadcasts', () => {
  it('apply → engine approval → stream address → on air → attendance and comments → end → replay', async () => {
    expect(
      (await call('dengshan', 'POST', '/api/training/lives', { title: '直播', speaker: 'a', startsAt: T0, endsAt: T0 + 1 })).status,
    ).toBe(403);
    expect((await call('admin', 'POST', '/api/training/lives', { title: '直播', speaker: 'a', startsAt: T0, endsAt: T0 })).status).toBe(
      400,
    );
    const { id } = await okData('admin', 'POST', '/api/training/lives', {
      title: '糖尿病足筛查直播',
      speaker: '陈静',
      startsAt: T0 + 3_600_000,
      endsAt: T0 + 7_200_000,
    });
    const todo = await okData('luoxin', 'GET', '/api/training/lives?box=todo');
    const task = todo.list.find((r: any) => r.id === id).taskId;
    expect(task).toBeTruthy();
    await okData('luoxin', 'POST', `/api/workflow/Engine/FlowBefore/Audit/${task}`, { opinion: '同意' });
    let live = await okData('admin', 'GET', `/api/training/lives/${id}`);
    expect(live.status).toBe('approved');
    expect(live.streamUrl).toBe(`https://live.qingshan.example/hls/${id}.m3u8`);
    // No joining before it is on air; village doctors have no live page.
    expect((await call('luoxin', 'PUT', `/api/training/lives/${id}/attendance`, { present: true })).status).toBe(409);
    expect((await call('dengshan', 'PUT', `/api/training/lives/${id}/attendance`, { present: true })).status).toBe(403);
    expect((await call('admin', 'POST', `/api/training/lives/${id}/end`)).status).toBe(409);
    clock.set(T0 + 3_600_000);
    await okData('admin', 'POST', `/api/training/lives/${id}/start`);
    await okData('luoxin', 'PUT', `/api/training/lives/${id}/attendance`, { present: true });
    await okData('luoxin', 'POST', `/api/training/lives/${id}/comments`, { content: '大家好' });
    clock.set(T0 + 3_600_000 + 600_000);
    await okData('luoxin', 'PUT', `/api/training/lives/${id}/attendance`, { present: false });
    await okData('admin', 'PUT', `/api/training/lives/${id}/attendance`, { present: true });
    await okData('admin', 'POST', `/api/training/lives/${id}/comments`, { content: '开始提问' });
    const since = await okData('luoxin', 'GET', `/api/training/lives/${id}/comments?after=${T0 + 3_600_000}`);
    expect(since.map((c: any) => c.content)).toEqual(['开始提问']);
    expect((await call('luoxin', 'POST', `/api/training/lives/${id}/comments`, { content: '' })).status).toBe(400);
    clock.set(T0 + 3_600_000 + 1_200_000);
    await okData('admin', 'POST', `/api/training/lives/${id}/end`);
    const att = await okData('admin', 'GET', `/api/training/lives/${id}/attendance`);
    expect(att.map((a: any) => [a.userId, a.seconds])).toEqual([
      [uid.luoxin, 600],
      [uid.admin, 600], // closed by the end
    ]);
    expect((await call('admin', 'POST', `/api/training/lives/${id}/comments`, { content: 'late' })).status).toBe(409);
    live = await okData('admin', 'GET', `/api/training/lives/${id}`);
    expect(live).toMatchObject({ status: 'ended', streamUrl: null, attendees: 2 });
    const file = (await first(db, db.selectFrom('tr_materials').select('file_id').where('kind', '=', 'video')))!.file_id;
    expect((await call('dengshan', 'PUT', `/api/training/lives/${id}/replay`, { fileId: String(file) })).status).toBe(403);
    await okData('admin', 'PUT', `/api/training/lives/${id}/replay`, { fileId: String(file) });
    const replays = await okData('dengshan', 'GET', '/api/training/lives?box=replay');
    expect(replays.list.map((r: any) => r.id)).toContain(id);
    const { url } = await okData('dengshan', 'GET', `/api/training/lives/${id}/replay-url`);
    expect((await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=0-3' } })).statusCode).toBe(206);
  });

  it("a rejected broadcast gets no address; the provider setting is the centre's", async () => {
    const { id } = await okData('admin', 'POST', '/api/training/lives', {
      title: '被驳回的直播',
      speaker: 'x',
      startsAt: T0 + 1e7,
      endsAt: T0 + 2e7,
    });
    const todo = await okData('luoxin', 'GET', '/api/training/lives?box=todo');
    await okData('luoxin', 'POST', `/api/workflow/Engine/FlowBefore/Reject/${todo.list.find((r: any) => r.id === id).taskId}`, {
      opinion: '时间冲突',
    });
    const row = (await first(db, db.selectFrom('tr_lives').selectAll().where('id', '=', id)))!;
    expect(row).toMatchObject({ status: 'rejected', stream_url: null });
    expect(
      (await call('dengshan', 'PUT', '/api/training/live-provider', { name: 'x', urlTemplate: 'https://a/{id}', kind: 'iframe' })).status,
    ).toBe(403);
    expect(
      (await call('luoxin', 'PUT', '/api/training/live-provider', { name: 'x', urlTemplate: 'javascript:alert(1)', kind: 'iframe' }))
        .status,
    ).toBe(400);
    await okData('luoxin', 'PUT', '/api/training/live-provider', {
      name: '云直播',
      urlTemplate: 'https://player.example/embed/{id}',
      kind: 'iframe',
    });
    expect(await okData('luoxin', 'GET', '/api/training/live-provider')).toMatchObject({ kind: 'iframe' });
  });
});

describe('demands and comments', () => {
  it('a unit sees its own demands; the centre sees all, replies and aggregates', async () => {
    const { id } = await okData('xuli', 'POST', '/api/training/demands', {
      topic: '慢阻肺康复',
      category: 'chronic',
      headcount: 6,
      expectedMonth: '2030-07',
    });
    expect(
      (await call('xuli', 'POST', '/api/training/demands', { topic: '慢阻肺康复', category: 'chronic', expectedMonth: '2030-13' })).status,
    ).toBe(400);
    expect((await call('dengshan', 'POST', '/api/training/demands', { topic: '村医需求', category: 'chronic' })).status).toBe(403);
    const own = await okData('xuli', 'GET', '/api/training/demands?pageSize=100');
    expect(own.list.map((r: any) => r.id)).toContain(id);
    const other = await okData('hujian', 'GET', '/api/training/demands?pageSize=100');
    expect(other.list.map((r: any) => r.id)).not.toContain(id);
    const allRows = await okData('luoxin', 'GET', '/api/training/demands?pageSize=100');
    expect(allRows.pagination.total).toBeGreaterThan(own.pagination.total);
    const before = (await okData('luoxin', 'GET', '/api/training/demands/summary')).find((s: any) => s.category === 'chronic');
    expect((await call('xuli', 'PUT', `/api/training/demands/${id}/reply`, { status: 'adopted' })).status).toBe(403);
    await okData('luoxin', 'PUT', `/api/training/demands/${id}/reply`, { status: 'closed', reply: '已有同类课程' });
    expect((await call('luoxin', 'PUT', `/api/training/demands/${id}/reply`, { status: 'adopted' })).status).toBe(409);
    const after = (await okData('luoxin', 'GET', '/api/training/demands/summary')).find((s: any) => s.category === 'chronic');
    expect(after.demands).toBe(before.demands - 1);
    expect((await call('xuli', 'DELETE', `/api/training/demands/${id}`)).status).toBe(409);
  });

  it('comments and ratings, hidden by the centre only', async () => {
    const course = await courseId('高血压基层规范化管理');
    expect((await call('xuli', 'POST', '/api/training/comments', { courseId: course, rating: 6, content: 'x' })).status).toBe(400);
    const { id } = await okData('xuli', 'POST', '/api/training/comments', {
      courseId: course,
      rating: 2,
      content: '<img src=x onerror=alert(1)>',
    });
    expect((await call('xuli', 'PUT', `/api/training/comments/${id}/hidden`, { hidden: true })).status).toBe(403);
    await okData('luoxin', 'PUT', `/api/training/comments/${id}/hidden`, { hidden: true, reason: '不当内容' });
    const seen = await okData('hujian', 'GET', `/api/training/comments?courseId=${course}&pageSize=100`);
    expect(seen.list.map((r: any) => r.id)).not.toContain(id);
    const hidden = await okData('luoxin', 'GET', `/api/training/comments?courseId=${course}&hidden=1`);
    expect(hidden.list.map((r: any) => r.id)).toContain(id);
    expect((await call('wangfang', 'GET', '/api/training/comments')).status).toBe(403);
  });
});
