import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGING_STATUSES } from '@medalliance/contract';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { all } from '../../modules/health/plans/rows.ts';
import { seedImaging } from './imaging.ts';

/** The demo studies on the seeded population: 60 over both centres in every state, with images, and every work list filled. */
let t: TestApp;
let db: Kysely<any>;
let dataDir: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'medalliance-imaging-seed-'));
  t = await createTestApp({ dataDir }, { population: true });
  db = t.ctx.db.withoutPlugins() as unknown as Kysely<any>;
}, 300_000);
afterAll(async () => {
  await t?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('imaging demo data', () => {
  it('seeds 60 studies in every state of both centres with images, once', async () => {
    const rows = await all(
      db,
      db.selectFrom('img_studies').select(['id', 'centre', 'status', 'diag_fee as diagFee', 'fee_month as feeMonth']),
    );
    expect(rows).toHaveLength(60);
    for (const centre of ['ultrasound', 'imaging'])
      for (const s of IMAGING_STATUSES)
        expect(
          rows.some((r) => r.centre === centre && r.status === s),
          `${centre} ${s}`,
        ).toBe(true);
    const released = rows.filter((r) => ['released', 'revised'].includes(String(r.status)));
    expect(released.every((r) => Number(r.diagFee) > 0 && /^\d{4}-\d{2}$/.test(String(r.feeMonth)))).toBe(true);
    const kinds = await all(db, db.selectFrom('img_images').select('kind').distinct());
    expect(kinds.map((k) => k.kind).sort()).toEqual(['dicom', 'image', 'video']);
    await seedImaging(t.ctx);
    expect((await all(db, db.selectFrom('img_studies').select('id'))).length).toBe(60);
  });

  it('fills every work list of the readers and the townships', async () => {
    const lists: Array<[string, string, string]> = [
      ['xuli', 'ultrasound', 'registrations'],
      ['xuli', 'ultrasound', 'released'],
      ['zhoujie', 'ultrasound', 'qc'],
      ['zhoujie', 'ultrasound', 'triage'],
      ['zhoujie', 'ultrasound', 'audit'],
      ['zhoujie', 'ultrasound', 'breached'],
      ['zhoujie', 'ultrasound', 'returned'],
      ['zhoujie', 'ultrasound', 'released'],
      ['wangfang', 'imaging', 'qc'],
      ['wangfang', 'imaging', 'triage'],
      ['wangfang', 'imaging', 'breached'],
      ['wangfang', 'imaging', 'released'],
      ['fengtao', 'imaging', 'mine'],
    ];
    const tokens: Record<string, string> = {};
    for (const [who, centre, list] of lists) {
      tokens[who] ??= await t.login(who);
      const r = await t.call('GET', `/api/imaging/${centre}/worklists/${list}`, { token: tokens[who] });
      expect(r.status, `${who} ${list}`).toBe(200);
      expect(r.data.pagination.total, `${who} ${centre} ${list}`).toBeGreaterThan(0);
    }
  });
});
