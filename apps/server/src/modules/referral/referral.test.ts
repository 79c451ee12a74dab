import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setClock, testClock, type TestClock } from '../../lib/clock.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { all } from '../health/plans/rows.ts';
import { remindBreaches } from './reminders.ts';

/**
 * Two-way referral through the API with the clock fixed: every transition
 * allowed and refused (wrong state, wrong unit, wrong role), two approvers
 * racing, the messages to the next party, the two-week follow-up plan, the
 * down-referral's timeline entry, the time limits and reminders, the
 * statistics against a hand computation, scope, masking and bad input.
 *
 * People (seed): 徐丽 xuli and 马军 majun — 城关镇卫生院 (township, applicant and
 * approver); 胡健 hujian — 石桥镇卫生院 (another township); 张伟 zhangwei,
 * 刘洋 liuyang — 县人民医院 (county; county doctors see every unit but act
 * only for their own); 何芸 heyun — the alliance's referral centre (root);
 * 邓山 dengshan — 东风村 village doctor (no referral menus).
 */

const T0 = Date.UTC(2030, 2, 1, 8); // 2030-03-01 08:00 UTC
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const CHENGGUAN = '100000000000000030';
const DONGFENG = '100000000000000033';
const SHIQIAO = '100000000000000040';
const COUNTY = '100000000000000010';
const COUNTY_NK = '100000000000000011';
const ZHANGWEI = '500000000000000002';

let t: TestApp;
let db: Kysely<any>;
let clock: TestClock;
const tok: Record<string, string> = {};
const uid: Record<string, string> = {};

let seq = 0;
async function resident(org = DONGFENG, name?: string): Promise<string> {
  seq++;
  const id = `rf${String(seq).padStart(16, '0')}`;
  await db
    .insertInto('lc_health_resident')
    .values({
      id,
      creator_time: T0,
      flow_state: 0,
      fullName: name ?? `转诊测${'甲乙丙丁戊己庚辛壬癸'[seq % 10]}${seq}`,
      idNumber: `36990019600101${String(1000 + seq).slice(-4)}`,
      sex: '1',
      birthDate: Date.UTC(1960, 0, 1),
      phone: `1390000${String(1000 + seq).slice(-4)}`,
      heightCm: 170,
      manageOrgId: org,
      doctorId: null,
      archiveState: 1,
    })
    .execute();
  return id;
}

const upBody = (residentId: string, extra: Record<string, unknown> = {}) => ({
  direction: '1',
  residentId,
  toUnitId: COUNTY,
  reasonCode: '2',
  diagnosis: '高血压（控制不满意）',
  condition: '连续两次血压控制不满意',
  results: 'BP 168/102 mmHg',
  ...extra,
});
const downBody = (residentId: string, extra: Record<string, unknown> = {}) => ({
  direction: '2',
  residentId,
  toUnitId: CHENGGUAN,
  reasonCode: '6',
  diagnosis: '高血压3级',
  dischargeDiagnosis: '高血压3级，血压已控制',
  treatment: '住院7天，调整降压方案',
  treatmentResult: '好转',
  nextSteps: '氨氯地平5mg qd，两周复查血压',
  ...extra,
});

async function create(token: string, body: unknown) {
  const r = await t.call('POST', '/api/referral', { token, body });
  expect(r.status, r.msg).toBe(200);
  return r.data.id as string;
}
const act = (token: string, id: string, action: string, reason?: string) =>
  t.call('POST', `/api/referral/${id}/actions/${action}`, { token, body: reason === undefined ? {} : { reason } });
