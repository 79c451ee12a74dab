import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PORTAL_WIDGETS } from '@medalliance/contract';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { interfaceId } from '../../db/seed/system.ts';
import { seedRoles } from '../../db/seed/people.ts';

const roleId = (code: string) => seedRoles.find((r) => r.enCode === code)!.id;
const COUNTY = roleId('countyDoctor');
const TRAINER = roleId('trainer');

let t: TestApp;
let admin: string;
let doctor: string; // zhangwei: countyDoctor, granted the alliance portal menu, not the designer
let township: string; // xuli: townshipDoctor, no portal menu
beforeAll(async () => {
  t = await createTestApp();
  [admin, doctor, township] = await Promise.all([t.login('admin'), t.login('zhangwei'), t.login('xuli')]);
});
afterAll(() => t.close());

const fourWidgets = (html = '<p>hello</p>') => ({
  layout: [
    { i: 'fig', x: 0, y: 0, w: 4, h: 4 },
    { i: 'txt', x: 4, y: 0, w: 4, h: 4 },
    { i: 'clk', x: 8, y: 0, w: 4, h: 4 },
    { i: 'tbl', x: 0, y: 4, w: 12, h: 6 },
  ],
  widgets: [
    { id: 'fig', type: 'figure', title: 'Stock', interfaceId: interfaceId('portalMyStock'), valueField: 'value', refresh: 60 },
    { id: 'txt', type: 'richText', title: 'Note', html },
    { id: 'clk', type: 'clock' },
    {
      id: 'tbl',
      type: 'table',
      interfaceId: interfaceId('portalLowStock'),
      columns: [{ field: 'itemName', title: 'Item' }],
      limit: 3,
    },
  ],
});

const portal = (extra: Record<string, unknown> = {}) => ({
  fullName: '测试门户',
  enCode: `p${Math.random().toString(36).slice(2, 10)}`,
  category: 'test',
  formData: fourWidgets(),
  ...extra,
});

async function create(body = portal()): Promise<string> {
  const res = await t.call('POST', '/api/visualdev/Portal', { token: admin, body });
  expect(res.status, res.msg).toBe(200);
  return res.data.id as string;
}

