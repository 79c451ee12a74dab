import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { selectAsWritten, subTableName } from '../visualdev/model-tables.ts';
import { instanceDetail } from './detail.service.ts';

/** The detail page's form holds the record's sub-table rows too (the seeded outpatient log's 处方明细), not only the main table. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('flow detail form with a sub-table', () => {
  it('answers each prescription row of the record, in order, with its id and columns only', async () => {
    const { tableName } = await t.ctx.db
      .selectFrom('visualdevModels')
      .select('tableName')
      .where('id', '=', 'outpatientLog')
      .executeTakeFirstOrThrow();
    const raw = t.ctx.db.withoutPlugins() as unknown as Kysely<any>;
    const sub = subTableName(tableName, 'prescription');
    const withRows = await selectAsWritten<{ parent_id: string; n: number }>(
      raw,
      raw
        .selectFrom(sub)
        .select(['parent_id', raw.fn.countAll().as('n')])
        .groupBy('parent_id'),
    );
    const insts = await t.ctx.db.selectFrom('flowInstances').select(['id', 'recordId']).where('formKind', '=', 'model').execute();
    const inst = insts.find((i) => withRows.some((r) => String(r.parent_id) === i.recordId));
    expect(inst, 'a seeded instance whose record has prescription rows').toBeTruthy();
    const rows = await selectAsWritten<Record<string, unknown>>(
      raw,
      raw.selectFrom(sub).selectAll().where('parent_id', '=', inst!.recordId).orderBy('sort_code').orderBy('id'),
    );
    const detail = await instanceDetail(t.ctx, { userId: 'admin-caller', isAdministrator: true }, inst!.id);
    const got = detail.form.values.prescriptions as Record<string, unknown>[];
    expect(got).toHaveLength(rows.length);
    expect(got.map((r) => String(r.id))).toEqual(rows.map((r) => String(r.id)));
    expect(got.map((r) => r.drugName)).toEqual(rows.map((r) => r.drugName));
    for (const r of got)
      expect(Object.keys(r).sort()).toEqual(['drugName', 'id', 'lineTotal', 'quantity', 'unitPrice'].filter((k) => k in r).sort());
    expect(got.every((r) => !('creatorUserId' in r) && !('parentId' in r))).toBe(true);
  });
});
