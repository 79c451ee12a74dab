import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '@medalliance/contract';
import { setClock, testClock, type TestClock } from '../../../lib/clock.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { announceResidentTransferred } from '../records/transfer-events.ts';
import { all } from '../plans/rows.ts';

/**
 * Severe-mental-disorder management end to end through the API, on residents
 * of our own in the demo villages, with the clock fixed: enrolment and its
 * first plan, every classification and its next plan (boundaries risk 2/3,
 * insight), override with reason, settings, worklists, stricter privacy (scope,
 * the menu, audit on view, masking, reveal), KPIs against a hand computation,
 * transfers, bad input.
 */

const T0 = Date.UTC(2030, 5, 1, 8); // 2030-06-01 08:00 UTC
const day = (y: number, m: number, d: number) => Date.UTC(y, m - 1, d);
const D0 = day(2030, 6, 1);
const DONGFENG = '100000000000000033'; // dengshan's village
const LIULIN = '100000000000000034'; // caoxia's village
const SHIQIAO = '100000000000000043'; // pengbo's village
const DENGSHAN = '500000000000000025';

let t: TestApp;
let db: Kysely<any>;
let clock: TestClock;
let admin: string;
let deng: string;
let peng: string;
let luoxin: string;
let caoxia: string;

let seq = 0;
async function resident(org = DONGFENG): Promise<string> {
  seq++;
  const id = `psyr${String(seq).padStart(14, '0')}`;
  await db
    .insertInto('lc_health_resident')
    .values({
      id,
      creator_time: T0,
      flow_state: 0,
      fullName: `测精${'甲乙丙丁戊己庚辛壬癸'[seq % 10]}${seq}`,
      idNumber: `36990019700101${String(2000 + seq).slice(-4)}`,
      sex: '1',
      birthDate: day(1975, 1, 1),
      phone: `1370000${String(1000 + seq).slice(-4)}`,
      manageOrgId: org,
      doctorId: DENGSHAN,
      archiveState: 1,
    })
    .execute();
  return id;
}

async function enrol(residentId: string, token = deng, extra: Record<string, unknown> = {}) {
  const r = await t.call('POST', '/api/health/psy/enrolments', {
    token,
    body: { residentId, diagnosis: '1', guardianName: '张某国', guardianPhone: '13900001234', guardianRelation: '父亲', ...extra },
  });
  expect(r.status, r.msg).toBe(200);
  return r.data as { id: string; enrolledAt: number };
}

const visit = (data: Record<string, unknown>, token = deng) =>
  t.call('POST', '/api/health/psy/visits', { token, body: { data: { visitDate: D0, reached: '1', ...data } } });

async function plansOf(residentId: string) {
  return all(db, db.selectFrom('health_plans').selectAll().where('resident_id', '=', residentId).orderBy('window_start'));
}
async function enrolmentOf(residentId: string) {
  const [r] = await all(db, db.selectFrom('health_psy_enrolments').selectAll().where('resident_id', '=', residentId));
  return r!;
}

