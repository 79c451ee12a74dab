import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5 } from '../../lib/crypto.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { userSchemes } from '../../db/seed/permission.ts';
import { ORG, insertUser } from './test-helpers.ts';
import { invalidateUserCounts, WALK_ORDER_FROM } from './users.service.ts';
import { newUserRow } from '../../db/user-row.ts';
import { newId } from '../../lib/ids.ts';
import * as migration from '../../db/migrations/0007_org_user_order.ts';

/**
 * org_user_order, kept by triggers (migration 0007), and the "own organisation
 * and below" users list that pages from it: after every kind of write the
 * table holds exactly every user under each organisation of their main
 * organisation's path, and the list answers exactly what the filter would,
 * in list order (SQLite and, with TEST_DATABASE_URL, PostgreSQL).
 */
let t: TestApp;
let admin: string;
let viewer: string;
let newOrg: string;

async function api(method: string, url: string, body?: unknown) {
  const res = await t.call(method, url, { token: admin, ...(body !== undefined ? { body } : {}) });
  if (res.code !== 200) throw new Error(`${method} ${url}: ${res.status} ${res.msg}`);
  return res.data;
}

/** What the table must hold, worked out in JS from users and organisations. */
async function expectedRows() {
  const orgs = new Map((await t.ctx.db.selectFrom('organizations').select(['id', 'idPath']).execute()).map((o) => [o.id, o.idPath]));
  const users = await t.ctx.db.selectFrom('users').select(['id', 'organizeId', 'sortCode', 'createdAt']).execute();
  return users
    .flatMap((u) => (orgs.get(u.organizeId)?.split(',') ?? []).map((a) => `${a}|${u.id}|${u.sortCode}|${Number(u.createdAt)}`))
    .sort();
}

async function tableRows() {
  const rows = await t.ctx.db.selectFrom('orgUserOrder').selectAll().execute();
  return rows.map((r) => `${r.ancestorId}|${r.userId}|${r.sortCode}|${Number(r.createdAt)}`).sort();
}

async function expectInSync() {
  const expected = await expectedRows();
  expect(expected.length).toBeGreaterThan(0);
  expect(await tableRows()).toEqual(expected);
}

/** Users in the list's order: sortCode, newest first, then id (descending). */
async function inListOrder(ids: string[]) {
  const users = await t.ctx.db.selectFrom('users').select(['id', 'sortCode', 'createdAt']).where('id', 'in', ids).execute();
  const desc = (a: string, b: string) => (a < b ? 1 : a > b ? -1 : 0);
  return users.sort((a, b) => a.sortCode - b.sortCode || Number(b.createdAt) - Number(a.createdAt) || desc(a.id, b.id)).map((u) => u.id);
}

/** The users below an organisation (by main organisation) in list order. */
async function expectedList(orgId: string) {
  const org = await t.ctx.db.selectFrom('organizations').select('idPath').where('id', '=', orgId).executeTakeFirstOrThrow();
  const inside = (await t.ctx.db.selectFrom('organizations').select(['id', 'idPath']).execute())
    .filter((o) => o.idPath === org.idPath || o.idPath.startsWith(`${org.idPath},`))
    .map((o) => o.id);
  const users = await t.ctx.db.selectFrom('users').select('id').where('organizeId', 'in', inside).execute();
  return inListOrder(users.map((u) => u.id));
}

async function listAsViewer(currentPage: number, pageSize: number) {
  const res = await t.call('GET', `/api/permission/Users?currentPage=${currentPage}&pageSize=${pageSize}`, { token: viewer });
  expect(res.code, res.msg).toBe(200);
  return res.data as { list: { id: string }[]; pagination: { total: number } };
}

/** Every page of the viewer's list, joined, against the expected order and total. */
async function expectViewerList() {
  // Totals are kept 2 s and dropped by the services' writes; this test also writes around them.
  invalidateUserCounts(t.ctx);
  const expected = await expectedList(ORG.countyHospital);
  const pageSize = 4;
  const seen: string[] = [];
  for (let page = 1; page <= Math.ceil(expected.length / pageSize) + 1; page++) {
    const { list, pagination } = await listAsViewer(page, pageSize);
    expect(pagination.total).toBe(expected.length);
    seen.push(...list.map((u) => u.id));
  }
  expect(seen).toEqual(expected);
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  const { id: role } = await api('POST', '/api/permission/Role', { fullName: '本院查看', enCode: 'orderViewer', globalMark: 1 });
  const userMenuId = (await t.ctx.db.selectFrom('menus').select('id').where('enCode', '=', 'user').executeTakeFirstOrThrow()).id;
  await api('PUT', `/api/permission/Authority/Data/${role}`, {
    objectType: 'Role',
    module: [userMenuId],
    button: [],
    resource: [userSchemes.orgAndSub],
  });
  await api('POST', '/api/permission/Users', {
    account: 'orderviewer',
    realName: '排序查看',
    organizeId: [ORG.countyHospital],
    roleId: [role],
    password: md5('demo123'),
  });
  viewer = await t.login('orderviewer');
  newOrg = (await api('POST', '/api/permission/Organize', { parentId: ORG.root, fullName: '排序测试卫生院', enCode: 'ORDERTEST' })).id;
});
afterAll(() => t.close());

