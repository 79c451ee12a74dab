import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setClock, testClock, type TestClock } from '../../../lib/clock.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { announceResidentTransferred } from '../records/transfer-events.ts';
import { all } from '../plans/rows.ts';

/**
 * Child health 0–6 end to end through the API, on children of our own in the
 * demo villages, with the clock fixed at 2030-03-01 08:00 UTC: the record and
 * its schedule, the newborn visit, check-ups with growth bands on table values
 * and haemoglobin, 体弱儿, the worklists at window boundaries, 失访, both KPIs
 * against a hand computation with drill-down, reveal (audited), scope / 403,
 * transfers, bad input.
 */

const T0 = Date.UTC(2030, 2, 1, 8);
const day = (y: number, m: number, d: number) => Date.UTC(y, m - 1, d);
const endOf = (y: number, m: number, d: number) => day(y, m, d) + 86_400_000 - 1;
const DONGFENG = '100000000000000033';
const LIULIN = '100000000000000034';
const SHIQIAO = '100000000000000043';
const DENGSHAN = '500000000000000025';

let t: TestApp;
let db: Kysely<any>;
let clock: TestClock;
let xuli: string; // township doctor of 城关镇 (东风村, 柳林村)
let hujian: string; // township doctor of 石桥镇
let deng: string; // village doctor: no child-health menus
let admin: string;

let seq = 0;
async function resident(opts: { org?: string; birth: number; sex?: '1' | '2'; family?: string }): Promise<string> {
  seq++;
  const id = `fc${String(seq).padStart(16, '0')}`;
  await db
    .insertInto('lc_health_resident')
    .values({
      id,
      creator_time: T0,
      flow_state: 0,
      fullName: `测童${'甲乙丙丁戊己庚辛壬癸子丑寅卯辰巳午未申酉戌亥'[seq % 22]}${seq}`,
      idNumber: `36990120200101${String(1000 + seq).slice(-4)}`,
      sex: opts.sex ?? '1',
      birthDate: opts.birth,
      phone: `1390000${String(1000 + seq).slice(-4)}`,
      manageOrgId: opts.org ?? DONGFENG,
      doctorId: DENGSHAN,
      familyId: opts.family ?? null,
      archiveState: 1,
    })
    .execute();
  return id;
}

async function record(residentId: string, extra: Record<string, unknown> = {}, token = xuli) {
  const r = await t.call('POST', '/api/health/child/children', { token, body: { residentId, ...extra } });
  expect(r.status, r.msg).toBe(200);
  return r.data as { id: string; weak: number; weakReason: string | null };
}

const newborn = (residentId: string, visitDate: number, token = xuli) =>
  t.call('POST', '/api/health/child/visits/newborn', { token, body: { data: { residentId, visitDate, weightKg: 3.4 } } });
const checkup = (residentId: string, data: Record<string, unknown>, token = xuli) =>
  t.call('POST', '/api/health/child/visits/checkup', { token, body: { data: { residentId, ...data } } });
const detail = async (id: string, token = xuli) => (await t.call('GET', `/api/health/child/children/${id}`, { token })).data;
const worklist = async (list: string, token = xuli) =>
  (await t.call('GET', `/api/health/child/worklists/${list}?pageSize=200`, { token })).data as {
    list: { residentId: string; planKind: string; windowEnd: number; fullName: string }[];
    pagination: { total: number };
  };

