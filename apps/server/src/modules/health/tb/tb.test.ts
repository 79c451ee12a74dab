import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TB_SETTINGS } from '@medalliance/contract';
import { setClock, testClock, type TestClock } from '../../../lib/clock.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { announceResidentTransferred } from '../records/transfer-events.ts';
import { all } from '../plans/rows.ts';

/**
 * Pulmonary tuberculosis management end to end through the API, on residents
 * of our own in the demo villages, with the clock fixed: notification, the
 * 72-hour boundary (71:59 / 72:01), the first visit and its plans (10 days,
 * then 30), transitions refused from the wrong state, missed doses by phase,
 * the phase switch, closure rates against hand values, worklists, by-unit
 * KPIs, settings, scope and 403, reveal, transfer, bad input.
 */

const H = 3_600_000;
const M = 60_000;
const DAY = 86_400_000;
const T0 = Date.UTC(2030, 2, 1, 8); // 2030-03-01 08:00 UTC
const DONGFENG = '100000000000000033'; // dengshan's village
const SHIQIAO = '100000000000000043'; // pengbo's village
const DENGSHAN = '500000000000000025';
const B = '/api/health/tb';

let t: TestApp;
let db: Kysely<any>;
let clock: TestClock;
let admin: string;
let deng: string;
let peng: string;
let xuli: string;
let luoxin: string;

let seq = 0;
async function resident(org = DONGFENG): Promise<string> {
  seq++;
  const id = `tb${String(seq).padStart(16, '0')}`;
  await db
    .insertInto('lc_health_resident')
    .values({
      id,
      creator_time: T0,
      flow_state: 0,
      fullName: `结核${'甲乙丙丁戊己庚辛壬癸'[seq % 10]}${seq}`,
      idNumber: `36990019700101${String(2000 + seq).slice(-4)}`,
      sex: '1',
      birthDate: Date.UTC(1970, 0, 1),
      phone: `1390000${String(2000 + seq).slice(-4)}`,
      manageOrgId: org,
      doctorId: DENGSHAN,
      archiveState: 1,
    })
    .execute();
  return id;
}

async function notify(residentId: string, notifiedAt: number, extra: Record<string, unknown> = {}, token = deng) {
  const r = await t.call('POST', `${B}/cases`, {
    token,
    body: { residentId, notifiedAt, notifyOrg: '县疾控中心结核病门诊', patientType: '1', phase: '1', ...extra },
  });
  expect(r.status, r.msg).toBe(200);
  return r.data as { id: string; state: number };
}

const save = (form: 'first' | 'visit' | 'closure', data: Record<string, unknown>, token = deng) =>
  t.call('POST', `${B}/forms/${form}/records`, { token, body: { data } });

async function firstVisit(caseId: string, visitTime: number, token = deng) {
  const r = await save('first', { caseId, visitTime, visitMethod: '2', usage: '1', supervisor: '2' }, token);
  expect(r.status, r.msg).toBe(200);
  return r.data as { id: string; record: Record<string, any>; case: Record<string, any> };
}

const followUp = (caseId: string, visitDate: number, missedDoses: number, token = deng) =>
  save('visit', { caseId, visitDate, visitMethod: '2', usage: '1', missedDoses }, token);

const list = async (name: string, token = deng, q = '') => {
  const r = await t.call('GET', `${B}/worklists/${name}?pageSize=200${q}`, { token });
  expect(r.status, r.msg).toBe(200);
  return r.data as { list: Record<string, any>[]; pagination: { total: number } };
};

const caseRow = async (id: string) => (await all(db, db.selectFrom('health_tb_cases').selectAll().where('id', '=', id)))[0]!;
const plansOf = (caseId: string) =>
  all(db, db.selectFrom('health_plans').selectAll().where('enrolment_id', '=', caseId).where('programme', '=', 'tb').orderBy('plan_date'));

