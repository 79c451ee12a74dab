import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMG_BODY_PARTS, IMG_FEES, IMG_ITEMS } from '../../../db/seed/imaging-catalog.ts';
import { menuId } from '../../../db/seed/index.ts';
import { setClock, testClock, type TestClock } from '../../../lib/clock.ts';
import { createFileTestApp, uploadAll, type FileTestApp } from '../../file/test-support.ts';
import { all } from '../../health/plans/rows.ts';
import { buildDicom, fixtureUid } from '../dicom-fixture.ts';

/**
 * Statistics of a centre against a hand computation over studies written
 * straight into the studies tables (each with its transition history), plus
 * one study driven from registration to release through the studies API:
 * every figure, the drill-down adding up to it, the data scope and the
 * permissions, bad input, the workbook.
 *
 * People (seed): wuqing, zhenghao, zhoujie (director) — ultrasound readers;
 * xuli — 城关镇 township doctor (granted the workload page here);
 * hujian — 石桥镇 township doctor (same role); fengtao — imaging reader.
 */

const HOUR = 3_600_000;
const NOW = Date.UTC(2030, 4, 10, 8); // 2030-05-10
const CG = '100000000000000030'; // 城关镇卫生院
const SQ = '100000000000000040'; // 石桥镇卫生院
const DF = '100000000000000033'; // 东风村卫生室 (城关镇)
const US = 'ultrasound';
const Q = `centre=${US}&monthFrom=2030-03&monthTo=2030-04`;

let t: FileTestApp;
let db: Kysely<any>;
let clock: TestClock;
const tok: Record<string, string> = {};
const uid: Record<string, string> = {};

let seq = 0;
async function resident(org: string): Promise<string> {
  seq++;
  const id = `st${String(seq).padStart(16, '0')}`;
  await db
    .insertInto('lc_health_resident')
    .values({
      id,
      creator_time: NOW,
      flow_state: 0,
      fullName: `统计测${seq}`,
      idNumber: `36990019700101${String(1000 + seq).slice(-4)}`,
      sex: '2',
      birthDate: Date.UTC(1970, 0, 1),
      phone: `1380000${String(1000 + seq).slice(-4)}`,
      heightCm: 160,
      manageOrgId: org,
      doctorId: null,
      archiveState: 1,
    })
    .execute();
  return id;
}

interface Spec {
  unit: string;
  registeredAt: number;
  /** Hours registration → release; absent: not released. */
  turnaround?: number;
  reader?: string;
  auditor?: string;
  positive?: number | null;
  diagFee?: number;
  centre?: string;
  /** Events of an unreleased study: [status, hours after registration]. */
  open?: [string, number][];
  reviews?: { grade: string; disagrees: number; at: number }[];
}

/**
 * A study with the stamped columns and its transition history. A released
 * one moves through every stage within its limit except the upload stage,
 * which takes the slack (turnaround − 6.5 h; over 24 h it passes the limit).
 */
