import type { Kysely } from 'kysely';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedChronicModels } from '../../../db/seed/health/chronic-models.ts';
import { menuId } from '../../../db/seed/index.ts';
import { ROOT_ORG } from '../../../db/seed/organizations.ts';
import { newUserRow } from '../../../db/user-row.ts';
import { setClock, testClock } from '../../../lib/clock.ts';
import { hashPassword, md5 } from '../../../lib/crypto.ts';
import { newId } from '../../../lib/ids.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';

/**
 * The KPIs against a hand computation on a small cohort of our own units (a
 * township with a department and two villages), written into the real tables,
 * with the clock fixed at 2030-07-01 08:00 UTC:
 *
 * HTN, 2030 (→ F2F = face-to-face visits, ☎ = telephone):
 *   V1 (doctor A) p1: 4 F2F, last 控制满意              → managed, standard, controlled
 *                 p2: 3 F2F + 2 ☎, last 不满意, + 2029   → managed
 *                 p3: 4 F2F, earlier 满意, last 不满意     → managed, standard
 *                 p4: only a 2029 visit                   → —
 *                 p5: 4 F2F + last ☎ 满意                  → managed, standard, controlled
 *   V2 (doctor B) p6: 1 visit 满意                          → managed, controlled
 *                 p7: one visit dated 2030-08-01 (after the clock) → —
 *   T  (doctor T) p8: 4 F2F 满意                            → managed, standard, controlled
 * Archives (正常): V1 p1–p5 all active; V2 p6 active, p7 last activity 2029-06-30 (inactive);
 *   T p8 last activity exactly 12 months ago (active); p9 cancelled and p10 draft not counted.
 */

const T0 = Date.UTC(2030, 6, 1, 8);
const day = (m: number, d: number, y = 2030) => Date.UTC(y, m - 1, d);
const TOWN = 'kt0000000000000001';
const DEPT = 'kt0000000000000002';
const V1 = 'kt0000000000000003';
const V2 = 'kt0000000000000004';
const DOC_A = 'ku0000000000000001';
const DOC_B = 'ku0000000000000002';
const DOC_T = 'ku0000000000000003';
/** A statistician of the township: the area statistics menu only, no bulk-export grant. */
const STAT = 'ku0000000000000004';
const ROLE_VILLAGE = '200000000000000004';
const ROLE_TOWNSHIP = '200000000000000003';

let t: TestApp;
let db: Kysely<any>;
let admin: string;
let docA: string;
let docT: string;

type Visit = [date: number, method: string, cls: string];
const F = '1';
const PHONE = '3';
const OK = '1';
const BAD = '2';

async function resident(n: number, org: string, doctor: string, state: number, lastActivityAt: number): Promise<string> {
  const id = `kr${String(n).padStart(16, '0')}`;
  await db
    .insertInto('lc_health_resident')
    .values({
      id,
      creator_time: T0,
      fullName: `测试${'甲乙丙丁戊己庚辛壬癸'[n - 1]}`,
      idNumber: null,
      sex: '1',
      birthDate: day(1, 1, 1960),
      manageOrgId: org,
      doctorId: doctor,
      archiveState: state,
      lastActivityAt,
    })
    .execute();
  return id;
}

async function enrol(residentId: string, programme: 'htn' | 'dm', org: string, doctor: string, visits: Visit[]): Promise<string> {
  const id = newId();
  await db
    .insertInto('health_chronic_enrolments')
    .values({
      id,
      resident_id: residentId,
      programme,
      doctor_id: doctor,
      org_id: org,
      outcome: 0,
      enrolled_at: day(1, 1, 2029),
      referral_flag: 0,
      created_at: T0,
    })
    .execute();
  const table = programme === 'htn' ? 'lc_htn_followup' : 'lc_dm_followup';
  for (const [visitDate, visitMethod, classification] of visits)
    await db
      .insertInto(table)
      .values({
        id: newId(),
        creator_time: T0,
        residentId,
        enrolmentId: id,
        visitDate,
        visitMethod,
        classification,
        doctorId: doctor,
        manageOrgId: org,
      })
      .execute();
  return id;
}