beforeAll(async () => {
  t = await createTestApp();
  db = t.ctx.db.withoutPlugins() as unknown as Kysely<any>;
  [xuli, hujian, deng, admin] = (await Promise.all(['xuli', 'hujian', 'dengshan', 'admin'].map((a) => t.login(a)))) as [
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

describe('the child record and its schedule', () => {
  it('opens a record linked to the mother with 16 plans; low birth weight makes a 体弱儿; the newborn visit is due', async () => {
    const mother = await resident({ birth: day(1998, 5, 1), sex: '2', family: 'famA' });
    const child = await resident({ birth: day(2030, 2, 20), family: 'famA' });
    const mothers = await t.call('GET', `/api/health/child/mothers?childResidentId=${child}`, { token: xuli });
    expect(mothers.data.list.map((m: { id: string }) => m.id)).toEqual([mother]);
    expect(mothers.data.list[0].fullName).toMatch(/\*/);
    const c = await record(child, { motherResidentId: mother, birthWeightG: 2400, gestationalWeeks: 38, dischargeDate: day(2030, 2, 23) });
    expect(c.weak).toBe(1);
    expect(c.weakReason).toBe('低出生体重');
    const d = await detail(c.id);
    expect(d.motherResidentId).toBe(mother);
    expect(d.motherPregnancyId).toBeNull();
    expect(d.plans).toHaveLength(16);
    const nb = d.plans.find((p: { code: string }) => p.code === 'newborn');
    expect(nb).toMatchObject({ windowStart: day(2030, 2, 23), windowEnd: endOf(2030, 3, 2), state: 'due' });
    expect(d.plans.find((p: { code: string }) => p.code === 'd28')).toMatchObject({
      windowStart: day(2030, 3, 20),
      windowEnd: endOf(2030, 3, 22),
      state: 'upcoming',
    });
    expect(d.plans.filter((p: { kind: string }) => p.kind === 'hb').map((p: { windowStart: number }) => p.windowStart)).toEqual([
      day(2030, 8, 20),
      day(2031, 8, 20),
      day(2032, 8, 20),
    ]);
    expect((await worklist('newborn')).list.some((r) => r.residentId === child)).toBe(true);

    // The newborn visit: the plan is 已查, the child leaves 新生儿待访视, a timeline entry and an audit entry.
    const v = await newborn(child, day(2030, 3, 1));
    expect(v.status, v.msg).toBe(200);
    expect(v.data.record.nextVisitDate).toBe(day(2030, 3, 20));
    expect(v.data.plans.find((p: { code: string }) => p.code === 'newborn').state).toBe('done');
    expect((await worklist('newborn')).list.some((r) => r.residentId === child)).toBe(false);
    const tl = await all(db, db.selectFrom('health_timeline').select(['kind', 'title']).where('resident_id', '=', child));
    expect(tl.map((x) => x.kind).sort()).toEqual(['childRecord', 'healthChildNewborn']);
    const audit = await all(db, db.selectFrom('health_audit_log').select(['action']).where('resident_id', '=', child));
    expect(audit.map((a) => a.action)).toContain('edit');
  });

  it('a check-up: bands on table values, Hb fills its plan, 体弱儿 raised, the next check shows', async () => {
    const child = await resident({ birth: day(2029, 3, 1) });
    const c = await record(child, { birthWeightG: 3300, gestationalWeeks: 39 });
    expect(c.weak).toBe(0);
    // 6 months with Hb: the m6 check and the 6–8-month Hb test.
    let r = await checkup(child, { visitDate: day(2029, 9, 10), weightKg: 8.41, lengthCm: 68.4, haemoglobin: 120 });
    expect(r.status, r.msg).toBe(200);
    expect(r.data.record).toMatchObject({ stage: 'm6', weightBand: 'mid', lengthBand: 'mid', ageMonths: 6, weak: 0 });
    const states = (plans: { code: string; state: string }[]) => Object.fromEntries(plans.map((p) => [p.code, p.state]));
    expect(states(r.data.plans)).toMatchObject({ m6: 'done', hb1: 'done', m8: 'overdue', m12: 'due', m18: 'upcoming' });
    // The 12-month check is due this month.
    expect((await worklist('due')).list.filter((x) => x.residentId === child).map((x) => x.planKind)).toEqual(['check']);
    // 12 months: boys' weight −2SD is 8.06 kg, length median 76.5 cm.
    r = await checkup(child, { visitDate: day(2030, 3, 1), weightKg: 8.05, lengthCm: 76.5, haemoglobin: 105 });
    expect(r.status, r.msg).toBe(200);
    expect(r.data.record).toMatchObject({ stage: 'm12', weightBand: 'down', lengthBand: 'mid', weak: 1, weakReason: '低体重、贫血' });
    expect(r.data.record.nextVisitDate).toBe(day(2030, 9, 1));
    expect(states(r.data.plans)).toMatchObject({ m12: 'done', m18: 'upcoming', hb1: 'done' });
    expect(r.data.child).toMatchObject({ weak: 1, weakReason: '低体重、贫血', lastCheckAt: day(2030, 3, 1), lastWeightBand: 'down' });
    // It left 本月应体检 and is on 体弱儿 / 转诊.
    expect((await worklist('due')).list.some((x) => x.residentId === child)).toBe(false);
    expect((await worklist('weak')).list.some((x) => x.residentId === child)).toBe(true);
    // Just above +2SD: 上.
    const girl = await resident({ birth: day(2028, 3, 1), sex: '2' });
    await record(girl);
    r = await checkup(girl, { visitDate: day(2030, 3, 1), weightKg: 14.93, lengthCm: 80.5, stage: 'm24' });
    expect(r.data.record).toMatchObject({ stage: 'm24', weightBand: 'up', lengthBand: 'mid' });
  });

  it('windows at their boundaries: 应查 to the last millisecond, then 逾期; 失访 takes the child off the lists', async () => {
    const child = await resident({ birth: day(2029, 6, 1) });
    const c = await record(child);
    // m8 window: 2030-02-01 .. 2030-02-28 (the day before 9 months).
    clock.set(endOf(2030, 2, 28));
    let d = await detail(c.id);
    expect(d.plans.find((p: { code: string }) => p.code === 'm8').state).toBe('due');
    expect((await worklist('overdue')).list.filter((x) => x.residentId === child).length).toBe(2); // m3 (closed within 180 days) and m6
    clock.set(endOf(2030, 2, 28) + 1);
    d = await detail(c.id);
    expect(d.plans.find((p: { code: string }) => p.code === 'm8').state).toBe('overdue');
    expect((await worklist('overdue')).list.filter((x) => x.residentId === child).length).toBe(4); // + m8 and the 6–8-month Hb
    clock.set(T0);
    // 失访 needs a reason; then the open checks are 失访 and the child leaves the worklists.
    expect((await t.call('PUT', `/api/health/child/children/${c.id}`, { token: xuli, body: { lost: true } })).status).toBe(400);
    const u = await t.call('PUT', `/api/health/child/children/${c.id}`, { token: xuli, body: { lost: true, lostReason: '外出' } });
    expect(u.status, u.msg).toBe(200);
    d = await detail(c.id);
    expect(d.plans.find((p: { code: string }) => p.code === 'm8').state).toBe('lost');
    expect((await worklist('overdue')).list.some((x) => x.residentId === child)).toBe(false);
    expect(d.history.some((h: { field: string; newValue: string }) => h.field === 'lost' && h.newValue === '1')).toBe(true);
  });
});

describe('KPIs by unit against a hand computation (柳林村, year 2030 to 2030-03-01)', () => {
  it('新生儿访视率 1/2 and 儿童健康管理率 3/5, with drill-down', async () => {
    const a = await resident({ org: LIULIN, birth: day(2030, 2, 20) });
    await record(a, { dischargeDate: day(2030, 2, 22) });
    expect((await newborn(a, day(2030, 2, 25))).status).toBe(200); // in time
    const g = await resident({ org: LIULIN, birth: day(2030, 1, 5) });
    await record(g, { dischargeDate: day(2030, 1, 7) });
    expect((await newborn(g, day(2030, 1, 20))).status).toBe(200); // late: after 2030-01-14
    const c = await resident({ org: LIULIN, birth: day(2027, 5, 1), sex: '2' });
    await record(c);
    expect((await checkup(c, { visitDate: day(2030, 2, 10), weightKg: 13, lengthCm: 92 })).status).toBe(200);
    const d = await resident({ org: LIULIN, birth: day(2026, 1, 1) });
    await record(d);
    expect((await checkup(d, { visitDate: day(2029, 7, 1), weightKg: 16, lengthCm: 100 })).status).toBe(200); // last year
    const e = await resident({ org: LIULIN, birth: day(2025, 6, 1) }); // no record, no check
    await resident({ org: LIULIN, birth: day(2022, 1, 1) }); // 8 years old: not counted
    const k = await t.call('GET', '/api/health/child/kpi?year=2030', { token: xuli });
    expect(k.status, k.msg).toBe(200);
    const row = k.data.rows.find((r: { orgId: string }) => r.orgId === LIULIN);
    expect(row).toMatchObject({
      newborns: 2,
      newbornsVisited: 1,
      newbornVisitRate: 0.5,
      childCount: 5,
      childrenChecked: 3,
      managementRate: 0.6,
    });
    const drill = await t.call('GET', `/api/health/child/kpi/drill?year=2030&rowId=${LIULIN}&kpi=management&part=missing`, { token: xuli });
    expect(drill.status, drill.msg).toBe(200);
    expect(drill.data.list.map((x: { residentId: string }) => x.residentId).sort()).toEqual([d, e].sort());
    expect(drill.data.list[0].fullName).toMatch(/\*/);
    const nbMissing = await t.call('GET', `/api/health/child/kpi/drill?year=2030&rowId=${LIULIN}&kpi=newbornVisit&part=missing`, {
      token: xuli,
    });
    expect(nbMissing.data.list.map((x: { residentId: string }) => x.residentId)).toEqual([g]);
    // Another township's unit is out of scope.
    expect((await t.call('GET', `/api/health/child/kpi?orgId=${SHIQIAO}`, { token: xuli })).status).toBe(403);
    expect((await t.call('GET', `/api/health/child/kpi/drill?rowId=${SHIQIAO}&kpi=management`, { token: xuli })).status).toBe(403);
  });
});

describe('privacy, scope and bad input', () => {
  it('reveal needs a reason and is audited; other townships get 403; no grant 403; unknown 404', async () => {
    const child = await resident({ birth: day(2029, 1, 1) });
    const c = await record(child);
    const list = await t.call('GET', '/api/health/child/children?pageSize=200', { token: xuli });
    const row = list.data.list.find((x: { childId: string }) => x.childId === c.id);
    expect(row.fullName).toMatch(/\*/);
    expect(row.idNumber).toMatch(/\*/);
    expect((await t.call('POST', `/api/health/child/children/${c.id}/reveal`, { token: xuli, body: {} })).status).toBe(400);
    const rv = await t.call('POST', `/api/health/child/children/${c.id}/reveal`, { token: xuli, body: { reason: '核对身份' } });
    expect(rv.status, rv.msg).toBe(200);
    expect(rv.data.child.fullName).not.toMatch(/\*/);
    const audit = await all(
      db,
      db.selectFrom('health_audit_log').select(['action', 'reason']).where('resident_id', '=', child).where('action', '=', 'reveal'),
    );
    expect(audit).toEqual([{ action: 'reveal', reason: '核对身份' }]);
    expect((await t.call('GET', `/api/health/child/children/${c.id}`, { token: hujian })).status).toBe(403);
    expect((await t.call('GET', '/api/health/child/children', { token: deng })).status).toBe(403);
    expect((await t.call('GET', '/api/health/child/worklists/due', { token: deng })).status).toBe(403);
    expect((await t.call('GET', '/api/health/child/children/nope', { token: xuli })).status).toBe(404);
    expect((await t.call('GET', '/api/health/child/worklists/nope', { token: xuli })).status).toBe(400);
    const other = await resident({ org: SHIQIAO, birth: day(2029, 1, 1) });
    expect((await t.call('POST', '/api/health/child/children', { token: xuli, body: { residentId: other } })).status).toBe(403);
    expect((await checkup(child, { visitDate: day(2030, 2, 1), weightKg: 10, lengthCm: 75 }, hujian)).status).toBe(403);
    // Admin sees every unit.
    expect((await t.call('GET', `/api/health/child/children/${c.id}`, { token: admin })).status).toBe(200);
  });

  it('refuses bad records and bad visits', async () => {
    const adult = await resident({ birth: day(1990, 1, 1) });
    const man = await resident({ birth: day(1990, 1, 1) });
    const child = await resident({ birth: day(2029, 1, 1) });
    const post = (body: unknown) => t.call('POST', '/api/health/child/children', { token: xuli, body });
    expect((await post({ residentId: adult })).status).toBe(400);
    expect((await post({ residentId: child, birthWeightG: 'x' })).status).toBe(400);
    expect((await post({ residentId: child, birthWeightG: 100 })).status).toBe(400);
    expect((await post({ residentId: child, motherResidentId: man })).status).toBe(400);
    expect((await post({ residentId: child, dischargeDate: day(2028, 1, 1) })).status).toBe(400);
    expect((await post({ residentId: child, extra: 1 })).status).toBe(400);
    expect((await post({ residentId: 'x'.repeat(41) })).status).toBe(400);
    expect((await post({ residentId: "1' or '1'='1" })).status).toBe(404);
    await record(child);
    expect((await post({ residentId: child })).status).toBe(409);
    const unrecorded = await resident({ birth: day(2029, 6, 1) });
    expect((await checkup(unrecorded, { visitDate: day(2030, 2, 1), weightKg: 9, lengthCm: 70 })).status).toBe(400);
    expect((await checkup(child, { visitDate: day(2030, 3, 5), weightKg: 9, lengthCm: 70 })).status).toBe(400); // future
    expect((await checkup(child, { visitDate: day(2028, 12, 1), weightKg: 9, lengthCm: 70 })).status).toBe(400); // before birth
    expect((await checkup(child, { visitDate: day(2029, 1, 10), weightKg: 3.5, lengthCm: 52 })).status).toBe(400); // under a month
    expect((await checkup(child, { visitDate: day(2030, 2, 1), weightKg: 9, lengthCm: 70, stage: 'm99' })).status).toBe(400);
    expect((await t.call('POST', '/api/health/child/visits/other', { token: xuli, body: { data: {} } })).status).toBe(400);
  });

  it('a confirmed transfer moves the record and its open plans', async () => {
    const child = await resident({ birth: day(2029, 8, 1) });
    const c = await record(child);
    await db.transaction().execute(async (trx) => {
      await announceResidentTransferred({
        ctx: t.ctx,
        db: trx,
        transferId: 'tr-child',
        residentIds: [child],
        fromOrgId: DONGFENG,
        toOrgId: SHIQIAO,
        toDoctorId: null,
        userId: 'admin',
        at: T0,
      });
    });
    const [r] = await all(db, db.selectFrom('health_child_records').select(['org_id']).where('id', '=', c.id));
    expect(r!.org_id).toBe(SHIQIAO);
    expect((await t.call('GET', `/api/health/child/children/${c.id}`, { token: hujian })).status).toBe(200);
    const open = await all(
      db,
      db.selectFrom('health_plans').select(['org_id']).where('enrolment_id', '=', c.id).where('window_start', '>', T0),
    );
    expect(open.every((p) => p.org_id === SHIQIAO)).toBe(true);
  });
});