async function study(s: Spec): Promise<string> {
  seq++;
  const id = `sts${String(seq).padStart(12, '0')}`;
  const R = s.registeredAt;
  const events: [string, number][] = [['registered', R]];
  const row: Record<string, unknown> = {
    id,
    centre: s.centre ?? US,
    apply_no: `US-T-${seq}`,
    resident_id: await resident(s.unit),
    apply_org_id: s.unit,
    item_id: IMG_ITEMS.ultrasound.abdomen,
    body_part_id: IMG_BODY_PARTS.ultrasound.abdomen,
    clinical_diagnosis: '腹痛待查',
    priority: 0,
    status: 'registered',
    registered_at: R,
    version: 0,
    created_at: R,
  };
  if (s.turnaround !== undefined) {
    const X = R + s.turnaround * HOUR;
    const at = (h: number) => X - h * HOUR;
    Object.assign(row, {
      status: 'released',
      reader_id: s.reader ? uid[s.reader] : null,
      auditor_id: s.auditor ? uid[s.auditor] : null,
      positive: s.positive ?? null,
      diag_fee: s.diagFee ?? IMG_FEES.ultrasound.diag,
      apply_fee: IMG_FEES.ultrasound.apply,
      fee_month: new Date(X).toISOString().slice(0, 7),
      uploaded_at: at(6.5),
      qc_at: at(5.5),
      triaged_at: at(5),
      read_started_at: at(4),
      reported_at: at(3),
      audited_at: at(1),
      released_at: X,
    });
    events.push(
      ['uploaded', at(6.5)],
      ['qc_passed', at(5.5)],
      ['triaged', at(5)],
      ['reading', at(4)],
      ['preliminary', at(3)],
      ['auditing', at(2.5)],
      ['audited', at(1)],
      ['released', X],
    );
  }
  for (const [status, h] of s.open ?? []) {
    events.push([status, R + h * HOUR]);
    row.status = status;
  }
  await db.insertInto('img_studies').values(row).execute();
  for (let i = 0; i < events.length; i++) {
    const [to, at] = events[i]!;
    await db
      .insertInto('img_events')
      .values({ id: `${id}e${i}`, study_id: id, from_status: i ? events[i - 1]![0] : null, to_status: to, action: 'x', actor_id: null, at })
      .execute();
  }
  // A review between two transitions does not split a stage.
  await db
    .insertInto('img_events')
    .values({
      id: `${id}r`,
      study_id: id,
      from_status: events[0]![0],
      to_status: events[0]![0],
      action: 'review',
      actor_id: null,
      at: R + 1,
    })
    .execute();
  for (const [i, r] of (s.reviews ?? []).entries())
    await db
      .insertInto('img_quality_reviews')
      .values({
        id: `${id}q${i}`,
        study_id: id,
        reviewer_id: uid.zhoujie,
        items: '[]',
        grade: r.grade,
        disagrees: r.disagrees,
        created_at: r.at,
        comment: null,
      })
      .execute();
  return id;
}

const S: Record<string, string> = {};
const call = (who: string, url: string) => t.call('GET', url, { token: tok[who]! });
async function get(who: string, url: string) {
  const r = await call(who, url);
  expect(r.status, `${url}: ${r.msg}`).toBe(200);
  return r.data;
}

