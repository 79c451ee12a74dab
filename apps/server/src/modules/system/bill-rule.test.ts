import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, pgUrl, type TestApp } from '../../test/harness.ts';
import { openDb } from '../../db/connection.ts';
import { dictDataId } from '../../db/seed/system.ts';
import { dateKeys, nextBillNumber } from './bill-rule.service.ts';
import { getSysConfig } from './sys-config.service.ts';

let t: TestApp;
let admin: string;
let doctor: string;
const REFERRAL = dictDataId('businessType', 'referral');

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  doctor = await t.login('zhangwei');
});
afterAll(() => t.close());

const create = async (body: Record<string, unknown>) => {
  const res = await t.call('POST', '/api/system/BillRule', {
    token: admin,
    body: { fullName: body.enCode, categoryId: REFERRAL, ...body },
  });
  expect(res.status, res.msg).toBe(200);
  return res.data.id as string;
};
const today = () => dateKeys(Date.now(), 'Asia/Shanghai');
const rule = (id: string) => t.ctx.db.selectFrom('billRules').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('issuing numbers', () => {
  it('formats prefix, date, padded serial and suffix, starting at the start number', async () => {
    await create({ enCode: 'fmt1', prefix: 'ZZ', dateFormat: 'YYYYMMDD', digit: 4, startNumber: 1, suffix: '-Q' });
    const a = await nextBillNumber(t.ctx, t.ctx.db, 'fmt1');
    const b = await nextBillNumber(t.ctx, t.ctx.db, 'fmt1');
    expect(a).toBe(`ZZ${today().YYYYMMDD}0001-Q`);
    expect(b).toBe(`ZZ${today().YYYYMMDD}0002-Q`);
    await create({ enCode: 'fmt2', prefix: '', dateFormat: 'no', digit: 3, startNumber: 98 });
    expect(await nextBillNumber(t.ctx, t.ctx.db, 'fmt2')).toBe('098');
    expect(await nextBillNumber(t.ctx, t.ctx.db, 'fmt2')).toBe('099');
    // Past its digits the serial grows rather than wraps.
    expect(await nextBillNumber(t.ctx, t.ctx.db, 'fmt2')).toBe('100');
    expect((await t.call('GET', `/api/system/BillRule/${(await rule2('fmt2')).id}`, { token: admin })).data).toMatchObject({
      thisNumber: 3,
      outputNumber: '100',
    });
  });

  it('writes every date format', async () => {
    const patterns: Record<string, RegExp> = {
      YYYY: /^Y\d{4}01$/,
      YYYYMM: /^Y\d{6}01$/,
      YYYYMMDD: /^Y\d{8}01$/,
      YYYYMMDDHH: /^Y\d{10}01$/,
      YYYYMMDDHHmm: /^Y\d{12}01$/,
      YYYYMMDDHHmmss: /^Y\d{14}01$/,
      YYYYMMDDHHmmssSSS: /^Y\d{17}01$/,
      no: /^Y01$/,
    };
    for (const [f, re] of Object.entries(patterns)) {
      await create({ enCode: `df.${f}`, prefix: 'Y', dateFormat: f, digit: 2 });
      expect(await nextBillNumber(t.ctx, t.ctx.db, `df.${f}`), f).toMatch(re);
    }
    const keys = dateKeys(Date.UTC(2026, 0, 31, 16, 5, 9, 7), 'Asia/Shanghai');
    expect(keys).toMatchObject({
      YYYY: '2026',
      YYYYMM: '202602',
      YYYYMMDD: '20260201',
      YYYYMMDDHH: '2026020100',
      YYYYMMDDHHmmssSSS: '20260201000509007',
    });
  });

  it('restarts the serial when the formatted date changes, and never goes back to an older period', async () => {
    const id = await create({ enCode: 'daily', prefix: 'D', dateFormat: 'YYYYMMDD', digit: 3 });
    await nextBillNumber(t.ctx, t.ctx.db, 'daily');
    await t.ctx.db.updateTable('billRules').set({ dateKey: '20000101', thisNumber: 57 }).where('id', '=', id).execute();
    expect(await nextBillNumber(t.ctx, t.ctx.db, 'daily')).toBe(`D${today().YYYYMMDD}001`);
    // A server whose clock is behind the stored period continues that period.
    await t.ctx.db.updateTable('billRules').set({ dateKey: '20991231', thisNumber: 5 }).where('id', '=', id).execute();
    expect(await nextBillNumber(t.ctx, t.ctx.db, 'daily')).toBe('D20991231006');
  });

  it('takes the number back when the saving transaction rolls back: no gap', async () => {
    await create({ enCode: 'rollback', prefix: 'R', dateFormat: 'no', digit: 3 });
    expect(await nextBillNumber(t.ctx, t.ctx.db, 'rollback')).toBe('R001');
    await expect(
      t.ctx.db.transaction().execute(async (trx) => {
        expect(await nextBillNumber(t.ctx, trx, 'rollback')).toBe('R002');
        throw new Error('save failed');
      }),
    ).rejects.toThrow('save failed');
    expect(await nextBillNumber(t.ctx, t.ctx.db, 'rollback')).toBe('R002');
  });

  it('refuses disabled and unknown rules', async () => {
    const id = await create({ enCode: 'off', dateFormat: 'no' });
    await t.call('PUT', `/api/system/BillRule/${id}/Actions/State`, { token: admin });
    await expect(nextBillNumber(t.ctx, t.ctx.db, 'off')).rejects.toMatchObject({ key: 'billRule.disabled' });
    await expect(nextBillNumber(t.ctx, t.ctx.db, 'nosuch')).rejects.toMatchObject({ status: 404 });
  });

  it('never issues the same number twice: 200 concurrent savers, all distinct, no gaps', async () => {
    await create({ enCode: 'race', prefix: 'RC', dateFormat: 'YYYYMMDD', digit: 5 });
    // PostgreSQL: half the savers come through a second server's pool (20 connections) on the same
    // database, so the row lock is contended for real. SQLite has one writer per process; its savers
    // share the app's connection (two connections in one thread would wait on each other's busy loop).
    const other = pgUrl ? openDb({ ...t.dbOptions, poolSize: 20 }) : null;
    const otherCtx = other ? { ...t.ctx, db: other.db } : t.ctx;
    // As any running server has, after its first request.
    await getSysConfig(otherCtx);
    try {
      const numbers = await Promise.all(
        Array.from({ length: 200 }, (_, i) => {
          const ctx = i % 2 ? otherCtx : t.ctx;
          // Each saver issues inside its own transaction with another write, as a business save does.
          return ctx.db.transaction().execute(async (trx) => {
            const n = await nextBillNumber(ctx, trx, 'race');
            await trx.updateTable('billRules').set({ description: n }).where('enCode', '=', 'race').execute();
            return n;
          });
        }),
      );
      expect(new Set(numbers).size).toBe(200);
      const serials = numbers.map((n) => Number(n.slice(-5))).sort((a, b) => a - b);
      expect(serials).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
      const row = await t.ctx.db
        .selectFrom('billRules')
        .select(['thisNumber', 'outputNumber'])
        .where('enCode', '=', 'race')
        .executeTakeFirstOrThrow();
      expect(Number(row.thisNumber)).toBe(200);
    } finally {
      await other?.close();
    }
  });
});

