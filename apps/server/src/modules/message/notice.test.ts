import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MessageType, NOTICE_BODY_MAX } from '@medalliance/contract';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { noticeId } from '../../db/seed/notices.ts';
import { listen, SocketClient } from './test-client.ts';

/**
 * Notice administration over HTTP on a real database: CRUD of drafts, the
 * HTML policy on write, release to everyone / an organisation's subtree / a
 * role / users (one receive row each, a messagePush to those online), read
 * receipts, withdraw and delete, and the refusals: bad and huge input (400),
 * unknown ids (404), no permission (403), editing a released notice (409).
 */
let t: TestApp;
let admin: string;
let zhang: string;
const ids = new Map<string, string>();

const userId = async (account: string) => {
  if (!ids.has(account))
    ids.set(account, (await t.ctx.db.selectFrom('users').select('id').where('account', '=', account).executeTakeFirstOrThrow()).id);
  return ids.get(account)!;
};

beforeAll(async () => {
  t = await createTestApp();
  [admin, zhang] = await Promise.all([t.login('admin'), t.login('zhangwei')]);
});
afterAll(() => t.close());

const create = async (body: Record<string, unknown>, token = admin) => t.call('POST', '/api/message', { token, body });
const release = (id: string, token = admin) => t.call('PUT', `/api/message/${id}/Actions/Release`, { token });
const receivers = async (id: string) =>
  (await t.ctx.db.selectFrom('messageReceives').select('userId').where('messageId', '=', id).execute()).map((r) => r.userId).sort();
/** Every enabled user but the publisher (the seeded administrator). */
const enabledUsers = async () =>
  (await t.ctx.db.selectFrom('users').select('id').where('enabledMark', '=', 1).where('account', '!=', 'admin').execute())
    .map((r) => r.id)
    .sort();

describe('seed', () => {
  it('ships released notices: one to everyone, one to the village clinics only', async () => {
    const all = await receivers(noticeId('familyDoctor2026'));
    expect(all).toEqual(await enabledUsers());
    const village = await receivers(noticeId('villageAssessment'));
    const expected = await Promise.all(['dengshan', 'caoxia', 'pengbo', 'zengli', 'xiaoyu'].map(userId));
    expect(village).toEqual(expected.sort());
    const inbox = await t.call('GET', '/api/message?type=1', { token: zhang });
    expect(inbox.data.list.map((m: { title: string }) => m.title)).toContain('信息系统升级维护公告');
  });
});

describe('CRUD of drafts', () => {
  it('creates a draft with sanitized HTML, attachments and targets; lists, reads, edits and deletes it', async () => {
    const html =
      '<p onclick="alert(1)">Hello <b>all</b></p><script>alert(2)</script><img src="x" onerror="alert(3)">' +
      '<a href="javascript:alert(4)">bad</a><a href="java&#x09;script:alert(5)">bad2</a><a href="/api/file/Download/annex/a.pdf">ok</a>' +
      '<iframe src="https://evil.example"></iframe><div style="background:url(javascript:alert(6))">s</div>';
    const files = [
      { name: 'a.pdf', fileId: '1', fileSize: 10, fileExtension: 'pdf', fileVersionId: '', url: '/api/file/Download/annex/a.pdf' },
    ];
    const res = await create({ title: '  测试公告  ', bodyText: html, files, targets: { all: true } });
    expect(res.status).toBe(200);
    const id = res.data.id as string;
    const got = await t.call('GET', `/api/message/${id}`, { token: admin });
    expect(got.data).toMatchObject({ id, title: '测试公告', enabledMark: 0, files: [{ name: 'a.pdf' }], targets: { all: true } });
    const body = got.data.bodyText as string;
    for (const bad of ['<script', 'onclick', 'onerror', 'javascript:', 'iframe', 'alert(4)', 'alert(5)']) expect(body).not.toContain(bad);
    expect(body).toContain('<b>all</b>');
    expect(body).toContain('href="/api/file/Download/annex/a.pdf"');
    // Drafts reach nobody.
    expect(await receivers(id)).toEqual([]);

    const list = await t.call('GET', '/api/message/Notice?keyword=测试&enabledMark=0', { token: admin });
    expect(list.data.list.map((r: { id: string }) => r.id)).toEqual([id]);
    expect(list.data.list[0]).toMatchObject({ creatorUser: '系统管理员/admin', fileCount: 1, receiverCount: 0 });

    const put = await t.call('PUT', `/api/message/${id}`, {
      token: admin,
      body: { title: 'edited', bodyText: '<p>x</p>', targets: { userIds: [await userId('zhangwei')] } },
    });
    expect(put.status).toBe(200);
    const after = await t.call('GET', `/api/message/${id}`, { token: admin });
    expect(after.data).toMatchObject({ title: 'edited', bodyText: '<p>x</p>', files: [], targets: { all: false } });

    expect((await t.call('DELETE', `/api/message/${id}`, { token: admin })).status).toBe(200);
    expect((await t.call('GET', `/api/message/${id}`, { token: admin })).status).toBe(404);
  });

  it('lists in SQL order by the chosen column and pages', async () => {
    for (const title of ['sort-b', 'sort-a', 'sort-c']) await create({ title, targets: { all: true } });
    const asc = await t.call('GET', '/api/message/Notice?keyword=sort-&sidx=title&sort=asc&pageSize=2', { token: admin });
    expect(asc.data.list.map((r: { title: string }) => r.title)).toEqual(['sort-a', 'sort-b']);
    expect(asc.data.pagination).toMatchObject({ currentPage: 1, pageSize: 2, total: 3 });
    const p2 = await t.call('GET', '/api/message/Notice?keyword=sort-&sidx=title&sort=asc&pageSize=2&currentPage=2', { token: admin });
    expect(p2.data.list.map((r: { title: string }) => r.title)).toEqual(['sort-c']);
    // An unknown sort column falls back to creation time, never into SQL.
    const odd = await t.call('GET', '/api/message/Notice?sidx=title_or_1&keyword=sort-', { token: admin });
    expect(odd.status).toBe(200);
  });
});