beforeAll(async () => {
  t = await createFileTestApp();
  db = t.ctx.db.withoutPlugins() as unknown as Kysely<any>;
  // The township role gets the workload page (the seed gives townships no statistics), to check the data scope.
  const role = await db.selectFrom('roles').select('id').where('en_code', '=', 'townshipDoctor').executeTakeFirstOrThrow();
  await db
    .insertInto('authorizations')
    .values({
      id: 'st-grant-1',
      item_type: 'module',
      item_id: menuId('ultras_statis_workload'),
      object_type: 'Role',
      object_id: role.id,
      created_at: NOW,
    })
    .execute();
  for (const a of ['admin', 'wuqing', 'zhenghao', 'zhoujie', 'xuli', 'hujian', 'fengtao', 'dengshan']) tok[a] = await t.login(a);
  for (const u of await all(db, db.selectFrom('users').select(['id', 'account']))) uid[String(u.account)] = String(u.id);
  clock = testClock(NOW);
  setClock(clock);

  const d = (m: number, day: number, h = 8) => Date.UTC(2030, m - 1, day, h);
  S.s1 = await study({
    unit: CG,
    registeredAt: d(3, 5),
    turnaround: 10,
    reader: 'wuqing',
    auditor: 'zhenghao',
    positive: 1,
    reviews: [{ grade: 'good', disagrees: 0, at: d(3, 5, 14) }],
  });
  S.s2 = await study({
    unit: CG,
    registeredAt: d(4, 2),
    turnaround: 20,
    reader: 'wuqing',
    auditor: 'zhoujie',
    positive: 0,
    diagFee: IMG_FEES.ultrasound.heartDiag,
    reviews: [
      { grade: 'fail', disagrees: 1, at: d(4, 2, 12) },
      { grade: 'pass', disagrees: 0, at: d(4, 2, 18) },
    ],
  });
  S.s3 = await study({
    unit: SQ,
    registeredAt: d(3, 10),
    turnaround: 30,
    reader: 'zhenghao',
    auditor: 'wuqing',
    positive: null,
    reviews: [{ grade: 'excellent', disagrees: 0, at: d(3, 11) }],
  });
  S.s4 = await study({ unit: DF, registeredAt: d(3, 31, 20), turnaround: 10, reader: 'zhenghao', auditor: 'wuqing', positive: 1 }); // released 04-01
  // Open, in reading for a month: past the reading limit.
  S.s5 = await study({
    unit: CG,
    registeredAt: d(4, 10),
    open: [
      ['uploaded', 1],
      ['qc_passed', 2],
      ['triaged', 2.5],
      ['reading', 3],
    ],
  });
  // Released, but its upload took 24.5 h (> 24 h): a breach that stays counted.
  S.s6 = await study({ unit: SQ, registeredAt: d(3, 15), turnaround: 31, reader: 'wuqing', auditor: 'zhenghao', positive: 0 });
  // Outside: another centre, an earlier month; a cancelled one counts as registered only.
  S.s7 = await study({
    unit: CG,
    registeredAt: d(3, 6),
    turnaround: 10,
    reader: 'wuqing',
    auditor: 'zhenghao',
    positive: 1,
    centre: 'imaging',
  });
  S.s8 = await study({ unit: CG, registeredAt: d(2, 6), turnaround: 10, reader: 'wuqing', auditor: 'zhenghao', positive: 1 });
  S.s9 = await study({ unit: CG, registeredAt: d(3, 20), open: [['cancelled', 1]] });
});
afterAll(async () => {
  setClock(null);
  await t?.close();
});