beforeAll(async () => {
  t = await createTestApp({}, { population: true });
  db = t.ctx.db.withoutPlugins() as unknown as Kysely<any>;
  await seedChronicModels(t.ctx);
  const org = (id: string, parent: string, category: string, path: string, name: string) => ({
    id,
    parent_id: parent,
    category,
    en_code: id,
    full_name: name,
    id_path: path,
    sort_code: 900,
    enabled_mark: 1,
    created_at: T0,
  });
  await db
    .insertInto('organizations')
    .values([
      org(TOWN, ROOT_ORG, 'company', `${ROOT_ORG},${TOWN}`, '测试镇卫生院'),
      org(DEPT, TOWN, 'department', `${ROOT_ORG},${TOWN},${DEPT}`, '测试镇公卫科'),
      org(V1, TOWN, 'company', `${ROOT_ORG},${TOWN},${V1}`, '一村卫生室'),
      org(V2, TOWN, 'company', `${ROOT_ORG},${TOWN},${V2}`, '二村卫生室'),
    ])
    .execute();
  const hash = await hashPassword(md5('demo123'), { memoryCost: 1024, timeCost: 1 });
  const users: [string, string, string, string][] = [
    [DOC_A, 'kpidoca', V1, ROLE_VILLAGE],
    [DOC_B, 'kpidocb', V2, ROLE_VILLAGE],
    [DOC_T, 'kpidoct', DEPT, ROLE_TOWNSHIP],
    [STAT, 'kpistat', DEPT, ''],
  ];
  for (const [id, account, organizeId, role] of users) {
    await t.ctx.db
      .insertInto('users')
      .values(newUserRow({ id, account, passwordHash: hash, organizeId, realName: account }))
      .execute();
    await t.ctx.db
      .insertInto('userRelations')
      .values([
        ...(role ? [{ id: newId(), userId: id, objectType: 'Role', objectId: role, sortCode: 0, createdAt: T0 }] : []),
        { id: newId(), userId: id, objectType: 'Organize', objectId: organizeId, sortCode: 0, createdAt: T0 },
      ])
      .execute();
  }
  await t.ctx.db
    .insertInto('authorizations')
    .values({
      id: newId(),
      itemType: 'module',
      itemId: menuId('area_statistics'),
      objectType: 'User',
      objectId: STAT,
      createdAt: T0,
      createdBy: null,
    })
    .execute();
  setClock(testClock(T0));
  const active = day(6, 15);
  const p1 = await resident(1, V1, DOC_A, 1, active);
  const p2 = await resident(2, V1, DOC_A, 1, active);
  const p3 = await resident(3, V1, DOC_A, 1, active);
  const p4 = await resident(4, V1, DOC_A, 1, active);
  const p5 = await resident(5, V1, DOC_A, 1, active);
  const p6 = await resident(6, V2, DOC_B, 1, active);
  const p7 = await resident(7, V2, DOC_B, 1, day(6, 30, 2029));
  const p8 = await resident(8, TOWN, DOC_T, 1, Date.UTC(2029, 6, 1, 8));
  await resident(9, V1, DOC_A, 2, active);
  await resident(10, V2, DOC_B, 0, active);
  await enrol(p1, 'htn', V1, DOC_A, [
    [day(1, 10), F, BAD],
    [day(3, 10), '2', OK],
    [day(5, 10), F, OK],
    [day(6, 20), F, OK],
  ]);
  await enrol(p2, 'htn', V1, DOC_A, [
    [day(12, 20, 2029), F, OK],
    [day(1, 5), F, OK],
    [day(2, 5), PHONE, OK],
    [day(3, 5), F, OK],
    [day(4, 5), PHONE, OK],
    [day(6, 5), F, BAD],
  ]);
  await enrol(p3, 'htn', V1, DOC_A, [
    [day(1, 15), F, OK],
    [day(3, 15), F, OK],
    [day(5, 15), F, OK],
    [day(6, 25), F, BAD],
  ]);
  await enrol(p4, 'htn', V1, DOC_A, [[day(11, 1, 2029), F, OK]]);
  await enrol(p5, 'htn', V1, DOC_A, [
    [day(1, 2), F, BAD],
    [day(2, 2), F, BAD],
    [day(3, 2), F, BAD],
    [day(4, 2), '2', BAD],
    [day(6, 30), PHONE, OK],
  ]);
  await enrol(p6, 'htn', V2, DOC_B, [[day(2, 14), F, OK]]);
  await enrol(p7, 'htn', V2, DOC_B, [[day(8, 1), F, OK]]);
  await enrol(p8, 'htn', TOWN, DOC_T, [
    [day(1, 20), F, OK],
    [day(2, 20), F, OK],
    [day(4, 20), F, OK],
    [day(6, 1), F, OK],
  ]);
  await enrol(p1, 'dm', V1, DOC_A, [
    [day(2, 1), F, BAD],
    [day(5, 1), F, OK],
  ]);
  admin = await t.login('admin');
  docA = await t.login('kpidoca');
  docT = await t.login('kpidoct');
});