const rule2 = (enCode: string) => t.ctx.db.selectFrom('billRules').selectAll().where('enCode', '=', enCode).executeTakeFirstOrThrow();

describe('preview (GET BillRule/BillNumber)', () => {
  it('shows the next number without consuming it, the same one for 3 minutes per user', async () => {
    const id = await create({ enCode: 'preview', prefix: 'P', dateFormat: 'no', digit: 3 });
    const a = await t.call('GET', '/api/system/BillRule/BillNumber/preview', { token: doctor });
    expect(a.status).toBe(200);
    expect(a.data).toBe('P001');
    expect((await t.call('GET', `/api/system/BillRule/BillNumber/${id}`, { token: doctor })).data).toBe('P001');
    expect((await rule(id)).thisNumber).toBe(0);

    expect(await nextBillNumber(t.ctx, t.ctx.db, 'preview')).toBe('P001');
    // Reopening the form within 3 minutes shows the same number …
    expect((await t.call('GET', '/api/system/BillRule/BillNumber/preview', { token: doctor })).data).toBe('P001');
    // … another user sees what comes next …
    expect((await t.call('GET', '/api/system/BillRule/BillNumber/preview', { token: admin })).data).toBe('P002');
    // … and after 3 minutes the first user does too.
    await t.ctx.db
      .updateTable('billNumberPreviews')
      .set({ expiresAt: Date.now() - 1 })
      .where('ruleId', '=', id)
      .execute();
    expect((await t.call('GET', '/api/system/BillRule/BillNumber/preview', { token: doctor })).data).toBe('P002');
  });

  it('answers 404 for an unknown rule and 400 for a disabled one', async () => {
    expect((await t.call('GET', '/api/system/BillRule/BillNumber/nosuch', { token: doctor })).status).toBe(404);
    const id = await create({ enCode: 'previewOff', dateFormat: 'no' });
    await t.call('PUT', `/api/system/BillRule/${id}/Actions/State`, { token: admin, body: { enabledMark: 0 } });
    expect((await t.call('GET', '/api/system/BillRule/BillNumber/previewOff', { token: doctor })).status).toBe(400);
  });
});