describe('every figure against a hand computation', () => {
  it('totals, units, months, stages, workload and quality', async () => {
    const s = await get('zhoujie', `/api/imaging/stats?${Q}`);
    const D = IMG_FEES.ultrasound.diag;
    const A = IMG_FEES.ultrasound.apply;
    const H = IMG_FEES.ultrasound.heartDiag;
    // Released in March–April: s1, s2, s3, s4, s6. Registered: those and s5, s9. Breached: s5 (reading), s6 (upload).
    expect(s.totals).toEqual({
      registered: 7,
      breached: 2,
      released: 5,
      turnaroundHours: (10 + 20 + 30 + 10 + 31) / 5,
      positive: 2,
      judged: 4,
      positiveRate: 0.5,
      disagree: 1,
      disagreeRate: 0.2,
      diagFee: 4 * D + H,
      applyFee: 5 * A,
    });
    // Units in the organisation order: 城关镇, 石桥镇, then 东风村.
    expect(s.units.map((u: { unitId: string }) => u.unitId)).toEqual([CG, SQ, DF]);
    expect(s.units[0]).toMatchObject({
      registered: 4,
      breached: 1,
      released: 2,
      diagFee: D + H,
      applyFee: 2 * A,
      positive: 1,
      judged: 2,
      disagree: 1,
    });
    expect(s.units[1]).toMatchObject({
      registered: 2,
      breached: 1,
      released: 2,
      diagFee: 2 * D,
      turnaroundHours: 30.5,
      positive: 0,
      judged: 1,
    });
    expect(s.units[2]).toMatchObject({ registered: 1, breached: 0, released: 1, diagFee: D, positiveRate: 1 });
    expect(s.fees).toEqual([
      { unitId: CG, unitName: '青山县城关镇卫生院', month: '2030-03', released: 1, diagFee: D, applyFee: A },
      { unitId: CG, unitName: '青山县城关镇卫生院', month: '2030-04', released: 1, diagFee: H, applyFee: A },
      { unitId: SQ, unitName: '青山县石桥镇卫生院', month: '2030-03', released: 2, diagFee: 2 * D, applyFee: 2 * A },
      { unitId: DF, unitName: '东风村卫生室', month: '2030-04', released: 1, diagFee: D, applyFee: A },
    ]);
    expect(s.months).toEqual([
      { month: '2030-03', released: 3, diagFee: 3 * D, applyFee: 3 * A },
      { month: '2030-04', released: 2, diagFee: D + H, applyFee: 2 * A },
    ]);
    // Upload takes the slack (turnaround − 6.5 h); the other stages are fixed.
    const upload = (10 - 6.5 + 20 - 6.5 + 30 - 6.5 + 10 - 6.5 + 31 - 6.5) / 5;
    expect(s.stages).toEqual([
      { stage: 'upload', count: 5, avgHours: Math.round(upload * 10) / 10 },
      { stage: 'qc', count: 5, avgHours: 1 },
      { stage: 'triage', count: 5, avgHours: 0.5 },
      { stage: 'start', count: 5, avgHours: 1 },
      { stage: 'report', count: 5, avgHours: 1 },
      { stage: 'audit', count: 5, avgHours: 2 },
      { stage: 'release', count: 5, avgHours: 1 },
    ]);
    const doc = (a: string) => s.doctors.find((x: { userId: string }) => x.userId === uid[a]);
    expect(doc('wuqing')).toMatchObject({ realName: '吴青', reports: 3, audits: 2, positive: 1, diagFee: 2 * D + H });
    expect(doc('zhenghao')).toMatchObject({ reports: 2, audits: 2, positive: 1, diagFee: 2 * D });
    expect(doc('zhoujie')).toMatchObject({ reports: 0, audits: 1 });
    // The latest review of each: s1 good, s2 pass (after a fail), s3 excellent.
    expect(s.grades).toEqual([
      { grade: 'excellent', count: 1 },
      { grade: 'good', count: 1 },
      { grade: 'pass', count: 1 },
    ]);
    const fees = await get('zhoujie', `/api/imaging/stats/fees?${Q}`);
    expect(fees.totals).toEqual({ released: 5, diagFee: 4 * D + H, applyFee: 5 * A });
    expect(fees.fees).toEqual(s.fees);
  });

  it('drills every figure down to its studies, adding up to it', async () => {
    const drill = async (q: string) => get('zhoujie', `/api/imaging/stats/studies?${Q}&${q}`);
    const ids = (d: { list: { id: string }[] }) => d.list.map((r) => r.id).sort();
    const s = await get('zhoujie', `/api/imaging/stats?${Q}`);
    const released = await drill('measure=released');
    expect(released.sums).toEqual({ count: s.totals.released, diagFee: s.totals.diagFee, applyFee: s.totals.applyFee });
    expect(ids(released)).toEqual([S.s1, S.s2, S.s3, S.s4, S.s6].sort());
    expect(ids(await drill('measure=registered'))).toEqual([S.s1, S.s2, S.s3, S.s4, S.s5, S.s6, S.s9].sort());
    expect(ids(await drill('measure=breached'))).toEqual([S.s5, S.s6].sort());
    expect(ids(await drill('measure=positive'))).toEqual([S.s1, S.s4].sort());
    expect(ids(await drill('measure=disagree'))).toEqual([S.s2]);
    expect(ids(await drill(`measure=reader&key=${uid.wuqing}`))).toEqual([S.s1, S.s2, S.s6].sort());
    expect(ids(await drill(`measure=auditor&key=${uid.wuqing}`))).toEqual([S.s3, S.s4].sort());
    expect(ids(await drill('measure=grade&key=pass'))).toEqual([S.s2]);
    expect((await drill('measure=grade&key=fail')).sums.count).toBe(0); // s2's fail was superseded
    // A cell of the fee table: 石桥镇 in March.
    const cell = await drill(`measure=released&unitId=${SQ}&month=2030-03`);
    const f = s.fees.find((x: { unitId: string; month: string }) => x.unitId === SQ && x.month === '2030-03');
    expect(cell.sums).toEqual({ count: f.released, diagFee: f.diagFee, applyFee: f.applyFee });
    // Every unit row adds up; paging keeps the sums of all pages.
    for (const u of s.units) {
      const d = await drill(`measure=released&unitId=${u.unitId}&pageSize=1`);
      expect(d.sums).toEqual({ count: u.released, diagFee: u.diagFee, applyFee: u.applyFee });
      expect(d.list.length).toBe(Math.min(1, u.released));
      expect((await drill(`measure=breached&unitId=${u.unitId}`)).sums.count).toBe(u.breached);
    }
    // Patients are masked.
    expect(released.list[0].patientName).toContain('*');
  });
});