afterAll(async () => {
  setClock(null);
  await t?.close();
});

const get = (token: string, url: string) => t.call('GET', url, { token });
const pick = (r: { managed: number; standard: number; controlled: number; archives: number; archivesUsed: number }) => [
  r.managed,
  r.standard,
  r.controlled,
  r.archives,
  r.archivesUsed,
];
const rowOf = (data: any, key: string) => data.rows.find((r: any) => r.key === key);

describe('health KPIs', () => {
  it('computes each figure of a township by organisation (subtree rows, telephone visits, last visit, clock)', async () => {
    const r = await get(docT, '/api/health/kpi?programme=htn&year=2030');
    expect(r.status).toBe(200);
    expect(r.data.org.id).toBe(TOWN);
    expect(r.data.from).toBe(day(1, 1));
    expect(r.data.to).toBe(day(7, 2));
    expect(pick(rowOf(r.data, TOWN))).toEqual([1, 1, 1, 1, 1]);
    expect(rowOf(r.data, TOWN).own).toBe(true);
    expect(pick(rowOf(r.data, V1))).toEqual([4, 3, 2, 5, 5]);
    expect(pick(rowOf(r.data, V2))).toEqual([1, 0, 1, 2, 1]);
    expect(pick(r.data.total)).toEqual([6, 4, 4, 8, 7]);
    expect(r.data.total.standardRate).toBeCloseTo(4 / 6, 4);
    expect(r.data.total.controlRate).toBeCloseTo(4 / 6, 4);
    expect(r.data.total.archiveRate).toBe(0.875);
    expect(rowOf(r.data, V2).standardRate).toBe(0);
  });

  it('aggregates the subtree into the township row of the county view', async () => {
    const r = await get(admin, '/api/health/kpi?programme=htn&year=2030');
    expect(r.status).toBe(200);
    expect(r.data.org.id).toBe(ROOT_ORG);
    expect(pick(rowOf(r.data, TOWN))).toEqual([6, 4, 4, 8, 7]);
    expect(rowOf(r.data, V1)).toBeUndefined();
  });

  it('splits by responsible doctor', async () => {
    const r = await get(docT, '/api/health/kpi?programme=htn&year=2030&groupBy=doctor');
    expect(r.status).toBe(200);
    expect(pick(rowOf(r.data, DOC_A))).toEqual([4, 3, 2, 5, 5]);
    expect(pick(rowOf(r.data, DOC_B))).toEqual([1, 0, 1, 2, 1]);
    expect(pick(rowOf(r.data, DOC_T))).toEqual([1, 1, 1, 1, 1]);
    expect(rowOf(r.data, DOC_A).name).toBe('kpidoca');
    expect(pick(r.data.total)).toEqual([6, 4, 4, 8, 7]);
  });

  it('counts diabetes apart, and an earlier year from its own visits', async () => {
    const dm = await get(docT, '/api/health/kpi?programme=dm&year=2030');
    expect(pick(dm.data.total).slice(0, 3)).toEqual([1, 0, 1]);
    const y2029 = await get(docT, '/api/health/kpi?programme=htn&year=2029');
    // p2 (2029-12-20) and p4 (2029-11-01), one face-to-face visit each, both 控制满意.
    expect(pick(y2029.data.total).slice(0, 3)).toEqual([2, 0, 2]);
    expect(y2029.data.to).toBe(day(1, 1));
  });

  it('lists the patients behind each figure, masked, with the figure as total', async () => {
    const table = (await get(docT, '/api/health/kpi?programme=htn&year=2030')).data;
    const doctors = (await get(docT, '/api/health/kpi?programme=htn&year=2030&groupBy=doctor')).data;
    const cases: [string, number][] = [
      [`metric=managed&rowOrgId=${V1}`, rowOf(table, V1).managed],
      [`metric=standard&rowOrgId=${V1}`, rowOf(table, V1).standard],
      [`metric=controlled&rowOrgId=${V1}`, rowOf(table, V1).controlled],
      [`metric=controlled&rowOrgId=${TOWN}`, rowOf(table, TOWN).controlled],
      [`metric=archivesUsed&rowOrgId=${V2}`, rowOf(table, V2).archivesUsed],
      [`metric=archives&rowOrgId=${V2}`, rowOf(table, V2).archives],
      [`metric=standard&doctorId=${DOC_A}`, rowOf(doctors, DOC_A).standard],
      ['metric=managed', table.total.managed],
      ['metric=archives', table.total.archives],
    ];
    for (const [q, figure] of cases) {
      const r = await get(docT, `/api/health/kpi/patients?programme=htn&year=2030&${q}`);
      expect(r.status, q).toBe(200);
      expect(r.data.pagination.total, q).toBe(figure);
      expect(r.data.list.length, q).toBe(figure);
    }
    const std = await get(docT, `/api/health/kpi/patients?programme=htn&year=2030&metric=standard&rowOrgId=${V1}`);
    expect(std.data.list.map((p: any) => p.name).sort()).toEqual(['测**', '测**', '测**']);
    expect(std.data.list.every((p: any) => p.faceToFace >= 4)).toBe(true);
    const ctl = await get(docT, `/api/health/kpi/patients?programme=htn&year=2030&metric=controlled&rowOrgId=${V1}`);
    expect(ctl.data.list.map((p: any) => p.lastVisitAt).sort()).toEqual([day(6, 20), day(6, 30)]);
    expect(ctl.data.list.every((p: any) => p.lastControlled === true)).toBe(true);
    const page = await get(docT, '/api/health/kpi/patients?programme=htn&year=2030&metric=managed&pageSize=2&currentPage=3');
    expect(page.data.list.length).toBe(2);
    expect(page.data.pagination.total).toBe(6);
  });

  it('cuts a village doctor to their village', async () => {
    const r = await get(docA, '/api/health/kpi?programme=htn&year=2030');
    expect(r.status).toBe(200);
    expect(r.data.org.id).toBe(V1);
    expect(r.data.rows.map((x: any) => x.key)).toEqual([V1]);
    expect(pick(r.data.total)).toEqual([4, 3, 2, 5, 5]);
    const meta = await get(docA, '/api/health/kpi/meta');
    expect(meta.data.orgs.map((o: any) => o.id)).toEqual([V1]);
    expect(meta.data.year).toBe(2030);
    for (const url of [
      `/api/health/kpi?programme=htn&year=2030&orgId=${TOWN}`,
      `/api/health/kpi?orgId=${V2}`,
      `/api/health/kpi/patients?metric=managed&orgId=${TOWN}`,
      `/api/health/kpi/patients?metric=managed&orgId=${ROOT_ORG}`,
    ])
      expect((await get(docA, url)).status, url).toBe(403);
    // A row outside the village lists nobody.
    const other = await get(docA, `/api/health/kpi/patients?year=2030&metric=managed&rowOrgId=${V2}`);
    expect(other.data.pagination.total).toBe(0);
  });

  it('gives the township its tree of units', async () => {
    const meta = await get(docT, '/api/health/kpi/meta');
    expect(meta.status).toBe(200);
    expect(meta.data.orgs).toHaveLength(1);
    expect(meta.data.orgs[0].id).toBe(TOWN);
    expect(meta.data.orgs[0].children.map((c: any) => c.id)).toEqual([V1, V2]);
  });

  it('refuses bad input and users without a KPI menu', async () => {
    for (const q of ['programme=xx', 'year=abc', 'year=1800', 'groupBy=ward', `orgId=${'x'.repeat(500)}`, 'unknown=1'])
      expect((await get(docT, `/api/health/kpi?${q}`)).status, q).toBe(400);
    for (const q of ['', 'metric=all', 'metric=managed&pageSize=100000', 'metric=managed&currentPage=0'])
      expect((await get(docT, `/api/health/kpi/patients?${q}`)).status, q).toBe(400);
    expect((await get(docT, `/api/health/kpi?orgId=${encodeURIComponent("1' or '1'='1")}`)).status).toBe(403);
    expect((await get(docT, '/api/health/kpi?orgId=nosuchorg')).status).toBe(403);
    const injected = await get(docT, `/api/health/kpi/patients?metric=managed&rowOrgId=${encodeURIComponent("x') or 1=1 --")}`);
    expect(injected.status).toBe(200);
    expect(injected.data.pagination.total).toBe(0);
    const trainer = await t.login('luoxin');
    expect((await get(trainer, '/api/health/kpi')).status).toBe(403);
    expect((await get(trainer, '/api/health/kpi/meta')).status).toBe(403);
    expect((await t.call('GET', '/api/health/kpi')).status).toBe(401);
  });

  it('exports with the bulk-export grant only, and audits the export', async () => {
    const stat = await t.login('kpistat');
    expect((await get(stat, '/api/health/kpi?year=2030')).status).toBe(200);
    expect((await get(stat, '/api/health/kpi/meta')).data.canExport).toBe(false);
    const refused = await get(stat, '/api/health/kpi/export?year=2030');
    expect(refused.status).toBe(403);
    const r = await get(admin, `/api/health/kpi/export?year=2030&orgId=${TOWN}`);
    expect(r.status).toBe(200);
    expect(r.raw.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(r.raw.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets.length).toBe(4);
    const sheet = wb.worksheets[0]!;
    const values = sheet
      .getSheetValues()
      .filter(Array.isArray)
      .map((row) => (row as unknown[]).slice(1));
    const total = values.find((row) => row[0] === '合计') as any[];
    expect(total[1]).toBe(6);
    expect(total[2]).toBe(4);
    expect(total[3]).toBeCloseTo(4 / 6, 4);
    expect(total[4]).toBe(4);
    const audit = await db.selectFrom('health_audit_log').select(['target', 'user_id as who']).where('action', '=', 'export').execute();
    expect(audit.some((a) => String(a.target).startsWith('kpi:htn,dm:2030:') && a.who !== STAT)).toBe(true);
    expect(audit.some((a) => a.who === STAT)).toBe(false);
    // The township doctor holds the grant (btn_health_export): their export covers their township, audited.
    const own = await get(docT, '/api/health/kpi/export?year=2030&programmes=dm');
    expect(own.status).toBe(200);
    const mine = await db
      .selectFrom('health_audit_log')
      .select(['target', 'org_id as org'])
      .where('user_id', '=', DOC_T)
      .where('action', '=', 'export')
      .execute();
    expect(mine.map((a) => a.target)).toEqual([`kpi:dm:2030:${TOWN}`]);
    expect(mine[0]!.org).toBe(TOWN);
  });
});
