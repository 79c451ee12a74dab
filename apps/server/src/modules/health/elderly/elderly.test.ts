import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setClock, testClock } from '../../../lib/clock.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { all } from '../plans/rows.ts';

/**
 * Elderly 65+ management and the follow-up counts by unit end to end through
 * the API (no demo population: residents and plans of our own), with the
 * clock fixed on 2030-06-15: eligibility at the birthday boundaries, every
 * self-care band edge through a saved check, the worklists shrinking or
 * growing after a check, 老年人健康管理率 and the by-unit plan counts against
 * hand computations, drill-downs, scope / 403, bad input.
 */

const T0 = Date.UTC(2030, 5, 15, 8);
const day = (y: number, m: number, d: number) => Date.UTC(y, m - 1, d);
const DONGFENG = '100000000000000033';
const SHIQIAO = '100000000000000043';
const HEKOU_CENTRE = '100000000000000050';
const HEKOU_DEPT = '100000000000000051';
const HEKOU = '100000000000000052';
const TAOYUAN = '100000000000000053';
const DENGSHAN = '500000000000000025';

let t: TestApp;
let db: Kysely<any>;
let admin: string;
let deng: string;
let peng: string;
let linfeng: string;
let luoxin: string;

let seq = 0;
async function resident(opts: { org?: string; birth?: number; state?: number } = {}): Promise<string> {
  seq++;
  const id = `eo${String(seq).padStart(16, '0')}`;
  await db
    .insertInto('lc_health_resident')
    .values({
      id,
      creator_time: T0,
      flow_state: 0,
      fullName: `测老${'甲乙丙丁戊己庚辛壬癸'[seq % 10]}${seq}`,
      idNumber: `36990019500101${String(1000 + seq).slice(-4)}`,
      sex: '2',
      birthDate: opts.birth ?? day(1950, 3, 3),
      phone: `1390000${String(1000 + seq).slice(-4)}`,
      heightCm: 160,
      manageOrgId: opts.org ?? DONGFENG,
      doctorId: DENGSHAN,
      archiveState: opts.state ?? 1,
    })
    .execute();
  return id;
}

const levels = (meal: string, grooming: string, dressing: string, toilet: string, activity: string) => ({
  scMeal: meal,
  scGrooming: grooming,
  scDressing: dressing,
  scToilet: toilet,
  scActivity: activity,
});
const INDEPENDENT = levels('1', '1', '1', '1', '1');

function check(residentId: string, extra: Record<string, unknown> = {}, token = deng) {
  return t.call('POST', '/api/health/elderly/checks', {
    token,
    body: { data: { residentId, checkDate: day(2030, 6, 1), ...INDEPENDENT, cognition: '1', emotion: '1', weightKg: 64, ...extra } },
  });
}

const get = (url: string, token = deng) => t.call('GET', url, { token });
const total = async (url: string, token = deng) => {
  const r = await get(url, token);
  expect(r.status, r.msg).toBe(200);
  return r.data.pagination.total as number;
};
const ids = async (url: string, token = deng) => ((await get(url, token)).data.list as { residentId: string }[]).map((r) => r.residentId);

beforeAll(async () => {
  t = await createTestApp();
  db = t.ctx.db.withoutPlugins() as unknown as Kysely<any>;
  [admin, deng, peng, linfeng, luoxin] = (await Promise.all(
    ['admin', 'dengshan', 'pengbo', 'linfeng', 'luoxin'].map((a) => t.login(a)),
  )) as [string, string, string, string, string];
  setClock(testClock(T0));
});

afterAll(async () => {
  setClock(null);
  await t?.close();
});

describe('eligibility from the birth date', () => {
  it('born on 31 December 1965 is eligible in 2030, born on 1 January 1966 is not', async () => {
    const last = await resident({ birth: day(1965, 12, 31) });
    const next = await resident({ birth: day(1966, 1, 1) });
    const list = await ids('/api/health/elderly/worklists/unchecked?pageSize=200');
    expect(list).toContain(last);
    expect(list).not.toContain(next);
    const refused = await check(next);
    expect(refused.status).toBe(400);
    expect(refused.msg).toContain('2030');
    // A check in 2030 of the one turning 65 on 31 December is accepted.
    expect((await check(last)).status).toBe(200);
  });
  it('cancelled and draft archives are not counted', async () => {
    const cancelled = await resident({ state: 2 });
    const draft = await resident({ state: 0 });
    const list = await ids('/api/health/elderly/residents?pageSize=200');
    expect(list).not.toContain(cancelled);
    expect(list).not.toContain(draft);
    expect((await check(cancelled)).status).toBe(400);
  });
});

