import type { Kysely } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DAY_MS } from '@medalliance/contract';
import { setClock, testClock, type TestClock } from '../../../lib/clock.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { announceResidentTransferred } from '../records/transfer-events.ts';
import { all } from '../plans/rows.ts';

/**
 * Hypertension and diabetes management end to end through the API, on
 * residents of our own in the demo villages, with the clock fixed:
 * enrolment and plans, every classification threshold through a saved visit,
 * override with and without reason, BMI, late entry, recheck, consecutive
 * uncontrolled, danger values, worklists by state, scope, transfers, settings,
 * bad input.
 */

const T0 = Date.UTC(2030, 2, 1, 8); // 2030-03-01 08:00 UTC
const day = (y: number, m: number, d: number) => Date.UTC(y, m - 1, d);
const DONGFENG = '100000000000000033'; // dengshan's village (城关镇)
const SHIQIAO = '100000000000000043'; // pengbo's village (石桥镇)
const DENGSHAN = '500000000000000025';

let t: TestApp;
let db: Kysely<any>;
let clock: TestClock;
let admin: string;
let deng: string;
let peng: string;
let xuli: string;
let luoxin: string;

let seq = 0;
async function resident(opts: { org?: string; birth?: number; height?: number | null; name?: string } = {}): Promise<string> {
  seq++;
  const id = `fr${String(seq).padStart(16, '0')}`;
  await db
    .insertInto('lc_health_resident')
    .values({
      id,
      creator_time: T0,
      flow_state: 0,
      fullName: opts.name ?? `测慢${'甲乙丙丁戊己庚辛壬癸子丑寅卯辰巳午未申酉戌亥'[seq % 22]}${seq}`,
      idNumber: `36990019600101${String(1000 + seq).slice(-4)}`,
      sex: '1',
      birthDate: opts.birth ?? day(1980, 1, 1),
      phone: `1380000${String(1000 + seq).slice(-4)}`,
      heightCm: opts.height === undefined ? 170 : opts.height,
      manageOrgId: opts.org ?? DONGFENG,
      doctorId: DENGSHAN,
      archiveState: 1,
    })
    .execute();
  return id;
}

const enrolBody = (residentId: string, extra: Record<string, unknown> = {}) => ({
  residentId,
  managementGroup: '1',
  riskLevel: '2',
  ...extra,
});

async function enrol(programme: 'htn' | 'dm', residentId: string, token = deng, extra: Record<string, unknown> = {}) {
  const r = await t.call('POST', `/api/health/chronic/${programme}/enrolments`, { token, body: enrolBody(residentId, extra) });
  expect(r.status, r.msg).toBe(200);
  return r.data as { id: string; enrolledAt: number };
}

async function visit(programme: 'htn' | 'dm', data: Record<string, unknown>, token = deng) {
  return t.call('POST', `/api/health/chronic/${programme}/visits`, { token, body: { data: { visitMethod: '1', ...data } } });
}

async function visitRow(programme: 'htn' | 'dm', id: string) {
  const [r] = await all(
    db,
    db
      .selectFrom(programme === 'htn' ? 'lc_htn_followup' : 'lc_dm_followup')
      .selectAll()
      .where('id', '=', id),
  );
  return r!;
}

async function plansOf(residentId: string) {
  return all(db, db.selectFrom('health_plans').selectAll().where('resident_id', '=', residentId).orderBy('plan_date'));
}

async function enrolmentOf(residentId: string, programme = 'htn') {
  const [r] = await all(
    db,
    db.selectFrom('health_chronic_enrolments').selectAll().where('resident_id', '=', residentId).where('programme', '=', programme),
  );
  return r!;
}

beforeAll(async () => {
  t = await createTestApp({}, { population: true });
  db = t.ctx.db.withoutPlugins() as unknown as Kysely<any>;
  [admin, deng, peng, xuli, luoxin] = (await Promise.all(['admin', 'dengshan', 'pengbo', 'xuli', 'luoxin'].map((a) => t.login(a)))) as [
    string,
    string,
    string,
    string,
    string,
  ];
  clock = testClock(T0);
  setClock(clock);
});

afterAll(async () => {
  setClock(null);
  await t?.close();
});

