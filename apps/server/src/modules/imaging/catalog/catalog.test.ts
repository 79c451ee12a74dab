import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMG_BODY_PARTS, IMG_FEE_FROM_2026H2, IMG_FEES, IMG_ITEMS, IMG_TEMPLATE_CATEGORIES } from '../../../db/seed/imaging-catalog.ts';
import { setClock, testClock } from '../../../lib/clock.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { all } from '../../health/plans/rows.ts';
import { feesFor } from './fees.ts';

/**
 * The catalogue API against the seeded catalogue: reading for every user of
 * a centre, changes only with the page's menu and button and for the
 * caller's centres, validation and bad input, order (arrows and drag),
 * removal refused while in use, the template tree, the organisation order
 * and the fee in force at a date.
 *
 * People (seed): wuqing — ultrasound reader (ultrasound menus and the item,
 * body part and template pages); fengtao — imaging reader (the whole image
 * centre folder); xuli — township doctor (registration menus of both
 * centres); dengshan — village doctor (no imaging menu).
 */

const T0 = Date.UTC(2026, 2, 1, 8); // 2026-03-01: the seeded 2026-07-01 price is still in the future
let t: TestApp;
let db: Kysely<any>;
const tok: Record<string, string> = {};
const US = 'ultrasound';

const call = (who: string, method: string, url: string, body?: unknown) =>
  t.call(method, url, { token: tok[who]!, ...(body === undefined ? {} : { body }) });
async function okCall(who: string, method: string, url: string, body?: unknown) {
  const r = await call(who, method, url, body);
  expect(r.status, `${method} ${url}: ${r.msg}`).toBe(200);
  return r.data;
}

beforeAll(async () => {
  t = await createTestApp();
  db = t.ctx.db.withoutPlugins() as unknown as Kysely<any>;
  for (const a of ['admin', 'wuqing', 'fengtao', 'xuli', 'dengshan']) tok[a] = await t.login(a);
  setClock(testClock(T0));
});
afterAll(async () => {
  setClock(null);
  await t?.close();
});

describe('reading the catalogue', () => {
  it('gives every user of a centre its items, body parts and templates; nobody else', async () => {
    const items = await okCall('xuli', 'GET', `/api/imaging/catalog/items?centre=${US}&enabled=1`);
    expect(items.list.map((i: { id: string }) => i.id)).toEqual(Object.values(IMG_ITEMS.ultrasound));
    expect(items.list[0]).toMatchObject({ bodyPartId: IMG_BODY_PARTS.ultrasound.abdomen, bodyPartName: '腹部', modality: 'US' });
    const parts = await okCall('fengtao', 'GET', '/api/imaging/catalog/body-parts?centre=imaging');
    expect(parts.pagination.total).toBe(Object.keys(IMG_BODY_PARTS.imaging).length);
    expect((await call('dengshan', 'GET', `/api/imaging/catalog/items?centre=${US}`)).status).toBe(403);
    // An imaging reader has no ultrasound menu: the ultrasound catalogue is not theirs.
    expect((await call('fengtao', 'GET', `/api/imaging/catalog/items?centre=${US}`)).status).toBe(403);
    const meta = await okCall('wuqing', 'GET', '/api/imaging/catalog/meta');
    expect(meta.centres).toEqual(['ultrasound']);
    expect(meta.rights.img_check_item).toEqual({ view: true, add: true, edit: true, remove: true });
    expect(meta.rights.img_fee_schedule.view).toBe(false);
  });

  it('answers the template picker by item and body part (generic templates included)', async () => {
    const heart = IMG_ITEMS.ultrasound.heart;
    const r = await okCall('wuqing', 'GET', `/api/imaging/catalog/templates?centre=${US}&itemId=${heart}&enabled=1`);
    expect(r.list).toHaveLength(2);
    expect(r.list.map((x: { positive: number }) => x.positive).sort()).toEqual([0, 1]);
    expect(r.list.every((x: { itemId: string }) => x.itemId === heart)).toBe(true);
    const cat = await okCall(
      'wuqing',
      'GET',
      `/api/imaging/catalog/templates?centre=${US}&categoryId=${IMG_TEMPLATE_CATEGORIES.ultrasound.root}`,
    );
    expect(cat.pagination.total).toBe(14); // the root category shows its sub-categories' templates
    const tree = await okCall('wuqing', 'GET', `/api/imaging/catalog/template-categories?centre=${US}`);
    expect(tree.list.filter((c: { parentId: string | null }) => c.parentId === null)).toHaveLength(1);
  });
});