describe('the annual check: rules in the record hooks', () => {
  it('computes the self-care total and band at every band edge', async () => {
    const cases: [ReturnType<typeof levels>, number, string][] = [
      [levels('1', '2', '1', '2', '2'), 3, '1'],
      [levels('3', '2', '1', '1', '1'), 4, '2'],
      [levels('3', '1', '1', '1', '3'), 8, '2'],
      [levels('3', '3', '3', '1', '1'), 9, '3'],
      [levels('4', '3', '1', '4', '1'), 18, '3'],
      [levels('2', '2', '3', '4', '3'), 19, '4'],
      [levels('4', '4', '4', '4', '4'), 37, '4'],
    ];
    for (const [lv, score, band] of cases) {
      const rid = await resident();
      // The client's own score and band are ignored: the server computes them.
      const r = await check(rid, { ...lv, selfCareScore: 0, selfCareBand: '1' });
      expect(r.status, r.msg).toBe(200);
      expect(Number(r.data.record.selfCareScore), JSON.stringify(lv)).toBe(score);
      expect(r.data.record.selfCareBand).toBe(band);
      expect(Number(r.data.record.checkYear)).toBe(2030);
    }
  });
  it('stores the year, BMI, unit and doctor; writes the timeline and the audit log', async () => {
    const rid = await resident();
    const r = await check(rid, { checkDate: day(2030, 2, 10) + 16 * 3_600_000, weightKg: 64, heightCm: 160 });
    expect(r.status, r.msg).toBe(200);
    const [row] = await all(db, db.selectFrom('lc_old_health_check').selectAll().where('id', '=', r.data.id));
    expect(Number(row!.checkDate)).toBe(day(2030, 2, 11));
    expect(Number(row!.checkYear)).toBe(2030);
    expect(Number(row!.bmi)).toBe(25);
    expect(row!.manageOrgId).toBe(DONGFENG);
    const tl = await all(db, db.selectFrom('health_timeline').selectAll().where('resident_id', '=', rid));
    expect(tl.map((e) => e.title)).toEqual(['老年人健康体检：自理能力可自理（0分）']);
    const audit = await all(db, db.selectFrom('health_audit_log').selectAll().where('resident_id', '=', rid));
    expect(audit.some((a) => a.action === 'edit' && String(a.target).startsWith('oldHealthCheck:'))).toBe(true);
  });
  it('refuses a second check in the year, a future date, missing items and screens', async () => {
    const rid = await resident();
    expect((await check(rid)).status).toBe(200);
    const again = await check(rid, { checkDate: day(2030, 6, 10) });
    expect(again.status).toBe(400);
    const other = await resident();
    expect((await check(other, { checkDate: day(2030, 6, 17) })).status).toBe(400);
    expect((await check(other, { scActivity: undefined })).status).toBe(400);
    expect((await check(other, { scActivity: '9' })).status).toBe(400);
    expect((await check(other, { cognition: '' })).status).toBe(400);
    // Last year's check is another year's.
    expect((await check(other, { checkDate: day(2029, 11, 3) })).status).toBe(200);
  });
  it('an edit recomputes the band and the last-check row', async () => {
    const rid = await resident();
    const r = await check(rid);
    const put = await t.call('PUT', `/api/health/elderly/checks/${r.data.id}`, {
      token: deng,
      body: { data: { ...r.data.record, ...levels('4', '1', '1', '1', '1') } },
    });
    expect(put.status, put.msg).toBe(200);
    expect(put.data.record.selfCareBand).toBe('2');
    const [last] = await all(db, db.selectFrom('health_old_last').selectAll().where('resident_id', '=', rid));
    expect(Number(last!.self_care_score)).toBe(5);
    const read = await get(`/api/health/elderly/checks/${r.data.id}`);
    expect(read.status).toBe(200);
    expect(read.data.data.selfCareBand).toBe('2');
  });
});

