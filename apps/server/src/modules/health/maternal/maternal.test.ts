import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '@medalliance/contract';
import { setClock, testClock, type TestClock } from '../../../lib/clock.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { announceResidentTransferred } from '../records/transfer-events.ts';
import { all } from '../plans/rows.ts';

/**
 * Maternal care end to end through the API with the clock fixed: the record
 * (EDD, plans, bad input), gestational windows at their boundaries through
 * saved visits, delivery and the postpartum 7-day and 42-day windows, the
 * state transitions, the five worklists, the KPIs against a hand count,
 * scope / 403, masking, the transfer listener.
 */

const T0 = Date.UTC(2030, 2, 1, 8); // 2030-03-01 08:00 UTC
const TODAY = Date.UTC(2030, 2, 1);
const DONGFENG = '100000000000000033'; // 城关镇 village (xuli's township)
const SHIQIAO = '100000000000000043'; // 石桥镇 village (hujian's township)
const HEKOU = '100000000000000052'; // 河口乡 village (the KPI test's own unit)
const DENGSHAN = '500000000000000025';

let t: TestApp;
let db: Kysely<any>;
let clock: TestClock;
let admin: string;
let xuli: string;
let hujian: string;
let luoxin: string;

let seq = 0;
async function resident(opts: { org?: string; sex?: '1' | '2'; birth?: number } = {}): Promise<string> {
  seq++;
  const id = `mr${String(seq).padStart(16, '0')}`;
  await db
    .insertInto('lc_health_resident')
    .values({
      id,
      creator_time: T0,
      flow_state: 0,
      fullName: `测孕${'甲乙丙丁戊己庚辛壬癸'[seq % 10]}${seq}`,
      idNumber: `36990019950101${String(2000 + seq).slice(-4)}`,
      sex: opts.sex ?? '2',
      birthDate: opts.birth ?? Date.UTC(1998, 4, 1),
      phone: `1390000${String(1000 + seq).slice(-4)}`,
      heightCm: 160,
      manageOrgId: opts.org ?? DONGFENG,
      doctorId: DENGSHAN,
      archiveState: 1,
    })
    .execute();
  return id;
}

/** A pregnancy registered now (the test clock) with the LMP `weeks` + `days` before the clock's day. */
async function register(residentId: string, weeks: number, days = 0, extra: Record<string, unknown> = {}, token = xuli) {
  const today = Math.floor(clock.now() / DAY_MS) * DAY_MS;
  const r = await t.call('POST', '/api/health/maternal/pregnancies', {
    token,
    body: { residentId, lmp: today - (weeks * 7 + days) * DAY_MS, gravidity: 2, parity: 1, ...extra },
  });
  expect(r.status, r.msg).toBe(200);
  return r.data as { id: string; lmp: number; edd: number; state: string };
}

async function visit(type: string, data: Record<string, unknown>, token = xuli) {
  return t.call('POST', `/api/health/maternal/visits/${type}`, { token, body: { data: { classification: '1', ...data } } });
}

const plansOf = (pregnancyId: string) =>
  all(db, db.selectFrom('health_plans').selectAll().where('enrolment_id', '=', pregnancyId).orderBy('seq'));
const pregnancy = async (id: string) => (await all(db, db.selectFrom('health_mat_pregnancies').selectAll().where('id', '=', id)))[0]!;
const detail = async (id: string, token = xuli) => (await t.call('GET', `/api/health/maternal/pregnancies/${id}`, { token })).data;