describe('rule records', () => {
  it('creates, reads, edits, lists, exports and deletes', async () => {
    const id = await create({
      enCode: 'crud',
      fullName: '测试规则',
      prefix: 'C',
      dateFormat: 'YYYYMM',
      digit: 6,
      startNumber: 100,
      description: '<b>x</b>',
    });
    const info = await t.call('GET', `/api/system/BillRule/${id}`, { token: admin });
    expect(info.data).toMatchObject({
      enCode: 'crud',
      prefix: 'C',
      dateFormat: 'YYYYMM',
      digit: 6,
      startNumber: 100,
      thisNumber: 0,
      outputNumber: null,
      description: '<b>x</b>',
    });
    expect(info.data.example).toBe(`C${today().YYYYMM}000100`);
    const upd = await t.call('PUT', `/api/system/BillRule/${id}`, {
      token: admin,
      body: { fullName: '改名', enCode: 'crud', categoryId: REFERRAL, prefix: 'C2', dateFormat: 'YYYY', digit: 4, startNumber: '7' },
    });
    expect(upd.status, upd.msg).toBe(200);
    expect((await t.call('GET', `/api/system/BillRule/${id}`, { token: admin })).data).toMatchObject({
      fullName: '改名',
      prefix: 'C2',
      startNumber: 7,
    });

    const page = await t.call('GET', '/api/system/BillRule?keyword=改名', { token: admin });
    expect(page.data.list.map((r: { id: string }) => r.id)).toEqual([id]);
    const exp = await t.call('GET', `/api/system/BillRule/${id}/Action/Export`, { token: admin });
    expect(JSON.parse(exp.raw.body)).toMatchObject({ kind: 'billRule', enCode: 'crud', prefix: 'C2' });
    expect((await t.call('DELETE', `/api/system/BillRule/${id}`, { token: admin })).status).toBe(200);
    expect((await t.call('GET', `/api/system/BillRule/${id}`, { token: admin })).status).toBe(404);
  });

  it('freezes the parts of the number once a number was issued, and keeps used rules', async () => {
    const id = await create({ enCode: 'frozen', prefix: 'F', dateFormat: 'no', digit: 3 });
    await nextBillNumber(t.ctx, t.ctx.db, 'frozen');
    const base = { fullName: '改名可以', enCode: 'frozen', categoryId: REFERRAL, prefix: 'F', dateFormat: 'no', digit: 3, startNumber: 1 };
    expect((await t.call('PUT', `/api/system/BillRule/${id}`, { token: admin, body: base })).status).toBe(200);
    const changed = await t.call('PUT', `/api/system/BillRule/${id}`, { token: admin, body: { ...base, startNumber: 0 } });
    expect(changed.status).toBe(409);
    expect(changed.msg).toBe('单据规则已经被使用，不能修改：startNumber');
    const del = await t.call('DELETE', `/api/system/BillRule/${id}`, { token: admin });
    expect(del.status).toBe(409);
  });

  it('serves the business-number template dialog: enabled rules by category, searchable, paged', async () => {
    const all = await t.call('GET', `/api/system/BillRule/Selector?categoryId=${REFERRAL}&pageSize=100&sort=desc&sidx=`, { token: doctor });
    expect(all.status).toBe(200);
    expect(all.data.list.every((r: { categoryId: string; enabledMark: number }) => r.categoryId === REFERRAL && r.enabledMark === 1)).toBe(
      true,
    );
    expect(all.data.list[0]).toHaveProperty('startNumber');
    const seeded = await t.call('GET', `/api/system/BillRule/Selector?keyword=转诊单号`, { token: doctor });
    expect(seeded.data.list).toEqual([expect.objectContaining({ enCode: 'referralNo', fullName: '转诊单号', startNumber: 1 })]);
    const paged = await t.call('GET', '/api/system/BillRule/Selector?pageSize=2&currentPage=2&sidx=enCode&sort=asc', { token: doctor });
    expect(paged.data.list).toHaveLength(2);
    expect(paged.data.pagination).toMatchObject({ currentPage: 2, pageSize: 2 });
    expect(paged.data.list[0].enCode <= paged.data.list[1].enCode).toBe(true);
    const cats = await t.call('GET', '/api/system/DictionaryData/businessType/Data/Selector', { token: doctor });
    expect(cats.data.list.map((c: { enCode: string }) => c.enCode)).toContain('referral');
  });

  it('refuses bad input, naming the field', async () => {
    const base = { fullName: 'x', enCode: 'badIn', categoryId: REFERRAL };
    for (const [body, field] of [
      [{ digit: 0 }, 'digit'],
      [{ digit: 13 }, 'digit'],
      [{ digit: 'four' }, 'digit'],
      [{ dateFormat: 'YY' }, 'dateFormat'],
      [{ startNumber: -1 }, 'startNumber'],
      [{ prefix: 'A B' }, 'prefix'],
      [{ prefix: 'x'.repeat(21) }, 'prefix'],
      [{ fullName: '' }, 'fullName'],
      [{ enCode: 'a b' }, 'enCode'],
    ] as [Record<string, unknown>, string][]) {
      const res = await t.call('POST', '/api/system/BillRule', {
        token: admin,
        body: { ...base, ...body },
        headers: { 'accept-language': 'en' },
      });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.msg.startsWith(`${field}:`), res.msg).toBe(true);
    }
    expect((await t.call('POST', '/api/system/BillRule', { token: admin, body: { ...base, categoryId: 'nope' } })).status).toBe(400);
    expect((await t.call('POST', '/api/system/BillRule', { token: admin, body: { ...base, enCode: 'referralNo' } })).status).toBe(409);
    for (const [m, url] of [
      ['GET', '/api/system/BillRule/404404'],
      ['PUT', '/api/system/BillRule/404404'],
      ['DELETE', '/api/system/BillRule/404404'],
      ['PUT', '/api/system/BillRule/404404/Actions/State'],
      ['GET', '/api/system/BillRule/404404/Action/Export'],
    ] as const) {
      expect((await t.call(m, url, { token: admin, body: m === 'PUT' ? base : undefined })).status, url).toBe(404);
    }
  });

  it('lets users preview and pick templates, but not manage rules', async () => {
    expect((await t.call('GET', '/api/system/BillRule', { token: doctor })).status).toBe(403);
    expect((await t.call('POST', '/api/system/BillRule', { token: doctor, body: {} })).status).toBe(403);
    expect((await t.call('GET', '/api/system/BillRule/BillNumber/referralNo', { token: doctor })).status).toBe(200);
  });
});