describe('data scope and permissions', () => {
  it('a township sees its own units only; centre readers all; others nothing', async () => {
    const mine = await get('xuli', `/api/imaging/stats?${Q}`);
    // 城关镇 and its village 东风村: s1, s2, s4 released; s1, s2, s4, s5, s9 registered.
    expect(mine.units.map((u: { unitId: string }) => u.unitId)).toEqual([CG, DF]);
    expect(mine.totals).toMatchObject({
      released: 3,
      registered: 5,
      breached: 1,
      diagFee: 2 * IMG_FEES.ultrasound.diag + IMG_FEES.ultrasound.heartDiag,
    });
    const other = await get('xuli', `/api/imaging/stats/studies?${Q}&measure=released&unitId=${SQ}`);
    expect(other.sums.count).toBe(0);
    // wuqing (reader, county hospital unit) sees every unit.
    expect((await get('wuqing', `/api/imaging/stats?${Q}`)).totals.released).toBe(5);
    // Another township (same role): its own unit only.
    const theirs = await get('hujian', `/api/imaging/stats?${Q}`);
    expect(theirs.units.map((u: { unitId: string }) => u.unitId)).toEqual([SQ]);
    expect(theirs.totals).toMatchObject({ released: 2, breached: 1 });
    // No statistics menu of the centre: refused.
    expect((await call('fengtao', `/api/imaging/stats?${Q}`)).status).toBe(403);
    expect((await call('dengshan', `/api/imaging/stats?${Q}`)).status).toBe(403);
    // The image centre's statistics: fengtao sees the one imaging study.
    const img = await get('fengtao', '/api/imaging/stats/fees?centre=imaging&monthFrom=2030-03&monthTo=2030-03');
    expect(img.totals.released).toBe(1);
  });

  it('refuses bad input', async () => {
    for (const q of [
      'centre=pacs&monthFrom=2030-03&monthTo=2030-04',
      'centre=ultrasound&monthFrom=2030-13&monthTo=2030-04',
      'centre=ultrasound&monthFrom=2030-05&monthTo=2030-04',
      "centre=ultrasound&monthFrom=2030-03&monthTo=2030-04&unitId=' or 1=1 --" + 'x'.repeat(60),
      'centre=ultrasound&monthFrom=2030-03',
      'centre=ultrasound&monthFrom=2030-03&monthTo=2030-04&evil=1',
    ]) {
      const r = await call('zhoujie', `/api/imaging/stats?${q}`);
      expect(r.status, q).toBe(400);
      expect(r.msg).toBeTruthy();
    }
    expect((await call('zhoujie', `/api/imaging/stats/studies?${Q}&measure=everything`)).status).toBe(400);
    expect((await call('zhoujie', `/api/imaging/stats/studies?${Q}&measure=released&pageSize=100000`)).status).toBe(400);
    // An injected unit id is only a value.
    expect((await get('zhoujie', `/api/imaging/stats?${Q}&unitId=${encodeURIComponent("' or '1'='1")}`)).totals.registered).toBe(0);
  });

  it('exports a workbook', async () => {
    const r = await t.app.inject({ method: 'GET', url: `/api/imaging/stats/export?${Q}`, headers: { authorization: tok.zhoujie! } });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toContain('spreadsheetml');
    const ExcelJS = (await import('exceljs')).default;
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(r.rawPayload as never);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['汇总', '按单位', '费用（单位×月份）', '医生工作量', '环节耗时', '影像质量']);
    const fees = wb.getWorksheet('费用（单位×月份）')!;
    const total = fees.getRow(fees.rowCount);
    expect(total.getCell(4).value).toBe((4 * IMG_FEES.ultrasound.diag + IMG_FEES.ultrasound.heartDiag) / 100);
  });
});