beforeAll(async () => {
  t = await createTestApp();
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

describe('notification and the 72-hour first visit', () => {
  it('lists a 待入户 case with hours left at 71:59 and overdue at 72:01; the first visit’s flag follows the same boundary', async () => {
    const a = await notify(await resident(), T0 - 71 * H - 59 * M);
    const b = await notify(await resident(), T0 - 72 * H - M);
    expect(a.state).toBe(0);
    const rows = (await list('first72')).list;
    const ra = rows.find((r) => r.caseId === a.id)!;
    const rb = rows.find((r) => r.caseId === b.id)!;
    expect(ra.overdue).toBe(false);
    expect(ra.hoursLeft).toBe(0);
    expect(rb.overdue).toBe(true);
    expect(rb.deadline).toBe(T0 - M);
    // Masked name and ID number.
    expect(ra.fullName).toMatch(/\*/u);
    expect(ra.idNumber).toMatch(/\*/u);
    // The oldest notification first.
    expect(rows.findIndex((r) => r.caseId === b.id)).toBeLessThan(rows.findIndex((r) => r.caseId === a.id));

    const fa = await firstVisit(a.id, T0);
    const fb = await firstVisit(b.id, T0);
    expect(fa.record.inTime).toBe(1);
    expect(fb.record.inTime).toBe(0);
    expect(fa.case.state).toBe(1);
    const after = (await list('first72')).list.map((r) => r.caseId);
    expect(after).not.toContain(a.id);
    expect(after).not.toContain(b.id);
    const history = await t.call('GET', `${B}/cases/${a.id}`, { token: deng });
    expect(history.data.history.map((h: any) => `${h.oldValue ?? ''}>${h.newValue}`)).toEqual(expect.arrayContaining(['>0', '0>1']));
  });

  it('books plans every 10 days in the intensive phase and every 30 in the continuation phase', async () => {
    const c = await notify(await resident(), T0 - 2 * H);
    const f = await firstVisit(c.id, T0);
    const start = Date.UTC(2030, 2, 1);
    const plans = await plansOf(c.id);
    expect(plans.map((p) => (Number(p.plan_date) - start) / DAY)).toEqual([10, 20, 30, 40, 50, 60, 90, 120, 150, 180]);
    expect(plans.map((p) => p.kind)).toEqual([
      'tbInt',
      'tbInt',
      'tbInt',
      'tbInt',
      'tbInt',
      'tbInt',
      'tbCont',
      'tbCont',
      'tbCont',
      'tbCont',
    ]);
    expect(f.record.nextVisitDate).toBe(start + 10 * DAY);
    const row = await caseRow(c.id);
    expect(Number(row.intensive_end)).toBe(start + 60 * DAY);
    expect(Number(row.course_end)).toBe(start + 180 * DAY);
    // 复治 notified in the continuation phase: monthly plans over 240 − 60 days.
    const d = await notify(await resident(), T0 - H, { patientType: '2', phase: '2' });
    await firstVisit(d.id, T0);
    expect((await plansOf(d.id)).map((p) => (Number(p.plan_date) - start) / DAY)).toEqual([30, 60, 90, 120, 150, 180]);
  });

  it('refuses transitions from the wrong state', async () => {
    const c = await notify(await resident(), T0 - H);
    // Follow-up and closure of a 待入户 case.
    let r = await followUp(c.id, Date.UTC(2030, 2, 1), 0);
    expect(r.status).toBe(400);
    expect(r.msg).toContain('待入户');
    r = await save('closure', { caseId: c.id, stopDate: Date.UTC(2030, 2, 1), closeReason: '1' });
    expect(r.status).toBe(400);
    await firstVisit(c.id, T0);
    // A second first visit of a managed case.
    r = await save('first', { caseId: c.id, visitTime: T0, visitMethod: '2', usage: '1', supervisor: '2' });
    expect(r.status).toBe(400);
    expect(r.msg).toContain('治疗管理中');
    // A first visit before the notification, in the future.
    const d = await notify(await resident(), T0 - H);
    r = await save('first', { caseId: d.id, visitTime: T0 - 2 * H, visitMethod: '2', usage: '1', supervisor: '2' });
    expect(r.status).toBe(400);
    r = await save('first', { caseId: d.id, visitTime: T0 + DAY, visitMethod: '2', usage: '1', supervisor: '2' });
    expect(r.status).toBe(400);
    // A second open case of the same resident.
    const again = await t.call('POST', `${B}/cases`, {
      token: deng,
      body: { residentId: (await caseRow(d.id)).resident_id, notifiedAt: T0, notifyOrg: 'x', patientType: '1', phase: '1' },
    });
    expect(again.status).toBe(409);
  });
});

describe('follow-ups, phases, closure', () => {
  it('missed doses put a case on 漏服药 in its phase; the phase switch rebooks monthly', async () => {
    const c = await notify(await resident(), T0 - H);
    await firstVisit(c.id, T0);
    clock.set(T0 + 10 * DAY);
    expect((await list('due')).list.map((r) => r.caseId)).toContain(c.id);
    const v = await followUp(c.id, Date.UTC(2030, 2, 11), 2);
    expect(v.status, v.msg).toBe(200);
    expect(v.data.record.phase).toBe('1');
    expect(v.data.record.treatmentMonth).toBe(1);
    expect(v.data.record.nextVisitDate).toBe(Date.UTC(2030, 2, 21));
    expect((await list('due')).list.map((r) => r.caseId)).not.toContain(c.id);
    const missed = (await list('missed')).list.find((r) => r.caseId === c.id);
    expect(missed?.missedDoses).toBe(2);
    // Bad missed doses.
    expect((await followUp(c.id, Date.UTC(2030, 2, 11), -1)).status).toBe(400);

    clock.set(T0 + 15 * DAY);
    const sw = await t.call('POST', `${B}/cases/${c.id}/continuation`, { token: deng });
    expect(sw.status, sw.msg).toBe(200);
    const start = Date.UTC(2030, 2, 1);
    const open = (await plansOf(c.id)).filter((p) => !p.visit_id).map((p) => (Number(p.plan_date) - start) / DAY);
    expect(open).toEqual([45, 75, 105, 135, 165]);
    // The intensive phase's missed doses are no longer of the current phase.
    expect((await list('missed')).list.map((r) => r.caseId)).not.toContain(c.id);
    expect((await t.call('POST', `${B}/cases/${c.id}/continuation`, { token: deng })).status).toBe(400);
    clock.set(T0);
  });

  it('closure computes 规律服药率 and 访视完成率 against hand values and closes the case', async () => {
    const c = await notify(await resident(), T0 - H);
    await firstVisit(c.id, T0);
    const d = (n: number) => Date.UTC(2030, 2, 1) + n * DAY;
    clock.set(d(71));
    for (const [n, missed] of [
      [10, 1],
      [20, 2],
      [30, 0],
    ] as const)
      expect((await followUp(c.id, d(n), missed)).status).toBe(200);
    const r = await save('closure', { caseId: c.id, stopDate: d(70), closeReason: '3' });
    expect(r.status, r.msg).toBe(200);
    // Plans up to day 70: 10 … 60 = 6, plus the first visit → 7 due; 3 filled + first = 4 made: 57.1 %.
    // Doses: 70 days daily = 70 due, 3 missed = 67 taken: 95.7 %.
    expect(r.data.record, JSON.stringify(r.data.record)).toMatchObject({
      visitsDue: 7,
      visitsMade: 4,
      dosesDue: 70,
      dosesTaken: 67,
      adherenceRate: 95.7,
      visitRate: 57.1,
    });
    const row = await caseRow(c.id);
    expect(Number(row.state)).toBe(2);
    expect(row.close_reason).toBe('3');
    expect(Number(row.adherence_rate)).toBeCloseTo(95.7, 5);
    // Plans after the stop day are dropped.
    expect((await plansOf(c.id)).every((p) => Number(p.window_start) <= d(70))).toBe(true);
    // Closed: no more visits, no second closure, the closure cannot change.
    expect((await followUp(c.id, d(71), 0)).status).toBe(400);
    expect((await save('closure', { caseId: c.id, stopDate: d(70), closeReason: '1' })).status).toBe(400);
    const put = await t.call('PUT', `${B}/forms/closure/records/${r.data.id}`, {
      token: deng,
      body: { data: { caseId: c.id, stopDate: d(70), closeReason: '1' } },
    });
    expect(put.status).toBe(400);
    clock.set(T0);
  });

  it('待结案评估 lists managed cases whose course end has come', async () => {
    const c = await notify(await resident(), T0 - H);
    await firstVisit(c.id, T0);
    clock.set(Date.UTC(2030, 2, 1) + 180 * DAY - 1);
    expect((await list('closing')).list.map((r) => r.caseId)).not.toContain(c.id);
    clock.set(Date.UTC(2030, 2, 1) + 180 * DAY);
    expect((await list('closing')).list.map((r) => r.caseId)).toContain(c.id);
    clock.set(T0);
  });
});

describe('by-unit figures', () => {
  it('patients managed, first visit within 72 h and 规律服药率 per unit against a hand count', async () => {
    // Only SHIQIAO cases counted: pengbo's village, seen by pengbo.
    const n1 = await notify(await resident(SHIQIAO), T0 - 10 * H, {}, peng);
    const n2 = await notify(await resident(SHIQIAO), T0 - 80 * H, {}, peng); // deadline passed, no visit
    const n3 = await notify(await resident(SHIQIAO), T0 - 100 * H, {}, peng);
    await firstVisit(n3.id, T0 - 20 * H, peng); // 80 h: late
    const n4 = await notify(await resident(SHIQIAO), T0 - 30 * H, {}, peng);
    await firstVisit(n4.id, T0 - 5 * H, peng); // 25 h: in time
    const k = await t.call('GET', `${B}/kpi`, { token: admin });
    expect(k.status, k.msg).toBe(200);
    const row = k.data.list.find((r: any) => r.orgId === SHIQIAO);
    // Notified 4, managed 2; due 3 (n2 overdue, n3, n4), in time 1 → 33.3 %; nothing closed.
    expect(row).toMatchObject({
      notified: 4,
      managed: 2,
      firstVisitDue: 3,
      firstVisitInTime: 1,
      firstVisitRate: 33.3,
      adherenceRate: null,
    });
    expect(n1.state).toBe(0);
    // The DONGFENG row holds the closure above: 67 / 70.
    const dong = k.data.list.find((r: any) => r.orgId === DONGFENG);
    expect(dong.dosesDue).toBe(70);
    expect(dong.adherenceRate).toBe(95.7);
    // Drill-down: the unit's cases.
    const drill = await t.call('GET', `${B}/cases?orgId=${SHIQIAO}&pageSize=50`, { token: admin });
    expect(drill.data.pagination.total).toBe(4);
    // The village doctor of 东风村 may not open the by-unit menu.
    expect((await t.call('GET', `${B}/kpi`, { token: deng })).status).toBe(403);
    expect(n2.state).toBe(0);
  });
});

describe('scope, permissions, privacy, settings, transfer', () => {
  it('scopes lists and cases, refuses other units and other roles', async () => {
    const c = await notify(await resident(), T0 - H);
    const pList = await t.call('GET', `${B}/cases?pageSize=200`, { token: peng });
    expect(pList.data.list.every((r: any) => r.orgId === SHIQIAO)).toBe(true);
    expect((await t.call('GET', `${B}/cases/${c.id}`, { token: peng })).status).toBe(403);
    expect((await save('first', { caseId: c.id, visitTime: T0, visitMethod: '2', usage: '1', supervisor: '2' }, peng)).status).toBe(403);
    // The township doctor of 城关镇 sees 东风村.
    expect((await t.call('GET', `${B}/cases/${c.id}`, { token: xuli })).status).toBe(200);
    // A trainer has no TB menu.
    expect((await t.call('GET', `${B}/worklists/first72`, { token: luoxin })).status).toBe(403);
    expect((await t.call('GET', `${B}/cases`, { token: luoxin })).status).toBe(403);
    // A resident of another unit cannot be notified by this doctor.
    const other = await t.call('POST', `${B}/cases`, {
      token: deng,
      body: { residentId: await resident(SHIQIAO), notifiedAt: T0, notifyOrg: 'x', patientType: '1', phase: '1' },
    });
    expect(other.status).toBe(403);
    expect((await t.call('GET', `${B}/cases/nope`, { token: deng })).status).toBe(404);
  });

  it('rejects bad input with the error envelope', async () => {
    const rid = await resident();
    const bodies = [
      {},
      { residentId: rid, notifiedAt: 'x', notifyOrg: 'a', patientType: '1', phase: '1' },
      { residentId: rid, notifiedAt: T0, notifyOrg: 'a'.repeat(101), patientType: '1', phase: '1' },
      { residentId: rid, notifiedAt: T0, notifyOrg: 'a', patientType: '3', phase: '1' },
      { residentId: rid, notifiedAt: T0 + DAY, notifyOrg: 'a', patientType: '1', phase: '1' },
      { residentId: "' or 1=1 --", notifiedAt: T0, notifyOrg: '<script>', patientType: '1', phase: '1' },
    ];
    for (const body of bodies) {
      const r = await t.call('POST', `${B}/cases`, { token: deng, body });
      expect([400, 404], JSON.stringify(body)).toContain(r.status);
      expect(r.code).not.toBe(200);
    }
    expect((await t.call('GET', `${B}/worklists/nope`, { token: deng })).status).toBe(400);
    expect((await t.call('GET', `${B}/cases?pageSize=9999`, { token: deng })).status).toBe(400);
    expect((await save('first', { caseId: 'nope', visitTime: T0, visitMethod: '2', usage: '1', supervisor: '2' })).status).toBe(400);
    expect((await t.call('GET', `${B}/forms/nope`, { token: deng })).status).toBe(400);
  });

  it('reveals a patient with a reason, audited', async () => {
    const c = await notify(await resident(), T0 - H);
    expect((await t.call('POST', `${B}/cases/${c.id}/reveal`, { token: deng, body: {} })).status).toBe(400);
    const r = await t.call('POST', `${B}/cases/${c.id}/reveal`, { token: deng, body: { reason: '入户核对身份' } });
    expect(r.status, r.msg).toBe(200);
    expect(r.data.fullName).not.toContain('*');
    const a = await all(db, db.selectFrom('health_audit_log').selectAll().where('target', '=', `tbCase:${c.id}`));
    expect(a).toHaveLength(1);
    expect(a[0]!.reason).toBe('入户核对身份');
    expect(a[0]!.action).toBe('reveal');
  });

  it('settings: an administrator changes intervals (validated); others may not', async () => {
    expect((await t.call('GET', `${B}/settings`, { token: deng })).data).toEqual(DEFAULT_TB_SETTINGS);
    expect((await t.call('PUT', `${B}/settings`, { token: deng, body: DEFAULT_TB_SETTINGS })).status).toBe(403);
    expect((await t.call('PUT', `${B}/settings`, { token: admin, body: { ...DEFAULT_TB_SETTINGS, windowDays: 9 } })).status).toBe(400);
    const s = { ...DEFAULT_TB_SETTINGS, intensiveIntervalDays: 7, continuationIntervalDays: 28, windowDays: 2 };
    expect((await t.call('PUT', `${B}/settings`, { token: admin, body: s })).status).toBe(200);
    const c = await notify(await resident(), T0 - H);
    await firstVisit(c.id, T0);
    const start = Date.UTC(2030, 2, 1);
    expect((await plansOf(c.id)).slice(0, 4).map((p) => (Number(p.plan_date) - start) / DAY)).toEqual([7, 14, 21, 28]);
    await t.call('PUT', `${B}/settings`, { token: admin, body: DEFAULT_TB_SETTINGS });
  });

  it('a confirmed transfer moves open cases to the new unit; closed ones stay', async () => {
    const rid = await resident();
    const c = await notify(await resident(), T0 - H);
    const open = await notify(rid, T0 - H);
    await db.transaction().execute(async (trx) => {
      await announceResidentTransferred({
        ctx: t.ctx,
        db: trx,
        transferId: 'tr1',
        residentIds: [rid],
        fromOrgId: DONGFENG,
        toOrgId: SHIQIAO,
        toDoctorId: null,
        userId: 'admin',
        at: T0,
      });
    });
    expect((await caseRow(open.id)).org_id).toBe(SHIQIAO);
    expect((await caseRow(c.id)).org_id).toBe(DONGFENG);
    expect((await t.call('GET', `${B}/cases/${open.id}`, { token: peng })).status).toBe(200);
  });
});
