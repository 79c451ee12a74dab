import type { Kysely } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fdAuthenticity, fdContractEnd, fdPlanTasks, haversineMetres } from '@medalliance/contract';
import { setClock, testClock, type TestClock } from '../../lib/clock.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { all } from '../health/plans/rows.ts';
import { FD_ITEM, FD_PACKAGE, FD_TEAM } from '../../db/seed/family-doctor-teams.ts';
import { expireDue } from './contracts.service.ts';
import { syncCancelledArchives } from './tasks.service.ts';

/**
 * Family-doctor contracting through the API with the clock fixed: one active
 * contract per resident (also two racing requests), tasks over the term
 * against a hand computation, a saved hypertension visit completing its
 * task, the authenticity check at its boundaries, the contract's state
 * machine, scope, masking and bad input.
 *
 * People (seed): 徐丽 xuli (城关镇卫生院, team cg1 doctor, every family-doctor
 * menu); 邓山 dengshan (东风村 village doctor, team cg1; my_service, plan_list,
 * serve_list only); 胡健 hujian (石桥镇, team sq1); 吴晴 wuqing (ultrasound, no menu).
 */

const DAY = 86_400_000;
const T0 = Date.UTC(2029, 2, 1, 8); // 2029-03-01 08:00 UTC
const D0 = Date.UTC(2029, 2, 1);
const DONGFENG = '100000000000000033';
const SHIQIAO_VILLAGE = '100000000000000043';

let t: TestApp;
let db: Kysely<any>;
let clock: TestClock;
const tok: Record<string, string> = {};

let seq = 0;
async function resident(org = DONGFENG, birth = Date.UTC(1950, 5, 1)): Promise<string> {
  seq++;
  const id = `fd${String(seq).padStart(16, '0')}`;
  await db
    .insertInto('lc_health_resident')
    .values({
      id,
      creator_time: T0,
      flow_state: 0,
      fullName: `签约测${'甲乙丙丁戊己庚辛壬癸'[seq % 10]}${seq}`,
      idNumber: `36990019500601${String(1000 + seq).slice(-4)}`,
      sex: '1',
      birthDate: birth,
      phone: `1390000${String(1000 + seq).slice(-4)}`,
      heightCm: 170,
      manageOrgId: org,
      doctorId: null,
      archiveState: 1,
      disability: '1',
    })
    .execute();
  return id;
}

const signBody = (residentId: string, extra: Record<string, unknown> = {}) => ({
  residentId,
  teamId: FD_TEAM.cg1,
  packageId: FD_PACKAGE.chronic,
  populationGroup: '04',
  termYears: 1,
  ...extra,
});
const sign = (token: string, body: unknown) => t.call('POST', '/api/family-doctor/contracts', { token, body });
async function signed(residentId: string, extra: Record<string, unknown> = {}, token = tok.xuli!) {
  const r = await sign(token, signBody(residentId, extra));
  expect(r.status, r.msg).toBe(200);
  return r.data.id as string;
}
const act = (token: string, id: string, action: string, body: unknown = {}) =>
  t.call('POST', `/api/family-doctor/contracts/${id}/actions/${action}`, { token, body });
const contract = async (id: string) => (await all(db, db.selectFrom('fd_contracts').selectAll().where('id', '=', id)))[0]!;
const tasksOf = (contractId: string) =>
  all(db, db.selectFrom('fd_tasks').selectAll().where('contract_id', '=', contractId).orderBy('item_id').orderBy('seq'));

beforeAll(async () => {
  t = await createTestApp();
  db = t.ctx.db.withoutPlugins() as unknown as Kysely<any>;
  for (const a of ['admin', 'xuli', 'dengshan', 'hujian', 'wuqing']) tok[a] = await t.login(a);
  clock = testClock(T0);
  setClock(clock);
});

beforeEach(() => clock.set(T0));

afterAll(async () => {
  setClock(null);
  await t?.close();
});

