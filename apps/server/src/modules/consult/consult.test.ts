import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CONSULT_SETTINGS } from '@medalliance/contract';
import { setClock, testClock, type TestClock } from '../../lib/clock.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { all } from '../health/plans/rows.ts';
import { remindLate } from './reminders.ts';

/**
 * Remote consultation and conferences through the API with the clock fixed:
 * every allowed and refused step of the state machine (wrong state, wrong
 * party, wrong menu), two approvers racing, the fee schedule as a setting,
 * charges by unit and month against a hand computation, messages to the next
 * party, timeline entries, scope and masking with an audited reveal, templates,
 * conference approval, sign-in once, ratings, minutes and items, bad input.
 */

const T0 = Date.UTC(2030, 4, 10, 2); // 2030-05-10 10:00 China time
const HOUR = 3_600_000;
const CHENGGUAN = '100000000000000030'; // xuli's township health centre
const DONGFENG = '100000000000000033'; // dengshan's village (城关镇)
const SHIQIAO = '100000000000000043'; // pengbo's village (石桥镇)
const ZHANGWEI = '500000000000000002';
const CHENJING = '500000000000000004';
const XULI = '500000000000000019';
const DENGSHAN = '500000000000000025';

let t: TestApp;
let db: Kysely<any>;
let clock: TestClock;
const tok: Record<string, string> = {};

let seq = 0;
async function resident(org = CHENGGUAN): Promise<string> {
  seq++;
  const id = `cr${String(seq).padStart(16, '0')}`;
  await db
    .insertInto('lc_health_resident')
    .values({
      id,
      creator_time: T0,
      flow_state: 0,
      fullName: `会诊测试${'甲乙丙丁戊己庚辛壬癸'[seq % 10]}`,
      idNumber: `36990019700101${String(2000 + seq).slice(-4)}`,
      sex: '1',
      birthDate: Date.UTC(1970, 0, 1),
      phone: `1390000${String(1000 + seq).slice(-4)}`,
      manageOrgId: org,
      doctorId: XULI,
      archiveState: 1,
    })
    .execute();
  return id;
}

const applyBody = (residentId: string, extra: Record<string, unknown> = {}) => ({
  residentId,
  question: '血压控制不满意，请指导用药',
  urgency: 'normal',
  mode: 'video',
  deptId: '100000000000000011',
  ...extra,
});

async function apply(residentId: string, who = 'xuli', extra: Record<string, unknown> = {}) {
  const r = await t.call('POST', '/api/consult/requests', { token: tok[who], body: applyBody(residentId, extra) });
  expect(r.status, r.msg).toBe(200);
  return r.data.id as string;
}

const act = (id: string, action: string, who: string, body: Record<string, unknown> = {}) =>
  t.call('POST', `/api/consult/requests/${id}/${action}`, { token: tok[who], body });

async function messagesOf(userId: string, like: string) {
  return all(
    db,
    db
      .selectFrom('message_receives as r')
      .innerJoin('messages as m', 'm.id', 'r.message_id')
      .select(['m.title as title', 'm.kind as kind'])
      .where('r.user_id', '=', userId)
      .where('m.title', 'like', `%${like}%`),
  );
}

async function toHeld(id: string, at = T0) {
  expect((await act(id, 'approve', 'huangqiang', { expertIds: [ZHANGWEI, CHENJING] })).status).toBe(200);
  expect((await act(id, 'schedule', 'huangqiang', { scheduledAt: at + 2 * HOUR, link: 'https://meet.example.org/x' })).status).toBe(200);
  expect((await act(id, 'hold', 'zhangwei')).status).toBe(200);
}

beforeAll(async () => {
  t = await createTestApp();
  db = t.ctx.db.withoutPlugins() as unknown as Kysely<any>;
  for (const a of ['admin', 'xuli', 'dengshan', 'pengbo', 'zhangwei', 'chenjing', 'liuyang', 'huangqiang', 'heyun', 'luoxin'])
    tok[a] = await t.login(a);
  clock = testClock(T0);
  setClock(clock);
});

afterAll(async () => {
  setClock(null);
  await t?.close();
});