describe('release', () => {
  it('to everyone: one unread receive row per enabled user but the publisher, pushed to sockets online, then frozen (409)', async () => {
    const base = await listen(t.app);
    const c = await SocketClient.open(`${base}/api/message/websocket/${encodeURIComponent(zhang)}`);
    const before = (await c.connect()).unreadNoticeCount as number;
    const id = (await create({ title: '全员通知 <b>x</b>', bodyText: '<p>hi</p>', targets: { all: true } })).data.id as string;
    const rel = await release(id);
    expect(rel.status).toBe(200);
    expect(rel.data.receivers).toBe((await enabledUsers()).length);
    expect(await receivers(id)).toEqual(await enabledUsers());
    const push = await c.next('messagePush', 3000);
    expect(push).toMatchObject({ id, title: '全员通知 <b>x</b>', messageType: MessageType.notice, toUserId: [await userId('zhangwei')] });
    const counts = await t.call('GET', '/api/message/UnreadCount', { token: zhang });
    expect(counts.data.unreadNoticeCount).toBe(before + 1);
    c.close();

    // Released: no edit, no second release; the row is as it was.
    const put = await t.call('PUT', `/api/message/${id}`, { token: admin, body: { title: 'changed' } });
    expect(put.status).toBe(409);
    expect(put.code).toBe(409);
    expect((await release(id)).status).toBe(409);
    expect((await t.call('GET', `/api/message/${id}`, { token: admin })).data.title).toBe('全员通知 <b>x</b>');
  });

  it('to an organisation includes its whole subtree (village clinics under a township centre)', async () => {
    // 城关镇卫生院 (…030): its departments and its two village clinics.
    const id = (await create({ title: 'org', targets: { organizeIds: ['100000000000000030'] } })).data.id as string;
    await release(id);
    const expected = await Promise.all(['xuli', 'majun', 'dengshan', 'caoxia', 'tianye'].map(userId));
    expect(await receivers(id)).toEqual(expected.sort());
  });

  it('to a role, and to chosen users (union, no duplicates)', async () => {
    const villageRole = '200000000000000004';
    const id = (
      await create({ title: 'role', targets: { roleIds: [villageRole], userIds: [await userId('zhangwei'), await userId('dengshan')] } })
    ).data.id as string;
    await release(id);
    const expected = await Promise.all(['dengshan', 'caoxia', 'pengbo', 'zengli', 'xiaoyu', 'tianye', 'zhangwei'].map(userId));
    expect(await receivers(id)).toEqual(expected.sort());
  });

  it('read receipts: who has read and who has not, with counts, paged; withdraw takes every copy back', async () => {
    const xu = await t.login('xuli');
    const id = (await create({ title: 'receipts', targets: { userIds: [await userId('zhangwei'), await userId('xuli')] } })).data
      .id as string;
    await release(id);
    expect((await t.call('GET', `/api/message/ReadInfo/${id}`, { token: zhang })).status).toBe(200);
    const all = await t.call('GET', `/api/message/${id}/Receipts`, { token: admin });
    expect(all.data.counts).toEqual({ total: 2, read: 1, unread: 1 });
    expect(all.data.list[0]).toMatchObject({ account: 'zhangwei', isRead: 1 });
    expect(all.data.list[0].readTime).toBeGreaterThan(0);
    const unread = await t.call('GET', `/api/message/${id}/Receipts?isRead=0`, { token: admin });
    expect(unread.data.list.map((r: { account: string }) => r.account)).toEqual(['xuli']);
    expect(unread.data.pagination.total).toBe(1);
    const listed = await t.call('GET', '/api/message/Notice?keyword=receipts', { token: admin });
    expect(listed.data.list[0]).toMatchObject({ enabledMark: 1, receiverCount: 2, readCount: 1, releaseUser: '系统管理员/admin' });

    // Attachments: for receivers and the publisher; not for someone who did not receive it.
    expect((await t.call('GET', `/api/message/Notice/${id}/Files`, { token: xu })).data).toEqual([]);
    expect((await t.call('GET', `/api/message/Notice/${id}/Files`, { token: await t.login('pengbo') })).status).toBe(404);

    expect((await t.call('PUT', `/api/message/${id}/Actions/Withdraw`, { token: admin })).status).toBe(200);
    expect(await receivers(id)).toEqual([]);
    expect((await t.call('GET', `/api/message/ReadInfo/${id}`, { token: xu })).status).toBe(404);
    // A draft again: editable.
    expect((await t.call('PUT', `/api/message/${id}`, { token: admin, body: { title: 'receipts 2' } })).status).toBe(200);
    expect((await t.call('PUT', `/api/message/${id}/Actions/Withdraw`, { token: admin })).status).toBe(409);
  });

  it('deleting a released notice removes every receiver’s copy', async () => {
    const id = (await create({ title: 'gone', targets: { userIds: [await userId('zhangwei')] } })).data.id as string;
    await release(id);
    expect(await receivers(id)).toHaveLength(1);
    expect((await t.call('DELETE', `/api/message/${id}`, { token: admin })).status).toBe(200);
    expect(await receivers(id)).toEqual([]);
    expect((await t.call('GET', `/api/message/ReadInfo/${id}`, { token: zhang })).status).toBe(404);
  });
});