describe('portal design', () => {
  it('lists the seeded portals, paged and filtered in SQL', async () => {
    const res = await t.call('GET', '/api/visualdev/Portal?keyword=alliance&pageSize=5', { token: admin });
    expect(res.status).toBe(200);
    expect(res.data.list.map((p: { id: string }) => p.id)).toEqual(['alliancePortal']);
    expect(res.data.pagination).toMatchObject({ currentPage: 1, pageSize: 5, total: 1 });
    const byCategory = await t.call('GET', '/api/visualdev/Portal?category=dataCenter', { token: admin });
    expect(byCategory.data.list.map((p: { id: string }) => p.id)).toEqual(['dcOverview']);
  });

  it('creates, reads, updates, copies, toggles and deletes', async () => {
    const body = portal();
    const id = await create(body);
    const read = await t.call('GET', `/api/visualdev/Portal/${id}`, { token: admin });
    expect(read.data).toMatchObject({ fullName: '测试门户', enCode: body.enCode, enabledMark: 1 });
    expect(read.data.formData.widgets).toHaveLength(4);
    expect(read.data.formData.widgets[2]).toMatchObject({ type: 'clock', showCalendar: true, refresh: 0, title: '' });

    const upd = await t.call('PUT', `/api/visualdev/Portal/${id}`, { token: admin, body: { ...body, fullName: '改名门户' } });
    expect(upd.status, upd.msg).toBe(200);
    expect((await t.call('GET', `/api/visualdev/Portal/${id}`, { token: admin })).data.fullName).toBe('改名门户');

    const copy = await t.call('POST', `/api/visualdev/Portal/${id}/Actions/Copy`, { token: admin });
    expect(copy.status).toBe(200);
    const copied = await t.call('GET', `/api/visualdev/Portal/${copy.data.id}`, { token: admin });
    expect(copied.data.enabledMark).toBe(0);
    expect(copied.data.formData).toEqual(read.data.formData);

    const state = await t.call('PUT', `/api/visualdev/Portal/${id}/Actions/State`, { token: admin });
    expect(state.data.enabledMark).toBe(0);

    const dup = await t.call('POST', '/api/visualdev/Portal', { token: admin, body: { ...portal(), enCode: body.enCode } });
    expect(dup.status).toBe(409);

    expect((await t.call('DELETE', `/api/visualdev/Portal/${id}`, { token: admin })).status).toBe(200);
    expect((await t.call('GET', `/api/visualdev/Portal/${id}`, { token: admin })).status).toBe(404);
    await t.call('DELETE', `/api/visualdev/Portal/${copy.data.id}`, { token: admin });
  });

  it('sanitizes the HTML of rich-text widgets on write', async () => {
    const html = '<p onclick="steal()">hi<img src=x onerror="alert(1)"><script>alert(2)</script><a href="javascript:alert(3)">x</a></p>';
    const id = await create(portal({ formData: fourWidgets(html) }));
    const stored = (await t.call('GET', `/api/visualdev/Portal/${id}`, { token: admin })).data.formData.widgets[1].html as string;
    expect(stored).toContain('hi');
    expect(stored).not.toMatch(/onclick|onerror|<script|javascript:/i);
    // Also in the layout a viewer reads.
    const auth = await t.call('GET', `/api/visualdev/Portal/${id}/auth`, { token: admin });
    expect(auth.data.formData.widgets[1].html).toBe(stored);
  });

  it('refuses bad input with a 400 naming the field, and unknown ids with 404', async () => {
    const bad = async (body: unknown) => t.call('POST', '/api/visualdev/Portal', { token: admin, body });
    const noName = await bad(portal({ fullName: '' }));
    expect(noName.status).toBe(400);
    expect(noName.msg).toContain('fullName');

    const wrongType = await bad(
      portal({ formData: { layout: [{ i: 'a', x: 0, y: 0, w: 2, h: 2 }], widgets: [{ id: 'a', type: 'iframe' }] } }),
    );
    expect(wrongType.status).toBe(400);
    expect(wrongType.msg).toContain('formData.widgets.0');

    const mismatch = await bad(
      portal({ formData: { layout: [{ i: 'zz', x: 0, y: 0, w: 2, h: 2 }], widgets: [{ id: 'a', type: 'clock' }] } }),
    );
    expect(mismatch.status).toBe(400);
    expect(mismatch.msg).toContain('formData.layout.0.i');

    const outside = await bad(
      portal({ formData: { layout: [{ i: 'a', x: 10, y: 0, w: 4, h: 2 }], widgets: [{ id: 'a', type: 'clock' }] } }),
    );
    expect(outside.status).toBe(400);

    const tooFast = await bad(
      portal({ formData: { layout: [{ i: 'a', x: 0, y: 0, w: 4, h: 2 }], widgets: [{ id: 'a', type: 'clock', refresh: 2 }] } }),
    );
    expect(tooFast.status).toBe(400);
    expect(tooFast.msg).toContain('refresh');

    const script = await bad(
      portal({
        formData: {
          layout: [{ i: 'a', x: 0, y: 0, w: 4, h: 2 }],
          widgets: [{ id: 'a', type: 'links', links: [{ title: 'x', url: 'javascript:alert(1)' }] }],
        },
      }),
    );
    expect(script.status).toBe(400);
    expect(script.msg).toContain('url');

    const many = Array.from({ length: MAX_PORTAL_WIDGETS + 1 }, (_, i) => `w${i}`);
    const huge = await bad(
      portal({
        formData: {
          layout: many.map((i, n) => ({ i, x: 0, y: n, w: 1, h: 1 })),
          widgets: many.map((id) => ({ id, type: 'clock' })),
        },
      }),
    );
    expect(huge.status).toBe(400);
    expect(huge.msg).toContain('formData.layout');

    const hugeText = await bad(portal({ formData: JSON.stringify({ layout: [], widgets: [], pad: 'x'.repeat(300_000) }) }));
    expect(hugeText.status).toBe(400);

    const sqlName = await bad(portal({ enCode: "x'; DROP TABLE portals; --" }));
    expect(sqlName.status).toBe(400);
    expect(sqlName.msg).toContain('enCode');
    expect((await t.call('GET', '/api/visualdev/Portal?keyword=%27%3B%20DROP', { token: admin })).data.list).toEqual([]);

    for (const [method, url] of [
      ['GET', '/api/visualdev/Portal/nope'],
      ['PUT', '/api/visualdev/Portal/nope'],
      ['DELETE', '/api/visualdev/Portal/nope'],
      ['GET', '/api/visualdev/Portal/nope/auth'],
      ['GET', '/api/visualdev/Portal/nope/Roles'],
    ] as const) {
      const res = await t.call(method, url, { token: admin, body: method === 'PUT' ? portal() : undefined });
      expect(res.status, `${method} ${url}`).toBe(404);
    }
  });

  it('answers 403 to design calls without the portal design buttons', async () => {
    const id = await create();
    for (const [method, url, body] of [
      ['GET', '/api/visualdev/Portal', undefined],
      ['GET', `/api/visualdev/Portal/${id}`, undefined],
      ['POST', '/api/visualdev/Portal', portal()],
      ['PUT', `/api/visualdev/Portal/${id}`, portal()],
      ['DELETE', `/api/visualdev/Portal/${id}`, undefined],
      ['PUT', `/api/visualdev/Portal/${id}/Roles`, { roleIds: [COUNTY] }],
      ['POST', '/api/visualdev/Portal/Widgets/Preview', { id: 'a', type: 'clock' }],
    ] as const) {
      const res = await t.call(method, url, { token: doctor, body });
      expect(res.status, `${method} ${url}`).toBe(403);
    }
    expect((await t.call('GET', `/api/visualdev/Portal/${id}`, { token: admin })).status).toBe(200);
  });
});