describe('deleting a check', () => {
  it('through the engine recomputes the last-check row; the resident is back on 本年未检', async () => {
    const rid = await resident();
    const older = await check(rid, { checkDate: day(2029, 3, 3), ...levels('4', '1', '1', '1', '1') });
    const newer = await check(rid, { cognition: '2' });
    expect(older.status, older.msg).toBe(200);
    expect(newer.status, newer.msg).toBe(200);
    expect(await ids('/api/health/elderly/worklists/unchecked?pageSize=200')).not.toContain(rid);
    const del = await t.call('DELETE', `/api/visualdev/OnlineDev/oldHealthCheck/${newer.data.id}`, { token: admin });
    expect(del.status, del.msg).toBe(200);
    const [last] = await all(db, db.selectFrom('health_old_last').selectAll().where('resident_id', '=', rid));
    expect(last!.check_id).toBe(older.data.id);
    expect(Number(last!.self_care_score)).toBe(5);
    expect(await ids('/api/health/elderly/worklists/unchecked?pageSize=200')).toContain(rid);
  });
});

describe('worklists', () => {
  it('本年未检 shrinks when a check is saved; 依赖 and 阳性 grow from the last check', async () => {
    const rid = await resident();
    const before = await total('/api/health/elderly/worklists/unchecked');
    const dependentBefore = await total('/api/health/elderly/worklists/dependent');
    const positiveBefore = await total('/api/health/elderly/worklists/positive');
    expect(await ids('/api/health/elderly/worklists/unchecked?pageSize=200')).toContain(rid);
    expect((await check(rid, { ...levels('1', '1', '1', '2', '3'), emotion: '2' })).status).toBe(200);
    expect(await total('/api/health/elderly/worklists/unchecked')).toBe(before - 1);
    expect(await ids('/api/health/elderly/worklists/unchecked?pageSize=200')).not.toContain(rid);
    expect(await total('/api/health/elderly/worklists/dependent')).toBe(dependentBefore + 1);
    expect(await total('/api/health/elderly/worklists/positive')).toBe(positiveBefore + 1);
    expect(await total('/api/health/elderly/residents?checked=1')).toBeGreaterThan(0);
  });
  it('lists are paged in SQL, masked, filtered by keyword', async () => {
    const page = await get('/api/health/elderly/worklists/unchecked?pageSize=1&currentPage=1');
    expect(page.data.list).toHaveLength(1);
    expect(page.data.list[0].fullName).toContain('*');
    expect(page.data.list[0].idNumber).toContain('*');
    expect(page.data.list[0].age).toBeGreaterThanOrEqual(64);
    const rid = await resident();
    const name = `测老${'甲乙丙丁戊己庚辛壬癸'[seq % 10]}${seq}`;
    const hit = await get(`/api/health/elderly/residents?keyword=${encodeURIComponent(name)}`);
    expect(hit.data.list.map((r: { residentId: string }) => r.residentId)).toEqual([rid]);
    expect((await get('/api/health/elderly/checks?year=2030')).data.pagination.total).toBeGreaterThan(5);
  });
});

describe('scope', () => {
  it('a village doctor sees only their village and cannot check another village', async () => {
    const far = await resident({ org: SHIQIAO });
    expect(await ids('/api/health/elderly/residents?pageSize=200', deng)).not.toContain(far);
    expect(await ids('/api/health/elderly/residents?pageSize=200', peng)).toContain(far);
    const near = await resident();
    expect((await check(near, {}, peng)).status).toBe(403);
    const mine = await check(far, {}, peng);
    expect(mine.status).toBe(200);
    expect((await get(`/api/health/elderly/checks/${mine.data.id}`, deng)).status).toBe(403);
  });
  it('menus are enforced', async () => {
    expect((await get('/api/health/elderly/worklists/unchecked', luoxin)).status).toBe(403);
    expect((await get('/api/health/elderly/kpi', deng)).status).toBe(403);
    expect((await get('/api/health/followup/org', luoxin)).status).toBe(403);
    expect((await t.call('PUT', '/api/health/elderly/settings', { token: deng, body: { targetRate: 50 } })).status).toBe(403);
    expect((await get(`/api/health/elderly/kpi?orgId=${HEKOU_CENTRE}`, linfeng)).status).toBe(200);
    expect((await get(`/api/health/followup/org?orgId=${DONGFENG}`, linfeng)).status).toBe(403);
  });
});