describe('refusals', () => {
  it('bad and huge input: 400 naming the field, nothing stored', async () => {
    const count = async () =>
      Number(
        (
          await t.ctx.db
            .selectFrom('messages')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('type', '=', 1)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const n = await count();
    const cases: [Record<string, unknown>, string][] = [
      [{ title: '' }, 'title'],
      [{ title: 'x'.repeat(201) }, 'title'],
      [{ title: 'ok', bodyText: 'x'.repeat(NOTICE_BODY_MAX + 1) }, 'bodyText'],
      [{ title: 'ok', targets: { all: false } }, 'targets'],
      [{ title: 'ok', files: [{ name: 'a', url: 'javascript:alert(1)' }] }, 'files'],
      [{ title: 'ok', files: [{ name: 'a', url: 'https://evil.example/a.pdf' }] }, 'files'],
      [{ title: 'ok', targets: { userIds: ['x'.repeat(41)] } }, 'targets'],
      [{ title: 42 }, 'title'],
    ];
    for (const [body, field] of cases) {
      const res = await create(body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.code).toBe(400);
      expect(res.msg).toContain(field);
    }
    const en = await t.call('POST', '/api/message', {
      token: admin,
      body: { title: 'ok', targets: {} },
      headers: { 'accept-language': 'en' },
    });
    expect(en.status).toBe(400);
    // A body over the request limit is refused as a whole.
    const huge = await create({ title: 'ok', bodyText: 'x'.repeat(1_100_000) });
    expect(huge.status).toBe(413);
    expect(await count()).toBe(n);
  });

  it('unknown ids: 404 on every route', async () => {
    const id = '999999999999999999';
    for (const [method, url, body] of [
      ['GET', `/api/message/${id}`],
      ['GET', `/api/message/${id}/Receipts`],
      ['PUT', `/api/message/${id}`, { title: 'x' }],
      ['PUT', `/api/message/${id}/Actions/Release`],
      ['PUT', `/api/message/${id}/Actions/Withdraw`],
      ['DELETE', `/api/message/${id}`],
      ['GET', `/api/message/Notice/${id}/Files`],
    ] as const) {
      const res = await t.call(method, url, { token: admin, ...(body ? { body } : {}) });
      expect(res.status, `${method} ${url}`).toBe(404);
      expect(res.code).toBe(404);
    }
  });

  it('a user without the notice menu gets 403 on every administration route', async () => {
    const id = noticeId('systemUpgrade');
    for (const [method, url, body] of [
      ['GET', '/api/message/Notice'],
      ['GET', `/api/message/${id}`],
      ['GET', `/api/message/${id}/Receipts`],
      ['POST', '/api/message', { title: 'x' }],
      ['PUT', `/api/message/${id}`, { title: 'x' }],
      ['PUT', `/api/message/${id}/Actions/Release`],
      ['PUT', `/api/message/${id}/Actions/Withdraw`],
      ['DELETE', `/api/message/${id}`],
    ] as const) {
      const res = await t.call(method, url, { token: zhang, ...(body ? { body } : {}) });
      expect(res.status, `${method} ${url}`).toBe(403);
    }
    // The seeded notice is untouched.
    expect(await receivers(id)).toEqual(await enabledUsers());
  });

  it('SQL in the keyword is a plain search text', async () => {
    const res = await t.call('GET', `/api/message/Notice?keyword=${encodeURIComponent("' or 1=1 --")}`, { token: admin });
    expect(res.status).toBe(200);
    expect(res.data.list).toEqual([]);
  });
});