describe('pure rules', () => {
  it('ends a term on the day before the anniversary and spreads tasks evenly (by hand)', () => {
    expect(fdContractEnd(D0, 1)).toBe(Date.UTC(2030, 1, 28));
    expect(fdContractEnd(D0, 2)).toBe(Date.UTC(2031, 1, 28));
    const end = fdContractEnd(D0, 1);
    // 365 days, 4 times: openings after 0, 91, 182, 273 days.
    const p = fdPlanTasks(D0, end, 1, [{ itemId: 'a', times: 4 }]);
    expect(p.map((x) => [x.seq, x.planDate, x.dueDate])).toEqual([
      [1, D0, Date.UTC(2029, 4, 30)],
      [2, Date.UTC(2029, 4, 31), Date.UTC(2029, 7, 29)],
      [3, Date.UTC(2029, 7, 30), Date.UTC(2029, 10, 28)],
      [4, Date.UTC(2029, 10, 29), end],
    ]);
    // Two years, once a year: 2 tasks, the second opening after 365 days (730-day span / 2).
    const q = fdPlanTasks(D0, fdContractEnd(D0, 2), 2, [{ itemId: 'b', times: 1 }]);
    expect(q.map((x) => x.planDate)).toEqual([D0, D0 + 365 * DAY]);
    expect(fdPlanTasks(D0, end, 1, [{ itemId: 'c', times: 0 }])).toEqual([]);
  });

  it('measures distances with haversine and judges authenticity at the boundaries', () => {
    const m = 1 / 111_195.08; // degrees of latitude per metre on the mean sphere
    expect(haversineMetres(28, 115, 28 + 1000 * m, 115)).toBeCloseTo(1000, 0);
    const home = { lat: 28.5, lng: 115.9 };
    const s = { radiusM: 500, days: 7 };
    const at = D0 + 10 * DAY;
    const rec = (dm: number, lagDays: number) => ({ lat: 28.5 + dm * m, lng: 115.9, servedAt: at - lagDays * DAY, recordedAt: at });
    expect(fdAuthenticity(rec(499.5, 0), home, s).result).toBe('1');
    expect(fdAuthenticity(rec(500.5, 0), home, s).result).toBe('2');
    expect(fdAuthenticity(rec(10, 7), home, s).result).toBe('1');
    expect(fdAuthenticity(rec(10, 7 + 1 / 24), home, s).result).toBe('2');
    expect(fdAuthenticity({ ...rec(10, 0), lat: null }, home, s).result).toBe('0');
    expect(fdAuthenticity(rec(10, 0), null, s).result).toBe('0');
  });
});