describe('a study released through the studies API', () => {
  it('moves the workload and fee figures by the fee in force', async () => {
    const before = await get('zhoujie', '/api/imaging/stats?centre=ultrasound&monthFrom=2030-05&monthTo=2030-05');
    const centre = `/api/imaging/${US}`;
    const post = async (who: string, url: string, body: unknown = {}) => {
      const r = await t.call('POST', url, { token: tok[who]!, body });
      expect(r.status, `${url}: ${r.msg}`).toBe(200);
      return r.data;
    };
    const rid = await resident(CG);
    const heart = IMG_ITEMS.ultrasound.heart;
    const { id } = await post('xuli', `${centre}/studies`, {
      residentId: rid,
      itemId: heart,
      bodyPartId: IMG_BODY_PARTS.ultrasound.heart,
      clinicalDiagnosis: '胸闷待查',
    });
    const dicom = buildDicom({ studyUid: fixtureUid(9, 1), seriesUid: fixtureUid(9, 2), sopUid: fixtureUid(9, 3), modality: 'US' });
    const up = await uploadAll(t, tok.xuli!, { data: dicom, fileName: 'heart.dcm' });
    expect(up.code, up.msg).toBe(200);
    await post('xuli', `${centre}/studies/${id}/images`, { fileId: up.data.fileVersionId });
    await post('xuli', `${centre}/studies/${id}/actions/uploadDone`);
    clock.advance(HOUR);
    await post('zhoujie', `${centre}/studies/${id}/actions/qcPass`);
    await post('zhoujie', `${centre}/studies/${id}/actions/triage`, { readerId: uid.wuqing });
    await post('wuqing', `${centre}/studies/${id}/actions/start`);
    await post('wuqing', `${centre}/studies/${id}/actions/submit`, {
      report: { findings: '各房室大小正常。', impression: '心脏未见明显异常。', positive: false },
    });
    await post('wuqing', `${centre}/studies/${id}/actions/sendAudit`, { auditorId: uid.zhenghao });
    await post('zhenghao', `${centre}/studies/${id}/actions/auditPass`);
    await post('zhenghao', `${centre}/studies/${id}/actions/release`);

    const after = await get('zhoujie', '/api/imaging/stats?centre=ultrasound&monthFrom=2030-05&monthTo=2030-05');
    expect(after.totals.released).toBe(before.totals.released + 1);
    expect(after.totals.diagFee - before.totals.diagFee).toBe(IMG_FEES.ultrasound.heartDiag);
    expect(after.totals.applyFee - before.totals.applyFee).toBe(IMG_FEES.ultrasound.apply);
    const w = after.doctors.find((d: { userId: string }) => d.userId === uid.wuqing);
    const a = after.doctors.find((d: { userId: string }) => d.userId === uid.zhenghao);
    expect(w).toMatchObject({ reports: 1, positive: 0, diagFee: IMG_FEES.ultrasound.heartDiag });
    expect(a).toMatchObject({ audits: 1 });
    const drill = await get(
      'zhoujie',
      `/api/imaging/stats/studies?centre=ultrasound&monthFrom=2030-05&monthTo=2030-05&measure=reader&key=${uid.wuqing}`,
    );
    expect(drill.list.map((r: { id: string }) => r.id)).toEqual([id]);
    expect(drill.list[0]).toMatchObject({ unitId: CG, itemName: '心脏彩超', readerName: '吴青', auditorName: '郑浩', positive: 0 });
  });
});