beforeAll(async () => {
  t = await createTestApp();
  db = t.ctx.db.withoutPlugins() as unknown as Kysely<any>;
  [admin, xuli, hujian, luoxin] = (await Promise.all(['admin', 'xuli', 'hujian', 'luoxin'].map((a) => t.login(a)))) as [
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

describe('pregnancy record', () => {
  it('registers with EDD = LMP + 280 days and the five antenatal windows', async () => {
    const rid = await resident();
    const p = await register(rid, 8);
    const lmp = TODAY - 56 * DAY_MS;
    expect(p.lmp).toBe(lmp);
    expect(p.edd).toBe(lmp + 280 * DAY_MS);
    expect(p.state).toBe('registered');
    const plans = await plansOf(p.id);
    expect(plans.map((x) => x.kind)).toEqual(['matFirst', 'mat16', 'mat21', 'mat28', 'mat37']);
    const weeks = plans.map((x) => [(Number(x.window_start) - lmp) / DAY_MS / 7, (Number(x.window_end) + 1 - lmp) / DAY_MS / 7]);
    expect(weeks).toEqual([
      [0, 13],
      [16, 21],
      [21, 25],
      [28, 37],
      [37, 41],
    ]);
    expect(plans.every((x) => x.org_id === DONGFENG && x.programme === 'mat')).toBe(true);
    const d = await detail(p.id);
    expect(d.gestationToday).toBe('8+0');
    expect(d.fullName).toMatch(/\*/u);
    expect(d.history[0].newValue).toBe('registered');
    const tl = await all(db, db.selectFrom('health_timeline').select('title').where('resident_id', '=', rid));
    expect(tl.map((x) => x.title)).toContain('孕产妇建册（孕8周）');
    const audit = await all(db, db.selectFrom('health_audit_log').selectAll().where('resident_id', '=', rid).where('action', '=', 'view'));
    expect(audit.length).toBe(1);
  });

  it('a late registration gets only the windows not yet ended; risk level from the score', async () => {
    const rid = await resident();
    const p = await register(rid, 22, 0, { riskScore: 10 });
    expect((await plansOf(p.id)).map((x) => x.kind)).toEqual(['mat21', 'mat28', 'mat37']);
    expect((await pregnancy(p.id)).risk_level).toBe('orange');
  });

  it('refuses bad input with the error envelope', async () => {
    const male = await resident({ sex: '1' });
    const rid = await resident();
    const cases: [Record<string, unknown>, number, string?][] = [
      [{ residentId: male, lmp: TODAY - 50 * DAY_MS, gravidity: 1, parity: 0 }, 400, '女性'],
      [{ residentId: rid, lmp: TODAY - 50 * DAY_MS, gravidity: 1, parity: 1 }, 400, '产次'],
      [{ residentId: rid, lmp: TODAY + 5 * DAY_MS, gravidity: 1, parity: 0 }, 400],
      [{ residentId: rid, lmp: TODAY - 320 * DAY_MS, gravidity: 1, parity: 0 }, 400, '孕周'],
      [{ residentId: rid, lmp: 'yesterday', gravidity: 1, parity: 0 }, 400],
      [{ residentId: rid, lmp: TODAY, gravidity: 1, parity: 0, riskLevel: 'blue' }, 400],
      [{ residentId: 'x'.repeat(5000), lmp: TODAY, gravidity: 1, parity: 0 }, 400],
      [{ residentId: 'nobody', lmp: TODAY, gravidity: 1, parity: 0 }, 404],
      [{ residentId: rid, lmp: TODAY, gravidity: 1, parity: 0, extra: 1 }, 400],
    ];
    for (const [body, status, text] of cases) {
      const r = await t.call('POST', '/api/health/maternal/pregnancies', { token: xuli, body });
      expect(r.status, JSON.stringify(body).slice(0, 80)).toBe(status);
      expect(r.code).toBe(status);
      if (text) expect(r.msg).toContain(text);
    }
    await register(rid, 6);
    const again = await t.call('POST', '/api/health/maternal/pregnancies', {
      token: xuli,
      body: { residentId: rid, lmp: TODAY - 20 * DAY_MS, gravidity: 1, parity: 0 },
    });
    expect(again.status).toBe(409);
    for (const url of [
      '/api/health/maternal/worklists/nope',
      '/api/health/maternal/forms/nope',
      '/api/health/maternal/pregnancies?pageSize=99999',
      '/api/health/maternal/pregnancies?keyword=%27%20OR%201%3D1--&state=x',
      '/api/health/maternal/kpi?from=abc',
      '/api/health/maternal/kpi/drill?orgId=1&metric=x',
    ]) {
      const r = await t.call('GET', url, { token: xuli });
      expect(r.status, url).toBe(400);
    }
    expect((await t.call('GET', '/api/health/maternal/pregnancies/unknown', { token: xuli })).status).toBe(404);
    expect((await t.call('POST', '/api/health/maternal/visits/first', { token: xuli, body: { data: 'not json{' } })).status).toBe(400);
  });

  it('keeps the data in the caller units: 403 outside, lists scoped and masked, no menu no access', async () => {
    const far = await resident({ org: SHIQIAO });
    const r = await t.call('POST', '/api/health/maternal/pregnancies', {
      token: xuli,
      body: { residentId: far, lmp: TODAY - 50 * DAY_MS, gravidity: 1, parity: 0 },
    });
    expect(r.status).toBe(403);
    const theirs = await register(far, 9, 0, {}, hujian);
    expect((await t.call('GET', `/api/health/maternal/pregnancies/${theirs.id}`, { token: xuli })).status).toBe(403);
    expect((await visit('first', { residentId: far, visitDate: TODAY }, xuli)).status).toBe(403);
    const list = await t.call('GET', '/api/health/maternal/pregnancies?pageSize=200', { token: xuli });
    expect(list.status).toBe(200);
    expect(list.data.list.some((x: { pregnancyId: string }) => x.pregnancyId === theirs.id)).toBe(false);
    expect(list.data.list.every((x: { fullName: string; idNumber: string }) => x.fullName.includes('*') && x.idNumber.includes('*'))).toBe(
      true,
    );
    const other = await t.call('GET', '/api/health/maternal/pregnancies?pageSize=200', { token: hujian });
    expect(other.data.list.map((x: { pregnancyId: string }) => x.pregnancyId)).toContain(theirs.id);
    for (const [m, url] of [
      ['GET', '/api/health/maternal/pregnancies'],
      ['GET', '/api/health/maternal/worklists/stageDue'],
      ['GET', '/api/health/maternal/kpi'],
    ] as const)
      expect((await t.call(m, url, { token: luoxin })).status, url).toBe(403);
    expect((await t.call('POST', '/api/health/maternal/visits/first', { token: luoxin, body: { data: {} } })).status).toBe(403);
  });
});

describe('antenatal visits and gestational windows', () => {
  it('a first visit at 11 weeks fills the first plan, moves 建册 → 孕期管理 and shows the 16–20 week window next', async () => {
    const rid = await resident();
    const p = await register(rid, 11);
    const r = await visit('first', { residentId: rid, visitDate: TODAY, weightKg: 55, heightCm: 160, riskScore: 0 });
    expect(r.status, r.msg).toBe(200);
    expect(r.data.record.gestation).toBe('11+0');
    expect(r.data.record.pregnancyId).toBe(p.id);
    expect(Number(r.data.record.bmi)).toBeCloseTo(21.5, 1);
    const first = r.data.plans.find((x: { kind: string }) => x.kind === 'matFirst');
    expect(first.visitId).toBe(r.data.id);
    const next = r.data.plans.find((x: { kind: string }) => x.kind === 'mat16');
    expect(next.windowStart).toBe(p.lmp + 112 * DAY_MS);
    expect(next.windowEnd).toBe(p.lmp + 147 * DAY_MS - 1);
    expect(next.state).toBe('upcoming');
    const row = await pregnancy(p.id);
    expect(row.state).toBe('antenatal');
    expect(Number(row.first_visit_at)).toBe(TODAY);
    // One first visit per pregnancy; an antenatal visit needs one.
    expect((await visit('first', { residentId: rid, visitDate: TODAY })).status).toBe(409);
    const none = await resident();
    await register(none, 17);
    const missing = await visit('antenatal', { residentId: none, visitDate: TODAY });
    expect(missing.status).toBe(400);
    expect(missing.msg).toContain('第1次');
  });

  it('each window from its first week day 0 to its last week day 6; between windows nothing is filled', async () => {
    // [visit gestational day, kind it fills or null]
    const cases: [number, string | null][] = [
      [15 * 7 + 6, null],
      [16 * 7, 'mat16'],
      [20 * 7 + 6, 'mat16'],
      [21 * 7, 'mat21'],
      [24 * 7 + 6, 'mat21'],
      [25 * 7, null],
      [27 * 7 + 6, null],
      [28 * 7, 'mat28'],
      [36 * 7 + 6, 'mat28'],
      [37 * 7, 'mat37'],
      [40 * 7 + 6, 'mat37'],
      [41 * 7, null],
    ];
    for (const [g, kind] of cases) {
      const rid = await resident();
      // Registered at 8 weeks with the first visit; the visit of the case is `g` days after the LMP = today.
      clock.set(T0 - (g - 56) * DAY_MS);
      const lmp = TODAY - g * DAY_MS;
      const reg = await t.call('POST', '/api/health/maternal/pregnancies', {
        token: xuli,
        body: { residentId: rid, lmp, gravidity: 1, parity: 0 },
      });
      expect(reg.status, reg.msg).toBe(200);
      expect((await visit('first', { residentId: rid, visitDate: TODAY - (g - 56) * DAY_MS })).status).toBe(200);
      clock.set(T0);
      const r = await visit('antenatal', { residentId: rid, visitDate: TODAY });
      expect(r.status, `${g}: ${r.msg}`).toBe(200);
      expect(r.data.record.gestation).toBe(`${Math.floor(g / 7)}+${g % 7}`);
      expect(Number(r.data.record.visitNo)).toBe(2);
      const filled = r.data.plans.filter((x: { visitId: string | null }) => x.visitId === r.data.id).map((x: { kind: string }) => x.kind);
      expect(filled, `day ${g}`).toEqual(kind ? [kind] : []);
    }
  });

  it('visit numbers follow the dates; a visit in the future or before the LMP is refused', async () => {
    const rid = await resident();
    clock.set(T0 - 60 * DAY_MS);
    await register(rid, 10);
    clock.set(T0);
    const p = (await all(db, db.selectFrom('health_mat_pregnancies').select(['id', 'lmp']).where('resident_id', '=', rid)))[0]!;
    const lmp = Number(p.lmp);
    expect((await visit('first', { residentId: rid, visitDate: lmp + 70 * DAY_MS })).status).toBe(200);
    const v3 = await visit('antenatal', { residentId: rid, visitDate: lmp + 118 * DAY_MS });
    expect(Number(v3.data.record.visitNo)).toBe(2);
    const v4 = await visit('antenatal', { residentId: rid, visitDate: TODAY });
    expect(Number(v4.data.record.visitNo)).toBe(3);
    expect((await visit('antenatal', { residentId: rid, visitDate: TODAY + 3 * DAY_MS })).status).toBe(400);
    expect((await visit('antenatal', { residentId: rid, visitDate: lmp - DAY_MS })).status).toBe(400);
    // The newest assessment carries the risk.
    await visit('antenatal', { residentId: rid, visitDate: TODAY, riskScore: 20 });
    expect((await pregnancy(String(p.id))).risk_level).toBe('red');
  });
});

describe('delivery, postpartum windows and states', () => {
  async function delivered(deliveryDaysAgo: number, dischargeDaysAgo: number) {
    const rid = await resident();
    clock.set(T0 - (deliveryDaysAgo + 200) * DAY_MS);
    const p = await register(rid, 10);
    await visit('first', { residentId: rid, visitDate: TODAY - (deliveryDaysAgo + 200) * DAY_MS });
    clock.set(T0);
    const r = await t.call('POST', `/api/health/maternal/pregnancies/${p.id}/delivery`, {
      token: xuli,
      body: { deliveryDate: TODAY - deliveryDaysAgo * DAY_MS, dischargeDate: TODAY - dischargeDaysAgo * DAY_MS },
    });
    expect(r.status, r.msg).toBe(200);
    return { rid, id: p.id, lmp: p.lmp };
  }

  it('delivery books the postpartum visit within 7 days of discharge and the 42-day check at day 42', async () => {
    const { id } = await delivered(3, 1);
    const row = await pregnancy(id);
    expect(row.state).toBe('delivered');
    const plans = await plansOf(id);
    // The window holding the delivery (37–40 w) is dropped; visited and missed earlier ones stay as history.
    expect(plans.map((x) => x.kind)).toEqual(['matFirst', 'mat16', 'mat21', 'mat28', 'matPost', 'mat42']);
    expect(plans.filter((x) => x.visit_id).map((x) => x.kind)).toEqual(['matFirst']);
    const post = plans.find((x) => x.kind === 'matPost')!;
    expect(Number(post.window_start)).toBe(TODAY - DAY_MS);
    expect(Number(post.window_end)).toBe(TODAY + 7 * DAY_MS - 1);
    const c42 = plans.find((x) => x.kind === 'mat42')!;
    expect(Number(c42.window_start)).toBe(TODAY + 39 * DAY_MS);
    expect(Number(c42.window_end)).toBe(TODAY + 54 * DAY_MS - 1);
  });

  it('refuses a delivery before 28 weeks or a discharge before the delivery', async () => {
    const rid = await resident();
    const p = await register(rid, 27, 6);
    const early = await t.call('POST', `/api/health/maternal/pregnancies/${p.id}/delivery`, {
      token: xuli,
      body: { deliveryDate: TODAY, dischargeDate: TODAY },
    });
    expect(early.status).toBe(400);
    expect(early.msg).toContain('终止妊娠');
    clock.set(T0 + DAY_MS);
    const bad = await t.call('POST', `/api/health/maternal/pregnancies/${p.id}/delivery`, {
      token: xuli,
      body: { deliveryDate: TODAY + DAY_MS, dischargeDate: TODAY },
    });
    expect(bad.status).toBe(400);
    const good = await t.call('POST', `/api/health/maternal/pregnancies/${p.id}/delivery`, {
      token: xuli,
      body: { deliveryDate: TODAY + DAY_MS, dischargeDate: TODAY + DAY_MS },
    });
    expect(good.status, good.msg).toBe(200);
    clock.set(T0);
  });

  it('postpartum visit on day 7 after discharge fills the plan, on day 8 not', async () => {
    for (const [after, fills] of [
      [7, true],
      [8, false],
    ] as const) {
      const { rid, id } = await delivered(after + 2, after);
      const r = await visit('postpartum', { residentId: rid, visitDate: TODAY });
      expect(r.status, r.msg).toBe(200);
      expect(Number(r.data.record.postpartumDays)).toBe(after + 2);
      const plan = r.data.plans.find((x: { kind: string }) => x.kind === 'matPost');
      expect(plan.visitId === r.data.id, `day ${after}`).toBe(fills);
      expect((await pregnancy(id)).state).toBe('postpartum');
    }
  });

  it('42-day check: day 41 does not fill, day 42 and day 56 do, day 57 not; before day 28 refused', async () => {
    for (const [day, fills] of [
      [41, false],
      [42, true],
      [56, true],
      [57, false],
    ] as const) {
      const { rid, id } = await delivered(day, day - 2);
      const r = await visit('check42', { residentId: rid, visitDate: TODAY });
      expect(r.status, r.msg).toBe(200);
      const plan = r.data.plans.find((x: { kind: string }) => x.kind === 'mat42');
      expect(plan.visitId === r.data.id, `day ${day}`).toBe(fills);
      expect((await pregnancy(id)).state).toBe('check42');
    }
    const { rid } = await delivered(27, 25);
    const early = await visit('check42', { residentId: rid, visitDate: TODAY });
    expect(early.status).toBe(400);
    const before = await visit('postpartum', { residentId: rid, visitDate: TODAY - 30 * DAY_MS });
    expect(before.status).toBe(400);
  });

  it('transitions are checked on the server and recorded', async () => {
    const { id, rid } = await delivered(45, 43);
    const state = (body: Record<string, unknown>) => t.call('POST', `/api/health/maternal/pregnancies/${id}/state`, { token: xuli, body });
    expect((await state({ state: 'antenatal' })).status).toBe(400);
    expect((await state({ state: 'delivered' })).status).toBe(400);
    expect((await state({ state: 'lost' })).status).toBe(400); // reason required
    expect((await state({ state: 'lost', reason: '电话无法联系' })).status).toBe(200);
    expect((await state({ state: 'delivered', reason: 'x' })).status).toBe(400);
    expect((await visit('check42', { residentId: rid, visitDate: TODAY })).status).toBe(200);
    expect((await pregnancy(id)).state).toBe('check42');
    expect((await state({ state: 'referred', reason: 'x' })).status).toBe(400);
    expect((await state({ state: 'closed' })).status).toBe(200);
    const row = await pregnancy(id);
    expect(row.state).toBe('closed');
    expect(Number(row.closed_at)).toBe(T0);
    expect((await state({ state: 'lost', reason: 'x' })).status).toBe(400);
    expect((await visit('postpartum', { residentId: rid, visitDate: TODAY, pregnancyId: id })).status).toBe(400);
    const h = (await detail(id)).history.map((x: { newValue: string }) => x.newValue);
    expect(h).toEqual(expect.arrayContaining(['registered', 'antenatal', 'delivered', 'lost', 'check42', 'closed']));
    // A closed record lets the resident be registered again.
    await register(rid, 5);
  });

  it('a termination needs its date and a reason and drops the open antenatal plans', async () => {
    const rid = await resident();
    const p = await register(rid, 10);
    const state = (body: Record<string, unknown>) =>
      t.call('POST', `/api/health/maternal/pregnancies/${p.id}/state`, { token: xuli, body });
    expect((await state({ state: 'terminated', reason: '自然流产' })).status).toBe(400);
    expect((await state({ state: 'terminated', reason: '自然流产', date: TODAY })).status).toBe(200);
    expect((await plansOf(p.id)).length).toBe(0);
    expect((await visit('antenatal', { residentId: rid, visitDate: TODAY })).status).toBe(400);
    expect((await state({ state: 'movedOut', reason: '迁往外省' })).status).toBe(200);
    expect((await state({ state: 'closed' })).status).toBe(400);
  });
});

describe('worklists, KPIs, transfer', () => {
  it('the five worklists', async () => {
    const count = async (list: string, token = hujian) => {
      const r = await t.call('GET', `/api/health/maternal/worklists/${list}?pageSize=100`, { token });
      expect(r.status, r.msg).toBe(200);
      return r.data as { list: Record<string, any>[]; pagination: { total: number } };
    };
    // hujian's units (石桥镇) hold only this test's pregnancies (and one registered earlier at 9 weeks, no first visit).
    const base = await count('earlyMissing');
    const pending = await resident({ org: SHIQIAO });
    await register(pending, 10, 0, {}, hujian);
    const late = await resident({ org: SHIQIAO });
    await register(late, 14, 0, { riskScore: 20 }, hujian);
    await visit('first', { residentId: late, visitDate: TODAY }, hujian);
    const early = await count('earlyMissing');
    expect(early.pagination.total).toBe(base.pagination.total + 2);
    const reasons = Object.fromEntries(early.list.map((x) => [x.residentId, [x.earlyReason, x.earlyDaysLeft]]));
    expect(reasons[pending]).toEqual(['pending', 21]);
    expect(reasons[late]![0]).toBe('late');
    // 本孕周段应检: the 10-week one (first window) and the 14-week one has none (between windows).
    const due = await count('stageDue');
    expect(due.list.map((x) => [x.residentId, x.planKind, x.gestation])).toEqual(expect.arrayContaining([[pending, 'matFirst', '10+0']]));
    expect(due.list.some((x) => x.residentId === late)).toBe(false);
    expect((await count('highRisk')).list.map((x) => x.residentId)).toEqual([late]);
    expect((await count('highRisk', xuli)).list.some((x) => x.residentId === late)).toBe(false);
    // Delivered: postpartum due, 42-day pending; after the postpartum visit it leaves the first list.
    const mother = await resident({ org: SHIQIAO });
    clock.set(T0 - 200 * DAY_MS);
    const p = await register(mother, 10, 0, {}, hujian);
    clock.set(T0);
    await t.call('POST', `/api/health/maternal/pregnancies/${p.id}/delivery`, {
      token: hujian,
      body: { deliveryDate: TODAY - 3 * DAY_MS, dischargeDate: TODAY - 2 * DAY_MS },
    });
    expect((await count('postpartumDue')).list.map((x) => [x.residentId, x.planState])).toEqual([[mother, 'due']]);
    expect((await count('check42Due')).list.map((x) => [x.residentId, x.planState])).toEqual([[mother, 'upcoming']]);
    await visit('postpartum', { residentId: mother, visitDate: TODAY }, hujian);
    expect((await count('postpartumDue')).pagination.total).toBe(0);
    clock.set(T0 + 40 * DAY_MS);
    expect((await count('check42Due')).list.map((x) => [x.residentId, x.planState])).toEqual([[mother, 'due']]);
    clock.set(T0 + 60 * DAY_MS);
    expect((await count('check42Due')).list.map((x) => [x.residentId, x.planState])).toEqual([[mother, 'overdue']]);
    clock.set(T0);
    const counts = await t.call('GET', '/api/health/maternal/worklists', { token: hujian });
    expect(counts.data.highRisk).toBe(1);
  });

  it('KPIs by unit against a hand count, with the drill-down', async () => {
    // 河口村: 4 registered in the period (3 before 13 weeks), 3 delivered in the period (2 with a postpartum visit).
    const mk = async (regWeeks: number, deliveredDaysAgo: number | null, pp: boolean) => {
      const rid = await resident({ org: HEKOU });
      const back = deliveredDaysAgo === null ? 0 : deliveredDaysAgo + 280 - regWeeks * 7;
      clock.set(T0 - back * DAY_MS);
      const p = await register(rid, regWeeks, 0, {}, admin);
      clock.set(T0);
      if (deliveredDaysAgo !== null) {
        const d = await t.call('POST', `/api/health/maternal/pregnancies/${p.id}/delivery`, {
          token: admin,
          body: { deliveryDate: TODAY - deliveredDaysAgo * DAY_MS, dischargeDate: TODAY - deliveredDaysAgo * DAY_MS },
        });
        expect(d.status, d.msg).toBe(200);
        if (pp)
          expect((await visit('postpartum', { residentId: rid, visitDate: TODAY - (deliveredDaysAgo - 2) * DAY_MS }, admin)).status).toBe(
            200,
          );
      }
      return p.id;
    };
    await mk(8, null, false);
    await mk(12, 20, true);
    await mk(13, 30, true);
    await mk(6, 10, false);
    const from = TODAY - 365 * DAY_MS;
    const r = await t.call('GET', `/api/health/maternal/kpi?from=${from}&to=${T0}`, { token: admin });
    expect(r.status, r.msg).toBe(200);
    const row = r.data.rows.find((x: { orgId: string }) => x.orgId === HEKOU);
    expect(row).toMatchObject({ registered: 4, early: 3, earlyRate: 75, delivered: 3, postpartum: 2, postpartumRate: 66.67 });
    const drill = await t.call('GET', `/api/health/maternal/kpi/drill?orgId=${HEKOU}&metric=postpartum&part=gap&from=${from}&to=${T0}`, {
      token: admin,
    });
    expect(drill.data.pagination.total).toBe(1);
    const early = await t.call('GET', `/api/health/maternal/kpi/drill?orgId=${HEKOU}&metric=early&part=gap&from=${from}&to=${T0}`, {
      token: admin,
    });
    expect(early.data.list.map((x: { registeredGestation: string }) => x.registeredGestation)).toEqual(['13+0']);
    // A township doctor of another township sees no 河口 row.
    const theirs = await t.call('GET', `/api/health/maternal/kpi?from=${from}&to=${T0}`, { token: xuli });
    expect(theirs.data.rows.some((x: { orgId: string }) => x.orgId === HEKOU)).toBe(false);
    expect(
      (await t.call('GET', `/api/health/maternal/kpi/drill?orgId=${HEKOU}&metric=early&from=${from}&to=${T0}`, { token: xuli })).data
        .pagination.total,
    ).toBe(0);
  });

  it('a confirmed transfer moves the open pregnancy, not a closed one', async () => {
    const rid = await resident();
    const p = await register(rid, 9);
    await db.transaction().execute(async (trx) => {
      await announceResidentTransferred({
        ctx: t.ctx,
        db: trx,
        transferId: 'tr-mat',
        residentIds: [rid],
        fromOrgId: DONGFENG,
        toOrgId: SHIQIAO,
        toDoctorId: null,
        userId: 'system',
        at: T0,
      });
    });
    const row = await pregnancy(p.id);
    expect(row.org_id).toBe(SHIQIAO);
    expect((await t.call('GET', `/api/health/maternal/pregnancies/${p.id}`, { token: hujian })).status).toBe(200);
    expect((await t.call('GET', `/api/health/maternal/pregnancies/${p.id}`, { token: xuli })).status).toBe(403);
  });
});