describe('org_user_order', () => {
  it('is filled for the seeded users and kept through creates, edits, moves, raw inserts and deletes', async () => {
    await expectInSync();

    const { id: created } = await api('POST', '/api/permission/Users', {
      account: 'ordernew',
      realName: '新用户',
      organizeId: [ORG.surgery],
      sortCode: 7,
      password: md5('demo123'),
    });
    await expectInSync();

    // Another main organisation and another sort code.
    await api('PUT', `/api/permission/Users/${created}`, { account: 'ordernew', realName: '新用户', organizeId: [newOrg], sortCode: 3 });
    await expectInSync();

    // A department moves with its users, and back.
    await api('PUT', `/api/permission/Organize/Department/${ORG.ultrasound}`, { parentId: newOrg, fullName: '超声科', enCode: 'CSK' });
    await expectInSync();

    // Writers that bypass the services (imports, seeds, scripts) are kept too.
    const raw = await insertUser(t, 'orderraw', { organizeId: ORG.internalMedicine });
    await expectInSync();

    await api('DELETE', `/api/permission/Users/${raw}`);
    await api('DELETE', `/api/permission/Users/${created}`);
    await expectInSync();
    expect((await tableRows()).some((r) => r.includes(created) || r.includes(raw))).toBe(false);
  });

  it('is filled from the users already there when the migration runs, and its triggers go with it', async () => {
    // Migrations see the database untyped, as the migrator hands it to them.
    const untyped = t.ctx.db as unknown as Kysely<unknown>;
    await migration.down(untyped);
    // Without the triggers, writes go on as before.
    await insertUser(t, 'orderbetween', { organizeId: ORG.surgery });
    await migration.up(untyped);
    await expectInSync();
  });
});

describe('the "own organisation and below" users list', () => {
  it('pages exactly the subtree, in list order, with its total', async () => {
    // Creation times and sort codes that disagree with the id order, so that every key of the order counts.
    const inside = await expectedList(ORG.countyHospital);
    expect(inside.length).toBeGreaterThan(8);
    for (const [i, id] of inside.entries())
      await t.ctx.db
        .updateTable('users')
        .set({ createdAt: 1_700_000_000_000 + ((i * 7) % 5) * 1000, sortCode: i % 3 === 0 ? 1 : 0 })
        .where('id', '=', id)
        .execute();
    await expectViewerList();
  });

  it('follows sort-code edits, ties on the creation time broken by id, and organisations moving in and out', async () => {
    const at = Date.now();
    const a = await insertUser(t, 'ordertie1', { organizeId: ORG.surgery });
    const b = await insertUser(t, 'ordertie2', { organizeId: ORG.internalMedicine });
    await t.ctx.db.updateTable('users').set({ createdAt: at, sortCode: 1 }).where('id', 'in', [a, b]).execute();
    await expectViewerList();

    await t.ctx.db.updateTable('users').set({ sortCode: 0 }).where('id', '=', b).execute();
    await expectViewerList();

    // A department under the hospital moves out of it: its users leave the viewer's list, then come back.
    const before = await expectedList(ORG.countyHospital);
    await api('PUT', `/api/permission/Organize/Department/${ORG.surgery}`, { parentId: newOrg, fullName: '外科', enCode: 'WK' });
    const after = await expectedList(ORG.countyHospital);
    expect(after.length).toBeLessThan(before.length);
    expect(after).not.toContain(a);
    await expectViewerList();
    await api('PUT', `/api/permission/Organize/Department/${ORG.surgery}`, {
      parentId: ORG.countyHospital,
      fullName: '外科',
      enCode: 'WK',
    });
    await expectViewerList();
    expect((await listAsViewer(1, 500)).list.map((u) => u.id)).toContain(a);
  });
});

describe('the organisation filter over a subtree with many users', () => {
  it('walks the list order (SQLite) and still answers exactly the main-organisation and member users, in order', async () => {
    const { id: big } = await api('POST', '/api/permission/Organize', { parentId: ORG.root, fullName: '大型卫生院', enCode: 'BIGORG' });
    const { id: ward } = await api('POST', '/api/permission/Organize/Department', {
      parentId: big,
      fullName: '病区',
      enCode: 'BIGORG.WARD',
    });
    const hash = (await t.ctx.db.selectFrom('users').select('passwordHash').where('account', '=', 'admin').executeTakeFirstOrThrow())
      .passwordHash;
    const rows = Array.from({ length: WALK_ORDER_FROM + 30 }, (_, i) =>
      newUserRow({
        id: newId(),
        account: `bigorg${i}`,
        passwordHash: hash,
        organizeId: i % 2 ? big : ward,
        sortCode: i % 4,
        createdAt: 1_700_000_000_000 + ((i * 13) % 17) * 1000,
      }),
    );
    for (let i = 0; i < rows.length; i += 200)
      await t.ctx.db
        .insertInto('users')
        .values(rows.slice(i, i + 200))
        .execute();
    // A member of the ward whose main organisation lies elsewhere.
    const member = await insertUser(t, 'bigmember', { organizeId: ORG.surgery });
    await t.ctx.db
      .insertInto('userRelations')
      .values({ id: newId(), userId: member, objectType: 'Organize', objectId: ward, sortCode: 1, createdAt: Date.now() })
      .execute();
    invalidateUserCounts(t.ctx);

    const expected = await inListOrder([...(await expectedList(big)), member]);
    const pageSize = 100;
    const seen: string[] = [];
    for (let page = 1; page <= Math.ceil(expected.length / pageSize); page++) {
      const res = await t.call('GET', `/api/permission/Users?currentPage=${page}&pageSize=${pageSize}&organizeId=${big}`, { token: admin });
      expect(res.code, res.msg).toBe(200);
      expect(res.data.pagination.total).toBe(expected.length);
      seen.push(...res.data.list.map((u: { id: string }) => u.id));
    }
    expect(seen).toEqual(expected);
  });
});
