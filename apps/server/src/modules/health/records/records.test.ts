import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { isRegularPhone, makeIdNumber } from '@medalliance/contract';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { setClock, testClock } from '../../../lib/clock.ts';
import { RESIDENT_TABLE } from '../../../db/seed/health/records-models.ts';
import { onResidentTransferred } from './transfer-events.ts';

/**
 * The resident archive end to end through the API on the seeded alliance:
 * ID checks, duplicates, completeness, states and audit, worklists, scope,
 * masking and reveal with its audit entry, export grant, transfers, bad input.
 */
let t: TestApp;
let db: Kysely<any>;
const tok: Record<string, string> = {};
const V1 = '100000000000000033'; // 东风村 (dengshan), under 城关镇 (xuli)
const V3 = '100000000000000043'; // 石桥村 (pengbo)
const TOWN = '100000000000000030';
const NOW = Date.UTC(2026, 5, 1);

beforeAll(async () => {
  t = await createTestApp({}, { population: true });
  db = t.ctx.db.withoutPlugins() as unknown as Kysely<any>;
  for (const a of ['admin', 'dengshan', 'caoxia', 'pengbo', 'xuli', 'zhangwei', 'shenji', 'luoxin']) tok[a] = await t.login(a);
  setClock(testClock(NOW));
});
afterAll(async () => {
  setClock(null);
  await t.close();
});

let n = 0;
const newId = (sex: '1' | '2' = '1', birth = Date.UTC(1950, 2, 3)) => makeIdNumber('369999', birth, (n += 2) + (sex === '1' ? 1 : 0));
const base = (over: Record<string, unknown> = {}) => ({
  fullName: '测试居民',
  sex: '1',
  birthDate: Date.UTC(1950, 2, 3),
  phone: '13900001111',
  address: '青山县城关镇东风村9组1号',
  ...over,
});
const create = (who: string, data: Record<string, unknown>) => t.call('POST', '/api/health/residents', { token: tok[who], body: { data } });
const count = async (where: (q: any) => any) =>
  Number((await where(db.selectFrom(RESIDENT_TABLE).select((eb: any) => eb.fn.countAll().as('n'))).executeTakeFirst()).n);