describe('老年人健康管理率 by unit', () => {
  it('matches a hand computation, with drill-downs whose totals are the figures', async () => {
    // 河口村: 3 eligible (2 checked this year, 1 only last year) + one aged 64 + one cancelled; 桃园村: 2 eligible, 1 checked;
    // the centre itself: 1 eligible unchecked (its department's town street).
    const h = [await resident({ org: HEKOU }), await resident({ org: HEKOU }), await resident({ org: HEKOU })];
    await resident({ org: HEKOU, birth: day(1966, 1, 1) });
    await resident({ org: HEKOU, state: 2 });
    const ty = [await resident({ org: TAOYUAN, birth: day(1965, 12, 31) }), await resident({ org: TAOYUAN })];
    await resident({ org: HEKOU_DEPT });
    for (const rid of [h[0]!, h[1]!, ty[0]!]) expect((await check(rid, {}, linfeng)).status).toBe(200);
    expect((await check(h[2]!, { checkDate: day(2029, 5, 5) }, linfeng)).status).toBe(200);
    const r = await get(`/api/health/elderly/kpi?orgId=${HEKOU_CENTRE}`, linfeng);
    expect(r.status, r.msg).toBe(200);
    const row = (id: string) => r.data.rows.find((x: { id: string }) => x.id === id);
    expect(row(HEKOU)).toMatchObject({ eligible: 3, checked: 2, rate: 66.7 });
    expect(row(TAOYUAN)).toMatchObject({ eligible: 2, checked: 1, rate: 50 });
    expect(row(HEKOU_CENTRE)).toMatchObject({ eligible: 1, checked: 0, rate: 0 });
    expect(r.data.total).toMatchObject({ eligible: 6, checked: 3, rate: 50 });
    expect(r.data.targetRate).toBe(70);
    const drill = (rowId: string, metric: string) =>
      total(`/api/health/elderly/kpi/residents?orgId=${HEKOU_CENTRE}&rowId=${rowId}&metric=${metric}`, linfeng);
    expect(await drill(HEKOU, 'eligible')).toBe(3);
    expect(await drill(HEKOU, 'checked')).toBe(2);
    expect(await drill(HEKOU, 'unchecked')).toBe(1);
    expect(await drill(HEKOU_CENTRE, 'unchecked')).toBe(1);
    // Last year: only h[2] checked.
    const y2029 = await get(`/api/health/elderly/kpi?orgId=${HEKOU_CENTRE}&year=2029`, linfeng);
    expect(y2029.data.rows.find((x: { id: string }) => x.id === HEKOU)).toMatchObject({ eligible: 3, checked: 1 });
    // TY[0] turns 65 only on 2030-12-31: not eligible in 2029.
    expect(y2029.data.rows.find((x: { id: string }) => x.id === TAOYUAN)).toMatchObject({ eligible: 1, checked: 0 });
    // A row that is not one of the table, an organisation outside the scope.
    expect((await get(`/api/health/elderly/kpi/residents?orgId=${HEKOU_CENTRE}&rowId=${DONGFENG}&metric=eligible`, linfeng)).status).toBe(
      403,
    );
    expect((await get(`/api/health/elderly/kpi?orgId=${DONGFENG}`, linfeng)).status).toBe(403);
  });
  it('settings: an administrator sets the target', async () => {
    const put = await t.call('PUT', '/api/health/elderly/settings', { token: admin, body: { targetRate: 80 } });
    expect(put.status, put.msg).toBe(200);
    expect((await get('/api/health/elderly/settings')).data).toEqual({ targetRate: 80 });
    expect((await t.call('PUT', '/api/health/elderly/settings', { token: admin, body: { targetRate: 101 } })).status).toBe(400);
  });
});

