import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSULT_STATES } from '@medalliance/contract';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { all } from '../../modules/health/plans/rows.ts';
import { demoConsult } from './consult.ts';

/**
 * The demo data of remote consultation and conferences on the demo population:
 * consultations in every state, each from the resident's own doctor and unit,
 * no date after the seed time, charges and evaluations present, conferences
 * past (minutes, attendance, items, ratings) and upcoming; every list shows figures.
 */
let t: TestApp;
let db: Kysely<any>;

beforeAll(async () => {
  t = await createTestApp({}, { population: true });
  db = t.ctx.db.withoutPlugins() as unknown as Kysely<any>;
});
afterAll(async () => {
  await t?.close();
});

describe('consultation demo data', () => {
  it('seeds consultations in every state, from the residents of each doctor', async () => {
    const rows = await all<{ state: string; orgId: string; applicantId: string; manageOrgId: string; doctorId: string }>(
      db,
      db
        .selectFrom('consult_requests as c')
        .innerJoin('lc_health_resident as r', 'r.id', 'c.resident_id')
        .select([
          'c.state as state',
          'c.org_id as orgId',
          'c.applicant_id as applicantId',
          'r.manageOrgId as manageOrgId',
          'r.doctorId as doctorId',
        ]),
    );
    expect(new Set(rows.map((r) => r.state))).toEqual(new Set(CONSULT_STATES));
    expect(rows.every((r) => r.orgId === r.manageOrgId && r.applicantId === r.doctorId)).toBe(true);
    const tl = await all(db, db.selectFrom('health_timeline').select('id').where('kind', '=', 'consult'));
    expect(tl.length).toBeGreaterThan(rows.length);
  });

  it('fills every list for the county doctors and the township doctor', async () => {
    const zhang = await t.login('huangqiang');
    for (const box of ['approve', 'all'])
      expect(
        (await t.call('POST', '/api/consult/requests/list', { token: zhang, body: { box } })).data.pagination.total,
        box,
      ).toBeGreaterThan(0);
    expect((await t.call('POST', '/api/consult/charges', { token: zhang, body: {} })).data.total.amount).toBeGreaterThan(0);
    expect((await t.call('GET', '/api/consult/evaluations/experts', { token: zhang })).data.list.length).toBeGreaterThan(0);
    const conf = (await t.call('POST', '/api/consult/conferences/list', { token: zhang, body: { box: 'all' } })).data.list;
    expect(conf.map((c: { state: string }) => c.state).sort()).toEqual(['approved', 'finished', 'finished', 'pending']);
    const past = conf.find((c: { state: string }) => c.state === 'finished');
    const d = (await t.call('GET', `/api/consult/conferences/${past.id}`, { token: zhang })).data;
    expect(d.minutes).not.toBe('');
    expect(d.signed).toBeGreaterThan(0);
    expect(d.items.length).toBeGreaterThan(0);
    expect(d.rating.count).toBeGreaterThan(0);
    const xuli = await t.login('xuli');
    expect(
      (await t.call('POST', '/api/consult/requests/list', { token: xuli, body: { box: 'mine' } })).data.pagination.total,
    ).toBeGreaterThan(0);
    expect(
      (await t.call('POST', '/api/consult/conferences/list', { token: xuli, body: { box: 'attend' } })).data.pagination.total,
    ).toBeGreaterThan(0);
  });

  it('generates no date after the seed time except planned ones', () => {
    const at = Date.UTC(2030, 0, 15);
    const d = demoConsult(
      Array.from({ length: 1200 }, (_, i) => ({ id: `r${i}`, manageOrgId: '100000000000000033', doctorId: '500000000000000025' })),
      at,
    );
    expect(d.requests.length).toBe(20);
    for (const r of d.requests) {
      for (const k of ['created_at', 'approved_at', 'held_at', 'opinion_at', 'evaluated_at'])
        if (r[k] !== null) expect(Number(r[k]), k).toBeLessThanOrEqual(at);
      if (r.state !== 'scheduled' && r.scheduled_at !== null) expect(Number(r.scheduled_at)).toBeLessThanOrEqual(at);
    }
    expect(d.events.every((e) => Number(e.at) <= at)).toBe(true);
  });
});
