import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setClock, testClock } from '../../../lib/clock.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { all } from '../../health/plans/rows.ts';
import { FD_PACKAGE, FD_TEAM, FD_ITEM } from '../../../db/seed/family-doctor-teams.ts';

/**
 * 签约率 (overall and per population group), 履约率 and package revenue
 * against a hand computation over residents, contracts and tasks inserted
 * here (the test app has no demo population), by unit, team and doctor, with
 * the drill-down lists, the caller's scope and bad input.
 */
const T0 = Date.UTC(2030, 2, 1, 8);
const DAY = 86_400_000;
const CHENGGUAN = '100000000000000030';
const DONGFENG = '100000000000000033';
const LIULIN = '100000000000000034';
const SHIQIAO = '100000000000000040';
const SQ_VILLAGE = '100000000000000043';

let t: TestApp;
let db: Kysely<any>;
const tok: Record<string, string> = {};
const uid: Record<string, string> = {};

async function resident(id: string, org: string, birthYear: number, doctor: string | null, archiveState = 1) {
  await db
    .insertInto('lc_health_resident')
    .values({
      id,
      creator_time: T0,
      flow_state: 0,
      fullName: `指标居民${id}`,
      idNumber: `3699001960010${id.padStart(5, '0')}`.slice(0, 18),
      sex: '1',
      birthDate: Date.UTC(birthYear, 5, 1),
      phone: '13900000000',
      heightCm: 170,
      manageOrgId: org,
      doctorId: doctor,
      archiveState,
    })
    .execute();
}
let cn = 0;
async function contract(
  residentId: string,
  team: string,
  org: string,
  doctor: string,
  pkg: string,
  status: string,
  price: number,
  reason: string | null = null,
) {
  cn++;
  await db
    .insertInto('fd_contracts')
    .values({
      id: `kc${cn}`,
      contract_no: `KPI-${cn}`,
      resident_id: residentId,
      team_id: team,
      doctor_id: doctor,
      package_id: pkg,
      population_group: '10',
      term_years: 1,
      signed_at: T0 - 30 * DAY,
      start_date: T0 - 30 * DAY,
      end_date: T0 + 300 * DAY,
      status,
      terminate_reason: reason,
      org_id: org,
      price,
      created_at: T0 - 30 * DAY,
    })
    .execute();
}
let tn = 0;
async function task(team: string, org: string, doctor: string, due: number, status: string) {
  tn++;
  await db
    .insertInto('fd_tasks')
    .values({
      id: `kt${tn}`,
      contract_id: 'kc1',
      item_id: FD_ITEM.htnVisit,
      seq: tn,
      plan_date: due - 30 * DAY,
      due_date: due,
      status,
      resident_id: 'k1',
      team_id: team,
      doctor_id: doctor,
      org_id: org,
    })
    .execute();
}

beforeAll(async () => {
  t = await createTestApp();
  db = t.ctx.db.withoutPlugins() as unknown as Kysely<any>;
  for (const a of ['admin', 'xuli', 'hujian', 'dengshan', 'zhangwei']) tok[a] = await t.login(a);
  for (const u of await all(db, db.selectFrom('users').select(['id', 'account']))) uid[String(u.account)] = String(u.id);
  setClock(testClock(T0));
  const { xuli, dengshan, hujian } = uid;
  // 城关镇: k1 elderly + hypertension, signed; k2 adult, no contract (an earlier one terminated 迁出);
  // k3 child, renewed; k4 elderly, only 待签约; k5 cancelled archive (signed: revenue, not a resident).
  await resident('k1', DONGFENG, 1950, xuli!);
  await resident('k2', DONGFENG, 1990, xuli!);
  await resident('k3', LIULIN, 2027, dengshan!);
  await resident('k4', DONGFENG, 1955, null);
  await resident('k5', DONGFENG, 1970, null, 2);
  // 石桥镇: k6 adult signed; k7 elderly, its contract terminated for a voided invoice.
  await resident('k6', SQ_VILLAGE, 1980, hujian!);
  await resident('k7', SQ_VILLAGE, 1940, hujian!);
  await db
    .insertInto('health_chronic_enrolments')
    .values({ id: 'ke1', resident_id: 'k1', programme: 'htn', enrolled_at: T0 - DAY, created_at: T0 - DAY })
    .execute();

  await contract('k1', FD_TEAM.cg1, CHENGGUAN, xuli!, FD_PACKAGE.chronic, 'signed', 12000);
  await contract('k2', FD_TEAM.cg1, CHENGGUAN, xuli!, FD_PACKAGE.basic, 'terminated', 1200, '02');
  await contract('k3', FD_TEAM.cg1, CHENGGUAN, dengshan!, FD_PACKAGE.maternalChild, 'renewed', 8000);
  await contract('k4', FD_TEAM.cg1, CHENGGUAN, xuli!, FD_PACKAGE.basic, 'pending', 1200);
  await contract('k5', FD_TEAM.cg1, CHENGGUAN, xuli!, FD_PACKAGE.basic, 'signed', 1200);
  await contract('k6', FD_TEAM.sq1, SHIQIAO, hujian!, FD_PACKAGE.elderly, 'signed', 9600);
  await contract('k7', FD_TEAM.sq1, SHIQIAO, hujian!, FD_PACKAGE.elderly, 'terminated', 5000, '06');

  // 城关镇 tasks: due & done, due & open, due & 失访, not yet due (done early), voided by termination, due exactly now & done.
  await task(FD_TEAM.cg1, CHENGGUAN, xuli!, T0 - 10 * DAY, '1');
  await task(FD_TEAM.cg1, CHENGGUAN, xuli!, T0 - 5 * DAY, '0');
  await task(FD_TEAM.cg1, CHENGGUAN, dengshan!, T0 - DAY, '2');
  await task(FD_TEAM.cg1, CHENGGUAN, xuli!, T0 + 10 * DAY, '1');
  await task(FD_TEAM.cg1, CHENGGUAN, xuli!, T0 - 3 * DAY, '8');
  await task(FD_TEAM.cg1, CHENGGUAN, dengshan!, T0, '1');
  await task(FD_TEAM.sq1, SHIQIAO, hujian!, T0 - 2 * DAY, '1');
});
afterAll(async () => {
  setClock(null);
  await t.close();
});