describe('随访列表（机构）: plans by unit and programme', () => {
  it('counts due, visited and overdue of the period per programme, with drill-down', async () => {
    const rid = await resident({ org: HEKOU });
    const other = await resident({ org: TAOYUAN });
    let n = 0;
    const plan = async (programme: string, org: string, start: number, end: number, visited: boolean, who = rid) =>
      db
        .insertInto('health_plans')
        .values({
          id: `pl${String(++n).padStart(18, '0')}`,
          programme,
          resident_id: who,
          enrolment_id: `en${who}`,
          kind: 'regular',
          seq: n,
          plan_date: start + 30 * 86_400_000,
          window_start: start,
          window_end: end,
          visit_id: visited ? `v${n}` : null,
          visited_at: visited ? start + 86_400_000 : null,
          doctor_id: null,
          org_id: org,
          created_at: T0,
        })
        .execute();
    // The quarter of T0 is [2030-04-01, 2030-07-01).
    await plan('htn', HEKOU, day(2030, 4, 1), day(2030, 5, 30), true); // due, visited
    await plan('htn', HEKOU, day(2030, 3, 1), day(2030, 4, 29), false); // due, overdue (overlaps the quarter's start)
    await plan('htn', HEKOU, day(2030, 6, 1), day(2030, 7, 30), false); // due, still open
    await plan('htn', HEKOU, day(2030, 1, 1), day(2030, 3, 1), false); // before the quarter: not counted
    await plan('htn', HEKOU, day(2030, 7, 1), day(2030, 8, 30), false); // after: not counted
    await plan('psy', TAOYUAN, day(2030, 5, 1), day(2030, 5, 14), false, other); // due, overdue
    await plan('zz9', TAOYUAN, day(2030, 6, 10), day(2030, 6, 20), true, other); // an unknown programme, by code
    await plan('dm', SHIQIAO, day(2030, 6, 10), day(2030, 6, 20), false); // another township: not in this table
    const r = await get(`/api/health/followup/org?orgId=${HEKOU_CENTRE}`, linfeng);
    expect(r.status, r.msg).toBe(200);
    expect(r.data.programmes).toEqual(['htn', 'psy', 'zz9']);
    const row = (id: string) => r.data.rows.find((x: { id: string }) => x.id === id);
    expect(row(HEKOU).counts).toEqual({ htn: { due: 3, visited: 1, overdue: 1 } });
    expect(row(TAOYUAN).counts).toEqual({ psy: { due: 1, visited: 0, overdue: 1 }, zz9: { due: 1, visited: 1, overdue: 0 } });
    const drill = (rowId: string, programme: string, metric: string, extra = '') =>
      get(`/api/health/followup/org/plans?orgId=${HEKOU_CENTRE}&rowId=${rowId}&programme=${programme}&metric=${metric}${extra}`, linfeng);
    expect((await drill(HEKOU, 'htn', 'due')).data.pagination.total).toBe(3);
    const overdue = await drill(HEKOU, 'htn', 'overdue');
    expect(overdue.data.list).toHaveLength(1);
    expect(overdue.data.list[0]).toMatchObject({ state: 'overdue', residentId: rid });
    expect(overdue.data.list[0].fullName).toContain('*');
    expect((await drill(TAOYUAN, 'zz9', 'visited')).data.pagination.total).toBe(1);
    // Another period: the first quarter.
    const q1 = await get(`/api/health/followup/org?orgId=${HEKOU_CENTRE}&from=${day(2030, 1, 1)}&to=${day(2030, 4, 1)}`, linfeng);
    expect(q1.data.rows.find((x: { id: string }) => x.id === HEKOU).counts.htn).toEqual({ due: 2, visited: 0, overdue: 2 });
    // A village doctor sees their own village only.
    const v = await get('/api/health/followup/org', peng);
    expect(v.status).toBe(200);
    expect(v.data.rows.map((x: { id: string }) => x.id)).toEqual([SHIQIAO]);
    expect(v.data.rows[0].counts).toEqual({ dm: { due: 1, visited: 0, overdue: 0 } });
    expect((await drill(DONGFENG, 'htn', 'due')).status).toBe(403);
  });
});

describe('bad input', () => {
  it('answers the error envelope', async () => {
    const bad = [
      '/api/health/elderly/worklists/nope',
      '/api/health/elderly/worklists/unchecked?pageSize=1000',
      '/api/health/elderly/worklists/unchecked?year=abc',
      '/api/health/elderly/residents?unknown=1',
      `/api/health/elderly/residents?keyword=${'x'.repeat(60)}`,
      '/api/health/elderly/kpi/residents?metric=eligible',
      '/api/health/followup/org?from=10&to=5',
      '/api/health/followup/org/plans?rowId=1&programme=htn&metric=nope',
    ];
    for (const url of bad) {
      const r = await get(url, admin);
      expect(r.status, url).toBe(400);
      expect(r.code, url).toBe(400);
    }
    expect((await get('/api/health/elderly/checks/does-not-exist', admin)).status).toBe(404);
    const inj = await get(`/api/health/elderly/residents?keyword=${encodeURIComponent("' or 1=1 --<script>")}`, admin);
    expect(inj.status).toBe(200);
    expect(inj.data.pagination.total).toBe(0);
    const r = await t.call('POST', '/api/health/elderly/checks', { token: deng, body: { data: 'nope' } });
    expect(r.status).toBe(400);
    // Validation first (required fields), then the unknown resident.
    expect((await t.call('POST', '/api/health/elderly/checks', { token: deng, body: { data: { residentId: 'unknown' } } })).status).toBe(
      400,
    );
    expect((await check('unknown')).status).toBe(404);
  });
});