beforeAll(async () => {
  t = await createTestApp();
  db = t.ctx.db.withoutPlugins() as unknown as Kysely<any>;
  [admin, deng, peng, luoxin, caoxia] = (await Promise.all(['admin', 'dengshan', 'pengbo', 'luoxin', 'caoxia'].map((a) => t.login(a)))) as [
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

describe('enrolment', () => {
  it('enrols with the first visit due within 14 days, a timeline entry and the history', async () => {
    const rid = await resident();
    const e = await enrol(rid);
    expect(e.enrolledAt).toBe(T0);
    const plans = await plansOf(rid);
    expect(plans).toHaveLength(1);
    expect(plans[0]).toMatchObject({ programme: 'psy', kind: 'first', org_id: DONGFENG, doctor_id: DENGSHAN });
    expect(Number(plans[0]!.window_start)).toBe(D0);
    expect(Number(plans[0]!.window_end)).toBe(D0 + 15 * DAY_MS - 1);
    const tl = await all(db, db.selectFrom('health_timeline').selectAll().where('resident_id', '=', rid));
    expect(tl.map((x) => x.kind)).toEqual(['psyEnrol']);
    // The timeline, read by every records user, does not name the diagnosis.
    expect(String(tl[0]!.title)).not.toContain('精神');
    const d = await t.call('GET', `/api/health/psy/enrolments/${e.id}`, { token: deng });
    expect(d.data.history[0]).toMatchObject({ field: 'outcome', newValue: '0' });
    expect(d.data.plans[0].state).toBe('due');
  });

  it('refuses a second enrolment (409), another unit (403), unknown resident (404), unknown diagnosis and bad bodies (400)', async () => {
    const rid = await resident();
    await enrol(rid);
    const again = await t.call('POST', '/api/health/psy/enrolments', { token: deng, body: { residentId: rid, diagnosis: '1' } });
    expect(again.status).toBe(409);
    const other = await resident(SHIQIAO);
    expect((await t.call('POST', '/api/health/psy/enrolments', { token: deng, body: { residentId: other, diagnosis: '1' } })).status).toBe(
      403,
    );
    expect(
      (await t.call('POST', '/api/health/psy/enrolments', { token: deng, body: { residentId: 'nobody', diagnosis: '1' } })).status,
    ).toBe(404);
    const fresh = await resident();
    const bad = await t.call('POST', '/api/health/psy/enrolments', { token: deng, body: { residentId: fresh, diagnosis: '99' } });
    expect(bad.status).toBe(400);
    expect(bad.msg).toContain('诊断');
    for (const body of [
      {},
      { residentId: fresh },
      { residentId: fresh, diagnosis: '1', extra: 1 },
      { residentId: 'x'.repeat(500), diagnosis: '1' },
    ])
      expect((await t.call('POST', '/api/health/psy/enrolments', { token: deng, body })).status).toBe(400);
    const future = await t.call('POST', '/api/health/psy/enrolments', {
      token: deng,
      body: { residentId: fresh, diagnosis: '2', diagnosedAt: T0 + 3 * DAY_MS },
    });
    expect(future.status).toBe(400);
    const dx = await t.call('GET', '/api/health/psy/diagnoses', { token: deng });
    expect(dx.data.list.map((x: { name: string }) => x.name)).toEqual([
      '精神分裂症',
      '分裂情感性障碍',
      '偏执性精神病',
      '双相情感障碍',
      '癫痫所致精神障碍',
      '精神发育迟滞伴发精神障碍',
    ]);
  });
});

describe('classification and the next plan', () => {
  const cases: [string, Record<string, unknown>, string, string, number][] = [
    ['risk 3 (boundary) → 不稳定, two weeks', { riskLevel: '3', insight: '1' }, '1', 'unstable', 14],
    ['risk 5 → 不稳定', { riskLevel: '5', insight: '1' }, '1', 'unstable', 14],
    ['risk 2 (boundary) → 基本稳定, two months', { riskLevel: '2', insight: '1' }, '2', 'basic', 60],
    ['risk 1 → 基本稳定', { riskLevel: '1', insight: '1' }, '2', 'basic', 60],
    ['risk 0, insight incomplete → 基本稳定', { riskLevel: '0', insight: '2' }, '2', 'basic', 60],
    ['risk 0, no insight → 不稳定', { riskLevel: '0', insight: '3' }, '1', 'unstable', 14],
    ['risk 0, full insight, severe drug reaction → 不稳定', { riskLevel: '0', insight: '1', drugReaction: '2' }, '1', 'unstable', 14],
    ['risk 0, full insight, mild drug reaction → 稳定', { riskLevel: '0', insight: '1', drugReaction: '1' }, '3', 'stable', 90],
    ['risk 0, full insight → 稳定, three months', { riskLevel: '0', insight: '1' }, '3', 'stable', 90],
    ['not reached → 未访到, retry within two weeks', { reached: '0' }, '0', 'unreached', 14],
  ];
  for (const [name, values, cls, kind, days] of cases)
    it(name, async () => {
      const rid = await resident();
      await enrol(rid);
      const live = await t.call('POST', '/api/health/psy/classify', { token: deng, body: { residentId: rid, ...values } });
      expect(live.data.suggested).toBe(cls);
      const r = await visit({ residentId: rid, ...values });
      expect(r.status, r.msg).toBe(200);
      expect(r.data.record).toMatchObject({ suggestedClassification: cls, classification: cls, nextVisitDate: D0 + days * DAY_MS });
      const plans = await plansOf(rid);
      // The first plan (window from enrolment) is filled by the visit; the next one is open.
      expect(plans.find((p) => p.kind === 'first')!.visit_id).toBe(r.data.id);
      const next = plans.find((p) => p.kind === kind)!;
      expect(Number(next.plan_date)).toBe(D0 + days * DAY_MS);
      expect(Number(next.window_start)).toBe(D0);
      expect(Number(next.window_end)).toBe(D0 + (days + 1) * DAY_MS - 1);
      expect(next.visit_id).toBeNull();
      const e = await enrolmentOf(rid);
      expect(e.last_classification).toBe(cls);
    });

  it('refuses a missing insight, a risk level out of 0–5 and a future date; an override needs a reason, which is stored', async () => {
    const rid = await resident();
    await enrol(rid);
    const missing = await visit({ residentId: rid, riskLevel: '0' });
    expect(missing.status).toBe(400);
    expect(missing.msg).toContain('自知力');
    expect((await visit({ residentId: rid, riskLevel: '7', insight: '1' })).status).toBe(400);
    expect((await visit({ residentId: rid, riskLevel: '0', insight: '1', visitDate: D0 + 3 * DAY_MS })).status).toBe(400);
    expect((await visit({ residentId: rid, riskLevel: '0', insight: '1', classification: '9' })).status).toBe(400);
    const noReason = await visit({ residentId: rid, riskLevel: '3', insight: '1', classification: '3' });
    expect(noReason.status).toBe(400);
    expect(noReason.msg).toContain('修改原因');
    const ok = await visit({
      residentId: rid,
      riskLevel: '3',
      insight: '1',
      classification: '3',
      overrideReason: '家属看护到位，已服药稳定',
    });
    expect(ok.status, ok.msg).toBe(200);
    expect(ok.data.record).toMatchObject({ suggestedClassification: '1', classification: '3', overrideReason: '家属看护到位，已服药稳定' });
    // The plan follows the doctor's classification.
    expect(ok.data.plans.find((p: { kind: string }) => p.kind === 'stable').planDate).toBe(D0 + 90 * DAY_MS);
    // An unknown resident and an unenrolled one.
    expect((await visit({ residentId: 'nobody', riskLevel: '0', insight: '1' })).status).toBe(404);
    expect((await visit({ residentId: await resident(), riskLevel: '0', insight: '1' })).status).toBe(400);
  });

  it('the next visit fills the plan, replaces the facts the worklists read; an edit re-plans', async () => {
    const rid = await resident();
    await enrol(rid);
    const v1 = await visit({ residentId: rid, riskLevel: '4', insight: '2', lockState: '2' });
    expect(v1.status, v1.msg).toBe(200);
    let e = await enrolmentOf(rid);
    expect(Number(e.last_risk_level)).toBe(4);
    expect(Number(e.locked)).toBe(1);
    const wl = async (list: string) =>
      (await t.call('GET', `/api/health/psy/worklists/${list}?pageSize=200`, { token: deng })).data.list.map(
        (x: { residentId: string }) => x.residentId,
      );
    expect(await wl('highRisk')).toContain(rid);
    expect(await wl('unstable')).toContain(rid);
    expect(await wl('locked')).toContain(rid);
    expect(await wl('hospital')).not.toContain(rid);
    clock.set(T0 + 10 * DAY_MS);
    const v2 = await visit({
      residentId: rid,
      visitDate: D0 + 10 * DAY_MS,
      riskLevel: '0',
      insight: '1',
      lockState: '3',
      hospitalState: '2',
    });
    expect(v2.status, v2.msg).toBe(200);
    const plans = await plansOf(rid);
    expect(plans.find((p) => p.kind === 'unstable')!.visit_id).toBe(v2.data.id);
    e = await enrolmentOf(rid);
    expect(Number(e.last_risk_level)).toBe(0);
    expect(Number(e.locked)).toBe(0);
    expect(Number(e.in_hospital)).toBe(1);
    expect(await wl('highRisk')).not.toContain(rid);
    expect(await wl('unstable')).not.toContain(rid);
    expect(await wl('hospital')).toContain(rid);
    // Editing the last visit to risk 3: its stable plan is replaced by a two-week one.
    const put = await t.call('PUT', `/api/health/psy/visits/${v2.data.id}`, {
      token: deng,
      body: { data: { ...v2.data.record, riskLevel: '3', classification: null, overrideReason: null } },
    });
    expect(put.status, put.msg).toBe(200);
    const after = await plansOf(rid);
    expect(after.filter((p) => p.kind === 'stable')).toHaveLength(0);
    expect(after.filter((p) => p.kind === 'unstable' && p.visit_id === null).map((p) => Number(p.plan_date))).toEqual([D0 + 24 * DAY_MS]);
    // Overdue once the window has passed without a visit.
    clock.set(T0 + 30 * DAY_MS);
    expect(await wl('overdue')).toContain(rid);
    clock.set(T0);
  });

  it('the day counts are programme settings: administrator only, validated', async () => {
    const base = { unstableDays: 14, basicDays: 60, stableDays: 90, unreachedDays: 14, firstDays: 14 };
    expect((await t.call('GET', '/api/health/psy/settings', { token: deng })).data).toEqual(base);
    expect((await t.call('PUT', '/api/health/psy/settings', { token: deng, body: { ...base, unstableDays: 10 } })).status).toBe(403);
    expect((await t.call('PUT', '/api/health/psy/settings', { token: admin, body: { ...base, unstableDays: 0 } })).status).toBe(400);
    expect((await t.call('PUT', '/api/health/psy/settings', { token: admin, body: { ...base, basicDays: 200 } })).status).toBe(400);
    expect((await t.call('PUT', '/api/health/psy/settings', { token: admin, body: { ...base, unstableDays: '10' } })).status).toBe(400);
    const ok = await t.call('PUT', '/api/health/psy/settings', { token: admin, body: { ...base, unstableDays: 10 } });
    expect(ok.status, ok.msg).toBe(200);
    const rid = await resident();
    await enrol(rid);
    const v = await visit({ residentId: rid, riskLevel: '3', insight: '1' });
    expect(v.data.record.nextVisitDate).toBe(D0 + 10 * DAY_MS);
    await t.call('PUT', '/api/health/psy/settings', { token: admin, body: base });
  });
});

describe('stricter privacy', () => {
  it('another unit sees nothing (403 on the record, absent from lists); a user without the menu gets 403 everywhere', async () => {
    const rid = await resident();
    const e = await enrol(rid);
    const v = await visit({ residentId: rid, riskLevel: '1', insight: '1' });
    expect((await t.call('GET', `/api/health/psy/enrolments/${e.id}`, { token: peng })).status).toBe(403);
    expect((await t.call('GET', `/api/health/psy/enrolments/${e.id}/visits`, { token: peng })).status).toBe(403);
    expect((await t.call('GET', `/api/health/psy/visits/${v.data.id}`, { token: peng })).status).toBe(403);
    expect((await visit({ residentId: rid, riskLevel: '0', insight: '1' }, peng)).status).toBe(403);
    const list = await t.call('GET', '/api/health/psy/patients?pageSize=200', { token: peng });
    expect(list.data.list.map((x: { residentId: string }) => x.residentId)).not.toContain(rid);
    for (const url of [
      '/api/health/psy/patients',
      '/api/health/psy/worklists/highRisk',
      `/api/health/psy/enrolments/${e.id}`,
      `/api/health/psy/residents/${rid}/plans`,
      '/api/health/psy/kpi',
      '/api/health/psy/form',
    ])
      expect((await t.call('GET', url, { token: luoxin })).status, url).toBe(403);
    expect((await t.call('GET', '/api/health/psy/patients', {})).status).toBe(401);
  });

  it('audits every view of the record, the visit list, a visit and the plans; lists are masked until revealed with a reason', async () => {
    const rid = await resident();
    const e = await enrol(rid);
    const v = await visit({ residentId: rid, riskLevel: '2', insight: '1' });
    const views = async () =>
      (await all(db, db.selectFrom('health_audit_log').selectAll().where('resident_id', '=', rid).where('action', '=', 'view'))).map((a) =>
        String(a.target),
      );
    expect(await views()).toEqual([]);
    await t.call('GET', `/api/health/psy/enrolments/${e.id}`, { token: deng });
    await t.call('GET', `/api/health/psy/enrolments/${e.id}/visits`, { token: deng });
    await t.call('GET', `/api/health/psy/visits/${v.data.id}`, { token: deng });
    await t.call('GET', `/api/health/psy/residents/${rid}/plans`, { token: deng });
    expect((await views()).sort()).toEqual([`psyEnrolment:${e.id}`, 'psyPlans', `psyVisits:${e.id}`, `psyFollowup:${v.data.id}`].sort());
    const visits = await t.call('GET', `/api/health/psy/enrolments/${e.id}/visits`, { token: deng });
    expect(visits.data.list[0]).toMatchObject({ riskLevel: '2', classification: '2' });
    const list = await t.call('GET', '/api/health/psy/patients?pageSize=200', { token: deng });
    const row = list.data.list.find((x: { residentId: string }) => x.residentId === rid);
    expect(row.fullName).toMatch(/\*/);
    expect(row.idNumber).toMatch(/\*/);
    expect(row.guardianName).toBe('张**');
    expect(row.diagnosisName).toBe('精神分裂症');
    expect((await t.call('POST', `/api/health/psy/residents/${rid}/reveal`, { token: deng, body: {} })).status).toBe(400);
    const rev = await t.call('POST', `/api/health/psy/residents/${rid}/reveal`, { token: deng, body: { reason: '入户随访核对身份' } });
    expect(rev.status, rev.msg).toBe(200);
    expect(rev.data.guardianName).toBe('张某国');
    const [audit] = await all(
      db,
      db.selectFrom('health_audit_log').selectAll().where('resident_id', '=', rid).where('action', '=', 'reveal'),
    );
    expect(audit).toMatchObject({ reason: '入户随访核对身份' });
  });

  it('moves the enrolment with a confirmed transfer', async () => {
    const rid = await resident();
    const e = await enrol(rid);
    await db.transaction().execute(async (trx) =>
      announceResidentTransferred({
        ctx: t.ctx,
        db: trx,
        transferId: 'tr-psy-1',
        residentIds: [rid],
        fromOrgId: DONGFENG,
        toOrgId: SHIQIAO,
        toDoctorId: '500000000000000027',
        userId: 'admin',
        at: T0,
      }),
    );
    const row = await enrolmentOf(rid);
    expect(row).toMatchObject({ org_id: SHIQIAO, doctor_id: '500000000000000027' });
    expect((await t.call('GET', `/api/health/psy/enrolments/${e.id}`, { token: peng })).status).toBe(200);
    expect((await t.call('GET', `/api/health/psy/enrolments/${e.id}`, { token: deng })).status).toBe(403);
    const [open] = await all(db, db.selectFrom('health_plans').selectAll().where('enrolment_id', '=', e.id));
    expect(open!.org_id).toBe(SHIQIAO);
  });

  it('answers bad input with the error envelope', async () => {
    for (const [method, url, body] of [
      ['GET', '/api/health/psy/worklists/nonsense', undefined],
      ['GET', '/api/health/psy/patients?pageSize=100000', undefined],
      ['GET', '/api/health/psy/enrolments/unknown-id', undefined],
      ['GET', '/api/health/psy/visits/unknown-id', undefined],
      ['POST', '/api/health/psy/classify', { residentId: 'x', riskLevel: 9 }],
      ['POST', '/api/health/psy/enrolments/unknown/outcome', { outcome: 1, reason: 'x' }],
      ['POST', '/api/health/psy/visits', { data: 'nope' }],
      ['GET', '/api/health/psy/kpi?year=abc', undefined],
      ['GET', '/api/health/psy/kpi/patients?measure=all', undefined],
    ] as const) {
      const r = await t.call(method, url, { token: deng, body });
      expect(r.status, url).toBeGreaterThanOrEqual(400);
      expect(r.status, url).toBeLessThan(500);
      expect(typeof r.msg).toBe('string');
    }
  });
});

describe('outcome', () => {
  it('暂时失访 and 终止管理 need a reason; 终止管理 drops the open plans and refuses further visits', async () => {
    const rid = await resident();
    const e = await enrol(rid);
    await visit({ residentId: rid, riskLevel: '0', insight: '1' });
    expect((await t.call('POST', `/api/health/psy/enrolments/${e.id}/outcome`, { token: deng, body: { outcome: 2 } })).status).toBe(400);
    const r = await t.call('POST', `/api/health/psy/enrolments/${e.id}/outcome`, { token: deng, body: { outcome: 2, reason: '死亡' } });
    expect(r.status, r.msg).toBe(200);
    expect((await plansOf(rid)).filter((p) => p.visit_id === null)).toHaveLength(0);
    expect((await visit({ residentId: rid, riskLevel: '0', insight: '1' })).status).toBe(400);
  });
});

describe('KPIs', () => {
  it('规范管理率 and 稳定率 by unit match a hand computation, with drill-down', async () => {
    clock.set(Date.UTC(2030, 11, 15, 8));
    const enrolAt = day(2030, 1, 5);
    const [a, b, c, d] = [await resident(LIULIN), await resident(LIULIN), await resident(LIULIN), await resident(LIULIN)];
    for (const rid of [a, b, c, d]) await enrol(rid, admin, { enrolledAt: enrolAt });
    const at = (rid: string, date: number, values: Record<string, unknown>) =>
      visit({ residentId: rid, visitDate: date, ...values }, admin);
    // A: four reached visits in 2030, the last 稳定 → standard and stable.
    for (const m of [2, 4, 6, 8]) expect((await at(a, day(2030, m, 1), { riskLevel: '0', insight: '1' })).status).toBe(200);
    // B: one visit in 2029 (outside the year), three in 2030, the last 不稳定 → followed, neither standard nor stable.
    await at(b, day(2029, 12, 20), { riskLevel: '0', insight: '1' });
    for (const m of [3, 5]) await at(b, day(2030, m, 1), { riskLevel: '0', insight: '1' });
    await at(b, day(2030, 7, 1), { riskLevel: '3', insight: '1' });
    // C: only failed attempts (未访到), four of them → managed, not followed, not standard.
    for (const m of [2, 4, 6, 8]) await at(c, day(2030, m, 1), { reached: '0' });
    // D: 终止管理 → not managed.
    await t.call('POST', `/api/health/psy/enrolments/${(await enrolmentOf(d)).id}/outcome`, {
      token: admin,
      body: { outcome: 2, reason: '迁出' },
    });
    const k = await t.call('GET', '/api/health/psy/kpi?year=2030', { token: caoxia });
    expect(k.status, k.msg).toBe(200);
    expect(k.data.rows).toHaveLength(1);
    expect(k.data.rows[0]).toMatchObject({
      orgId: LIULIN,
      managed: 3,
      standard: 1,
      standardRate: 33.3,
      followed: 2,
      stable: 1,
      stableRate: 50,
    });
    // 2029: none was enrolled yet (B's visit predates the enrolment) → nobody managed, no rates.
    const k29 = await t.call('GET', '/api/health/psy/kpi?year=2029', { token: caoxia });
    expect(k29.data.total).toMatchObject({ managed: 0, standard: 0, standardRate: null, followed: 0, stableRate: null });
    const drill = await t.call('GET', `/api/health/psy/kpi/patients?year=2030&orgId=${LIULIN}&measure=followed`, { token: caoxia });
    expect(drill.data.list.map((x: { residentId: string }) => x.residentId).sort()).toEqual([a, b].sort());
    expect(drill.data.list[0].fullName).toMatch(/\*/);
    const std = await t.call('GET', `/api/health/psy/kpi/patients?year=2030&measure=standard`, { token: caoxia });
    expect(std.data.list.map((x: { residentId: string }) => x.residentId)).toEqual([a]);
    // dengshan's scope does not hold 柳林村.
    const other = await t.call('GET', '/api/health/psy/kpi?year=2030', { token: deng });
    expect(other.data.rows.map((r: { orgId: string }) => r.orgId)).not.toContain(LIULIN);
    clock.set(T0);
  });
});