describe('consultation state machine', () => {
  it('walks apply → approve → schedule → hold → opinion → evaluate, with messages, events, timeline and the fee', async () => {
    const rid = await resident();
    const id = await apply(rid);
    const code = (await t.call('GET', `/api/consult/requests/${id}`, { token: tok.xuli })).data.code as string;
    expect((await messagesOf(ZHANGWEI, code)).length).toBe(1); // approvers (countyDoctor) are told
    expect((await act(id, 'approve', 'huangqiang', { expertIds: [ZHANGWEI, CHENJING] })).status).toBe(200);
    expect((await messagesOf(XULI, code)).some((m) => m.title.includes('已通过'))).toBe(true);
    expect((await messagesOf(CHENJING, code)).length).toBe(2); // a county doctor: told of the application, then assigned
    expect((await act(id, 'schedule', 'huangqiang', { scheduledAt: T0 + 2 * HOUR, room: '会诊室 1' })).status).toBe(200);
    expect((await act(id, 'hold', 'chenjing')).status).toBe(200);
    const tpl = (await t.call('GET', '/api/consult/templates?deptId=100000000000000011', { token: tok.zhangwei })).data.list[0];
    expect(tpl).toBeTruthy();
    expect((await act(id, 'opinion', 'zhangwei', { opinion: tpl.content, templateId: tpl.id })).status).toBe(200);
    expect((await messagesOf(XULI, code)).some((m) => m.title.includes('请评价'))).toBe(true);
    expect((await act(id, 'evaluate', 'xuli', { score: 5, comment: '很有帮助' })).status).toBe(200);
    const d = (await t.call('GET', `/api/consult/requests/${id}`, { token: tok.xuli })).data;
    expect(d.state).toBe('evaluated');
    expect(d.fee).toBe(DEFAULT_CONSULT_SETTINGS.fees.video.normal);
    expect(d.feeMonth).toBe('2030-05');
    expect(d.score).toBe(5);
    expect(d.events.map((e: { action: string }) => e.action)).toEqual(['apply', 'approve', 'schedule', 'hold', 'opinion', 'evaluate']);
    expect(d.events[1].userName).toBe('黄强');
    expect(d.actions).toEqual([]);
    const tl = await all(db, db.selectFrom('health_timeline').select(['title', 'kind']).where('resident_id', '=', rid));
    expect(tl.length).toBe(6);
    expect(tl.every((e) => e.kind === 'consult')).toBe(true);
  });

  it('refuses wrong states (409), wrong parties (403), wrong menus (403) and bad bodies (400)', async () => {
    const id = await apply(await resident());
    expect((await act(id, 'schedule', 'huangqiang', { scheduledAt: T0, room: 'x' })).status).toBe(409); // not approved yet
    expect((await act(id, 'hold', 'zhangwei')).status).toBe(409);
    expect((await act(id, 'evaluate', 'xuli', { score: 3 })).status).toBe(409);
    expect((await act(id, 'approve', 'xuli', { expertIds: [ZHANGWEI] })).status).toBe(403); // no consult_approve menu
    expect((await act(id, 'approve', 'heyun', { expertIds: [ZHANGWEI] })).status).toBe(403); // menu, but not the approving role
    expect((await act(id, 'approve', 'huangqiang', { expertIds: ['nobody'] })).status).toBe(400);
    expect((await act(id, 'approve', 'huangqiang', { expertIds: [] })).status).toBe(400);
    expect((await act(id, 'refuse', 'huangqiang', {})).status).toBe(400);
    expect((await act(id, 'approve', 'huangqiang', { expertIds: [ZHANGWEI] })).status).toBe(200);
    expect((await act(id, 'approve', 'huangqiang', { expertIds: [ZHANGWEI] })).status).toBe(409);
    expect((await act(id, 'schedule', 'huangqiang', { scheduledAt: T0 })).status).toBe(400); // neither room nor link
    expect((await act(id, 'schedule', 'huangqiang', { scheduledAt: T0 - 100 * HOUR, room: 'x' })).status).toBe(400);
    expect((await act(id, 'schedule', 'huangqiang', { scheduledAt: T0 + HOUR, room: '1' })).status).toBe(200);
    expect((await act(id, 'hold', 'xuli')).status).toBe(403); // the applicant does not hold it
    expect((await act(id, 'hold', 'pengbo')).status).toBe(404); // another township's village: not even visible
    expect((await act(id, 'hold', 'huangqiang')).status).toBe(200);
    expect((await act(id, 'opinion', 'liuyang', { opinion: 'x' })).status).toBe(403); // approver but not an expert of it
    expect((await act(id, 'opinion', 'zhangwei', { opinion: '' })).status).toBe(400);
    expect((await act(id, 'opinion', 'zhangwei', { opinion: 'x', templateId: 'nope' })).status).toBe(400);
    expect((await act(id, 'opinion', 'zhangwei', { opinion: '建议继续观察' })).status).toBe(200);
    expect((await act(id, 'evaluate', 'zhangwei', { score: 4 })).status).toBe(403);
    expect((await act(id, 'evaluate', 'xuli', { score: 6 })).status).toBe(400);
    expect((await act(id, 'evaluate', 'xuli', { score: 0 })).status).toBe(400);
    expect((await act(id, 'cancel', 'xuli', { reason: 'x' })).status).toBe(409);
    expect((await act(id, 'evaluate', 'xuli', { score: 4 })).status).toBe(200);
    expect((await act(id, 'evaluate', 'xuli', { score: 4 })).status).toBe(409);
    expect((await act(id, 'bogus', 'xuli')).status).toBe(400);
    expect((await act('no-such-id', 'approve', 'huangqiang', { expertIds: [ZHANGWEI] })).status).toBe(404);
  });

  it('refuses with a reason (message to the applicant), cancels by the applicant only', async () => {
    const a = await apply(await resident());
    expect((await act(a, 'refuse', 'huangqiang', { reason: '资料不全' })).status).toBe(200);
    const d = (await t.call('GET', `/api/consult/requests/${a}`, { token: tok.xuli })).data;
    expect(d).toMatchObject({ state: 'refused', refuseReason: '资料不全' });
    expect((await messagesOf(XULI, d.code)).some((m) => m.title.includes('未通过'))).toBe(true);
    const b = await apply(await resident());
    expect((await act(b, 'cancel', 'huangqiang', { reason: 'x' })).status).toBe(403);
    expect((await act(b, 'cancel', 'xuli', {})).status).toBe(400);
    expect((await act(b, 'cancel', 'xuli', { reason: '患者已转院' })).status).toBe(200);
    expect((await act(b, 'approve', 'huangqiang', { expertIds: [ZHANGWEI] })).status).toBe(409);
  });

  it('lets one of two approvers racing win; the other gets 409 and nothing is written twice', async () => {
    const id = await apply(await resident());
    const [a, b] = await Promise.all([
      act(id, 'approve', 'huangqiang', { expertIds: [ZHANGWEI] }),
      act(id, 'refuse', 'zhangwei', { reason: '不需要会诊' }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const ev = await all(db, db.selectFrom('consult_events').select('action').where('subject_id', '=', id));
    expect(ev.length).toBe(2);
  });

  it('refuses a patient outside the applicant scope, unknown residents and bad bodies', async () => {
    const other = await resident(SHIQIAO);
    expect((await t.call('POST', '/api/consult/requests', { token: tok.xuli, body: applyBody(other) })).status).toBe(404);
    expect((await t.call('POST', '/api/consult/requests', { token: tok.xuli, body: applyBody('nobody') })).status).toBe(404);
    const rid = await resident();
    for (const bad of [
      { question: '' },
      { urgency: 'soon' },
      { mode: 'fax' },
      { question: 'x'.repeat(2001) },
      { expertId: 'nobody' },
      { deptId: 'nowhere' },
      { attachments: [{ name: 'a' }] },
    ])
      expect(
        (await t.call('POST', '/api/consult/requests', { token: tok.xuli, body: applyBody(rid, bad) })).status,
        JSON.stringify(bad),
      ).toBe(400);
    expect((await t.call('POST', '/api/consult/requests', { token: tok.luoxin, body: applyBody(rid) })).status).toBe(403);
  });
});

describe('fees and charges', () => {
  it('charges by the fee schedule in force when held, summed by unit and month', async () => {
    const s = (await t.call('GET', '/api/consult/settings', { token: tok.admin })).data;
    const fees = { ...s.fees, image: { normal: 12345, urgent: 23456 } };
    expect((await t.call('PUT', '/api/consult/settings', { token: tok.pengbo, body: { ...s, fees } })).status).toBe(403);
    expect((await t.call('PUT', '/api/consult/settings', { token: tok.admin, body: { ...s, consultApproverRole: 'nosuch' } })).status).toBe(
      400,
    );
    expect(
      (await t.call('PUT', '/api/consult/settings', { token: tok.admin, body: { ...s, fees: { video: { normal: -1, urgent: 1 } } } }))
        .status,
    ).toBe(400);
    expect((await t.call('PUT', '/api/consult/settings', { token: tok.admin, body: { ...s, fees } })).status).toBe(200);
    const before = (await t.call('POST', '/api/consult/charges', { token: tok.huangqiang, body: { month: '2030-05', orgId: CHENGGUAN } }))
      .data;
    const a = await apply(await resident(), 'xuli', { mode: 'image', urgency: 'urgent' });
    const b = await apply(await resident(), 'xuli', { mode: 'image', urgency: 'normal' });
    await toHeld(a);
    await toHeld(b);
    const after = (await t.call('POST', '/api/consult/charges', { token: tok.huangqiang, body: { month: '2030-05', orgId: CHENGGUAN } }))
      .data;
    expect(after.total.amount - before.total.amount).toBe(23456 + 12345);
    expect(after.total.count - before.total.count).toBe(2);
    expect(after.list[0]).toMatchObject({ orgId: CHENGGUAN, month: '2030-05' });
    // The month is China time: 2030-05-31 17:00 UTC is already June.
    clock.set(Date.UTC(2030, 4, 31, 17));
    const c = await apply(await resident(), 'xuli', { mode: 'text' });
    await toHeld(c, Date.UTC(2030, 4, 31, 17));
    const june = (await t.call('POST', '/api/consult/charges', { token: tok.huangqiang, body: { month: '2030-06' } })).data;
    expect(june.total).toEqual({ count: 1, amount: DEFAULT_CONSULT_SETTINGS.fees.text.normal });
    clock.set(T0);
    expect((await t.call('POST', '/api/consult/charges', { token: tok.huangqiang, body: { month: '2030-5' } })).status).toBe(400);
    expect((await t.call('POST', '/api/consult/charges', { token: tok.xuli, body: {} })).status).toBe(403);
    await t.call('PUT', '/api/consult/settings', { token: tok.admin, body: s });
  });
});

describe('lists, scope and masking', () => {
  it('lists mine / approve / all, masked, scoped; reveals with a reason (audited); exports', async () => {
    const rid = await resident(DONGFENG);
    const id = await apply(rid, 'dengshan');
    const mine = (await t.call('POST', '/api/consult/requests/list', { token: tok.dengshan, body: { box: 'mine' } })).data;
    expect(mine.list.map((r: { id: string }) => r.id)).toContain(id);
    const row = mine.list.find((r: { id: string }) => r.id === id);
    expect(row.patientName).toMatch(/^会\*+$/);
    expect(row.patientIdNumber).toContain('*');
    expect(row.actions).toEqual(['cancel']);
    const peng = (await t.call('POST', '/api/consult/requests/list', { token: tok.pengbo, body: { box: 'mine' } })).data;
    expect(peng.list.some((r: { id: string }) => r.id === id)).toBe(false);
    expect((await t.call('GET', `/api/consult/requests/${id}`, { token: tok.pengbo })).status).toBe(404);
    expect((await t.call('POST', '/api/consult/requests/list', { token: tok.dengshan, body: { box: 'all' } })).status).toBe(403);
    expect((await t.call('POST', '/api/consult/requests/list', { token: tok.dengshan, body: { box: 'approve' } })).status).toBe(403);
    expect((await t.call('POST', '/api/consult/requests/list', { token: tok.heyun, body: { box: 'approve' } })).status).toBe(403);
    const pending = (
      await t.call('POST', '/api/consult/requests/list', { token: tok.huangqiang, body: { box: 'approve', state: 'pending' } })
    ).data;
    expect(pending.list.find((r: { id: string }) => r.id === id).actions).toEqual(['approve', 'refuse']);
    const all_ = (await t.call('POST', '/api/consult/requests/list', { token: tok.huangqiang, body: { box: 'all', orgId: DONGFENG } }))
      .data;
    expect(all_.list.every((r: { orgId: string }) => r.orgId === DONGFENG)).toBe(true);
    expect((await t.call('POST', `/api/consult/requests/${id}/reveal`, { token: tok.dengshan, body: {} })).status).toBe(400);
    const rev = await t.call('POST', `/api/consult/requests/${id}/reveal`, { token: tok.dengshan, body: { reason: '电话联系患者' } });
    expect(rev.data.fullName).toMatch(/^会诊测试/);
    const audit = await all(db, db.selectFrom('health_audit_log').select(['action', 'reason']).where('resident_id', '=', rid));
    expect(audit.some((a) => a.action === 'reveal' && a.reason === '电话联系患者')).toBe(true);
    expect(audit.some((a) => a.action === 'view')).toBe(true);
    const x = await t.call('POST', '/api/consult/requests/export', { token: tok.huangqiang, body: {} });
    expect(x.raw.headers['content-type']).toContain('spreadsheetml');
    expect((await t.call('POST', '/api/consult/requests/export', { token: tok.dengshan, body: {} })).status).toBe(403);
  });

  it('flags an urgent application overdue past its approval time limit', async () => {
    const id = await apply(await resident(), 'xuli', { urgency: 'urgent' });
    clock.set(T0 + DEFAULT_CONSULT_SETTINGS.urgentApproveHours * HOUR);
    let d = (await t.call('GET', `/api/consult/requests/${id}`, { token: tok.huangqiang })).data;
    expect(d.overdue).toBe(false);
    clock.set(T0 + DEFAULT_CONSULT_SETTINGS.urgentApproveHours * HOUR + 1);
    d = (await t.call('GET', `/api/consult/requests/${id}`, { token: tok.huangqiang })).data;
    expect(d.overdue).toBe(true);
    clock.set(T0);
  });

  it('flags a held consultation overdue when the opinion is later than the time limit', async () => {
    const id = await apply(await resident());
    await toHeld(id);
    clock.set(T0 + DEFAULT_CONSULT_SETTINGS.opinionHours * HOUR);
    expect((await t.call('GET', `/api/consult/requests/${id}`, { token: tok.zhangwei })).data.overdue).toBe(false);
    clock.set(T0 + DEFAULT_CONSULT_SETTINGS.opinionHours * HOUR + 1);
    expect((await t.call('GET', `/api/consult/requests/${id}`, { token: tok.zhangwei })).data.overdue).toBe(true);
    clock.set(T0);
  });

  it('reports evaluations by expert', async () => {
    const r = (await t.call('GET', '/api/consult/evaluations/experts', { token: tok.huangqiang })).data.list;
    const z = r.find((e: { userId: string }) => e.userId === ZHANGWEI);
    expect(z.count).toBeGreaterThanOrEqual(2);
    expect(z.average).toBeGreaterThan(0);
  });
});

describe('diagnosis templates', () => {
  it('adds, edits, sorts and removes per department; refuses unknown departments and templates', async () => {
    const dept = '100000000000000012';
    const a = (await t.call('POST', '/api/consult/templates', { token: tok.zhangwei, body: { deptId: dept, title: 'A', content: 'a' } }))
      .data.id;
    const b = (await t.call('POST', '/api/consult/templates', { token: tok.zhangwei, body: { deptId: dept, title: 'B', content: 'b' } }))
      .data.id;
    expect((await t.call('POST', '/api/consult/templates/sort', { token: tok.zhangwei, body: { ids: [b, a] } })).status).toBe(200);
    const list = (await t.call('GET', `/api/consult/templates?deptId=${dept}`, { token: tok.zhangwei })).data.list;
    expect(list.map((x: { id: string }) => x.id).indexOf(b)).toBeLessThan(list.map((x: { id: string }) => x.id).indexOf(a));
    expect(
      (await t.call('PUT', `/api/consult/templates/${a}`, { token: tok.zhangwei, body: { deptId: dept, title: 'A2', content: 'a2' } }))
        .status,
    ).toBe(200);
    expect(
      (await t.call('POST', '/api/consult/templates', { token: tok.zhangwei, body: { deptId: 'nowhere', title: 'A', content: 'a' } }))
        .status,
    ).toBe(400);
    expect(
      (await t.call('POST', '/api/consult/templates', { token: tok.xuli, body: { deptId: dept, title: 'A', content: 'a' } })).status,
    ).toBe(403);
    expect((await t.call('POST', '/api/consult/templates/sort', { token: tok.zhangwei, body: { ids: [a, 'nope'] } })).status).toBe(404);
    expect((await t.call('DELETE', `/api/consult/templates/${a}`, { token: tok.zhangwei })).status).toBe(200);
    expect((await t.call('DELETE', `/api/consult/templates/${a}`, { token: tok.zhangwei })).status).toBe(404);
  });
});

describe('conferences', () => {
  const conf = (extra: Record<string, unknown> = {}) => ({
    title: '季度例会',
    mode: 'online',
    startAt: T0 + 2 * HOUR,
    endAt: T0 + 4 * HOUR,
    link: 'https://meet.example.org/q',
    agenda: '1. 通报',
    userIds: [XULI, DENGSHAN],
    ...extra,
  });

  it('applies, approves (participants told), signs in once within the window, rates once, minutes, items, finishes', async () => {
    for (const bad of [
      { endAt: T0 },
      { link: '' },
      { userIds: [] },
      { userIds: ['nobody'] },
      { orgIds: ['nowhere'] },
      { mode: 'phone' },
      { title: '' },
    ])
      expect((await t.call('POST', '/api/consult/conferences', { token: tok.luoxin, body: conf(bad) })).status, JSON.stringify(bad)).toBe(
        400,
      );
    expect((await t.call('POST', '/api/consult/conferences', { token: tok.xuli, body: conf() })).status).toBe(403);
    const id = (await t.call('POST', '/api/consult/conferences', { token: tok.luoxin, body: conf() })).data.id;
    expect((await messagesOf(ZHANGWEI, '季度例会')).length).toBeGreaterThanOrEqual(1);
    expect((await t.call('POST', `/api/consult/conferences/${id}/signin`, { token: tok.xuli })).status).toBe(409); // not approved
    expect((await t.call('POST', `/api/consult/conferences/${id}/approve`, { token: tok.luoxin })).status).toBe(403);
    expect((await t.call('POST', `/api/consult/conferences/${id}/refuse`, { token: tok.zhangwei, body: {} })).status).toBe(400);
    expect((await t.call('POST', `/api/consult/conferences/${id}/approve`, { token: tok.zhangwei })).status).toBe(200);
    expect((await t.call('POST', `/api/consult/conferences/${id}/approve`, { token: tok.zhangwei })).status).toBe(409);
    expect((await messagesOf(XULI, '会议通知：季度例会')).length).toBe(1);
    expect((await messagesOf(DENGSHAN, '会议通知：季度例会')).length).toBe(1);
    // Sign-in opens 30 minutes before the start.
    clock.set(T0 + 2 * HOUR - 30 * 60_000 - 1);
    expect((await t.call('POST', `/api/consult/conferences/${id}/signin`, { token: tok.xuli })).status).toBe(409);
    clock.set(T0 + 2 * HOUR - 30 * 60_000);
    expect((await t.call('POST', `/api/consult/conferences/${id}/signin`, { token: tok.xuli })).status).toBe(200);
    expect((await t.call('POST', `/api/consult/conferences/${id}/signin`, { token: tok.xuli })).status).toBe(409);
    expect((await t.call('POST', `/api/consult/conferences/${id}/signin`, { token: tok.pengbo })).status).toBe(403);
    expect((await t.call('POST', `/api/consult/conferences/${id}/rate`, { token: tok.xuli, body: { score: 5 } })).status).toBe(409); // not started
    clock.set(T0 + 3 * HOUR);
    expect((await t.call('POST', `/api/consult/conferences/${id}/rate`, { token: tok.dengshan, body: { score: 4 } })).status).toBe(409); // not signed in
    expect((await t.call('POST', `/api/consult/conferences/${id}/rate`, { token: tok.xuli, body: { score: 9 } })).status).toBe(400);
    expect(
      (await t.call('POST', `/api/consult/conferences/${id}/rate`, { token: tok.xuli, body: { score: 5, comment: '好' } })).status,
    ).toBe(200);
    expect((await t.call('POST', `/api/consult/conferences/${id}/rate`, { token: tok.xuli, body: { score: 4 } })).status).toBe(409);
    expect(
      (await t.call('PUT', `/api/consult/conferences/${id}/minutes`, { token: tok.luoxin, body: { minutes: '会议纪要' } })).status,
    ).toBe(200);
    expect((await t.call('PUT', `/api/consult/conferences/${id}/minutes`, { token: tok.xuli, body: { minutes: 'x' } })).status).toBe(403);
    const item = (
      await t.call('POST', `/api/consult/conferences/${id}/items`, { token: tok.luoxin, body: { content: '整理名单', ownerId: XULI } })
    ).data.id;
    expect(
      (await t.call('POST', `/api/consult/conferences/${id}/items`, { token: tok.luoxin, body: { content: 'x', ownerId: 'nobody' } }))
        .status,
    ).toBe(400);
    expect((await t.call('PUT', `/api/consult/conferences/items/${item}`, { token: tok.dengshan, body: { done: true } })).status).toBe(403);
    expect((await t.call('PUT', `/api/consult/conferences/items/${item}`, { token: tok.xuli, body: { done: true } })).status).toBe(200);
    expect((await t.call('POST', `/api/consult/conferences/${id}/finish`, { token: tok.luoxin })).status).toBe(200);
    const d = (await t.call('GET', `/api/consult/conferences/${id}`, { token: tok.luoxin })).data;
    expect(d).toMatchObject({ state: 'finished', participants: 2, signed: 1, minutes: '会议纪要', rating: { count: 1, average: 5 } });
    expect(d.items[0].doneAt).toBe(T0 + 3 * HOUR);
    expect(d.events.map((e: { action: string }) => e.action)).toEqual(['apply', 'approve', 'finish']);
    expect((await t.call('GET', `/api/consult/conferences/${id}`, { token: tok.pengbo })).status).toBe(404);
    const mine = (await t.call('POST', '/api/consult/conferences/list', { token: tok.xuli, body: { box: 'attend' } })).data;
    expect(mine.list.find((c: { id: string }) => c.id === id)).toMatchObject({ invited: true, mySignedAt: T0 + 2 * HOUR - 30 * 60_000 });
    clock.set(T0);
  });

  it('expands participants by organisation (with its villages) and by role', async () => {
    const id = (await t.call('POST', '/api/consult/conferences', { token: tok.luoxin, body: conf({ userIds: [], orgIds: [CHENGGUAN] }) }))
      .data.id;
    const d = (await t.call('GET', `/api/consult/conferences/${id}`, { token: tok.luoxin })).data;
    const ids = d.attendance.map((a: { userId: string }) => a.userId);
    expect(ids).toContain(XULI);
    expect(ids).toContain(DENGSHAN);
    expect(ids).not.toContain(ZHANGWEI);
    const byRole = (
      await t.call('POST', '/api/consult/conferences', { token: tok.luoxin, body: conf({ userIds: [], roleIds: ['200000000000000004'] }) })
    ).data.id;
    const r = (await t.call('GET', `/api/consult/conferences/${byRole}`, { token: tok.luoxin })).data;
    expect(r.participants).toBe(6); // the six village doctors (tianye holds the role too)
    expect((await t.call('POST', `/api/consult/conferences/${byRole}/cancel`, { token: tok.luoxin })).status).toBe(200);
    expect((await t.call('PUT', `/api/consult/conferences/${byRole}`, { token: tok.luoxin, body: conf() })).status).toBe(409);
  });
});

describe('late reminders', () => {
  it('reminds the approvers of a late application and the experts of a late opinion, each once', async () => {
    clock.set(T0);
    const normal = await apply(await resident());
    const urgent = await apply(await resident(), 'xuli', { urgency: 'urgent' });
    const codeOf = async (id: string) => (await t.call('GET', `/api/consult/requests/${id}`, { token: tok.xuli })).data.code as string;
    const [normalCode, urgentCode] = [await codeOf(normal), await codeOf(urgent)];
    const late = async (code: string, user = ZHANGWEI) => (await messagesOf(user, code)).filter((m) => m.title.includes('超时')).length;

    await remindLate(t.ctx, T0 + 2 * HOUR - 1);
    expect(await late(urgentCode)).toBe(0);
    await remindLate(t.ctx, T0 + 2 * HOUR + 1);
    expect(await late(urgentCode)).toBe(1);
    expect(await late(normalCode)).toBe(0);
    await remindLate(t.ctx, T0 + 24 * HOUR + 1);
    expect([await late(urgentCode), await late(normalCode)]).toEqual([1, 1]);
    expect(await late(normalCode, XULI)).toBe(0); // the applicant is not an approver

    // Held without an opinion past the limit: the experts are reminded, once.
    await toHeld(normal, T0);
    const heldAt = (await t.call('GET', `/api/consult/requests/${normal}`, { token: tok.xuli })).data.heldAt as number;
    await remindLate(t.ctx, heldAt + DEFAULT_CONSULT_SETTINGS.opinionHours * HOUR + 1);
    await remindLate(t.ctx, heldAt + DEFAULT_CONSULT_SETTINGS.opinionHours * HOUR + 2);
    const opinion = (await messagesOf(CHENJING, normalCode)).filter((m) => m.title.includes('意见出具时限'));
    expect(opinion).toHaveLength(1);
    expect(await late(normalCode)).toBe(2); // zhangwei: once as approver, once as expert
    clock.set(T0);
  });
});