describe('who sees a portal', () => {
  it('passes {id}/auth for a granted role and administrators, 403 for others', async () => {
    const id = await create();
    expect((await t.call('GET', `/api/visualdev/Portal/${id}/auth`, { token: doctor })).status).toBe(403);
    expect((await t.call('GET', `/api/visualdev/Portal/${id}/auth`, { token: admin })).status).toBe(200);

    const put = await t.call('PUT', `/api/visualdev/Portal/${id}/Roles`, { token: admin, body: { roleIds: [COUNTY] } });
    expect(put.status, put.msg).toBe(200);
    const granted = await t.call('GET', `/api/visualdev/Portal/${id}/auth`, { token: doctor });
    expect(granted.status).toBe(200);
    expect(granted.data.formData.widgets).toHaveLength(4);
    expect((await t.call('GET', `/api/visualdev/Portal/${id}/auth`, { token: township })).status).toBe(403);

    // The home page of a county doctor is now this portal; a township doctor keeps the dashboard.
    const choice = await t.call('GET', '/api/visualdev/Portal/Selector', { token: doctor });
    expect(choice.data.homeId).toBe(id);
    expect(choice.data.home).toMatchObject({ id, fullName: '测试门户' });
    expect(choice.data.home.formData.widgets).toHaveLength(4);
    expect(choice.data.list.map((p: { id: string }) => p.id)).toContain(id);
    const other = await t.call('GET', '/api/visualdev/Portal/Selector', { token: township });
    expect(other.data.homeId).toBeNull();
    expect(other.data.home).toBeNull();

    // A disabled portal is for administrators only.
    await t.call('PUT', `/api/visualdev/Portal/${id}/Actions/State`, { token: admin, body: { enabledMark: 0 } });
    expect((await t.call('GET', `/api/visualdev/Portal/${id}/auth`, { token: doctor })).status).toBe(403);
    expect((await t.call('GET', '/api/visualdev/Portal/Selector', { token: doctor })).data.homeId).toBeNull();
    await t.call('DELETE', `/api/visualdev/Portal/${id}`, { token: admin });
  });

  it('opens a portal to whoever holds its menu (type 8)', async () => {
    // zhangwei holds the dataApps menus (alliancePortal among them); xuli does not.
    expect((await t.call('GET', '/api/visualdev/Portal/alliancePortal/auth', { token: doctor })).status).toBe(200);
    expect((await t.call('GET', '/api/visualdev/Portal/alliancePortal/auth', { token: township })).status).toBe(403);
    expect((await t.call('GET', '/api/visualdev/Portal/dcOverview/auth', { token: doctor })).status).toBe(403);
  });

  it('replaces the roles holding a portal, and refuses unknown roles changing nothing', async () => {
    const id = await create();
    const url = `/api/visualdev/Portal/${id}/Roles`;
    await t.call('PUT', url, { token: admin, body: { roleIds: [COUNTY, TRAINER] } });
    expect((await t.call('GET', url, { token: admin })).data.roleIds.sort()).toEqual([COUNTY, TRAINER].sort());
    await t.call('PUT', url, { token: admin, body: { roleIds: [TRAINER] } });
    expect((await t.call('GET', url, { token: admin })).data.roleIds).toEqual([TRAINER]);
    expect((await t.call('GET', `/api/visualdev/Portal/${id}/auth`, { token: doctor })).status).toBe(403);

    const unknown = await t.call('PUT', url, { token: admin, body: { roleIds: [COUNTY, '999999999999999999'] } });
    expect(unknown.status).toBe(400);
    expect(unknown.msg).toContain('999999999999999999');
    const wrong = await t.call('PUT', url, { token: admin, body: { roleIds: 'all' } });
    expect(wrong.status).toBe(400);
    expect(wrong.msg).toContain('roleIds');
    expect((await t.call('GET', url, { token: admin })).data.roleIds).toEqual([TRAINER]);

    // Deleting the portal removes its grants.
    await t.call('DELETE', `/api/visualdev/Portal/${id}`, { token: admin });
    const left = await t.ctx.db
      .selectFrom('authorizations')
      .select('id')
      .where('itemType', '=', 'portal')
      .where('itemId', '=', id)
      .execute();
    expect(left).toEqual([]);
  });

  it('sets the default portal only to one the caller may see', async () => {
    const id = await create();
    const refused = await t.call('PUT', `/api/visualdev/Portal/${id}/Actions/SetDefault`, { token: township });
    expect(refused.status).toBe(403);
    const xuli = await t.ctx.db.selectFrom('users').select('portalId').where('account', '=', 'xuli').executeTakeFirstOrThrow();
    expect(xuli.portalId).toBeNull();
    expect((await t.call('PUT', '/api/visualdev/Portal/nope/Actions/SetDefault', { token: township })).status).toBe(404);

    const set = await t.call('PUT', '/api/visualdev/Portal/alliancePortal/Actions/SetDefault', { token: doctor });
    expect(set.status, set.msg).toBe(200);
    const choice = await t.call('GET', '/api/visualdev/Portal/Selector', { token: doctor });
    expect(choice.data).toMatchObject({ defaultId: 'alliancePortal', homeId: 'alliancePortal' });

    // An administrator may choose any portal.
    expect((await t.call('PUT', `/api/visualdev/Portal/${id}/Actions/SetDefault`, { token: admin })).status).toBe(200);
    expect((await t.call('GET', '/api/visualdev/Portal/Selector', { token: admin })).data.homeId).toBe(id);
    // Deleting it clears the default: the administrator's home falls back to the dashboard.
    await t.call('DELETE', `/api/visualdev/Portal/${id}`, { token: admin });
    expect((await t.call('GET', '/api/visualdev/Portal/Selector', { token: admin })).data.homeId).toBeNull();
    await t.ctx.db.updateTable('users').set({ portalId: null }).where('account', '=', 'zhangwei').execute();
  });
});