describe('enrolment and plans', () => {
  it('enrols with four plans a year every 90 days, windows ±30 days, states from the clock', async () => {
    const rid = await resident();
    const e = await enrol('htn', rid);
    expect(e.enrolledAt).toBe(T0);
    const plans = await plansOf(rid);
    expect(plans.length).toBeGreaterThanOrEqual(5);
    const p1 = plans[0]!;
    expect(Number(p1.plan_date)).toBe(day(2030, 3, 1) + 90 * DAY_MS);
    expect(Number(p1.window_start)).toBe(day(2030, 3, 1) + 60 * DAY_MS);
    expect(Number(p1.window_end)).toBe(day(2030, 3, 1) + 121 * DAY_MS - 1);
    expect(p1.doctor_id).toBe(DENGSHAN);
    expect(p1.org_id).toBe(DONGFENG);
    expect(plans.slice(0, 4).map((p) => (Number(p.plan_date) - day(2030, 3, 1)) / DAY_MS)).toEqual([90, 180, 270, 360]);
    const detail = await t.call('GET', `/api/health/chronic/htn/enrolments/${e.id}`, { token: deng });
    expect(detail.data.plans.every((p: { state: string }) => p.state === 'upcoming')).toBe(true);
    expect(detail.data.history[0]).toMatchObject({ field: 'outcome', newValue: '0' });
  });

  it('refuses a second enrolment (409), another village (403), an unknown resident (404), bad bodies (400)', async () => {
    const rid = await resident();
    await enrol('htn', rid);
    expect((await t.call('POST', '/api/health/chronic/htn/enrolments', { token: deng, body: enrolBody(rid) })).status).toBe(409);
    const other = await resident({ org: SHIQIAO });
    expect((await t.call('POST', '/api/health/chronic/htn/enrolments', { token: deng, body: enrolBody(other) })).status).toBe(403);
    expect((await t.call('POST', '/api/health/chronic/htn/enrolments', { token: deng, body: enrolBody('nobody') })).status).toBe(404);
    for (const body of [
      {},
      { residentId: rid, extra: 1 },
      { residentId: 'x'.repeat(5000) },
      { residentId: rid, managementGroup: '<script>alert(1)</script>' },
      { residentId: "1' or '1'='1", riskLevel: 9 },
      { residentId: rid, diagnosedAt: 'yesterday' },
      { residentId: rid, enrolledAt: T0 + 30 * DAY_MS },
    ]) {
      const r = await t.call('POST', '/api/health/chronic/htn/enrolments', { token: deng, body });
      expect([400, 404, 409], JSON.stringify(body)).toContain(r.status);
      expect(r.status, JSON.stringify(body)).not.toBe(200);
    }
    const fresh = await resident();
    expect(
      (
        await t.call('POST', '/api/health/chronic/htn/enrolments', {
          token: deng,
          body: { residentId: fresh, enrolledAt: T0 + 30 * DAY_MS },
        })
      ).status,
    ).toBe(400);
  });

  it('a user without the menu gets 403; a township doctor sees its villages', async () => {
    const rid = await resident();
    expect((await t.call('POST', '/api/health/chronic/htn/enrolments', { token: luoxin, body: enrolBody(rid) })).status).toBe(403);
    expect((await t.call('GET', '/api/health/chronic/htn/worklists/due', { token: luoxin })).status).toBe(403);
    expect((await t.call('GET', '/api/health/followup/visits', { token: luoxin })).status).toBe(403);
    const e = await enrol('htn', rid, xuli);
    expect((await t.call('GET', `/api/health/chronic/htn/enrolments/${e.id}`, { token: peng })).status).toBe(403);
    expect((await t.call('GET', `/api/health/chronic/htn/enrolments/${e.id}`, { token: deng })).status).toBe(200);
  });

  it('outcome 管理中 → 暂时失访 → 终止管理 needs reasons, is kept as history and ends the plans', async () => {
    const rid = await resident();
    const e = await enrol('htn', rid);
    const url = `/api/health/chronic/htn/enrolments/${e.id}/outcome`;
    expect((await t.call('POST', url, { token: deng, body: { outcome: 1 } })).status).toBe(400);
    expect((await t.call('POST', url, { token: deng, body: { outcome: 1, reason: '外出务工' } })).status).toBe(200);
    expect((await t.call('POST', url, { token: deng, body: { outcome: 1, reason: '再次' } })).status).toBe(400);
    expect((await t.call('POST', url, { token: deng, body: { outcome: 2, reason: '迁出' } })).status).toBe(200);
    expect((await t.call('POST', url, { token: deng, body: { outcome: 0 } })).status).toBe(400);
    expect((await t.call('POST', url, { token: deng, body: { outcome: 7, reason: 'x' } })).status).toBe(400);
    const detail = await t.call('GET', `/api/health/chronic/htn/enrolments/${e.id}`, { token: deng });
    expect(detail.data.outcome).toBe(2);
    expect(detail.data.history.map((h: { newValue: string }) => h.newValue)).toEqual(['2', '1', '0']);
    expect(detail.data.history[0].reason).toBe('迁出');
    expect(await plansOf(rid)).toHaveLength(0);
    const v = await visit('htn', { residentId: rid, visitDate: day(2030, 2, 27), systolic: 120, diastolic: 80 });
    expect(v.status).toBe(400);
  });
});