const kpi = async (token: string, by = 'unit') => {
  const r = await t.call('GET', `/api/family-doctor/kpi?by=${by}`, { token });
  expect(r.status, r.msg).toBe(200);
  return r.data;
};

describe('KPIs by unit against the hand computation', () => {
  it('签约率 overall and per group, 履约率, revenue by package', async () => {
    const k = await kpi(tok.admin!);
    const cg = k.rows.find((r: any) => r.key === CHENGGUAN);
    const sq = k.rows.find((r: any) => r.key === SHIQIAO);
    // 城关镇: residents k1 k2 k3 k4 (k5 cancelled); contracted k1 k3 (k4 only pending).
    expect(cg).toMatchObject({ name: '青山县城关镇卫生院', residents: 4, contracted: 2, signRate: 0.5 });
    expect(cg.groups['03']).toEqual({ residents: 2, contracted: 1, rate: 0.5 });
    expect(cg.groups['02']).toEqual({ residents: 1, contracted: 1, rate: 1 });
    expect(cg.groups['04']).toEqual({ residents: 1, contracted: 1, rate: 1 });
    expect(cg.groups['05']).toEqual({ residents: 0, contracted: 0, rate: null });
    // Due: the four with due_date ≤ now not voided; done: two of them.
    expect(cg).toMatchObject({ due: 4, done: 2, keepRate: 0.5 });
    // Revenue: k1 12000 + k2 (terminated 迁出) 1200 + k3 8000 + k5 1200; k4 pending earns nothing.
    expect(cg).toMatchObject({ contracts: 4, revenue: 22400 });
    expect(sq).toMatchObject({ residents: 2, contracted: 1, signRate: 0.5, due: 1, done: 1, keepRate: 1, contracts: 1, revenue: 9600 });
    expect(sq.groups['03']).toEqual({ residents: 1, contracted: 0, rate: 0 });
    expect(k.total).toMatchObject({
      residents: 6,
      contracted: 3,
      signRate: 0.5,
      due: 5,
      done: 3,
      keepRate: 0.6,
      contracts: 5,
      revenue: 32000,
    });
    const byPkg = Object.fromEntries(k.packages.map((p: any) => [p.packageId, [p.contracts, p.revenue]]));
    expect(byPkg).toEqual({
      [FD_PACKAGE.chronic]: [1, 12000],
      [FD_PACKAGE.basic]: [2, 2400],
      [FD_PACKAGE.maternalChild]: [1, 8000],
      [FD_PACKAGE.elderly]: [1, 9600],
    });
  });

  it('the 履约率 figure is the same SELECT run directly', async () => {
    const { keepStatement } = await import('./kpi.service.ts');
    const direct = await all(db, keepStatement(db, { all: true, orgIds: [] }, 'unit', T0));
    const cg = direct.find((r) => r.k === CHENGGUAN)!;
    expect([Number(cg.due), Number(cg.done)]).toEqual([4, 2]);
    const route = await t.call('GET', '/api/family-doctor/kpi/keep?by=unit', { token: tok.admin });
    expect(route.status, route.msg).toBe(200);
    expect(route.data.rows.find((r: any) => r.key === CHENGGUAN)).toMatchObject({
      name: '青山县城关镇卫生院',
      due: 4,
      done: 2,
      keepRate: 0.5,
    });
    expect(route.data.total).toEqual({ due: 5, done: 3, keepRate: 0.6 });
    const scoped = await t.call('GET', '/api/family-doctor/kpi/keep?by=team', { token: tok.hujian });
    expect(scoped.data.rows.map((r: any) => r.key)).toEqual([FD_TEAM.sq1]);
  });
});