describe('widget data', () => {
  it("runs a widget's interface as the caller: their own unit's figures", async () => {
    const url = '/api/visualdev/Portal/alliancePortal/Widgets/myStock/Data';
    const mine = await t.call('GET', url, { token: doctor });
    expect(mine.status, mine.msg).toBe(200);
    // zhangwei works in the county people's hospital: its 15 stock items.
    expect(Number(mine.data.rows[0].value)).toBe(15);
    // The administrator's unit (the alliance office) keeps no stock.
    const adminRows = await t.call('GET', url, { token: admin });
    expect(Number(adminRows.data.rows[0].value)).toBe(0);
    // Someone who may not see the portal gets none of its data.
    expect((await t.call('GET', url, { token: township })).status).toBe(403);
  });

  it('answers every seeded widget from its seeded interface (both databases)', async () => {
    for (const portal of ['alliancePortal', 'dcOverview']) {
      const layout = await t.call('GET', `/api/visualdev/Portal/${portal}/auth`, { token: admin });
      const sourced = layout.data.formData.widgets.filter((w: { type: string }) => ['figure', 'chart', 'table'].includes(w.type));
      expect(sourced.length).toBeGreaterThan(0);
      for (const w of sourced) {
        const res = await t.call('GET', `/api/visualdev/Portal/${portal}/Widgets/${w.id}/Data`, { token: admin });
        expect(res.status, `${portal}/${w.id}: ${res.msg}`).toBe(200);
        expect(res.data.rows.length, `${portal}/${w.id}`).toBeGreaterThan(0);
      }
    }
  });

  it('answers chart and table rows, limited to what the widget shows', async () => {
    const chart = await t.call('GET', '/api/visualdev/Portal/alliancePortal/Widgets/stockChart/Data', { token: doctor });
    expect(chart.status).toBe(200);
    expect(chart.data.rows.length).toBe(5);
    expect(chart.data.rows[0]).toHaveProperty('unitName');
    const table = await t.call('GET', '/api/visualdev/Portal/alliancePortal/Widgets/lowStock/Data', { token: doctor });
    expect(table.data.rows).toHaveLength(6);
    expect(table.data.total).toBe(75);
    const qty = table.data.rows.map((r: { quantity: unknown }) => Number(r.quantity));
    expect([...qty].sort((a, b) => a - b)).toEqual(qty);
  });

  it('refuses unknown widgets, widgets without a source and disabled interfaces', async () => {
    const base = '/api/visualdev/Portal/alliancePortal/Widgets';
    expect((await t.call('GET', `${base}/nope/Data`, { token: doctor })).status).toBe(404);
    expect((await t.call('GET', `${base}/clock/Data`, { token: doctor })).status).toBe(400);
    expect((await t.call('GET', `${base}/bad%20id/Data`, { token: doctor })).status).toBe(400);

    const id = interfaceId('portalLowStock');
    await t.call('PUT', `/api/system/DataInterface/${id}/Actions/State`, { token: admin, body: { enabledMark: 0 } });
    try {
      const res = await t.call('GET', `${base}/lowStock/Data`, { token: doctor });
      expect(res.status).toBe(400);
      // One failing widget does not fail the others.
      expect((await t.call('GET', `${base}/myStock/Data`, { token: doctor })).status).toBe(200);
    } finally {
      await t.call('PUT', `/api/system/DataInterface/${id}/Actions/State`, { token: admin, body: { enabledMark: 1 } });
    }
  });

  it("previews an unsaved widget's data for a designer", async () => {
    const res = await t.call('POST', '/api/visualdev/Portal/Widgets/Preview', {
      token: admin,
      body: { id: 'x', type: 'figure', interfaceId: interfaceId('portalUnitCount'), valueField: 'value' },
    });
    expect(res.status, res.msg).toBe(200);
    expect(Number(res.data.rows[0].value)).toBeGreaterThan(0);
  });

  it('answers the to-do and notice sources, empty until workflow and messages exist', async () => {
    expect((await t.call('GET', '/api/visualdev/Portal/Feeds/Todo', { token: doctor })).data).toEqual({ total: 0, list: [] });
    expect((await t.call('GET', '/api/visualdev/Portal/Feeds/Notice', { token: doctor })).data).toEqual({ total: 0, list: [] });
  });
});