async function ok(token: string, id: string, action: string, reason?: string) {
  const r = await act(token, id, action, reason);
  expect(r.status, `${action}: ${r.msg}`).toBe(200);
  return r.data as { status: string; arrived: boolean };
}
async function row(id: string) {
  const [r] = await all(db, db.selectFrom('referrals').selectAll().where('id', '=', id));
  return r!;
}
async function messagesFor(userId: string, since: number) {
  return all(
    db,
    db
      .selectFrom('message_receives as r')
      .innerJoin('messages as m', 'm.id', 'r.message_id')
      .select(['m.title as title', 'm.kind as kind', 'm.body_text as body'])
      .where('r.user_id', '=', userId)
      .where('m.kind', '=', 'referral')
      .where('m.created_at', '>=', since),
  );
}
/** An up-referral from 城关镇 to the county hospital, moved to `until`. */
async function upTo(until: 'draft' | 'submitted' | 'approved' | 'accepted' | 'arrived') {
  const id = await create(tok.xuli!, upBody(await resident()));
  if (until === 'draft') return id;
  await ok(tok.xuli!, id, 'submit');
  if (until === 'submitted') return id;
  await ok(tok.majun!, id, 'approve');
  if (until === 'approved') return id;
  await ok(tok.zhangwei!, id, 'accept');
  if (until === 'accepted') return id;
  await ok(tok.zhangwei!, id, 'arrive');
  return id;
}

beforeAll(async () => {
  t = await createTestApp();
  db = t.ctx.db.withoutPlugins() as unknown as Kysely<any>;
  for (const a of ['admin', 'xuli', 'majun', 'tianye', 'hujian', 'zhangwei', 'liuyang', 'heyun', 'dengshan', 'wuqing'])
    tok[a] = await t.login(a);
  for (const u of await all(db, db.selectFrom('users').select(['id', 'account']))) uid[String(u.account)] = String(u.id);
  clock = testClock(T0);
  setClock(clock);
});

afterAll(async () => {
  setClock(null);
  await t.close();
});