describe('by team and by doctor', () => {
  it('teams: the unit’s residents over the team’s contracts', async () => {
    const k = await kpi(tok.admin!, 'team');
    const cg1 = k.rows.find((r: any) => r.key === FD_TEAM.cg1);
    expect(cg1).toMatchObject({ name: '城关镇家庭医生一团队', residents: 4, contracted: 2, due: 4, done: 2, revenue: 22400 });
    const sq1 = k.rows.find((r: any) => r.key === FD_TEAM.sq1);
    expect(sq1).toMatchObject({ residents: 2, contracted: 1, due: 1, done: 1, revenue: 9600 });
    expect(k.total).toMatchObject({ residents: 6, contracted: 3 });
  });

  it('doctors: responsible residents for 签约率, the contract’s doctor for tasks and revenue', async () => {
    const k = await kpi(tok.admin!, 'doctor');
    const row = (id: string) => k.rows.find((r: any) => r.key === id);
    expect(row(uid.xuli!)).toMatchObject({ name: '徐丽', residents: 2, contracted: 1, due: 2, done: 1, revenue: 14400 });
    expect(row(uid.dengshan!)).toMatchObject({ residents: 1, contracted: 1, due: 2, done: 1, revenue: 8000 });
    expect(row(uid.hujian!)).toMatchObject({ residents: 2, contracted: 1, due: 1, done: 1, revenue: 9600 });
  });
});

describe('drill-down, scope and bad input', () => {
  const drill = async (token: string, qs: string) => {
    const r = await t.call('GET', `/api/family-doctor/kpi/drill?${qs}`, { token });
    expect(r.status, r.msg).toBe(200);
    return r.data;
  };
  it('lists the residents, tasks and contracts behind a figure, masked', async () => {
    const undone = await drill(tok.admin!, `by=unit&key=${CHENGGUAN}&metric=undone`);
    expect(undone.pagination.total).toBe(2);
    expect(undone.list.map((r: any) => r.status).sort()).toEqual(['0', '2']);
    const signedElderly = await drill(tok.admin!, `by=unit&key=${CHENGGUAN}&metric=signed&group=03`);
    expect(signedElderly.list.map((r: any) => r.residentId)).toEqual(['k1']);
    expect(signedElderly.list[0].fullName).not.toBe('指标居民k1');
    const unsigned = await drill(tok.admin!, `by=unit&key=${CHENGGUAN}&metric=unsigned`);
    expect(unsigned.list.map((r: any) => r.residentId).sort()).toEqual(['k2', 'k4']);
    const revenue = await drill(tok.admin!, `by=team&key=${FD_TEAM.cg1}&metric=revenue`);
    expect(revenue.pagination.total).toBe(4);
    expect(revenue.list.reduce((s: number, r: any) => s + r.price, 0)).toBe(22400);
    const doctorDue = await drill(tok.admin!, `by=doctor&key=${uid.dengshan}&metric=due`);
    expect(doctorDue.pagination.total).toBe(2);
  });

  it('scopes to the caller’s units; no menu, no figures; refuses bad queries', async () => {
    const k = await kpi(tok.hujian!);
    expect(k.rows.map((r: any) => r.key)).toEqual([SHIQIAO]);
    expect(k.total).toMatchObject({ residents: 2, due: 1, revenue: 9600 });
    const none = await drill(tok.hujian!, `by=unit&key=${CHENGGUAN}&metric=due`);
    expect(none.pagination.total).toBe(0);
    expect((await t.call('GET', '/api/family-doctor/kpi', { token: tok.dengshan })).status).toBe(403);
    expect((await t.call('GET', '/api/family-doctor/kpi?by=county', { token: tok.admin })).status).toBe(400);
    expect((await t.call('GET', `/api/family-doctor/kpi/drill?by=unit&key=${CHENGGUAN}&metric=all`, { token: tok.admin })).status).toBe(
      400,
    );
    expect(
      (await t.call('GET', `/api/family-doctor/kpi/drill?by=unit&key=${'x'.repeat(500)}&metric=due`, { token: tok.admin })).status,
    ).toBe(400);
    expect(
      (await t.call('GET', `/api/family-doctor/kpi/drill?by=unit&key=${CHENGGUAN}&metric=signed&group=99`, { token: tok.admin })).status,
    ).toBe(400);
    const inj = await drill(tok.admin!, `by=doctor&key=${encodeURIComponent("x' or '1'='1")}&metric=due`);
    expect(inj.pagination.total).toBe(0);
  });

  it('exports the table as a workbook, audited', async () => {
    const r = await t.call('GET', '/api/family-doctor/kpi/export?by=unit', { token: tok.admin });
    expect(r.status).toBe(200);
    expect(String(r.raw.headers['content-type'])).toContain('spreadsheetml');
    expect(r.raw.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const log = await all(db, db.selectFrom('health_audit_log').select('target').where('target', '=', 'fd:kpi:unit'));
    expect(log.length).toBe(1);
  });
});