describe('visits and their rules', () => {
  beforeEach(() => clock.set(T0));
  it('165/95 mmHg: 控制不满意 suggested, a two-week recheck, the plan of its window filled, a timeline entry', async () => {
    clock.set(T0);
    const rid = await resident();
    await enrol('htn', rid, deng, { enrolledAt: day(2029, 12, 1) });
    // First plan: 2030-03-01, window 2030-01-30 .. 2030-03-31.
    const vd = day(2030, 2, 27);
    const r = await visit('htn', { residentId: rid, visitDate: vd, systolic: 165, diastolic: 95, weightKg: 70 });
    expect(r.status, r.msg).toBe(200);
    const row = await visitRow('htn', r.data.id);
    expect(row).toMatchObject({ classification: '2', suggestedClassification: '2', referralFlag: '0', overrideReason: null });
    expect(Number(row.bmi)).toBe(24.2);
    expect(Number(row.lateEntry)).toBe(0);
    expect(row.doctorId).toBe(DENGSHAN);
    expect(row.manageOrgId).toBe(DONGFENG);
    const plans = await plansOf(rid);
    const recheck = plans.find((p) => p.kind === 'recheck')!;
    expect(Number(recheck.plan_date)).toBe(vd + 14 * DAY_MS);
    expect(Number(recheck.window_start)).toBe(vd + DAY_MS);
    expect(Number(recheck.window_end)).toBe(vd + 15 * DAY_MS - 1);
    const filled = plans.filter((p) => p.visit_id === r.data.id);
    expect(filled.map((p) => p.kind)).toEqual(['regular']);
    expect(r.data.plans.some((p: { kind: string; state: string }) => p.kind === 'recheck' && p.state === 'due')).toBe(true);
    const timeline = await all(
      db,
      db.selectFrom('health_timeline').selectAll().where('resident_id', '=', rid).where('ref_id', '=', r.data.id),
    );
    expect(timeline[0]!.title).toContain('控制不满意');
    const audit = await all(db, db.selectFrom('health_audit_log').selectAll().where('resident_id', '=', rid).where('action', '=', 'edit'));
    expect(audit.length).toBe(1);

    // The recheck worklist shows it; a second uncontrolled visit inside it → 需转诊, fills the recheck.
    clock.set(vd + 3 * DAY_MS);
    const rl = await t.call('GET', `/api/health/chronic/htn/worklists/recheck?keyword=${encodeURIComponent('测慢')}&pageSize=200`, {
      token: deng,
    });
    expect(rl.data.list.some((x: { residentId: string; planState: string }) => x.residentId === rid && x.planState === 'due')).toBe(true);
    clock.set(vd + 10 * DAY_MS + 3_600_000);
    const r2 = await visit('htn', { residentId: rid, visitDate: vd + 10 * DAY_MS, systolic: 150, diastolic: 92 });
    expect(r2.status, r2.msg).toBe(200);
    expect(await visitRow('htn', r2.data.id)).toMatchObject({ classification: '2', referralFlag: '1' });
    expect((await enrolmentOf(rid)).referral_flag).toBe(1);
    const after = await plansOf(rid);
    expect(after.find((p) => p.kind === 'recheck')!.visit_id).toBe(r2.data.id);
    expect(after.filter((p) => p.kind === 'recheck')).toHaveLength(1);
    const ref = await t.call('GET', '/api/health/chronic/htn/worklists/referral?pageSize=200&keyword=%E6%B5%8B%E6%85%A2', { token: deng });
    expect(ref.data.list.some((x: { residentId: string }) => x.residentId === rid)).toBe(true);
    clock.set(T0);
  });

  it.each([
    // systolic, diastolic, birth, expected
    [139, 89, day(1980, 1, 1), '1'],
    [140, 89, day(1980, 1, 1), '2'],
    [139, 90, day(1980, 1, 1), '2'],
    [149, 89, day(1965, 2, 27), '1'], // 65 on the visit date
    [149, 89, day(1965, 2, 28), '2'], // 65 the day after
    [150, 89, day(1950, 1, 1), '2'],
    [149, 90, day(1950, 1, 1), '2'],
  ])('htn %s/%s born %s → %s', async (s, d, birth, want) => {
    const rid = await resident({ birth });
    await enrol('htn', rid, deng, { enrolledAt: day(2029, 12, 1) });
    const r = await visit('htn', { residentId: rid, visitDate: day(2030, 2, 27), systolic: s, diastolic: d });
    expect(r.status, r.msg).toBe(200);
    expect((await visitRow('htn', r.data.id)).classification).toBe(want);
    const c = await t.call('POST', '/api/health/chronic/htn/classify', {
      token: deng,
      body: { residentId: rid, visitDate: day(2030, 2, 27), systolic: s, diastolic: d },
    });
    expect(c.data.suggested).toBe(want);
  });

  it.each([
    [{ systolic: 179, diastolic: 109 }, '0'],
    [{ systolic: 180, diastolic: 100 }, '2'],
    [{ systolic: 170, diastolic: 110 }, '2'],
  ])('htn danger %j → referralFlag %s at once', async (v, flag) => {
    const rid = await resident();
    await enrol('htn', rid, deng, { enrolledAt: day(2029, 12, 1) });
    const r = await visit('htn', { residentId: rid, visitDate: day(2030, 2, 27), ...v });
    expect(r.status, r.msg).toBe(200);
    expect((await visitRow('htn', r.data.id)).referralFlag).toBe(flag);
    expect((await enrolmentOf(rid)).referral_flag).toBe(Number(flag));
  });

  it.each([
    [{ glucose: 6.9 }, '1', '0'],
    [{ glucose: 7.0 }, '2', '0'],
    [{ glucose: 16.6 }, '2', '0'],
    [{ glucose: 16.7 }, '2', '2'],
    [{ glucose: 3.9 }, '1', '2'],
    [{ glucose: 4.0 }, '1', '0'],
    [{ glucose: 6, heartRate: 100 }, '1', '0'],
    [{ glucose: 6, heartRate: 101 }, '1', '2'],
    [{ glucose: 6, temperature: 39 }, '1', '0'],
    [{ glucose: 6, temperature: 39.1 }, '1', '2'],
    [{ glucose: 6, systolic: 180, diastolic: 90 }, '1', '2'],
  ])('dm %j → %s, referral %s', async (v, cls, flag) => {
    const rid = await resident();
    await enrol('dm', rid, deng, { enrolledAt: day(2029, 12, 1) });
    const r = await visit('dm', { residentId: rid, visitDate: day(2030, 2, 27), ...v });
    expect(r.status, r.msg).toBe(200);
    expect(await visitRow('dm', r.data.id)).toMatchObject({ classification: cls, referralFlag: flag });
  });

  it('deleting the newest visit gives the enrolment back the last one that stays', async () => {
    const rid = await resident();
    await enrol('htn', rid, deng, { enrolledAt: day(2029, 12, 1) });
    const older = await visit('htn', { residentId: rid, visitDate: day(2030, 2, 20), systolic: 120, diastolic: 70 });
    const newer = await visit('htn', { residentId: rid, visitDate: day(2030, 2, 27), systolic: 165, diastolic: 95 });
    expect([older.status, newer.status]).toEqual([200, 200]);
    expect((await enrolmentOf(rid)).last_classification).toBe('2');
    const model = await db.selectFrom('visualdev_models').select('id').where('en_code', '=', 'htnFollowup').executeTakeFirstOrThrow();
    const del = await t.call('DELETE', `/api/visualdev/OnlineDev/${model.id}/${newer.data.id}`, { token: admin });
    expect(del.status, del.msg).toBe(200);
    const e = await enrolmentOf(rid);
    expect(e.last_classification).toBe('1');
    expect(Number(e.last_visit_at)).toBe(day(2030, 2, 20));
    // The plan the older visit filled stays filled; nothing points at the deleted one.
    const plans = await plansOf(rid);
    expect(plans.some((p) => p.visit_id === older.data.id)).toBe(true);
    expect(plans.some((p) => p.visit_id === newer.data.id)).toBe(false);
  });

  it('a drug reaction → 不良反应 and a recheck; a complication → 并发症', async () => {
    const rid = await resident();
    await enrol('htn', rid, deng, { enrolledAt: day(2029, 12, 1) });
    const r = await visit('htn', { residentId: rid, visitDate: day(2030, 2, 20), systolic: 120, diastolic: 70, drugReaction: 1 });
    expect((await visitRow('htn', r.data.id)).classification).toBe('3');
    expect((await plansOf(rid)).filter((p) => p.kind === 'recheck')).toHaveLength(1);
    const r2 = await visit('htn', { residentId: rid, visitDate: day(2030, 2, 27), systolic: 120, diastolic: 70, complication: 1 });
    expect((await visitRow('htn', r2.data.id)).classification).toBe('4');
  });

  it('an override needs a reason; without values the doctor must choose', async () => {
    const rid = await resident();
    await enrol('htn', rid, deng, { enrolledAt: day(2029, 12, 1) });
    const bad = await visit('htn', { residentId: rid, visitDate: day(2030, 2, 27), systolic: 165, diastolic: 95, classification: '1' });
    expect(bad.status).toBe(400);
    expect(bad.msg).toContain('原因');
    const blank = await visit('htn', {
      residentId: rid,
      visitDate: day(2030, 2, 27),
      systolic: 165,
      diastolic: 95,
      classification: '1',
      overrideReason: '   ',
    });
    expect(blank.status).toBe(400);
    const okr = await visit('htn', {
      residentId: rid,
      visitDate: day(2030, 2, 27),
      systolic: 165,
      diastolic: 95,
      classification: '1',
      overrideReason: '白大衣高血压，家庭自测正常',
    });
    expect(okr.status, okr.msg).toBe(200);
    expect(await visitRow('htn', okr.data.id)).toMatchObject({
      classification: '1',
      suggestedClassification: '2',
      overrideReason: '白大衣高血压，家庭自测正常',
    });
    const same = await visit('htn', { residentId: rid, visitDate: day(2030, 2, 28), systolic: 120, diastolic: 70, classification: '1' });
    expect(same.status).toBe(200);
    const dm = await resident();
    await enrol('dm', dm, deng, { enrolledAt: day(2029, 12, 1) });
    expect((await visit('dm', { residentId: dm, visitDate: day(2030, 2, 27), systolic: 120, diastolic: 70 })).status).toBe(400);
  });

  it('BMI from the archive height, none without it; 延后录入 after 7 days', async () => {
    const rid = await resident({ height: null });
    await enrol('htn', rid, deng, { enrolledAt: day(2029, 12, 1) });
    const r = await visit('htn', { residentId: rid, visitDate: day(2030, 2, 22), systolic: 120, diastolic: 70, weightKg: 70 });
    expect((await visitRow('htn', r.data.id)).bmi).toBeNull();
    expect(Number((await visitRow('htn', r.data.id)).lateEntry)).toBe(0); // 7 days before 03-01
    const late = await visit('htn', { residentId: rid, visitDate: day(2030, 2, 21), systolic: 120, diastolic: 70 });
    expect(Number((await visitRow('htn', late.data.id)).lateEntry)).toBe(1);
    const wl = await t.call('GET', '/api/health/chronic/htn/worklists/late?pageSize=200&keyword=%E6%B5%8B%E6%85%A2', { token: deng });
    expect(wl.data.list.some((x: { visitId: string }) => x.visitId === late.data.id)).toBe(true);
    expect(wl.data.list.every((x: { fullName: string; idNumber: string }) => x.fullName.includes('*') && x.idNumber.includes('*'))).toBe(
      true,
    );
  });

  it('refuses a future date, out-of-range values, another village, an unknown resident, a resident not enrolled, injection text', async () => {
    const rid = await resident();
    await enrol('htn', rid, deng, { enrolledAt: day(2029, 12, 1) });
    const base = { residentId: rid, visitDate: day(2030, 2, 27), systolic: 120, diastolic: 70 };
    expect((await visit('htn', { ...base, visitDate: day(2030, 3, 3) })).status).toBe(400);
    expect((await visit('htn', { ...base, systolic: 20 })).status).toBe(400);
    expect((await visit('htn', { ...base, diastolic: 1e9 })).status).toBe(400);
    expect((await visit('htn', { ...base, systolic: 'abc' })).status).toBe(400);
    expect((await visit('htn', { ...base, classification: '9', overrideReason: 'x' })).status).toBe(400);
    expect((await visit('htn', { ...base, residentId: 'nobody' })).status).toBe(404);
    const other = await resident({ org: SHIQIAO });
    await enrol('htn', other, peng, { enrolledAt: day(2029, 12, 1) });
    expect((await visit('htn', { ...base, residentId: other })).status).toBe(403);
    const notEnrolled = await resident();
    expect((await visit('htn', { ...base, residentId: notEnrolled })).status).toBe(400);
    expect((await visit('dm', { ...base, residentId: rid, glucose: 6 })).status).toBe(400);
    const xss = await visit('htn', { ...base, note: `<img src=x onerror=alert(1)>'; drop table health_plans; --` });
    expect(xss.status).toBe(200);
    expect((await t.call('POST', '/api/health/chronic/htn/visits', { token: deng, body: { data: 'not json' } })).status).toBe(400);
    expect((await t.call('POST', '/api/health/chronic/htn/visits', { token: deng, body: [] })).status).toBe(400);
    expect((await t.call('POST', '/api/health/chronic/htn/visits', { token: luoxin, body: { data: base } })).status).toBe(403);
    expect((await all(db, db.selectFrom('health_plans').select('id').limit(1))).length).toBe(1);
  });
});