describe('signing', () => {
  it('signs with a bill-rule number and generates the package tasks over the term', async () => {
    const rid = await resident();
    const r = await sign(tok.xuli!, signBody(rid, { termYears: 2 }));
    expect(r.status, r.msg).toBe(200);
    expect(r.data.contractNo).toMatch(/^QY\d{8}\d{4}$/);
    const c = await contract(r.data.id);
    expect(c).toMatchObject({
      status: 'signed',
      start_date: D0,
      end_date: Date.UTC(2031, 1, 28),
      org_id: '100000000000000030',
      team_id: FD_TEAM.cg1,
    });
    const tasks = await tasksOf(r.data.id);
    // 慢病管理服务包: htn 4 + dm 4 + glucose 4 + ecg 1 + medicine 4 = 17 a year, × 2 years.
    expect(tasks).toHaveLength(34);
    const htn = tasks.filter((x) => x.item_id === FD_ITEM.htnVisit);
    expect(htn).toHaveLength(8);
    // 730 days (no 29 February in the term) / 8 = 91.25: openings after 0, 91, 182, 273, 365, 456, 547, 638 days.
    expect(htn.map((x) => (Number(x.plan_date) - D0) / DAY)).toEqual([0, 91, 182, 273, 365, 456, 547, 638]);
    expect(Number(htn[7]!.due_date)).toBe(Date.UTC(2031, 1, 28));
    expect(htn.every((x) => x.status === '0' && x.doctor_id && x.org_id === '100000000000000030')).toBe(true);
  });

  it('refuses a second active contract for the same resident, also for two racing requests', async () => {
    const rid = await resident();
    await signed(rid);
    const again = await sign(tok.xuli!, signBody(rid));
    expect(again.status).toBe(409);
    const rid2 = await resident();
    const [a, b] = await Promise.all([sign(tok.xuli!, signBody(rid2)), sign(tok.dengshan!, signBody(rid2))]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const rows = await all(db, db.selectFrom('fd_contracts').select('id').where('resident_id', '=', rid2));
    expect(rows).toHaveLength(1);
    expect(await all(db, db.selectFrom('fd_tasks').select('id').where('resident_id', '=', rid2))).toHaveLength(17);
  });

  it('a terminated contract frees the resident for a new one', async () => {
    const rid = await resident();
    const id = await signed(rid);
    expect((await act(tok.xuli!, id, 'terminate', { reason: '05' })).status).toBe(200);
    expect((await sign(tok.xuli!, signBody(rid, { packageId: FD_PACKAGE.elderly, populationGroup: '03' }))).status).toBe(200);
  });

  it('refuses a cancelled archive, an inactive team, a non-member, an unknown package and bad bodies', async () => {
    const rid = await resident();
    await db.updateTable('lc_health_resident').set({ archiveState: 2 }).where('id', '=', rid).execute();
    expect((await sign(tok.xuli!, signBody(rid))).status).toBe(400);
    const ok = await resident();
    expect((await sign(tok.xuli!, signBody(ok, { teamId: FD_TEAM.hk1 }))).status).toBe(400);
    expect((await sign(tok.admin!, signBody(ok, { teamId: 'nope' }))).status).toBe(400);
    expect((await sign(tok.xuli!, signBody(ok, { packageId: 'nope' }))).status).toBe(400);
    expect((await sign(tok.xuli!, signBody('nobody'))).status).toBe(404);
    // 石桥镇's doctor: the 东风村 resident lies outside his scope.
    expect((await sign(tok.hujian!, signBody(ok, { teamId: FD_TEAM.sq1 }))).status).toBe(403);
    // xuli is not a member of 石桥镇's team.
    const sq = await resident(SHIQIAO_VILLAGE);
    expect((await sign(tok.xuli!, signBody(sq, { teamId: FD_TEAM.sq1 }))).status).toBe(403);
    for (const bad of [
      { ...signBody(ok), termYears: 0 },
      { ...signBody(ok), termYears: 6 },
      { ...signBody(ok), termYears: '1' },
      { ...signBody(ok), populationGroup: '99' },
      { ...signBody(ok), residentId: 'x'.repeat(5000) },
      { ...signBody(ok), extra: 1 },
      { ...signBody(ok), startDate: T0 + 400 * DAY },
    ])
      expect((await sign(tok.xuli!, bad)).status).toBe(400);
    const malformed = await t.call('POST', '/api/family-doctor/contracts', {
      token: tok.xuli!,
      body: '{"residentId": ' as never,
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.status).toBe(400);
    expect(await all(db, db.selectFrom('fd_contracts').select('id').where('resident_id', '=', ok))).toHaveLength(0);
  });

  it('refuses callers without the menu or the button', async () => {
    const rid = await resident();
    expect((await sign(tok.wuqing!, signBody(rid))).status).toBe(403);
    expect((await t.call('GET', '/api/family-doctor/contracts', { token: tok.wuqing! })).status).toBe(403);
    const id = await signed(rid, {}, tok.dengshan!);
    // The village doctor has no service-change screen.
    expect((await act(tok.dengshan!, id, 'terminate', { reason: '04' })).status).toBe(403);
  });
});

describe('tasks', () => {
  it('a saved hypertension visit completes the matching open task (and deleting it reopens it)', async () => {
    const rid = await resident();
    const enrol = await t.call('POST', '/api/health/chronic/htn/enrolments', {
      token: tok.dengshan!,
      body: { residentId: rid, managementGroup: '1', riskLevel: '2' },
    });
    expect(enrol.status, enrol.msg).toBe(200);
    const id = await signed(rid);
    clock.set(T0 + 10 * DAY);
    const v = await t.call('POST', '/api/health/chronic/htn/visits', {
      token: tok.dengshan!,
      body: { data: { visitMethod: '1', residentId: rid, visitDate: D0 + 10 * DAY, systolic: 128, diastolic: 82 } },
    });
    expect(v.status, v.msg).toBe(200);
    const htn = (await tasksOf(id)).filter((x) => x.item_id === FD_ITEM.htnVisit);
    expect(htn[0]).toMatchObject({ status: '1', source_form: 'htn_visit', source_record_id: v.data.id, done_at: D0 + 10 * DAY });
    expect(htn.slice(1).every((x) => x.status === '0')).toBe(true);
    // The dm task is untouched: a hypertension visit proves only its own item.
    expect((await tasksOf(id)).filter((x) => x.item_id === FD_ITEM.dmVisit).every((x) => x.status === '0')).toBe(true);
    const model = await db.selectFrom('visualdev_models').select('id').where('en_code', '=', 'htnFollowup').executeTakeFirstOrThrow();
    const del = await t.call('DELETE', `/api/visualdev/OnlineDev/${model.id}/${v.data.id}`, { token: tok.admin! });
    expect(del.status, del.msg).toBe(200);
    expect((await tasksOf(id)).find((x) => x.id === htn[0]!.id)).toMatchObject({ status: '0', source_record_id: null });
    clock.set(T0);
  });

  it('shows overdue open tasks as 过访, lets the doctor mark 失访 / 未访 once, and lists them', async () => {
    const rid = await resident();
    const id = await signed(rid);
    const first = (await tasksOf(id)).find((x) => x.item_id === FD_ITEM.htnVisit && Number(x.seq) === 1)!;
    clock.set(Date.UTC(2029, 4, 31, 8)); // the day after its due date
    const list = await t.call('GET', `/api/family-doctor/tasks?contractId=${id}&status=4`, { token: tok.xuli! });
    expect(list.status, list.msg).toBe(200);
    expect(list.data.list.map((x: any) => x.id)).toContain(first.id);
    expect(list.data.list.every((x: any) => x.shownStatus === '4' && x.status === '0')).toBe(true);
    expect(list.data.list[0].fullName).toMatch(/\*/);
    const overdue = await t.call('GET', '/api/family-doctor/worklists/overdue?pageSize=200', { token: tok.xuli! });
    expect(overdue.data.list.some((x: any) => x.id === first.id)).toBe(true);
    expect((await t.call('POST', `/api/family-doctor/tasks/${first.id}/mark`, { token: tok.xuli!, body: { status: '2' } })).status).toBe(
      200,
    );
    expect((await t.call('POST', `/api/family-doctor/tasks/${first.id}/mark`, { token: tok.xuli!, body: { status: '3' } })).status).toBe(
      400,
    );
    expect((await t.call('POST', `/api/family-doctor/tasks/${first.id}/mark`, { token: tok.xuli!, body: { status: '1' } })).status).toBe(
      400,
    );
    expect((await t.call('POST', `/api/family-doctor/tasks/${first.id}/mark`, { token: tok.hujian!, body: { status: '2' } })).status).toBe(
      403,
    );
    expect((await t.call('POST', '/api/family-doctor/tasks/unknown/mark', { token: tok.xuli!, body: { status: '2' } })).status).toBe(404);
    clock.set(T0);
  });

  it('a cancelled archive sets its open tasks 档案注销', async () => {
    const rid = await resident();
    const id = await signed(rid);
    await db.updateTable('lc_health_resident').set({ archiveState: 2 }).where('id', '=', rid).execute();
    expect(await syncCancelledArchives(db, T0)).toBe(17);
    expect((await tasksOf(id)).every((x) => x.status === '9')).toBe(true);
  });
});

describe('contract states', () => {
  it('terminates with a reason (open tasks 解约), and refuses what the state does not allow', async () => {
    const rid = await resident();
    const id = await signed(rid);
    expect((await act(tok.xuli!, id, 'terminate', {})).status).toBe(400);
    expect((await act(tok.xuli!, id, 'terminate', { reason: '07' })).status).toBe(400);
    expect((await act(tok.xuli!, id, 'confirm')).status).toBe(400);
    expect((await act(tok.xuli!, id, 'fly')).status).toBe(400);
    expect((await act(tok.xuli!, id, 'terminate', { reason: '04', note: '本人要求' })).status).toBe(200);
    expect(await contract(id)).toMatchObject({ status: 'terminated', terminate_reason: '04', terminated_at: T0 });
    expect((await tasksOf(id)).every((x) => x.status === '8')).toBe(true);
    for (const a of ['terminate', 'renew', 'change', 'confirm'])
      expect((await act(tok.xuli!, id, a, { reason: '01', termYears: 1, packageId: FD_PACKAGE.basic })).status).toBe(400);
    expect((await act(tok.hujian!, id, 'terminate', { reason: '01' })).status).toBe(403);
    expect((await act(tok.xuli!, 'unknown', 'terminate', { reason: '01' })).status).toBe(404);
  });

  it('confirms a pending contract (tasks appear only then)', async () => {
    const rid = await resident();
    const r = await sign(tok.xuli!, signBody(rid, { confirm: false }));
    expect(r.status).toBe(200);
    expect(await contract(r.data.id)).toMatchObject({ status: 'pending', signed_at: null });
    expect(await tasksOf(r.data.id)).toHaveLength(0);
    expect((await sign(tok.xuli!, signBody(rid))).status).toBe(409);
    expect((await act(tok.xuli!, r.data.id, 'confirm')).status).toBe(200);
    expect(await tasksOf(r.data.id)).toHaveLength(17);
  });

  it('renews only within 30 days of the end, into the next term; expires by the clock', async () => {
    const rid = await resident();
    const id = await signed(rid);
    expect((await act(tok.xuli!, id, 'renew', { termYears: 1 })).status).toBe(400); // too early
    clock.set(Date.UTC(2030, 1, 1, 8)); // 27 days before the end (2030-02-28)
    expect((await act(tok.xuli!, id, 'renew', {})).status).toBe(400); // no term
    const r = await act(tok.xuli!, id, 'renew', { termYears: 2, packageId: FD_PACKAGE.elderly });
    expect(r.status, r.msg).toBe(200);
    expect(await contract(id)).toMatchObject({ status: 'expired' });
    const next = await contract(r.data.id);
    expect(next).toMatchObject({
      status: 'renewed',
      renewed_from: id,
      start_date: Date.UTC(2030, 2, 1),
      end_date: Date.UTC(2032, 1, 29),
      package_id: FD_PACKAGE.elderly,
    });
    expect(await tasksOf(r.data.id)).toHaveLength(2 * (1 + 4 + 1 + 1 + 2 + 1));
    expect((await sign(tok.xuli!, signBody(rid))).status).toBe(409);
    // A contract past its end becomes 到期 on the next look.
    const other = await resident();
    clock.set(T0);
    const old = await signed(other);
    clock.set(Date.UTC(2030, 2, 1, 8));
    expect(await expireDue(db, Date.UTC(2030, 2, 1, 8))).toBeGreaterThanOrEqual(1);
    expect(await contract(old)).toMatchObject({ status: 'expired' });
    expect(await contract(r.data.id)).toMatchObject({ status: 'renewed' });
    clock.set(T0);
  });

  it('changes team and package: open tasks from today re-planned, the new team’s unit becomes the scope', async () => {
    const rid = await resident();
    const id = await signed(rid);
    clock.set(Date.UTC(2029, 6, 1, 8));
    const r = await act(tok.xuli!, id, 'change', { packageId: FD_PACKAGE.basic });
    expect(r.status, r.msg).toBe(200);
    const tasks = await tasksOf(id);
    // Chronic tasks opened before 07-01 stay; basic-package tasks opening from 07-01 are added.
    expect(
      tasks
        .filter((x) => Number(x.plan_date) >= Date.UTC(2029, 6, 1))
        .every((x) => [FD_ITEM.archive, FD_ITEM.consult, FD_ITEM.referral].includes(x.item_id)),
    ).toBe(true);
    expect((await act(tok.xuli!, id, 'change', {})).status).toBe(400);
    expect((await act(tok.admin!, id, 'change', { teamId: FD_TEAM.sq1 })).status).toBe(200);
    expect(await contract(id)).toMatchObject({ team_id: FD_TEAM.sq1, org_id: '100000000000000040' });
    clock.set(T0);
  });
});

describe('service records and authenticity', () => {
  it('records a visit with its checklist, judges it against the address (radius and days), completes its task, and is audited once', async () => {
    const rid = await resident();
    const id = await signed(rid);
    const home = { lat: 28.6, lng: 115.9 };
    expect((await t.call('PUT', `/api/family-doctor/residents/${rid}/position`, { token: tok.xuli!, body: home })).status).toBe(200);
    expect((await t.call('PUT', '/api/family-doctor/settings', { token: tok.xuli!, body: { radiusM: 300, days: 3 } })).status).toBe(200);
    const m = 1 / 111_195.08;
    clock.set(T0 + 20 * DAY);
    const task = (await tasksOf(id)).find((x) => x.item_id === FD_ITEM.glucose && Number(x.seq) === 1)!;
    const add = (extra: Record<string, unknown>) =>
      t.call('POST', '/api/family-doctor/records', {
        token: tok.xuli!,
        body: { contractId: id, servedAt: T0 + 20 * DAY, checklist: ['c01', 'c02'], lat: home.lat + 299.5 * m, lng: home.lng, ...extra },
      });
    const inside = await add({ taskId: task.id });
    expect(inside.status, inside.msg).toBe(200);
    expect(inside.data.authenticity).toBe('1');
    expect((await tasksOf(id)).find((x) => x.id === task.id)).toMatchObject({ status: '1', record_id: inside.data.id });
    expect((await add({ lat: home.lat + 300.5 * m })).data.authenticity).toBe('2');
    expect((await add({ servedAt: T0 + 17 * DAY })).data.authenticity).toBe('1'); // exactly 3 days
    expect((await add({ servedAt: T0 + 17 * DAY - 1 })).data.authenticity).toBe('2'); // just over 3 days
    expect((await add({ lat: null, lng: null })).data.authenticity).toBe('0');
    // Refused: a closed task, a task of another contract, an item outside the package, future and out-of-term dates, bad bodies.
    expect((await add({ taskId: task.id })).status).toBe(400);
    expect((await add({ itemId: FD_ITEM.childVisit })).status).toBe(400);
    expect((await add({ servedAt: T0 + 25 * DAY })).status).toBe(400);
    expect((await add({ servedAt: T0 - 5 * DAY })).status).toBe(400);
    expect((await add({ checklist: [] })).status).toBe(400);
    expect((await add({ checklist: ['c99'] })).status).toBe(400);
    expect((await add({ lat: 91 })).status).toBe(400);
    expect((await add({ note: '<script>alert(1)</script>'.repeat(30) })).status).toBe(400);
    expect((await add({ contractId: 'unknown' })).status).toBe(404);

    const pending = await t.call('GET', `/api/family-doctor/records?contractId=${id}&auditStatus=pending`, { token: tok.xuli! });
    expect(pending.data.pagination.total).toBe(5);
    expect(pending.data.list[0].fullName).toMatch(/\*/);
    const audit = (token: string, body: unknown) => t.call('POST', `/api/family-doctor/records/${inside.data.id}/audit`, { token, body });
    expect((await audit(tok.dengshan!, { decision: 'approved' })).status).toBe(403); // no verify screen
    expect((await audit(tok.xuli!, { decision: 'maybe' })).status).toBe(400);
    expect((await audit(tok.xuli!, { decision: 'approved', comment: '属实' })).status).toBe(200);
    expect((await audit(tok.xuli!, { decision: 'rejected' })).status).toBe(400);
    // A wider radius and window: re-verifying the pending records turns the near-miss ones valid.
    await t.call('PUT', '/api/family-doctor/settings', { token: tok.xuli!, body: { radiusM: 500, days: 7 } });
    const rv = await t.call('POST', '/api/family-doctor/records/reverify', { token: tok.xuli! });
    expect(rv.status).toBe(200);
    const valid = await t.call('GET', `/api/family-doctor/records?contractId=${id}&authenticity=1`, { token: tok.xuli! });
    expect(valid.data.pagination.total).toBe(4);
    expect((await t.call('PUT', '/api/family-doctor/settings', { token: tok.xuli!, body: { radiusM: 5, days: 7 } })).status).toBe(400);
    clock.set(T0);
  });
});

describe('lists, worklists and scope', () => {
  it('scopes lists to the caller’s units, masks them, and answers the four worklists', async () => {
    const rid = await resident(DONGFENG, Date.UTC(1940, 0, 1));
    const id = await signed(rid);
    const unsigned = await resident(DONGFENG, Date.UTC(1941, 0, 1));
    const mine = await t.call('GET', '/api/family-doctor/contracts?pageSize=200', { token: tok.xuli! });
    expect(mine.status).toBe(200);
    expect(mine.data.list.some((x: any) => x.id === id)).toBe(true);
    const row = mine.data.list.find((x: any) => x.id === id);
    expect(row.idNumber).toMatch(/\*/);
    expect(row.phone).toMatch(/\*/);
    expect(row.tasksTotal).toBe(17);
    expect(row.actions).toEqual(['terminate', 'renew', 'change']);
    // 石桥镇 sees none of 城关镇's contracts; the village doctor sees his village's.
    const other = await t.call('GET', '/api/family-doctor/contracts?pageSize=200', { token: tok.hujian! });
    expect(other.data.list.some((x: any) => x.id === id)).toBe(false);
    const village = await t.call('GET', '/api/family-doctor/contracts?pageSize=200', { token: tok.dengshan! });
    expect(village.data.list.some((x: any) => x.id === id)).toBe(true);
    expect((await t.call('GET', `/api/family-doctor/contracts/${id}`, { token: tok.hujian! })).status).toBe(403);
    const detail = await t.call('GET', `/api/family-doctor/contracts/${id}`, { token: tok.xuli! });
    expect(detail.data.events.map((e: any) => e.action)).toEqual(['sign']);

    const meta = await t.call('GET', '/api/family-doctor/meta', { token: tok.xuli! });
    expect(meta.status).toBe(200);
    expect(meta.data.teams.find((x: any) => x.id === FD_TEAM.cg1)).toMatchObject({ member: true });
    expect(meta.data.packages.length).toBeGreaterThan(0);
    expect(meta.data.rights).toMatchObject({ sign: true, modify: true, verify: true });
    const un = await t.call('GET', '/api/family-doctor/worklists/unsigned?pageSize=200', { token: tok.xuli! });
    expect(un.data.list.some((x: any) => x.residentId === unsigned)).toBe(true);
    expect(un.data.list.some((x: any) => x.residentId === rid)).toBe(false);
    expect(un.data.list.find((x: any) => x.residentId === unsigned).groups).toContain('03');
    expect(meta.data.counts.unsigned).toBe(un.data.pagination.total);
    expect(
      (await t.call('GET', '/api/family-doctor/worklists/unsigned', { token: tok.hujian! })).data.list.some(
        (x: any) => x.residentId === unsigned,
      ),
    ).toBe(false);

    clock.set(Date.UTC(2030, 1, 5, 8));
    const exp = await t.call('GET', '/api/family-doctor/worklists/expiring?pageSize=200', { token: tok.xuli! });
    expect(exp.data.list.some((x: any) => x.id === id)).toBe(true);
    clock.set(T0);
    const pick = await t.call('GET', `/api/family-doctor/residents?keyword=${encodeURIComponent('签约测')}`, { token: tok.xuli! });
    expect(pick.status).toBe(200);
    expect(pick.data.list.find((x: any) => x.residentId === rid)).toMatchObject({ contracted: true, presetGroup: '03' });
  });

  it('treats injection and huge strings as plain input', async () => {
    for (const k of ["' or 1=1 --", '%', '_', '<img src=x onerror=alert(1)>']) {
      const r = await t.call('GET', `/api/family-doctor/contracts?keyword=${encodeURIComponent(k)}`, { token: tok.xuli! });
      expect(r.status).toBe(200);
      expect(r.data.list).toHaveLength(0);
    }
    expect((await t.call('GET', `/api/family-doctor/contracts?keyword=${'x'.repeat(500)}`, { token: tok.xuli! })).status).toBe(400);
    expect((await t.call('GET', '/api/family-doctor/contracts?status=bogus', { token: tok.xuli! })).status).toBe(400);
    expect((await t.call('GET', '/api/family-doctor/contracts?pageSize=100000', { token: tok.xuli! })).status).toBe(400);
    expect((await t.call('GET', '/api/family-doctor/worklists/everything', { token: tok.xuli! })).status).toBe(400);
    expect((await t.call('GET', '/api/family-doctor/tasks?sidx=drop', { token: tok.xuli! })).status).toBe(400);
  });
});