describe('the up-referral path', () => {
  it('draft → submit → 同意转出 → 同意接收 → 已到诊 → 结案, each recorded and told to the next party', async () => {
    const rid = await resident();
    const id = await create(tok.xuli!, upBody(rid));
    expect(await row(id)).toMatchObject({ status: '3', from_unit_id: CHENGGUAN, to_unit_id: COUNTY, applicant_id: uid.xuli });
    let d = (await t.call('GET', `/api/referral/${id}`, { token: tok.xuli })).data;
    expect(d.actions).toEqual(['submit', 'void']);
    expect(d.fullName).toContain('*');

    clock.set(T0 + HOUR);
    expect(await ok(tok.xuli!, id, 'submit')).toMatchObject({ status: '0' });
    expect(await row(id)).toMatchObject({ submitted_at: T0 + HOUR, step_since: T0 + HOUR, submit_month: '2030-03' });
    const toMajun = await messagesFor(uid.majun!, T0 + HOUR);
    expect(toMajun.map((m) => m.title)).toEqual([expect.stringContaining('转诊待审批')]);
    expect(toMajun[0]!.title).not.toContain('转诊测'); // the name is masked in messages
    expect(await messagesFor(uid.xuli!, T0 + HOUR)).toEqual([]); // the actor is not told about their own step

    // The county cannot approve what 城关镇 sends; another township cannot even see it.
    expect((await act(tok.zhangwei!, id, 'approve')).status).toBe(403);
    expect((await act(tok.hujian!, id, 'approve')).status).toBe(403);
    // The receiver may not answer before the sending unit approved.
    expect((await act(tok.zhangwei!, id, 'accept')).status).toBe(409);
    // A refusal needs a reason.
    expect((await act(tok.majun!, id, 'rejectOut', '')).status).toBe(400);

    clock.set(T0 + 2 * HOUR);
    expect(await ok(tok.majun!, id, 'approve')).toMatchObject({ status: '7' });
    const toCounty = await messagesFor(ZHANGWEI, T0 + 2 * HOUR);
    expect(toCounty.map((m) => m.title)).toEqual([expect.stringContaining('转诊待接收')]);
    expect((await messagesFor(uid.heyun!, T0 + 2 * HOUR)).length).toBe(1); // the referral centre answers for the county too
    expect((await messagesFor(uid.hujian!, T0 + 2 * HOUR)).length).toBe(0);
    expect((await act(tok.majun!, id, 'approve')).status).toBe(409);

    clock.set(T0 + 5 * HOUR);
    expect(await ok(tok.zhangwei!, id, 'accept')).toMatchObject({ status: '2' });
    expect((await messagesFor(uid.xuli!, T0 + 5 * HOUR)).map((m) => m.title)).toEqual([expect.stringContaining('已同意接收')]);
    expect((await act(tok.zhangwei!, id, 'close')).status).toBe(409); // not before arrival

    clock.set(T0 + DAY);
    expect(await ok(tok.zhangwei!, id, 'arrive')).toMatchObject({ status: '2', arrived: true });
    expect((await act(tok.zhangwei!, id, 'arrive')).status).toBe(409);
    expect((await act(tok.xuli!, id, 'cancel', 'x')).status).toBe(409); // 取消预约 only before arrival

    const closedAt = T0 + 3 * DAY;
    clock.set(closedAt);
    expect(await ok(tok.zhangwei!, id, 'close')).toMatchObject({ status: '4' });
    expect((await messagesFor(uid.xuli!, closedAt)).map((m) => m.title)).toEqual([expect.stringContaining('已结案')]);

    // The primary unit's two-week follow-up plan.
    const plans = await all(db, db.selectFrom('health_plans').selectAll().where('enrolment_id', '=', id));
    const dayStart = Date.UTC(2030, 2, 4);
    expect(plans).toEqual([
      expect.objectContaining({
        programme: 'ref',
        kind: 'after_referral',
        resident_id: rid,
        org_id: CHENGGUAN,
        doctor_id: uid.xuli,
        window_start: dayStart,
        window_end: dayStart + 14 * DAY - 1,
        visit_id: null,
      }),
    ]);
    d = (await t.call('GET', `/api/referral/${id}`, { token: tok.xuli })).data;
    expect(d.events.map((e: { action: string }) => e.action)).toEqual(['create', 'submit', 'approve', 'accept', 'arrive', 'close']);
    expect(d.events[2]).toMatchObject({
      userName: '马军',
      unitName: '青山县城关镇卫生院',
      at: T0 + 2 * HOUR,
      fromStatus: '0',
      toStatus: '7',
    });
    expect(d.followUp).toHaveLength(1);

    const after = await t.call('GET', '/api/referral/worklists/afterReferral', { token: tok.xuli });
    expect(after.data.list.map((r: { id: string }) => r.id)).toContain(id);
    expect(
      (await t.call('GET', '/api/referral/worklists/afterReferral', { token: tok.hujian })).data.list.map((r: { id: string }) => r.id),
    ).not.toContain(id);

    clock.set(closedAt + 5 * DAY);
    expect((await t.call('POST', `/api/referral/${id}/follow-up`, { token: tok.zhangwei, body: { note: 'x' } })).status).toBe(403);
    const fu = await t.call('POST', `/api/referral/${id}/follow-up`, { token: tok.xuli, body: { note: '血压 132/84，已按方案服药' } });
    expect(fu.status, fu.msg).toBe(200);
    expect(fu.data.inTime).toBe(true);
    expect((await t.call('POST', `/api/referral/${id}/follow-up`, { token: tok.xuli, body: {} })).status).toBe(409);
    const tl = await all(db, db.selectFrom('health_timeline').selectAll().where('resident_id', '=', rid).orderBy('at'));
    expect(tl.map((e) => e.kind)).toEqual(['referralUp', 'referralFollowUp']);
  });

  it('two approvers racing: exactly one wins; the applicant may not approve their own referral', async () => {
    clock.set(T0);
    const id = await upTo('submitted');
    const self = await act(tok.xuli!, id, 'approve');
    expect(self.status).toBe(403);
    expect(self.msg).toContain('自己');
    const [a, b] = await Promise.all([act(tok.majun!, id, 'approve'), act(tok.tianye!, id, 'approve')]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const events = await all(
      db,
      db.selectFrom('referral_events').selectAll().where('referral_id', '=', id).where('action', '=', 'approve'),
    );
    expect(events).toHaveLength(1);
  });
});

describe('the cancel branches and refusals', () => {
  it.each([
    ['draft', 'void', 'xuli', '', '6'],
    ['submitted', 'withdraw', 'xuli', '', '10'],
    ['submitted', 'rejectOut', 'majun', '资料不全', '5'],
    ['approved', 'rejectIn', 'zhangwei', '床位已满', '8'],
    ['approved', 'cancel', 'xuli', '患者改变主意', '9'],
    ['accepted', 'cancel', 'xuli', '患者自行前往他院', '9'],
    ['accepted', 'terminate', 'zhangwei', '病情变化', '11'],
    ['arrived', 'terminate', 'zhangwei', '患者要求出院', '11'],
  ] as const)('from %s: %s by %s → %s', async (until, action, who, reason, to) => {
    clock.set(T0);
    const id = await upTo(until);
    const r = await ok(tok[who]!, id, action, reason);
    expect(r.status).toBe(to);
    const saved = await row(id);
    expect(saved.status).toBe(to);
    if (reason) expect(saved.answer_reason).toBe(reason);
    // A finished referral moves no more.
    for (const a of ['submit', 'approve', 'accept', 'arrive', 'close', 'cancel', 'withdraw'])
      expect((await act(tok.admin!, id, a, 'r')).status).toBe(409);
  });

  it.each([
    ['draft', 'approve', 'majun', 409],
    ['draft', 'submit', 'majun', 200], // a colleague of the sending unit may submit
    ['submitted', 'submit', 'xuli', 409],
    ['submitted', 'void', 'xuli', 409],
    ['approved', 'withdraw', 'xuli', 409],
    ['approved', 'accept', 'majun', 403],
    ['approved', 'accept', 'hujian', 403],
    ['accepted', 'arrive', 'xuli', 403],
    ['accepted', 'accept', 'zhangwei', 409],
    ['submitted', 'rejectIn', 'zhangwei', 409],
  ] as const)('from %s: %s by %s → %s', async (until, action, who, status) => {
    clock.set(T0);
    const id = await upTo(until);
    expect((await act(tok[who]!, id, action, 'r')).status).toBe(status);
  });

  it('a user without the referral menus is refused everywhere', async () => {
    const id = await upTo('submitted');
    // An ultrasound doctor holds no referral menu.
    expect((await act(tok.wuqing!, id, 'approve')).status).toBe(403);
    expect((await t.call('GET', '/api/referral/worklists/mine', { token: tok.wuqing })).status).toBe(403);
    expect((await t.call('GET', `/api/referral/${id}`, { token: tok.wuqing })).status).toBe(403);
    // A village doctor may apply, but not approve for the township, nor open another unit's referral.
    expect((await act(tok.dengshan!, id, 'approve')).status).toBe(403);
  });
});

describe('the down-referral', () => {
  it('needs its summary, goes to the township and writes the summary into the timeline', async () => {
    clock.set(T0);
    const rid = await resident(DONGFENG);
    const noSummary = await create(tok.zhangwei!, downBody(rid, { dischargeDiagnosis: '', treatment: '' }));
    expect((await act(tok.zhangwei!, noSummary, 'submit')).status).toBe(400);
    // 上转 to a lower unit is refused.
    expect((await t.call('POST', '/api/referral', { token: tok.zhangwei, body: { ...downBody(rid), direction: '1' } })).status).toBe(400);

    const id = await create(tok.zhangwei!, { ...downBody(rid), toUnitId: SHIQIAO });
    await ok(tok.zhangwei!, id, 'submit');
    // The receiving township does not see it before the county lets it go.
    expect((await t.call('GET', `/api/referral/${id}`, { token: tok.hujian })).status).toBe(403);
    expect((await t.call('GET', '/api/referral/worklists/downToReceive', { token: tok.hujian })).data.list).toEqual([]);
    clock.set(T0 + HOUR);
    await ok(tok.liuyang!, id, 'approve');
    const list = (await t.call('GET', '/api/referral/worklists/downToReceive', { token: tok.hujian })).data.list;
    expect(list.map((r: { id: string }) => r.id)).toEqual([id]);
    expect((await messagesFor(uid.hujian!, T0 + HOUR)).length).toBe(1);
    expect((await act(tok.xuli!, id, 'accept')).status).toBe(403); // 城关镇 is not the receiver
    clock.set(T0 + 2 * HOUR);
    await ok(tok.hujian!, id, 'accept');
    const tl = await all(db, db.selectFrom('health_timeline').selectAll().where('resident_id', '=', rid));
    expect(tl).toEqual([
      expect.objectContaining({
        kind: 'referralDown',
        ref_id: id,
        at: T0 + 2 * HOUR,
        org_id: SHIQIAO,
        title: expect.stringContaining('氨氯地平5mg qd'),
      }),
    ]);
    await ok(tok.hujian!, id, 'arrive');
    await ok(tok.hujian!, id, 'close');
    // No two-week plan for a down-referral.
    expect(await all(db, db.selectFrom('health_plans').selectAll().where('enrolment_id', '=', id))).toEqual([]);
  });
});

describe('scope and masking', () => {
  it('lists are cut to the caller’s units and masked; reveal needs a reason and is audited', async () => {
    clock.set(T0);
    const id = await upTo('approved');
    const mine = (await t.call('GET', '/api/referral/worklists/mine?pageSize=200', { token: tok.xuli })).data;
    expect(mine.list.map((r: { id: string }) => r.id)).toContain(id);
    expect(mine.list.every((r: { fullName: string; idNumber: string }) => r.fullName.includes('*') && r.idNumber.includes('*'))).toBe(true);
    const other = (await t.call('GET', '/api/referral/query?pageSize=200', { token: tok.hujian })).data;
    expect(other.list.every((r: { fromUnitId: string; toUnitId: string }) => r.fromUnitId === SHIQIAO || r.toUnitId === SHIQIAO)).toBe(
      true,
    );
    const toReceive = (await t.call('GET', '/api/referral/worklists/toReceive?pageSize=200', { token: tok.zhangwei })).data;
    expect(toReceive.list.map((r: { id: string }) => r.id)).toContain(id);
    expect((await t.call('GET', '/api/referral/worklists/toReceive?pageSize=200', { token: tok.majun })).data.list).toEqual([]);

    expect((await t.call('POST', `/api/referral/${id}/reveal`, { token: tok.zhangwei, body: {} })).status).toBe(400);
    expect((await t.call('POST', `/api/referral/${id}/reveal`, { token: tok.hujian, body: { reason: '核对身份' } })).status).toBe(403);
    const rev = await t.call('POST', `/api/referral/${id}/reveal`, { token: tok.zhangwei, body: { reason: '核对身份' } });
    expect(rev.status).toBe(200);
    expect(rev.data.fullName).toMatch(/^转诊测/);
    const audit = await all(
      db,
      db.selectFrom('health_audit_log').selectAll().where('target', '=', `referral:${id}`).where('action', '=', 'reveal'),
    );
    expect(audit).toEqual([expect.objectContaining({ user_id: ZHANGWEI, reason: '核对身份' })]);
  });

  it('triage: the county assigns a department and doctor, who is told', async () => {
    clock.set(T0 + 7 * HOUR);
    const id = await upTo('approved');
    const tri = (await t.call('GET', '/api/referral/worklists/triage?pageSize=200', { token: tok.heyun })).data;
    expect(tri.list.map((r: { id: string }) => r.id)).toContain(id);
    expect((await t.call('POST', `/api/referral/${id}/triage`, { token: tok.heyun, body: { deptId: '100000000000000031' } })).status).toBe(
      400,
    );
    const r = await t.call('POST', `/api/referral/${id}/triage`, { token: tok.heyun, body: { deptId: COUNTY_NK, doctorId: ZHANGWEI } });
    expect(r.status, r.msg).toBe(200);
    expect((await row(id)).to_dept_id).toBe(COUNTY_NK);
    expect((await messagesFor(ZHANGWEI, T0 + 7 * HOUR)).some((m) => String(m.title).includes('分诊'))).toBe(true);
    expect((await t.call('POST', `/api/referral/${id}/triage`, { token: tok.xuli, body: { deptId: COUNTY_NK } })).status).toBe(403);
  });
});

describe('time limits', () => {
  it('a waiting step breaches strictly after its limit, is listed first on the monitor and reminded once', async () => {
    const base = Date.UTC(2031, 0, 10, 0);
    clock.set(base);
    await db.deleteFrom('referrals').where('status', 'in', ['0', '7', '2']).execute();
    const put = await t.call('PUT', '/api/referral/settings', {
      token: tok.admin,
      body: { approvalHours: 24, answerHours: 48, arrivalHours: 72, closeHours: 336 },
    });
    expect(put.status, put.msg).toBe(200);
    const id = await upTo('submitted');
    clock.set(base + 24 * HOUR);
    expect((await t.call('GET', '/api/referral/worklists/breached', { token: tok.majun })).data.list).toEqual([]);
    expect(await remindBreaches(t.ctx, base + 24 * HOUR)).toBe(0);
    clock.set(base + 24 * HOUR + 1);
    const breached = (await t.call('GET', '/api/referral/worklists/breached', { token: tok.majun })).data.list;
    expect(breached.map((r: { id: string; breached: boolean }) => [r.id, r.breached])).toEqual([[id, true]]);
    const fresh = await upTo('submitted'); // just submitted: not breached
    const monitor = (await t.call('GET', '/api/referral/monitor', { token: tok.heyun })).data;
    expect(monitor.list.map((r: { id: string }) => r.id)).toEqual([id, fresh]);
    expect(monitor.list[0].waitingMs).toBe(24 * HOUR + 1);
    expect(monitor.summary).toEqual([{ status: '0', arrived: false, count: 2, breached: 1 }]);

    expect(await remindBreaches(t.ctx, base + 24 * HOUR + 1)).toBe(1);
    expect(await remindBreaches(t.ctx, base + 25 * HOUR)).toBe(0); // each breach once
    expect((await messagesFor(uid.majun!, base + 24 * HOUR)).filter((m) => String(m.title).includes('超时')).length).toBe(1);
    // The next step has its own limit and its own reminder.
    await ok(tok.majun!, id, 'approve');
    clock.set(base + 24 * HOUR + 1 + 48 * HOUR + 1);
    expect(await remindBreaches(t.ctx, clock.now())).toBe(2); // the answer step of `id` and the approval step of `fresh`
    expect((await messagesFor(ZHANGWEI, base)).filter((m) => String(m.title).includes('超时')).length).toBe(1);
    // A shorter limit applies at once.
    await t.call('PUT', '/api/referral/settings', {
      token: tok.admin,
      body: { approvalHours: 1, answerHours: 1, arrivalHours: 1, closeHours: 1 },
    });
    expect((await t.call('GET', '/api/referral/settings', { token: tok.xuli })).data.approvalHours).toBe(1);
    expect(
      (
        await t.call('PUT', '/api/referral/settings', {
          token: tok.xuli,
          body: { approvalHours: 0, answerHours: 1, arrivalHours: 1, closeHours: 1 },
        })
      ).status,
    ).toBe(400);
    await t.call('PUT', '/api/referral/settings', {
      token: tok.admin,
      body: { approvalHours: 24, answerHours: 48, arrivalHours: 72, closeHours: 336 },
    });
  });
});

describe('statistics', () => {
  it('by unit and month, against a hand computation', async () => {
    // May 2032, 城关镇: 3 up (answers after 2 h, 4 h; one refused after 6 h; one arrived), 1 down received from the county.
    const m = Date.UTC(2032, 4, 3, 8);
    clock.set(m);
    const a = await upTo('submitted');
    clock.set(m + 1 * HOUR);
    await ok(tok.majun!, a, 'approve');
    clock.set(m + 2 * HOUR);
    await ok(tok.zhangwei!, a, 'accept');
    await ok(tok.zhangwei!, a, 'arrive');
    clock.set(m);
    const b = await upTo('submitted');
    await ok(tok.majun!, b, 'approve');
    clock.set(m + 4 * HOUR);
    await ok(tok.zhangwei!, b, 'accept');
    clock.set(m);
    const c = await upTo('submitted');
    await ok(tok.majun!, c, 'approve');
    clock.set(m + 6 * HOUR);
    await ok(tok.zhangwei!, c, 'rejectIn', '床位已满');
    clock.set(m);
    const d = await create(tok.zhangwei!, downBody(await resident()));
    await ok(tok.zhangwei!, d, 'submit');
    // A two-week plan closed and followed late, and one in time: compliance 1/2.
    clock.set(m + DAY);
    await ok(tok.zhangwei!, a, 'close');
    const e = await upTo('arrived');
    await ok(tok.zhangwei!, e, 'close');
    clock.set(m + 3 * DAY);
    await t.call('POST', `/api/referral/${e}/follow-up`, { token: tok.xuli, body: { note: 'ok' } });
    clock.set(m + 30 * DAY);
    await t.call('POST', `/api/referral/${a}/follow-up`, { token: tok.xuli, body: { note: 'late' } });

    const s = (await t.call('GET', '/api/referral/stats?monthFrom=2032-05&monthTo=2032-05', { token: tok.heyun })).data;
    const cg = s.rows.find((r: { unitId: string }) => r.unitId === CHENGGUAN);
    // 4 up (a, b, c, e); answered a (2 h), b (4 h), c (6 h), e (0 h: same instant) → mean 3 h; accepted a, b, e; arrived a, e.
    expect(cg).toMatchObject({ month: '2032-05', up: 4, down: 0, answered: 4, turnaroundHours: 3, accepted: 3, arrivedCount: 2 });
    expect(cg.arrivalRate).toBeCloseTo(2 / 3);
    const county = s.rows.find((r: { unitId: string }) => r.unitId === COUNTY);
    expect(county).toMatchObject({ up: 0, down: 1, answered: 0, turnaroundHours: null, arrivalRate: null });
    expect(s.townships.find((x: { unitId: string }) => x.unitId === CHENGGUAN)).toMatchObject({ up: 4, down: 1, ratio: 4 });
    expect(s.followUp.find((x: { unitId: string }) => x.unitId === CHENGGUAN)).toMatchObject({ due: 2, inTime: 1, rate: 0.5 });
    expect(s.reasons).toEqual([
      { reasonCode: '2', direction: '1', count: 4 },
      { reasonCode: '6', direction: '2', count: 1 },
    ]);
    expect(s.months).toEqual([{ month: '2032-05', up: 4, down: 1 }]);
    // A township sees only its own units' figures.
    const sq = (await t.call('GET', '/api/referral/stats?monthFrom=2032-05&monthTo=2032-05', { token: tok.hujian })).data;
    expect(sq.rows).toEqual([]);
    const x = await t.call('GET', '/api/referral/stats/export?monthFrom=2032-05&monthTo=2032-05', { token: tok.heyun });
    expect(x.status).toBe(200);
    expect(x.raw.headers['content-type']).toContain('spreadsheet');
    const q = await t.call('GET', '/api/referral/query/export?direction=1', { token: tok.heyun });
    expect(q.status).toBe(200);
  });
});

describe('entry from a flagged chronic follow-up', () => {
  it('lists the flagged patients and prefills from the latest visit', async () => {
    clock.set(Date.UTC(2032, 6, 1, 8));
    const rid = await resident(DONGFENG);
    const en = await t.call('POST', '/api/health/chronic/htn/enrolments', { token: tok.dengshan, body: { residentId: rid } });
    expect(en.status, en.msg).toBe(200);
    const v = await t.call('POST', '/api/health/chronic/htn/visits', {
      token: tok.dengshan,
      body: { data: { residentId: rid, visitDate: Date.UTC(2032, 6, 1), visitMethod: '1', systolic: 185, diastolic: 112 } },
    });
    expect(v.status, v.msg).toBe(200);
    const flagged = (await t.call('GET', '/api/referral/flagged', { token: tok.xuli })).data.list;
    expect(flagged.find((f: { residentId: string }) => f.residentId === rid)).toMatchObject({
      programme: 'htn',
      referralFlag: 2,
      openReferrals: 0,
    });
    expect(
      (await t.call('GET', '/api/referral/flagged', { token: tok.hujian })).data.list.some(
        (f: { residentId: string }) => f.residentId === rid,
      ),
    ).toBe(false);
    const p = (await t.call('GET', `/api/referral/prefill?residentId=${rid}`, { token: tok.xuli })).data;
    expect(p).toMatchObject({
      residentId: rid,
      direction: '1',
      urgency: '3',
      reasonCode: '5',
      diagnosis: '高血压',
      sourceProgramme: 'htn',
      sourceVisitId: v.data.id,
    });
    expect(p.results).toContain('BP 185/112 mmHg');
    const id = await create(tok.xuli!, { ...upBody(rid), ...p, referralFlag: undefined, submit: true });
    expect((await row(id)).status).toBe('0');
    expect((await row(id)).source_visit_id).toBe(v.data.id);
    expect((await t.call('GET', `/api/referral/prefill?residentId=${await resident()}`, { token: tok.xuli })).status).toBe(404);
  });
});

describe('bad input', () => {
  it.each([
    ['POST', '/api/referral', { direction: '3' }, 400],
    ['POST', '/api/referral', { direction: '1', residentId: 'x', toUnitId: COUNTY, reasonCode: '2', diagnosis: '' }, 400],
    ['POST', '/api/referral', { direction: '1', residentId: 'nope', toUnitId: COUNTY, reasonCode: '2', diagnosis: 'x' }, 404],
    ['POST', '/api/referral', { direction: '1', residentId: 'x', toUnitId: COUNTY, reasonCode: '2', diagnosis: 'x'.repeat(600) }, 400],
    ['POST', '/api/referral', { direction: '1', residentId: 'x', toUnitId: COUNTY, reasonCode: '2', diagnosis: 'x', extra: 1 }, 400],
    ['POST', '/api/referral/unknown/actions/approve', {}, 404],
    ['POST', '/api/referral/unknown/actions/fly', {}, 400],
    ['GET', '/api/referral/worklists/nothing', undefined, 400],
    ['GET', '/api/referral/stats?monthFrom=2032-13&monthTo=2032-05', undefined, 400],
    ['GET', '/api/referral/stats?monthFrom=2032-06&monthTo=2032-05', undefined, 400],
    ['GET', '/api/referral/query?keyword=%27%20or%201%3D1--', undefined, 200],
  ] as const)('%s %s → %s', async (method, url, body, status) => {
    const r = await t.call(method, url, { token: tok.xuli, body });
    expect(r.status, r.msg).toBe(status);
    expect(typeof r.msg).toBe('string');
  });

  it('a wrong-direction or foreign-unit referral is refused', async () => {
    const rid = await resident();
    expect((await t.call('POST', '/api/referral', { token: tok.xuli, body: upBody(rid, { toUnitId: DONGFENG }) })).status).toBe(400);
    expect((await t.call('POST', '/api/referral', { token: tok.xuli, body: upBody(rid, { toDeptId: '100000000000000021' }) })).status).toBe(
      400,
    );
    const foreign = await resident(SHIQIAO);
    expect((await t.call('POST', '/api/referral', { token: tok.xuli, body: upBody(foreign) })).status).toBe(403);
  });
});