describe('worklists, states and transfers', () => {
  it('本期应访 while the window is open, 逾期未访 after, 已访 once visited', async () => {
    const name = '窗口测试';
    const rid = await resident({ name });
    await enrol('htn', rid, deng, { enrolledAt: day(2029, 12, 1) });
    const list = async (l: string) =>
      (await t.call('GET', `/api/health/chronic/htn/worklists/${l}?keyword=${encodeURIComponent(name)}&mine=1`, { token: deng })).data;
    // Plan 1: 2030-03-01, window 01-30 .. 03-31 (end of day).
    clock.set(day(2030, 1, 29) + 86_399_000);
    expect((await list('due')).pagination.total).toBe(0);
    clock.set(day(2030, 1, 30));
    const due = await list('due');
    expect(due.pagination.total).toBe(1);
    expect(due.list[0]).toMatchObject({ residentId: rid, planState: 'due', planDate: day(2030, 3, 1), doctorName: '邓山' });
    expect(due.list[0].fullName).toBe('窗***');
    clock.set(day(2030, 4, 1) - 1);
    expect((await list('due')).pagination.total).toBe(1);
    clock.set(day(2030, 4, 1));
    expect((await list('due')).pagination.total).toBe(0);
    const overdue = await list('overdue');
    expect(overdue.list[0]).toMatchObject({ residentId: rid, planState: 'overdue' });
    // Plan 2 (2030-05-30, window 04-30 .. 06-29): visited → neither due nor overdue.
    clock.set(day(2030, 5, 10));
    expect((await list('due')).pagination.total).toBe(1);
    const v = await visit('htn', { residentId: rid, visitDate: day(2030, 5, 9), systolic: 120, diastolic: 70 });
    expect(v.status, v.msg).toBe(200);
    expect((await list('due')).pagination.total).toBe(0);
    const plans = await t.call('GET', `/api/health/chronic/htn/residents/${rid}/plans`, { token: deng });
    const states = plans.data.list
      .filter((p: { kind: string }) => p.kind === 'regular')
      .reverse()
      .map((p: { state: string }) => p.state);
    expect(states.slice(0, 3)).toEqual(['overdue', 'visited', 'upcoming']);
    // Scope: pengbo (another township) never sees it; the township doctor does.
    const pl = await t.call('GET', `/api/health/chronic/htn/worklists/overdue?keyword=${encodeURIComponent(name)}`, { token: peng });
    expect(pl.data.pagination.total).toBe(0);
    const xl = await t.call('GET', `/api/health/chronic/htn/worklists/overdue?keyword=${encodeURIComponent(name)}`, { token: xuli });
    expect(xl.data.pagination.total).toBe(1);
    clock.set(T0);
  });

  it('paging, sorting and bad worklist queries', async () => {
    const r = await t.call('GET', '/api/health/chronic/htn/worklists/overdue?pageSize=5&currentPage=2&sort=desc', { token: deng });
    expect(r.status).toBe(200);
    expect(r.data.list.length).toBeLessThanOrEqual(5);
    const ends = r.data.list.map((x: { windowEnd: number }) => x.windowEnd);
    expect([...ends].sort((a, b) => b - a)).toEqual(ends);
    for (const q of [
      'pageSize=100000',
      'currentPage=0',
      'sort=sideways',
      'keyword=' + 'x'.repeat(500),
      'evil=1',
      "orgId=1'%20or%20'1'='1",
    ]) {
      const bad = await t.call('GET', `/api/health/chronic/htn/worklists/due?${q}`, { token: deng });
      expect([200, 400], q).toContain(bad.status);
      if (bad.status === 200) expect(bad.data.pagination.total, q).toBe(0);
    }
    expect((await t.call('GET', '/api/health/chronic/htn/worklists/nope', { token: deng })).status).toBe(400);
    // The web client's cache-buster on every GET is not an unknown key.
    expect((await t.call('GET', '/api/health/chronic/htn/worklists/due?_t=1764115200000', { token: deng })).status).toBe(200);
    const sqlish = await t.call('GET', `/api/health/chronic/htn/worklists/overdue?keyword=${encodeURIComponent("%' or 1=1 --")}`, {
      token: deng,
    });
    expect(sqlish.data.pagination.total).toBe(0);
  });

  it('a confirmed transfer moves the enrolment and its open plans to the new unit and doctor', async () => {
    const rid = await resident();
    const e = await enrol('htn', rid, deng, { enrolledAt: day(2029, 6, 1) });
    await visit('htn', { residentId: rid, visitDate: day(2029, 11, 28), systolic: 120, diastolic: 70 });
    const PENGBO = '500000000000000027';
    await t.ctx.db.transaction().execute(async (trx) => {
      const tdb = trx.withoutPlugins() as unknown as Kysely<any>;
      await tdb.updateTable('lc_health_resident').set({ manageOrgId: SHIQIAO, doctorId: PENGBO }).where('id', '=', rid).execute();
      await announceResidentTransferred({
        ctx: t.ctx,
        db: tdb,
        transferId: 'tr-test',
        residentIds: [rid],
        fromOrgId: DONGFENG,
        toOrgId: SHIQIAO,
        toDoctorId: PENGBO,
        userId: DENGSHAN,
        at: T0,
      });
    });
    const en = await enrolmentOf(rid);
    expect(en).toMatchObject({ org_id: SHIQIAO, doctor_id: PENGBO });
    const plans = await plansOf(rid);
    const open = plans.filter((p) => !p.visit_id && Number(p.window_end) >= T0);
    const closed = plans.filter((p) => p.visit_id || Number(p.window_end) < T0);
    expect(open.length).toBeGreaterThan(0);
    expect(open.every((p) => p.org_id === SHIQIAO && p.doctor_id === PENGBO)).toBe(true);
    expect(closed.every((p) => p.org_id === DONGFENG)).toBe(true);
    expect((await t.call('GET', `/api/health/chronic/htn/enrolments/${e.id}`, { token: deng })).status).toBe(403);
    expect((await t.call('GET', `/api/health/chronic/htn/enrolments/${e.id}`, { token: peng })).status).toBe(200);
  });

  it('plan settings: read by the programme, changed by an administrator only, validated', async () => {
    const url = '/api/health/chronic/dm/settings/plans';
    expect((await t.call('GET', url, { token: deng })).data).toEqual({
      perYear: 4,
      cycleDays: 90,
      windowBeforeDays: 30,
      windowAfterDays: 30,
    });
    expect(
      (await t.call('PUT', url, { token: deng, body: { perYear: 6, cycleDays: 60, windowBeforeDays: 20, windowAfterDays: 20 } })).status,
    ).toBe(403);
    for (const body of [
      { perYear: 4, cycleDays: 90, windowBeforeDays: 45, windowAfterDays: 45 },
      { perYear: 4, cycleDays: -1, windowBeforeDays: 1, windowAfterDays: 1 },
      { perYear: 4, cycleDays: '90', windowBeforeDays: 1, windowAfterDays: 1 },
      { perYear: 4 },
      'x',
    ]) {
      const bad = await t.call('PUT', url, { token: admin, body });
      expect([400, 415], JSON.stringify(body)).toContain(bad.status);
    }
    const ok = await t.call('PUT', url, { token: admin, body: { perYear: 6, cycleDays: 60, windowBeforeDays: 20, windowAfterDays: 20 } });
    expect(ok.status).toBe(200);
    const rid = await resident();
    await enrol('dm', rid);
    const plans = await plansOf(rid);
    expect((Number(plans[0]!.plan_date) - day(2030, 3, 1)) / DAY_MS).toBe(60);
    expect((Number(plans[0]!.window_end) + 1 - Number(plans[0]!.plan_date)) / DAY_MS).toBe(21);
    await t.call('PUT', url, { token: admin, body: { perYear: 4, cycleDays: 90, windowBeforeDays: 30, windowAfterDays: 30 } });
  });

  it('a changed cycle books the upcoming plans again; open and visited plans keep their windows', async () => {
    clock.set(T0);
    const url = '/api/health/chronic/dm/settings/plans';
    const rid = await resident();
    await enrol('dm', rid); // enrolled at T0: plans 90, 180, ... days on, none open yet
    const offsets = async () =>
      (await plansOf(rid)).filter((p) => p.kind === 'regular').map((p) => (Number(p.plan_date) - day(2030, 3, 1)) / DAY_MS);
    expect((await offsets()).slice(0, 3)).toEqual([90, 180, 270]);
    // Into the first window: that plan is open and stays; the ones after it move to the new cycle.
    clock.set(day(2030, 5, 15));
    const ok = await t.call('PUT', url, { token: admin, body: { perYear: 6, cycleDays: 60, windowBeforeDays: 20, windowAfterDays: 20 } });
    expect(ok.status, ok.msg).toBe(200);
    expect((await offsets()).slice(0, 4)).toEqual([90, 150, 210, 270]);
    const seqs = (await plansOf(rid)).filter((p) => p.kind === 'regular').map((p) => Number(p.seq));
    expect(seqs.slice(0, 4)).toEqual([1, 2, 3, 4]);
    await t.call('PUT', url, { token: admin, body: { perYear: 4, cycleDays: 90, windowBeforeDays: 30, windowAfterDays: 30 } });
    clock.set(T0);
  });

  it('the follow-up list across programmes, masked and scoped', async () => {
    const r = await t.call('GET', '/api/health/followup/visits?pageSize=10', { token: deng });
    expect(r.status).toBe(200);
    expect(r.data.pagination.total).toBeGreaterThan(0);
    expect(r.data.list.every((x: { orgId: string }) => x.orgId === DONGFENG)).toBe(true);
    expect(r.data.list.every((x: { phone: string }) => x.phone.includes('*'))).toBe(true);
    const dm = await t.call('GET', '/api/health/followup/visits?programme=dm&classification=2&pageSize=5', { token: xuli });
    expect(dm.status).toBe(200);
    expect(dm.data.list.every((x: { programme: string; classification: string }) => x.programme === 'dm' && x.classification === '2')).toBe(
      true,
    );
    expect((await t.call('GET', '/api/health/followup/visits?programme=cancer', { token: deng })).status).toBe(400);
  });
});