describe('identity', () => {
  it('derives sex and birth date from a valid ID number and computes completeness', async () => {
    const id = newId('2', Date.UTC(1948, 0, 15));
    const res = await create('dengshan', {
      fullName: '王秀英',
      idNumber: id.toLowerCase(),
      sex: '2',
      birthDate: Date.UTC(1948, 0, 15),
      phone: '13912345678',
    });
    expect(res.code).toBe(200);
    const row = await db.selectFrom(RESIDENT_TABLE).selectAll().where('id', '=', res.data.id).executeTakeFirstOrThrow();
    expect(row.idNumber).toBe(id.toUpperCase());
    expect(row.manageOrgId).toBe(V1);
    expect(Number(row.archiveState)).toBe(0);
    // fullName, idNumber, sex, birthDate, phone, manageOrgId, doctorId of 18 fields.
    expect(Number(row.completeness)).toBe(Math.floor((7 * 100) / 18));
  });

  it('refuses a wrong check digit, a sex or birth date that contradicts the number, a duplicate (409)', async () => {
    const id = newId('1');
    const bad = id.slice(0, 17) + (id[17] === '1' ? '2' : '1');
    expect((await create('dengshan', base({ idNumber: bad }))).status).toBe(400);
    const sex = await create('dengshan', base({ idNumber: id, sex: '2' }));
    expect(sex.status).toBe(400);
    expect(sex.msg).toContain('性别');
    expect((await create('dengshan', base({ idNumber: id, birthDate: Date.UTC(1951, 2, 3) }))).status).toBe(400);
    expect((await create('dengshan', base({ idNumber: id }))).code).toBe(200);
    const dup = await create('caoxia', base({ idNumber: id }));
    expect(dup.status).toBe(409);
  });

  it('refuses the second of two concurrent saves of one ID number', async () => {
    const id = newId('1');
    const [a, b] = await Promise.all([create('dengshan', base({ idNumber: id })), create('xuli', base({ idNumber: id }))]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect(await count((q) => q.where('idNumber', '=', id))).toBe(1);
  });

  it('flags the same name, birth date and phone as a suspected duplicate', async () => {
    const data = base({ fullName: '重复测试', phone: '13700007777', birthDate: Date.UTC(1970, 4, 4), sex: '1' });
    await create('dengshan', data);
    await create('dengshan', data);
    const res = await t.call('POST', '/api/health/worklists/duplicates', {
      token: tok.dengshan,
      body: { keyword: '重复测试', pageSize: 50 },
    });
    expect(res.data.pagination.total).toBe(2);
  });
});

describe('archive states and the three-level audit', () => {
  it('moves through 草稿 → 正常 → audits → 已注销 and keeps the history', async () => {
    const { data } = await create('dengshan', base({ idNumber: newId('1') }));
    const id = data.id as string;
    const act = (who: string, a: string, body: object = {}) =>
      t.call('POST', `/api/health/residents/${id}/actions/${a}`, { token: tok[who], body });
    expect((await act('dengshan', 'audit')).status).toBe(403); // village doctors do not audit
    expect((await act('xuli', 'audit')).status).toBe(409); // a draft is not audited
    expect((await act('dengshan', 'activate')).code).toBe(200);
    for (const level of [1, 2, 3]) expect((await act('xuli', 'audit')).data.auditLevel).toBe(level);
    expect((await act('xuli', 'audit')).status).toBe(409);
    expect((await act('xuli', 'cancelAudit')).status).toBe(400); // reason required
    expect((await act('xuli', 'cancelAudit', { reason: '信息有误' })).data.auditLevel).toBe(2);
    expect((await act('xuli', 'returnAudit', { reason: '退回修改' })).data.auditLevel).toBe(0);
    expect((await act('dengshan', 'cancel')).status).toBe(400);
    expect((await act('dengshan', 'cancel', { cancelReason: '1', reason: '2026-05 去世' })).data.archiveState).toBe(2);
    const edit = await t.call('PUT', `/api/health/residents/${id}`, { token: tok.dengshan, body: { data: base() } });
    expect(edit.status).toBe(409);
    const page = await t.call('GET', `/api/health/residents/${id}`, { token: tok.dengshan });
    const fields = page.data.history.map((h: any) => `${h.field}:${h.oldValue}>${h.newValue}`);
    expect(fields).toEqual(
      expect.arrayContaining([
        'archiveState:null>0',
        'archiveState:0>1',
        'auditLevel:0>1',
        'auditLevel:2>3',
        'auditLevel:3>2',
        'auditLevel:2>0',
        'archiveState:1>2',
      ]),
    );
    const tl = await t.call('GET', `/api/health/residents/${id}/timeline`, { token: tok.dengshan });
    expect(tl.data.pagination.total).toBe(8);
  });

  it('protects state, audit level and managing unit from ordinary edits', async () => {
    const { data } = await create('dengshan', base({ idNumber: newId('1'), archiveState: 2, auditLevel: 3, manageOrgId: V1 }));
    const row = await db.selectFrom(RESIDENT_TABLE).selectAll().where('id', '=', data.id).executeTakeFirstOrThrow();
    expect([Number(row.archiveState), Number(row.auditLevel)]).toEqual([0, 0]);
    await t.call('PUT', `/api/health/residents/${data.id}`, {
      token: tok.dengshan,
      body: { data: base({ manageOrgId: V3, auditLevel: 3 }) },
    });
    const after = await db.selectFrom(RESIDENT_TABLE).selectAll().where('id', '=', data.id).executeTakeFirstOrThrow();
    expect([after.manageOrgId, Number(after.auditLevel)]).toEqual([V1, 0]);
    expect((await create('dengshan', base({ idNumber: newId('1'), manageOrgId: V3 }))).status).toBe(403);
  });
});

describe('worklists', () => {
  it('each worklist has seeded figures and holds only matching rows', async () => {
    const counts = (await t.call('GET', '/api/health/worklists/counts', { token: tok.zhangwei })).data;
    for (const k of ['pendingAudit', 'incomplete', 'inactive', 'duplicates', 'badPhone', 'toCancel'])
      expect(counts[k], k).toBeGreaterThan(0);
    const list = async (kind: string, body: object = {}) =>
      (await t.call('POST', `/api/health/worklists/${kind}`, { token: tok.zhangwei, body: { pageSize: 200, ...body } })).data;
    const inc = await list('incomplete');
    expect(inc.list.every((r: any) => r.completeness < 100 && r.archiveState !== 2)).toBe(true);
    expect(inc.list.map((r: any) => r.completeness)).toEqual([...inc.list.map((r: any) => r.completeness)].sort((a, b) => a - b));
    const inactive = await list('inactive');
    expect(inactive.list.every((r: any) => r.lastActivityAt < NOW - 365 * 86_400_000)).toBe(true);
    expect((await list('pendingAudit')).list.every((r: any) => r.auditLevel === 0 && r.archiveState === 1)).toBe(true);
    expect((await list('toCancel')).list.every((r: any) => (r.deathDate || r.moveOutDate) && r.archiveState !== 2)).toBe(true);
    expect(inc.pagination.total).toBe(counts.incomplete);
  });

  it('the SQL phone check agrees with the contract rule on every seeded row', async () => {
    const rows = await db.selectFrom(RESIDENT_TABLE).select(['id', 'phone']).where('archiveState', '<>', 2).execute();
    const expected = rows.filter((r) => r.phone && !isRegularPhone(r.phone)).length;
    const counts = (await t.call('GET', '/api/health/worklists/counts', { token: tok.admin })).data;
    expect(counts.badPhone).toBe(expected);
  });

  it('pages and sorts in SQL, refuses unknown sorts and kinds', async () => {
    const a = await t.call('POST', '/api/health/residents/list', {
      token: tok.zhangwei,
      body: { pageSize: 10, sort: 'fullName', order: 'asc' },
    });
    const b = await t.call('POST', '/api/health/residents/list', {
      token: tok.zhangwei,
      body: { pageSize: 10, currentPage: 2, sort: 'fullName', order: 'asc' },
    });
    expect(a.data.list).toHaveLength(10);
    expect(new Set([...a.data.list, ...b.data.list].map((r: any) => r.id)).size).toBe(20);
    expect(
      (await t.call('POST', '/api/health/residents/list', { token: tok.zhangwei, body: { sort: 'idNumber; drop table users' } })).status,
    ).toBe(400);
    expect((await t.call('POST', '/api/health/worklists/nope', { token: tok.zhangwei, body: {} })).status).toBe(400);
  });
});

describe('data scope and masking', () => {
  it('village sees its village, township its villages, county all', async () => {
    const total = async (who: string) =>
      (await t.call('POST', '/api/health/residents/list', { token: tok[who], body: { pageSize: 1 } })).data.pagination.total;
    const inOrgs = (orgs: string[]) => count((q) => q.where('manageOrgId', 'in', orgs));
    expect(await total('dengshan')).toBe(await inOrgs([V1]));
    expect(await total('xuli')).toBe(await inOrgs([TOWN, '100000000000000031', '100000000000000032', V1, '100000000000000034']));
    expect(await total('zhangwei')).toBe(await count((q) => q));
    const other = await db.selectFrom(RESIDENT_TABLE).select('id').where('manageOrgId', '=', V3).executeTakeFirstOrThrow();
    expect((await t.call('GET', `/api/health/residents/${other.id}`, { token: tok.dengshan })).status).toBe(404);
    expect((await t.call('POST', `/api/health/residents/${other.id}/reveal`, { token: tok.dengshan, body: { reason: 'x' } })).status).toBe(
      404,
    );
    expect((await t.call('POST', '/api/health/residents/list', { token: tok.luoxin, body: {} })).status).toBe(403);
  });

  it('masks lists; reveal needs the grant and a reason and is audited', async () => {
    const page = await t.call('POST', '/api/health/residents/list', { token: tok.dengshan, body: { pageSize: 5 } });
    const r = page.data.list.find((x: any) => x.idNumber);
    expect(r.idNumber).toMatch(/^\d{6}\*{8}[\dX]{4}$/);
    expect(r.phone).toMatch(/^\d{3}\*{4}\d{4}$/);
    expect(r.fullName).toMatch(/^\p{Script=Han}+\*+$/u);
    expect((await t.call('POST', `/api/health/residents/${r.id}/reveal`, { token: tok.dengshan, body: { reason: '' } })).status).toBe(400);
    expect((await t.call('POST', `/api/health/residents/${r.id}/reveal`, { token: tok.shenji, body: { reason: '核查' } })).status).toBe(
      403,
    );
    const ok = await t.call('POST', `/api/health/residents/${r.id}/reveal`, { token: tok.dengshan, body: { reason: '电话随访核对身份' } });
    const row = await db.selectFrom(RESIDENT_TABLE).select(['idNumber', 'phone']).where('id', '=', r.id).executeTakeFirstOrThrow();
    expect(ok.data.idNumber).toBe(row.idNumber);
    const log = await t.call('POST', '/api/health/audit-log/list', { token: tok.shenji, body: { action: 'reveal', residentId: r.id } });
    expect(log.data.list[0]).toMatchObject({ action: 'reveal', reason: '电话随访核对身份', account: 'dengshan' });
    expect(log.data.list[0].ip).toBeTruthy();
    expect((await t.call('POST', '/api/health/audit-log/list', { token: tok.dengshan, body: {} })).status).toBe(403);
    // Every view of the page is audited.
    await t.call('GET', `/api/health/residents/${r.id}`, { token: tok.dengshan });
    const views = await t.call('POST', '/api/health/audit-log/list', { token: tok.shenji, body: { action: 'view', residentId: r.id } });
    expect(views.data.pagination.total).toBeGreaterThanOrEqual(1);
  });

  it('bulk export needs its own grant, is masked and audited', async () => {
    expect((await t.call('POST', '/api/health/residents/export', { token: tok.dengshan, body: {} })).status).toBe(403);
    const res = await t.call('POST', '/api/health/residents/export', { token: tok.xuli, body: { worklist: 'badPhone' } });
    expect(res.status).toBe(200);
    expect(res.raw.headers['content-type']).toContain('spreadsheetml');
    const log = await t.call('POST', '/api/health/audit-log/list', { token: tok.shenji, body: { action: 'export' } });
    expect(log.data.list[0].target).toMatch(/^badPhone:\d+$/);
  });
});

describe('transfers', () => {
  it('a person moves on confirmation by the receiving unit, with its listeners, in one transaction', async () => {
    const { data } = await create(
      'dengshan',
      base({ idNumber: newId('2', Date.UTC(1955, 1, 1)), sex: '2', birthDate: Date.UTC(1955, 1, 1) }),
    );
    const moved: string[][] = [];
    const off = onResidentTransferred(async (e) => void moved.push(e.residentIds));
    const req = await t.call('POST', '/api/health/transfers', {
      token: tok.dengshan,
      body: { kind: 'person', residentId: data.id, toOrgId: V3, reason: '随子女迁居石桥村' },
    });
    expect(req.code).toBe(200);
    expect(
      (
        await t.call('POST', '/api/health/transfers', {
          token: tok.dengshan,
          body: { kind: 'person', residentId: data.id, toOrgId: V3, reason: 'again' },
        })
      ).status,
    ).toBe(409);
    expect((await t.call('POST', `/api/health/transfers/${req.data.id}/confirm`, { token: tok.dengshan, body: {} })).status).toBe(403);
    const inbox = await t.call('POST', '/api/health/transfers/list', { token: tok.pengbo, body: { box: 'in' } });
    expect(inbox.data.list.some((x: any) => x.id === req.data.id && x.canDecide)).toBe(true);
    expect((await t.call('POST', `/api/health/transfers/${req.data.id}/confirm`, { token: tok.pengbo, body: {} })).code).toBe(200);
    off();
    const row = await db.selectFrom(RESIDENT_TABLE).selectAll().where('id', '=', data.id).executeTakeFirstOrThrow();
    expect(row.manageOrgId).toBe(V3);
    expect(row.doctorId).toBe('500000000000000027');
    expect(moved).toEqual([[data.id]]);
    expect((await t.call('GET', `/api/health/residents/${data.id}`, { token: tok.dengshan })).status).toBe(404);
    expect((await t.call('POST', `/api/health/transfers/${req.data.id}/confirm`, { token: tok.pengbo, body: {} })).status).toBe(409);
  });

  it('a listener that throws refuses the confirmation and nothing moves', async () => {
    const { data } = await create('dengshan', base({ idNumber: newId('1') }));
    const req = await t.call('POST', '/api/health/transfers', {
      token: tok.dengshan,
      body: { kind: 'person', residentId: data.id, toOrgId: V3, reason: '测试' },
    });
    const off = onResidentTransferred(async () => {
      throw new Error('plans cannot move');
    });
    expect((await t.call('POST', `/api/health/transfers/${req.data.id}/confirm`, { token: tok.pengbo, body: {} })).status).toBe(500);
    off();
    const row = await db.selectFrom(RESIDENT_TABLE).select('manageOrgId').where('id', '=', data.id).executeTakeFirstOrThrow();
    expect(row.manageOrgId).toBe(V1);
    expect((await t.call('POST', `/api/health/transfers/${req.data.id}/return`, { token: tok.pengbo, body: {} })).status).toBe(400);
    expect(
      (await t.call('POST', `/api/health/transfers/${req.data.id}/return`, { token: tok.pengbo, body: { reason: '非本村居民' } })).code,
    ).toBe(200);
  });

  it('a whole family moves with its archives', async () => {
    const fam = await db
      .selectFrom('lc_health_family')
      .select(['id'])
      .where('manageOrgId', '=', '100000000000000034')
      .executeTakeFirstOrThrow();
    const members = await count((q) => q.where('familyId', '=', fam.id).where('archiveState', '<>', 2));
    const req = await t.call('POST', '/api/health/transfers', {
      token: tok.caoxia,
      body: { kind: 'family', familyId: fam.id, toOrgId: V1, reason: '整户迁入东风村' },
    });
    expect(req.code).toBe(200);
    expect((await t.call('POST', `/api/health/transfers/${req.data.id}/confirm`, { token: tok.dengshan, body: {} })).code).toBe(200);
    expect(await count((q) => q.where('familyId', '=', fam.id).where('manageOrgId', '=', V1).where('archiveState', '<>', 2))).toBe(members);
  });
});

describe('bad input', () => {
  it('stores HTML as text, finds nothing with SQL in a keyword, refuses huge input and unknown ids', async () => {
    const html = await create('dengshan', base({ fullName: '<img src=x onerror=alert(1)>' }));
    expect(html.code).toBe(200);
    const row = await db.selectFrom(RESIDENT_TABLE).select('fullName').where('id', '=', html.data.id).executeTakeFirstOrThrow();
    expect(row.fullName).toBe('<img src=x onerror=alert(1)>');
    const sqlKw = await t.call('POST', '/api/health/residents/list', { token: tok.dengshan, body: { keyword: "' OR 1=1 --" } });
    expect(sqlKw.data.pagination.total).toBe(0);
    expect((await t.call('POST', '/api/health/residents/list', { token: tok.dengshan, body: { keyword: 'x'.repeat(51) } })).status).toBe(
      400,
    );
    expect((await t.call('POST', '/api/health/residents/list', { token: tok.dengshan, body: { pageSize: 100_000 } })).status).toBe(400);
    expect((await create('dengshan', base({ fullName: '长'.repeat(51) }))).status).toBe(400);
    expect((await t.call('GET', '/api/health/residents/999999999', { token: tok.dengshan })).status).toBe(404);
    expect((await t.call('GET', `/api/health/residents/${'9'.repeat(41)}`, { token: tok.dengshan })).status).toBe(400);
    expect((await t.call('POST', '/api/health/transfers/nope/confirm', { token: tok.dengshan, body: {} })).status).toBe(404);
    expect(
      (await t.call('POST', '/api/health/transfers', { token: tok.dengshan, body: { kind: 'person', toOrgId: V3, reason: 'x' } })).status,
    ).toBe(400);
    expect((await t.call('POST', '/api/health/residents', { token: tok.shenji, body: { data: base() } })).status).toBe(403);
  });
});

describe('enterprise persons (企业人员健康)', () => {
  /** The employers of the residents managed by `orgs`, counted in plain JavaScript over the raw rows. */
  async function byHand(orgs: string[] | null) {
    let q = db.selectFrom(RESIDENT_TABLE).select(['id', 'workUnit', 'sex', 'manageOrgId']).where('archiveState', '<>', 2);
    if (orgs) q = q.where('manageOrgId', 'in', orgs);
    const rows = (await q.execute()).filter((r) => r.workUnit);
    const htn = new Set(
      (
        await db
          .selectFrom('health_chronic_enrolments')
          .select('resident_id as rid')
          .where('programme', '=', 'htn')
          .where('outcome', '=', 0)
          .execute()
      ).map((e) => e.rid),
    );
    const out = new Map<string, { persons: number; men: number; htn: number }>();
    for (const r of rows) {
      const g = out.get(r.workUnit) ?? { persons: 0, men: 0, htn: 0 };
      g.persons += 1;
      if (r.sex === '1') g.men += 1;
      if (htn.has(r.id)) g.htn += 1;
      out.set(r.workUnit, g);
    }
    return out;
  }

  it('groups the residents in scope by employer, as counted by hand, and lists each employer’s people masked', async () => {
    const all = await t.call('POST', '/api/health/enterprises/list', { token: tok.admin, body: { pageSize: 200 } });
    expect(all.code).toBe(200);
    const hand = await byHand(null);
    expect(hand.size).toBeGreaterThan(2);
    expect(all.data.pagination.total).toBe(hand.size);
    for (const row of all.data.list)
      expect({ persons: row.persons, men: row.men, htn: row.htn }, row.workUnit).toEqual(hand.get(row.workUnit));
    const persons = all.data.list.map((r: { persons: number }) => r.persons);
    expect(persons).toEqual([...persons].sort((a, b) => b - a));

    // The township sees only its own subtree's people.
    const orgs = (await db.selectFrom('organizations').select('id').where('id_path', 'like', `%${TOWN}%`).execute()).map((o) => o.id);
    const town = await t.call('POST', '/api/health/enterprises/list', {
      token: tok.xuli,
      body: { pageSize: 200, sort: 'workUnit', order: 'asc' },
    });
    const townHand = await byHand(orgs);
    expect(town.data.list.map((r: { workUnit: string; persons: number }) => [r.workUnit, r.persons])).toEqual(
      [...townHand.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([k, v]) => [k, v.persons]),
    );

    // An employer's people: the resident list filtered by work unit, masked; the figures leave cancelled archives out.
    const first = all.data.list[0];
    const people = async (archiveState: number) =>
      (
        await t.call('POST', '/api/health/residents/list', {
          token: tok.admin,
          body: { workUnit: first.workUnit, archiveState, pageSize: 100 },
        })
      ).data;
    const [drafts, normal] = [await people(0), await people(1)];
    expect(drafts.pagination.total + normal.pagination.total).toBe(first.persons);
    expect(normal.list[0].idNumber).toContain('*');
  });

  it('searches employers by name, refuses bad sorts and huge keywords, and needs the records grant', async () => {
    const hit = await t.call('POST', '/api/health/enterprises/list', { token: tok.admin, body: { keyword: '砖厂' } });
    expect(hit.data.list.every((r: { workUnit: string }) => r.workUnit.includes('砖厂'))).toBe(true);
    expect(hit.data.list.length).toBeGreaterThan(0);
    const injected = await t.call('POST', '/api/health/enterprises/list', { token: tok.admin, body: { keyword: "%' OR 1=1 --" } });
    expect(injected.data.pagination.total).toBe(0);
    expect((await t.call('POST', '/api/health/enterprises/list', { token: tok.admin, body: { sort: 'id; drop table x' } })).status).toBe(
      400,
    );
    expect((await t.call('POST', '/api/health/enterprises/list', { token: tok.admin, body: { keyword: 'x'.repeat(51) } })).status).toBe(
      400,
    );
    expect((await t.call('POST', '/api/health/enterprises/list', { token: tok.luoxin, body: {} })).status).toBe(403);
  });
});