describe('body parts and items', () => {
  it('are created, edited, disabled, ordered and removed by holders of the page, for their centres only', async () => {
    const bp = (await okCall('wuqing', 'POST', '/api/imaging/catalog/body-parts', { centre: US, code: 'US.VAS', name: '外周血管' })).id;
    expect((await call('wuqing', 'POST', '/api/imaging/catalog/body-parts', { centre: US, code: 'US.VAS', name: '重复' })).status).toBe(
      409,
    );
    // Not the image centre's catalogue, not without the page, not without a centre.
    expect((await call('wuqing', 'POST', '/api/imaging/catalog/body-parts', { centre: 'imaging', code: 'IM.X', name: 'x' })).status).toBe(
      403,
    );
    expect((await call('xuli', 'POST', '/api/imaging/catalog/body-parts', { centre: US, code: 'US.X', name: 'x' })).status).toBe(403);

    const item = (
      await okCall('wuqing', 'POST', '/api/imaging/catalog/items', {
        centre: US,
        code: 'US08',
        name: '下肢血管彩超',
        bodyPartId: bp,
        modality: 'US',
      })
    ).id;
    // An item on another centre's body part, an unknown modality.
    const bad = await call('wuqing', 'POST', '/api/imaging/catalog/items', {
      centre: US,
      code: 'US09',
      name: 'x',
      bodyPartId: IMG_BODY_PARTS.imaging.chest,
      modality: 'US',
    });
    expect([bad.status, bad.msg]).toEqual([400, '检查部位不存在或不属于该中心']);
    expect(
      (await call('wuqing', 'POST', '/api/imaging/catalog/items', { centre: US, code: 'US09', name: 'x', bodyPartId: bp, modality: 'XX' }))
        .status,
    ).toBe(400);

    await okCall('wuqing', 'PUT', `/api/imaging/catalog/items/${item}`, {
      centre: US,
      code: 'US08',
      name: '下肢动静脉彩超',
      bodyPartId: bp,
      modality: 'US',
    });
    await okCall('wuqing', 'PUT', `/api/imaging/catalog/items/${item}/enabled`, { enabled: 0 });
    const enabled = await okCall('wuqing', 'GET', `/api/imaging/catalog/items?centre=${US}&enabled=1`);
    expect(enabled.list.map((i: { id: string }) => i.id)).not.toContain(item);
    const found = await okCall('wuqing', 'GET', `/api/imaging/catalog/items?centre=${US}&keyword=${encodeURIComponent('动静脉')}`);
    expect(found.list).toMatchObject([{ id: item, name: '下肢动静脉彩超', enabled: 0 }]);

    // Arrows: the new item (last) moves up one place; drag: a whole new order.
    await okCall('wuqing', 'POST', `/api/imaging/catalog/items/${item}/move`, { direction: 'up' });
    const order = async () =>
      (await okCall('wuqing', 'GET', `/api/imaging/catalog/items?centre=${US}`)).list.map((i: { id: string }) => i.id) as string[];
    const afterMove = await order();
    expect(afterMove.indexOf(item)).toBe(afterMove.length - 2);
    const reversed = [...afterMove].reverse();
    await okCall('wuqing', 'PUT', '/api/imaging/catalog/items/order', { centre: US, ids: reversed });
    expect(await order()).toEqual(reversed);
    // An order naming another centre's row, or a row twice, is refused.
    expect((await call('wuqing', 'PUT', '/api/imaging/catalog/items/order', { centre: US, ids: [IMG_ITEMS.imaging.chestCt] })).status).toBe(
      400,
    );
    expect((await call('wuqing', 'PUT', '/api/imaging/catalog/items/order', { centre: US, ids: [item, item] })).status).toBe(400);

    // The body part is in use by the item: removing it is refused until the item goes.
    expect((await call('wuqing', 'DELETE', `/api/imaging/catalog/body-parts/${bp}`)).status).toBe(409);
    await okCall('wuqing', 'DELETE', `/api/imaging/catalog/items/${item}`);
    await okCall('wuqing', 'DELETE', `/api/imaging/catalog/body-parts/${bp}`);
    expect((await call('wuqing', 'DELETE', `/api/imaging/catalog/body-parts/${bp}`)).status).toBe(404);
    // A seeded item named by templates and fees stays.
    expect((await call('admin', 'DELETE', `/api/imaging/catalog/items/${IMG_ITEMS.ultrasound.heart}`)).status).toBe(409);
  });

  it('refuses bad input with a clear error and changes nothing', async () => {
    const before = await all(db, db.selectFrom('img_items').select('id'));
    const bad: unknown[] = [
      { centre: US, code: 'X1', name: 'x'.repeat(101), bodyPartId: IMG_BODY_PARTS.ultrasound.heart, modality: 'US' },
      { centre: US, code: "x'; drop table img_items; --", name: 'x', bodyPartId: IMG_BODY_PARTS.ultrasound.heart, modality: 'US' },
      { centre: 'pacs', code: 'X1', name: 'x', bodyPartId: IMG_BODY_PARTS.ultrasound.heart, modality: 'US' },
      { centre: US, code: 'X1', name: 'x', bodyPartId: { $ne: null }, modality: 'US' },
      { centre: US, code: 'X1', name: 'x', bodyPartId: IMG_BODY_PARTS.ultrasound.heart, modality: 'US', extra: 1 },
      { centre: US, code: 'X1', name: '   ', bodyPartId: IMG_BODY_PARTS.ultrasound.heart, modality: 'US' },
      { centre: US, code: 'X1', name: 'x', bodyPartId: 'nope', modality: 'US' },
    ];
    for (const body of bad) {
      const r = await call('admin', 'POST', '/api/imaging/catalog/items', body);
      expect(r.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(r.msg).toBeTruthy();
    }
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/imaging/catalog/items',
      headers: { authorization: tok.admin!, 'content-type': 'application/json' },
      payload: '{"centre":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(JSON.parse(malformed.body).code).toBe(400);
    // Injection in a search is only text.
    const inj = await okCall('admin', 'GET', `/api/imaging/catalog/items?centre=${US}&keyword=${encodeURIComponent("' or 1=1 --")}`);
    expect(inj.list).toEqual([]);
    const html = await okCall('admin', 'GET', `/api/imaging/catalog/body-parts?centre=${US}&keyword=${encodeURIComponent('<script>')}`);
    expect(html.list).toEqual([]);
    expect(
      (
        await call('admin', 'PUT', '/api/imaging/catalog/items/unknown-id', {
          centre: US,
          code: 'Z',
          name: 'z',
          bodyPartId: IMG_BODY_PARTS.ultrasound.heart,
          modality: 'US',
        })
      ).status,
    ).toBe(404);
    expect(await all(db, db.selectFrom('img_items').select('id'))).toHaveLength(before.length);
  });
});

describe('template categories and templates', () => {
  it('keeps a tree without cycles and templates consistent with item and body part', async () => {
    const root = IMG_TEMPLATE_CATEGORIES.ultrasound.root;
    const cat = (await okCall('wuqing', 'POST', '/api/imaging/catalog/template-categories', { centre: US, parentId: root, name: '血管' }))
      .id;
    const sub = (await okCall('wuqing', 'POST', '/api/imaging/catalog/template-categories', { centre: US, parentId: cat, name: '下肢' }))
      .id;
    // A category under its own descendant, or under another centre's category.
    expect(
      (await call('wuqing', 'PUT', `/api/imaging/catalog/template-categories/${cat}`, { centre: US, parentId: sub, name: '血管' })).status,
    ).toBe(400);
    expect(
      (
        await call('wuqing', 'POST', '/api/imaging/catalog/template-categories', {
          centre: US,
          parentId: IMG_TEMPLATE_CATEGORIES.imaging.root,
          name: 'x',
        })
      ).status,
    ).toBe(400);

    const body = {
      centre: US,
      categoryId: sub,
      bodyPartId: IMG_BODY_PARTS.ultrasound.heart,
      itemId: IMG_ITEMS.ultrasound.heart,
      name: '心包积液',
      findings: '心包腔内见液性暗区，舒张期最大深度 8 mm。',
      impression: '少量心包积液。',
      advice: '心内科随诊。',
      positive: 1,
    };
    const tpl = (await okCall('wuqing', 'POST', '/api/imaging/catalog/templates', body)).id;
    // The item must lie on the body part.
    const mismatch = await call('wuqing', 'POST', '/api/imaging/catalog/templates', {
      ...body,
      bodyPartId: IMG_BODY_PARTS.ultrasound.thyroid,
    });
    expect(mismatch.status).toBe(400);
    expect((await call('wuqing', 'POST', '/api/imaging/catalog/templates', { ...body, findings: '' })).status).toBe(400);
    // The picker of a heart study now offers three.
    const pick = await okCall('xuli', 'GET', `/api/imaging/catalog/templates?centre=${US}&itemId=${IMG_ITEMS.ultrasound.heart}`);
    expect(pick.list.map((x: { id: string }) => x.id)).toContain(tpl);
    expect(pick.list).toHaveLength(3);

    // A category with templates or sub-categories stays.
    expect((await call('wuqing', 'DELETE', `/api/imaging/catalog/template-categories/${sub}`)).status).toBe(409);
    expect((await call('wuqing', 'DELETE', `/api/imaging/catalog/template-categories/${cat}`)).status).toBe(409);
    await okCall('wuqing', 'DELETE', `/api/imaging/catalog/templates/${tpl}`);
    await okCall('wuqing', 'DELETE', `/api/imaging/catalog/template-categories/${sub}`);
    await okCall('wuqing', 'DELETE', `/api/imaging/catalog/template-categories/${cat}`);
    // xuli reads templates but does not maintain them.
    expect((await call('xuli', 'POST', '/api/imaging/catalog/templates', body)).status).toBe(403);
  });
});

describe('organisation order', () => {
  it('sets the order units appear in and refuses unknown or repeated units', async () => {
    const before = await okCall('fengtao', 'GET', '/api/imaging/catalog/org-sort?centre=imaging');
    const ids = before.list.map((r: { orgId: string }) => r.orgId) as string[];
    expect(ids.slice(0, 3)).toEqual(['100000000000000030', '100000000000000040', '100000000000000050']);
    const next = [ids[2]!, ids[0]!, ids[1]!];
    await okCall('fengtao', 'PUT', '/api/imaging/catalog/org-sort', { centre: 'imaging', orgIds: next });
    const after = await okCall('fengtao', 'GET', '/api/imaging/catalog/org-sort?centre=imaging');
    expect(after.list.slice(0, 3).map((r: { orgId: string }) => r.orgId)).toEqual(next);
    expect(after.list[3].sortCode).toBeNull(); // the rest follow by name
    expect((await call('fengtao', 'PUT', '/api/imaging/catalog/org-sort', { centre: 'imaging', orgIds: ['nope'] })).status).toBe(400);
    // A department is not a unit.
    expect(
      (await call('fengtao', 'PUT', '/api/imaging/catalog/org-sort', { centre: 'imaging', orgIds: ['100000000000000011'] })).status,
    ).toBe(400);
    expect((await call('wuqing', 'PUT', '/api/imaging/catalog/org-sort', { centre: US, orgIds: next })).status).toBe(403);
    expect((await okCall('fengtao', 'GET', '/api/imaging/catalog/org-sort?centre=imaging')).list).toHaveLength(before.list.length);
  });
});

describe('fee schedule', () => {
  it('answers the fee in force at a date: the item row over the default, the latest row not after the date', async () => {
    const U = IMG_FEES.ultrasound;
    const abd = IMG_ITEMS.ultrasound.abdomen;
    const heart = IMG_ITEMS.ultrasound.heart;
    expect(await feesFor(db, US, abd, Date.UTC(2025, 5, 1))).toEqual({ diagFee: U.diag, applyFee: U.apply });
    expect(await feesFor(db, US, heart, Date.UTC(2025, 5, 1))).toEqual({ diagFee: U.heartDiag, applyFee: U.apply });
    // The newer default takes over from 2026-07-01; the heart's own price stays.
    expect(await feesFor(db, US, abd, IMG_FEE_FROM_2026H2 - 1)).toEqual({ diagFee: U.diag, applyFee: U.apply });
    expect(await feesFor(db, US, abd, IMG_FEE_FROM_2026H2)).toEqual({ diagFee: U.diagFrom2026H2, applyFee: U.apply });
    expect(await feesFor(db, US, heart, IMG_FEE_FROM_2026H2)).toEqual({ diagFee: U.heartDiag, applyFee: U.apply });
    expect(await feesFor(db, US, null, Date.UTC(2020, 0, 1))).toEqual({ diagFee: 0, applyFee: 0 }); // before any schedule
    const r = await okCall('xuli', 'GET', `/api/imaging/catalog/fees/in-force?centre=${US}&itemId=${heart}&at=${Date.UTC(2026, 7, 1)}`);
    expect(r).toMatchObject({ diagFee: U.heartDiag, applyFee: U.apply, diag: { itemId: heart, kind: 'diag' }, apply: { itemId: null } });
  });

  it('adds prices with a date; a price in effect is history, one in the future may change or go', async () => {
    const abd = IMG_ITEMS.ultrasound.abdomen;
    // wuqing has no fee page; the image centre's reader manages its own centre only.
    const body = {
      centre: US,
      itemId: abd,
      kind: 'diag',
      amount: 4200,
      payerRule: 'applicant_to_centre',
      effectiveFrom: Date.UTC(2026, 5, 1),
    };
    expect((await call('wuqing', 'POST', '/api/imaging/catalog/fees', body)).status).toBe(403);
    expect((await call('fengtao', 'POST', '/api/imaging/catalog/fees', body)).status).toBe(403);
    const id = (await okCall('admin', 'POST', '/api/imaging/catalog/fees', body)).id;
    expect((await call('admin', 'POST', '/api/imaging/catalog/fees', body)).status).toBe(409); // same item, kind and date
    expect((await call('admin', 'POST', '/api/imaging/catalog/fees', { ...body, amount: -1 })).status).toBe(400);
    expect((await call('admin', 'POST', '/api/imaging/catalog/fees', { ...body, amount: 1.5 })).status).toBe(400);
    expect((await call('admin', 'POST', '/api/imaging/catalog/fees', { ...body, payerRule: 'whoever' })).status).toBe(400);
    expect((await call('admin', 'POST', '/api/imaging/catalog/fees', { ...body, itemId: IMG_ITEMS.imaging.chestCt })).status).toBe(400);
    expect(await feesFor(db, US, abd, Date.UTC(2026, 5, 2))).toMatchObject({ diagFee: 4200 });

    await okCall('admin', 'PUT', `/api/imaging/catalog/fees/${id}`, { ...body, amount: 4500 });
    const list = await okCall('admin', 'GET', `/api/imaging/catalog/fees?centre=${US}&itemId=${abd}`);
    expect(list.list).toMatchObject([{ id, amount: 4500, inForce: false }]);
    const defaults = await okCall('admin', 'GET', `/api/imaging/catalog/fees?centre=${US}&itemId=-&kind=diag`);
    // At 2026-03-01 the 2025 default is in force, the 2026-07 one not yet.
    expect(defaults.list.map((f: { amount: number; inForce: boolean }) => [f.amount, f.inForce])).toEqual([
      [IMG_FEES.ultrasound.diagFrom2026H2, false],
      [IMG_FEES.ultrasound.diag, true],
    ]);
    const inEffect = defaults.list[1].id;
    expect((await call('admin', 'DELETE', `/api/imaging/catalog/fees/${inEffect}`)).status).toBe(409);
    expect((await call('admin', 'PUT', `/api/imaging/catalog/fees/${inEffect}`, { ...body, itemId: null, amount: 1 })).status).toBe(409);
    await okCall('admin', 'DELETE', `/api/imaging/catalog/fees/${id}`);
    expect(await feesFor(db, US, abd, Date.UTC(2026, 5, 2))).toMatchObject({ diagFee: IMG_FEES.ultrasound.diag });
  });
});
