import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMG_ITEM_BODY, IMG_ITEMS } from '../../db/seed/imaging-catalog.ts';
import { setClock, testClock, type TestClock } from '../../lib/clock.ts';
import { createFileTestApp, multipart, type FileTestApp } from '../file/test-support.ts';
import { all } from '../health/plans/rows.ts';
import { buildDicom, fixtureUid } from './dicom-fixture.ts';
import { parseDicomHeader } from './dicom.ts';
import { buildJpeg, buildMp4, buildPng } from './media-fixture.ts';
import { remindImagingBreaches } from './reminders.ts';
import { storeBytes } from './store-bytes.ts';

/**
 * Imaging studies through the API with the clock fixed: registration from
 * the archive, images (DICOM header read, JPEG / PNG / MP4, a fake .dcm
 * refused), every transition allowed and refused, two readers racing for one
 * study, take-next order, the SLA breach list and its one reminder, release
 * fees, print and verification, revision keeping the earlier version, scope,
 * masking and bad input.
 *
 * People (seed): 徐丽 xuli — 城关镇卫生院 (applicant); 胡健 hujian — 石桥镇 (another
 * township); 周杰 zhoujie — ultrasound director; 吴青 wuqing — ultrasound reader
 * rostered for every item; 郑浩 zhenghao — rostered for abdomen/urinary/thyroid
 * only; 冯涛 fengtao — image-centre reader (no ultrasound menus); 邓山 dengshan —
 * village doctor without imaging menus.
 */

const T0 = Date.UTC(2030, 2, 4, 8);
const MIN = 60_000;
const HOUR = 60 * MIN;
const DONGFENG = '100000000000000033';
const SHIQIAO_VILLAGE = '100000000000000043';
const CHENGGUAN = '100000000000000030';
const US = '/api/imaging/ultrasound';
const ABDOMEN = IMG_ITEMS.ultrasound.abdomen;
const HEART = IMG_ITEMS.ultrasound.heart;

let t: FileTestApp;
let db: Kysely<any>;
let clock: TestClock;
const tok: Record<string, string> = {};
const uid: Record<string, string> = {};

let seq = 0;
async function resident(org = DONGFENG): Promise<string> {
  seq++;
  const id = `im${String(seq).padStart(16, '0')}`;
  await db
    .insertInto('lc_health_resident')
    .values({
      id,
      creator_time: T0,
      flow_state: 0,
      fullName: `影像测${'甲乙丙丁戊己庚辛壬癸'[seq % 10]}${seq}`,
      idNumber: `36990019700101${String(1000 + seq).slice(-4)}`,
      sex: '2',
      birthDate: Date.UTC(1970, 0, 1),
      phone: `1391111${String(1000 + seq).slice(-4)}`,
      heightCm: 160,
      manageOrgId: org,
      doctorId: null,
      archiveState: 1,
    })
    .execute();
  return id;
}

const call = (method: string, url: string, token?: string, body?: unknown) => t.call(method, url, { token, body });
const studyBody = (residentId: string, extra: Record<string, unknown> = {}) => ({
  residentId,
  itemId: ABDOMEN,
  bodyPartId: IMG_ITEM_BODY[ABDOMEN],
  clinicalDiagnosis: '右上腹不适待查',
  device: 'Mindray DC-70',
  ...extra,
});

async function register(extra: Record<string, unknown> = {}, token = tok.xuli!, org = DONGFENG): Promise<string> {
  const r = await call('POST', `${US}/studies`, token, studyBody(await resident(org), extra));
  expect(r.status, r.msg).toBe(200);
  expect(r.data.applyNo).toMatch(/^CS\d{8}\d{4}$/);
  return r.data.id as string;
}
async function upload(token: string, name: string, data: Buffer): Promise<string> {
  const r = await t.send('POST', '/api/file/Uploader/annex', { token, body: multipart({}, [{ name, data }]) });
  expect(r.status, r.msg).toBe(200);
  return r.data.fileId as string;
}
let dicomSeq = 0;
const dicom = () => {
  dicomSeq++;
  return buildDicom({
    studyUid: fixtureUid(9, dicomSeq),
    seriesUid: fixtureUid(9, dicomSeq, 1),
    sopUid: fixtureUid(9, dicomSeq, 1, 1),
    modality: 'US',
    instanceNumber: 3,
    seed: dicomSeq,
  });
};
async function attach(id: string, name = 'a.dcm', data: Buffer = dicom(), token = tok.xuli!) {
  return call('POST', `${US}/studies/${id}/images`, token, { fileId: await upload(token, name, data) });
}
const act = (token: string, id: string, action: string, body: Record<string, unknown> = {}) =>
  call('POST', `${US}/studies/${id}/actions/${action}`, token, body);
async function ok(token: string, id: string, action: string, body: Record<string, unknown> = {}) {
  const r = await act(token, id, action, body);
  expect(r.status, `${action}: ${r.msg}`).toBe(200);
  return r.data as { status: string; version: number };
}
async function row(id: string) {
  const [r] = await all(db, db.selectFrom('img_studies').selectAll().where('id', '=', id));
  return r!;
}
const report = {
  findings: '肝脏大小形态正常，实质回声均匀。',
  impression: '肝胆脾胰未见明显异常。',
  advice: '定期复查',
  method: '二维超声',
  positive: false,
};

type Stage = 'registered' | 'uploaded' | 'qc_passed' | 'triaged' | 'reading' | 'preliminary' | 'auditing' | 'audited' | 'released';
/** A study moved to `until` (reader wuqing, auditor zhenghao). */
async function studyAt(until: Stage, extra: Record<string, unknown> = {}): Promise<string> {
  const id = await register(extra);
  if (until === 'registered') return id;
  expect((await attach(id)).status).toBe(200);
  await ok(tok.xuli!, id, 'uploadDone');
  if (until === 'uploaded') return id;
  await ok(tok.wuqing!, id, 'qcPass');
  if (until === 'qc_passed') return id;
  await ok(tok.zhoujie!, id, 'triage', { readerId: uid.wuqing });
  if (until === 'triaged') return id;
  await ok(tok.wuqing!, id, 'start');
  if (until === 'reading') return id;
  await ok(tok.wuqing!, id, 'submit', { report });
  if (until === 'preliminary') return id;
  await ok(tok.wuqing!, id, 'sendAudit');
  if (until === 'auditing') return id;
  await ok(tok.zhenghao!, id, 'auditPass');
  if (until === 'audited') return id;
  await ok(tok.zhenghao!, id, 'release');
  return id;
}

beforeAll(async () => {
  t = await createFileTestApp();
  db = t.ctx.db.withoutPlugins() as unknown as Kysely<any>;
  for (const a of ['admin', 'xuli', 'majun', 'hujian', 'zhoujie', 'wuqing', 'zhenghao', 'fengtao', 'dengshan']) tok[a] = await t.login(a);
  for (const u of await all(db, db.selectFrom('users').select(['id', 'account']))) uid[String(u.account)] = String(u.id);
  clock = testClock(T0);
  setClock(clock);
}, 120_000);

afterAll(async () => {
  setClock(null);
  await t?.close();
});

describe('DICOM fixture and header', () => {
  it('writes a Part-10 file dicom-parser reads back', () => {
    const b = buildDicom({
      studyUid: '1.2.3',
      seriesUid: '1.2.3.4',
      sopUid: '1.2.3.4.5',
      modality: 'CT',
      instanceNumber: 12,
      rows: 8,
      columns: 10,
    });
    expect(b.subarray(128, 132).toString('latin1')).toBe('DICM');
    expect(parseDicomHeader(new Uint8Array(b))).toEqual({
      studyUid: '1.2.3',
      seriesUid: '1.2.3.4',
      sopUid: '1.2.3.4.5',
      modality: 'CT',
      instanceNo: 12,
    });
    expect(() => parseDicomHeader(new Uint8Array(Buffer.from('not a dicom file at all'.repeat(20))))).toThrow();
  });
});

describe('registration and images', () => {
  it('registers from the archive with the bill rule and attaches DICOM, JPEG, PNG and MP4', async () => {
    const id = await register({ priority: 1 });
    const s = await row(id);
    expect(s).toMatchObject({ status: 'registered', apply_org_id: CHENGGUAN, apply_doctor_id: uid.xuli, registered_by: uid.xuli });
    expect(Number(s.priority)).toBe(1);
    // Upload stage limit: 24 h at 50 % for urgent.
    expect(Number(s.stage_due_at)).toBe(T0 + 12 * HOUR);
    const d = await attach(
      id,
      'scan.dcm',
      buildDicom({
        studyUid: '1.2.826.0.1.77',
        seriesUid: '1.2.826.0.1.77.1',
        sopUid: '1.2.826.0.1.77.1.9',
        modality: 'US',
        instanceNumber: 9,
      }),
    );
    expect(d.status, d.msg).toBe(200);
    expect(d.data).toMatchObject({
      kind: 'dicom',
      studyUid: '1.2.826.0.1.77',
      seriesUid: '1.2.826.0.1.77.1',
      sopUid: '1.2.826.0.1.77.1.9',
      modality: 'US',
      instanceNo: 9,
    });
    expect((await attach(id, 'key.jpg', buildJpeg())).data.kind).toBe('image');
    expect((await attach(id, 'key.png', buildPng())).data.kind).toBe('image');
    const clip = await attach(id, 'clip.mp4', buildMp4({ frames: 2 }));
    expect(clip.data.kind).toBe('video');
    // Not DICOM although named so; a text file; a PNG named .jpg.
    const fake = await attach(id, 'fake.dcm', Buffer.from('hello, I am not DICOM'.repeat(20)));
    expect(fake.status).toBe(400);
    expect(fake.msg).toContain('fake.dcm');
    expect(fake.msg).toContain('DICOM');
    expect((await attach(id, 'notes.txt', Buffer.from('text'))).status).toBe(400);
    // A PNG stored as .jpg (the files module refuses that at upload; a file stored otherwise is checked again here).
    const liar = await storeBytes(t.ctx, buildPng(), 'liar.jpg', uid.xuli!);
    expect((await call('POST', `${US}/studies/${id}/images`, tok.xuli, { fileId: liar })).status).toBe(400);
    // Someone else's file; an unknown file; the same file twice.
    const others = await upload(tok.majun!, 'm.dcm', dicom());
    expect((await call('POST', `${US}/studies/${id}/images`, tok.xuli, { fileId: others })).status).toBe(403);
    expect((await call('POST', `${US}/studies/${id}/images`, tok.xuli, { fileId: '999999999' })).status).toBe(400);
    const fileId = await upload(tok.xuli!, 'twice.dcm', dicom());
    expect((await call('POST', `${US}/studies/${id}/images`, tok.xuli, { fileId })).status).toBe(200);
    expect((await call('POST', `${US}/studies/${id}/images`, tok.xuli, { fileId })).status).toBe(409);

    const detail = await call('GET', `${US}/studies/${id}`, tok.xuli);
    expect(detail.data.images).toHaveLength(5);
    expect(detail.data.fullName).toMatch(/\*/);
    expect(detail.data.canAttach).toBe(true);
    expect(detail.data.actions).toEqual(expect.arrayContaining(['uploadDone', 'cancel']));

    // The content, whole and by range (video seeking), for whoever sees the study.
    const img = detail.data.images.find((i: { kind: string }) => i.kind === 'video');
    const whole = await t.app.inject({ method: 'GET', url: img.url, headers: { authorization: tok.xuli! } });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toContain('video/mp4');
    const part = await t.app.inject({ method: 'GET', url: img.url, headers: { authorization: tok.xuli!, range: 'bytes=0-9' } });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.length).toBe(10);
    expect((await t.app.inject({ method: 'GET', url: img.url, headers: { authorization: tok.hujian! } })).statusCode).toBe(404);

    // Remove one while registered.
    const dcm = detail.data.images.find((i: { name: string }) => i.name === 'twice.dcm');
    expect((await call('DELETE', `${US}/studies/${id}/images/${dcm.id}`, tok.xuli)).status).toBe(200);
    expect((await call('GET', `${US}/studies/${id}`, tok.xuli)).data.images).toHaveLength(4);
  });

  it('validates item, body part, unit, doctor and resident, and edits only while the applicant holds the study', async () => {
    const r = await resident();
    const bad = async (extra: Record<string, unknown>, status = 400) =>
      expect((await call('POST', `${US}/studies`, tok.xuli, studyBody(r, extra))).status).toBe(status);
    await bad({ itemId: IMG_ITEMS.imaging.chestCt }); // another centre's item
    await bad({ bodyPartId: IMG_ITEM_BODY[IMG_ITEMS.imaging.chestCt] });
    await bad({ itemId: 'nope' });
    await bad({ applyOrgId: '100000000000000040' }); // not xuli's scope
    await bad({ applyDoctorId: uid.hujian }); // a doctor of another unit
    await bad({ residentId: 'unknown-resident' });
    expect((await call('POST', `${US}/studies`, tok.xuli, studyBody(await resident(SHIQIAO_VILLAGE)))).status).toBe(403);
    // The image centre's reader holds no ultrasound menu; a village doctor no imaging menu.
    expect((await call('POST', `${US}/studies`, tok.fengtao, studyBody(r))).status).toBe(403);
    expect((await call('GET', `${US}/worklists/registrations`, tok.dengshan)).status).toBe(403);

    const id = await register();
    const edit = await call(
      'PUT',
      `${US}/studies/${id}`,
      tok.xuli,
      studyBody(r, { itemId: HEART, bodyPartId: IMG_ITEM_BODY[HEART], priority: 2 }),
    );
    expect(edit.status, edit.msg).toBe(200);
    const s = await row(id);
    expect(s.item_id).toBe(HEART);
    expect(Number(s.stage_due_at)).toBe(T0 + 6 * HOUR); // 24 h × 25 % for an emergency
    expect((await call('PUT', `${US}/studies/${id}`, tok.wuqing, studyBody(r))).status).toBe(404); // readers do not see a study before its upload
    const up = await studyAt('uploaded');
    expect((await call('PUT', `${US}/studies/${up}`, tok.xuli, studyBody(r))).status).toBe(409);
  });
});

describe('state machine', () => {
  it('runs registration to release with an audit return, stamps fees, prints, verifies and revises', async () => {
    const id = await register();
    expect((await act(tok.xuli!, id, 'uploadDone')).status).toBe(400); // no image yet
    await attach(id);
    await ok(tok.xuli!, id, 'uploadDone');
    const ret = await ok(tok.wuqing!, id, 'qcReturn', { items: ['q03', 'q09'], comment: '受检者信息不全' });
    expect(ret.status).toBe('qc_returned');
    await attach(id);
    await ok(tok.xuli!, id, 'uploadDone');
    await ok(tok.wuqing!, id, 'qcPass');
    await ok(tok.zhoujie!, id, 'triage', { readerId: uid.wuqing });
    await ok(tok.wuqing!, id, 'start');
    const draft = await call('PUT', `${US}/studies/${id}/draft`, tok.wuqing, { ...report, findings: '草稿' });
    expect(draft.status, draft.msg).toBe(200);
    expect(draft.data).toMatchObject({ draft: true, findings: '草稿', version: 1 });
    // The applying side does not read a draft.
    expect((await call('GET', `${US}/studies/${id}`, tok.xuli)).data.reports).toEqual([]);
    expect((await act(tok.wuqing!, id, 'submit', { report: { ...report, impression: '' } })).status).toBe(400);
    await ok(tok.wuqing!, id, 'submit', { report: { ...report, positive: true } });
    await ok(tok.wuqing!, id, 'sendAudit', { auditorId: uid.zhenghao });
    expect((await act(tok.wuqing!, id, 'auditPass')).status).toBe(403); // the reporter
    expect((await act(tok.zhenghao!, id, 'auditReturn')).status).toBe(400); // comment required
    await ok(tok.zhenghao!, id, 'auditReturn', { comment: '请补充胆囊壁厚度' });
    await ok(tok.wuqing!, id, 'start');
    await ok(tok.wuqing!, id, 'submit', { report: { ...report, findings: `${report.findings}胆囊壁厚2mm。`, positive: true } });
    await ok(tok.wuqing!, id, 'sendAudit');
    const review = await call('POST', `${US}/studies/${id}/reviews`, tok.zhenghao, {
      items: ['q05', 'q05', 'q14'],
      grade: 'good',
      comment: '伪影',
      disagrees: true,
    });
    expect(review.status, review.msg).toBe(200);
    expect(review.data.items).toEqual(['q05', 'q14']);
    expect((await call('POST', `${US}/studies/${id}/reviews`, tok.wuqing, { grade: 'good' })).status).toBe(403);
    await ok(tok.zhenghao!, id, 'auditPass');
    clock.advance(3 * MIN);
    const rel = await ok(tok.zhenghao!, id, 'release');
    expect(rel.status).toBe('released');
    const s = await row(id);
    // C's schedule: the ultrasound default diagnosis fee 35.00 since 2026-07-01, application fee 5.00.
    expect({ diag: Number(s.diag_fee), apply: Number(s.apply_fee), month: s.fee_month, positive: Number(s.positive) }).toEqual({
      diag: 3500,
      apply: 500,
      month: '2030-03',
      positive: 1,
    });
    const events = await all(
      db,
      db
        .selectFrom('img_events')
        .select(['action', 'actor_id as actorId', 'comment'])
        .where('study_id', '=', id)
        .orderBy('at')
        .orderBy('id'),
    );
    expect(events.map((e) => e.action)).toEqual([
      'register',
      'uploadDone',
      'qcReturn',
      'uploadDone',
      'qcPass',
      'triage',
      'start',
      'submit',
      'sendAudit',
      'auditReturn',
      'start',
      'submit',
      'sendAudit',
      'review',
      'auditPass',
      'release',
    ]);
    expect(events.find((e) => e.action === 'auditReturn')).toMatchObject({ actorId: uid.zhenghao, comment: '请补充胆囊壁厚度' });

    // The township reads the released report and prints it.
    const seen = await call('GET', `${US}/studies/${id}`, tok.xuli);
    expect(seen.data.reports).toHaveLength(1);
    expect(seen.data.reports[0]).toMatchObject({ version: 1, current: true, reporterName: '吴青', auditorName: '郑浩' });
    const released = await call('GET', `${US}/worklists/released?keyword=${encodeURIComponent(s.apply_no)}`, tok.xuli);
    expect(released.data.list.map((r: { id: string }) => r.id)).toEqual([id]);
    const print = await call('GET', `${US}/studies/${id}/print`, tok.xuli);
    expect(print.status, print.msg).toBe(200);
    expect(print.data).toMatchObject({
      applyNo: s.apply_no,
      unitName: '青山县人民医院',
      reporterName: '吴青',
      auditorName: '郑浩',
      reportVersion: 1,
    });
    expect(print.data.patient.fullName).toMatch(/\*/);
    expect(print.data.patient.age).toBe(60);
    const unmasked = await call('GET', `${US}/studies/${id}/print?reason=${encodeURIComponent('患者本人取报告')}`, tok.xuli);
    expect(unmasked.data.patient.fullName).not.toMatch(/\*/);
    const logged = await all(
      db,
      db.selectFrom('health_audit_log').select(['action', 'reason']).where('target', '=', `imaging:${id}:print`),
    );
    expect(logged.map((l) => l.action).sort()).toEqual(['print', 'reveal']);

    // The QR code verifies without a session and reveals nothing personal; a forged code does not.
    const v = await call('GET', print.data.verifyUrl);
    expect(v.status).toBe(200);
    expect(v.data).toEqual({
      authentic: true,
      centre: 'ultrasound',
      applyNo: s.apply_no,
      unitName: '青山县人民医院',
      itemName: expect.any(String),
      reportVersion: 1,
      releasedAt: T0 + 3 * MIN,
      latest: true,
    });
    const code: string = print.data.verifyCode;
    const forged = `${code.slice(0, -1)}${code.endsWith('0') ? '1' : '0'}`;
    expect((await call('GET', `/api/imaging/verify/${forged}`)).data).toEqual({ authentic: false });
    expect((await call('GET', `/api/imaging/verify/${encodeURIComponent("1' or '1'='1")}`)).data).toEqual({ authentic: false });

    // A revision: version 2 in force, version 1 still readable, the old code still authentic but no longer the latest.
    expect((await act(tok.wuqing!, id, 'revise', { comment: '补充建议' })).status).toBe(400); // report required
    expect((await act(tok.xuli!, id, 'revise', { comment: 'x', report })).status).toBe(403);
    clock.advance(MIN);
    await ok(tok.wuqing!, id, 'revise', { comment: '补充建议', report: { ...report, advice: '三个月后复查' } });
    const after = await call('GET', `${US}/studies/${id}`, tok.xuli);
    expect(after.data.status).toBe('revised');
    expect(after.data.reports.map((r: { version: number; current: boolean; advice: string }) => [r.version, r.current, r.advice])).toEqual([
      [2, true, '三个月后复查'],
      [1, false, '定期复查'],
    ]);
    expect((await call('GET', print.data.verifyUrl)).data).toMatchObject({ authentic: true, reportVersion: 1, latest: false });
    expect((await call('GET', `${US}/studies/${id}/print`, tok.xuli)).data.reportVersion).toBe(2);
    // Fees stay those of the first release.
    expect(Number((await row(id)).diag_fee)).toBe(3500);
    // The resident's timeline: the request, the release and the revision.
    const timeline = await all(
      db,
      db.selectFrom('health_timeline').select(['title']).where('ref_model', '=', 'imaging').where('ref_id', '=', id).orderBy('at'),
    );
    expect(timeline.map((e) => String(e.title))).toEqual([
      expect.stringContaining('右上腹不适待查'),
      expect.stringContaining('肝胆脾胰未见明显异常'),
      expect.stringContaining('报告修订'),
    ]);
  });

  it('refuses every action out of its state or by the wrong party', async () => {
    const reg = await studyAt('registered');
    for (const a of [
      'qcPass',
      'qcReturn',
      'triage',
      'take',
      'start',
      'submit',
      'sendAudit',
      'auditPass',
      'auditReturn',
      'release',
      'revise',
    ])
      expect((await act(tok.zhoujie!, reg, a, { comment: 'x', items: ['q01'], readerId: uid.wuqing, report })).status, a).toBe(409);
    expect((await act(tok.wuqing!, reg, 'uploadDone')).status).toBe(404); // a reader does not see a study before its upload
    expect((await act(tok.hujian!, reg, 'uploadDone')).status).toBe(404); // another township does not see it

    const up = await studyAt('uploaded');
    expect((await act(tok.xuli!, up, 'qcPass')).status).toBe(403);
    expect((await act(tok.wuqing!, up, 'qcReturn', { comment: '不清晰' })).status).toBe(400); // items required
    expect((await act(tok.wuqing!, up, 'qcReturn', { items: ['q01'] })).status).toBe(400); // comment required

    const qc = await studyAt('qc_passed');
    expect((await act(tok.xuli!, qc, 'triage', { readerId: uid.zhenghao })).status).toBe(403); // the centre triages
    // A reader of the centre is required.
    expect((await act(tok.zhoujie!, qc, 'triage')).status).toBe(400);
    expect((await act(tok.zhoujie!, qc, 'triage', { readerId: uid.fengtao })).status).toBe(400);
    expect((await act(tok.zhoujie!, qc, 'triage', { readerId: uid.xuli })).status).toBe(400);

    const tri = await studyAt('triaged');
    expect((await act(tok.zhenghao!, tri, 'start')).status).toBe(404); // another reader's study in time: not his to see
    expect((await act(tok.zhoujie!, tri, 'start')).status).toBe(403); // the director sees it but is not its reader
    expect((await act(tok.zhenghao!, tri, 'take')).status).toBe(409); // owned and not breached

    const rd = await studyAt('reading');
    expect((await act(tok.xuli!, rd, 'cancel', { comment: '不查了' })).status).toBe(403); // too late for the applicant
    expect((await act(tok.zhoujie!, rd, 'cancel')).status).toBe(400); // reason required
    expect((await call('PUT', `${US}/studies/${rd}/draft`, tok.zhoujie, report)).status).toBe(403);

    const pre = await studyAt('preliminary');
    expect((await act(tok.zhenghao!, pre, 'sendAudit')).status).toBe(403);
    expect((await act(tok.wuqing!, pre, 'sendAudit', { auditorId: uid.wuqing })).status).toBe(400); // not the reporter
    const aud = await studyAt('auditing');
    expect((await act(tok.wuqing!, aud, 'release')).status).toBe(409);
    const done = await studyAt('audited');
    expect((await act(tok.xuli!, done, 'release')).status).toBe(403);
    const rel = await studyAt('released');
    expect((await act(tok.zhoujie!, rel, 'cancel', { comment: 'x' })).status).toBe(409);

    // The applicant cancels early with a reason; the director late.
    expect((await ok(tok.xuli!, up, 'cancel', { comment: '患者要求改期' })).status).toBe('cancelled');
    expect((await ok(tok.zhoujie!, rd, 'cancel', { comment: '重复申请' })).status).toBe('cancelled');
    expect((await act(tok.xuli!, up, 'uploadDone')).status).toBe(409);

    // A stale version is refused.
    const v = await studyAt('qc_passed');
    const cur = Number((await row(v)).version);
    expect((await act(tok.zhoujie!, v, 'triage', { readerId: uid.wuqing, version: cur - 1 })).status).toBe(409);
    expect((await act(tok.zhoujie!, v, 'triage', { readerId: uid.wuqing, version: cur })).status).toBe(200);
  });

  it('lets exactly one of two readers racing for the same study take it', async () => {
    for (let round = 0; round < 3; round++) {
      const id = await studyAt('qc_passed');
      const version = Number((await row(id)).version);
      const [a, b] = await Promise.all([act(tok.wuqing!, id, 'take', { version }), act(tok.zhenghao!, id, 'take', { version })]);
      expect([a.status, b.status].sort()).toEqual([200, 409]);
      const winner = a.status === 200 ? uid.wuqing : uid.zhenghao;
      const s = await row(id);
      expect({ reader: s.reader_id, status: s.status, version: Number(s.version) }).toEqual({
        reader: winner,
        status: 'triaged',
        version: version + 1,
      });
      const takes = await all(db, db.selectFrom('img_events').select('actor_id').where('study_id', '=', id).where('action', '=', 'take'));
      expect(takes).toHaveLength(1);
      // Without a version too: the conditional update still lets one through.
      const id2 = await studyAt('qc_passed');
      const [c, d] = await Promise.all([act(tok.wuqing!, id2, 'take'), act(tok.zhenghao!, id2, 'take')]);
      expect([c.status, d.status].sort()).toEqual([200, 409]);
    }
  });

  it('takes the next study by priority, then least time left, within the roster', async () => {
    // Park everything that is waiting from earlier tests.
    await db
      .updateTable('img_studies')
      .set({ status: 'cancelled', stage_due_at: null })
      .where('status', 'in', ['qc_passed', 'triaged', 'reading'])
      .execute();
    const routine = await studyAt('qc_passed');
    clock.advance(MIN);
    const urgentLater = await studyAt('qc_passed', { priority: 1 });
    clock.advance(MIN);
    const heartEmergency = await studyAt('qc_passed', { priority: 2, itemId: HEART, bodyPartId: IMG_ITEM_BODY[HEART] });
    clock.advance(MIN);
    const urgentEarlier = urgentLater; // the earlier urgent one has the earlier deadline
    const urgentNewest = await studyAt('qc_passed', { priority: 1 });
    // zhenghao is not rostered for heart: never offered the emergency.
    const first = await call('POST', `${US}/take-next`, tok.zhenghao);
    expect(first.data.id).toBe(urgentEarlier);
    expect((await call('POST', `${US}/take-next`, tok.zhenghao)).data.id).toBe(urgentNewest);
    expect((await call('POST', `${US}/take-next`, tok.wuqing)).data.id).toBe(heartEmergency);
    expect((await call('POST', `${US}/take-next`, tok.wuqing)).data.id).toBe(routine);
    const none = await call('POST', `${US}/take-next`, tok.wuqing);
    expect(none.status).toBe(404);
    expect((await call('POST', `${US}/take-next`, tok.xuli)).status).toBe(403);
  });
});

describe('SLA', () => {
  it('moves a study past its limit to the breached list of every reader and reminds its owner once', async () => {
    clock.advance(10 * HOUR); // everything earlier is long past its limits
    await db.updateTable('img_studies').set({ status: 'cancelled', stage_due_at: null }).where('status', '<>', 'released').execute();
    await db.updateTable('img_studies').set({ reminded_at: clock.now() }).execute();
    const heart = await studyAt('triaged', { itemId: HEART, bodyPartId: IMG_ITEM_BODY[HEART] });
    const s = await row(heart);
    expect(Number(s.stage_due_at)).toBe(clock.now() + 4 * HOUR); // reading limit
    const breached = async (token: string) =>
      (await call('GET', `${US}/worklists/breached`, token)).data.list.map((r: { id: string }) => r.id);
    // zhenghao is not rostered for heart and it is wuqing's: he does not see it while in time.
    expect((await call('GET', `${US}/studies/${heart}`, tok.zhenghao)).status).toBe(404);
    expect(await breached(tok.zhenghao!)).toEqual([]);
    expect(await remindImagingBreaches(t.ctx, clock.now())).toBe(0);

    clock.advance(4 * HOUR); // exactly at the limit: not yet
    expect(await breached(tok.wuqing!)).toEqual([]);
    clock.advance(1);
    expect(await breached(tok.zhenghao!)).toEqual([heart]);
    expect(await breached(tok.wuqing!)).toEqual([heart]);
    const detail = await call('GET', `${US}/studies/${heart}`, tok.zhenghao);
    expect(detail.status).toBe(200);
    expect(detail.data).toMatchObject({ breached: true });
    expect(detail.data.remainingMs).toBeLessThan(0);
    expect(detail.data.actions).toContain('take');
    // The township does not see the readers' breached list.
    expect((await call('GET', `${US}/worklists/breached`, tok.xuli)).status).toBe(403);

    const since = clock.now();
    expect(await remindImagingBreaches(t.ctx, clock.now())).toBe(1);
    expect(await remindImagingBreaches(t.ctx, clock.now())).toBe(0);
    const msgs = await all(
      db,
      db
        .selectFrom('message_receives as r')
        .innerJoin('messages as m', 'm.id', 'r.message_id')
        .select(['r.user_id as userId', 'm.title as title'])
        .where('m.kind', '=', 'imaging')
        .where('m.created_at', '>=', since),
    );
    expect(msgs.map((m) => m.userId)).toEqual([uid.wuqing]);
    expect(msgs[0]!.title).toContain(String(s.apply_no));
    expect(Number((await row(heart)).breached_at)).toBe(since);

    // Ownership ends at the breach: another reader takes it over; the new stage starts a new deadline.
    const take = await ok(tok.zhenghao!, heart, 'take');
    expect(take.status).toBe('triaged');
    const after = await row(heart);
    expect(after.reader_id).toBe(uid.zhenghao);
    expect(after.reminded_at).toBeNull();
    expect(Number(after.stage_due_at)).toBe(clock.now() + 4 * HOUR);
    expect(await breached(tok.wuqing!)).toEqual([]);

    // Settings: the director shortens the limits; a reader may not.
    const limits = {
      uploadMinutes: 600,
      qcMinutes: 30,
      triageMinutes: 30,
      readingMinutes: 60,
      auditMinutes: 60,
      releaseMinutes: 30,
      urgentPercent: 50,
      emergencyPercent: 25,
    };
    expect((await call('PUT', `${US}/settings`, tok.wuqing, limits)).status).toBe(403);
    expect((await call('PUT', `${US}/settings`, tok.zhoujie, { ...limits, qcMinutes: 0 })).status).toBe(400);
    expect((await call('PUT', `${US}/settings`, tok.zhoujie, limits)).status).toBe(200);
    const fresh = await register();
    expect(Number((await row(fresh)).stage_due_at)).toBe(clock.now() + 600 * MIN);
  });
});

describe('scope, lists and bad input', () => {
  it('shows a township its own studies and readers what they are rostered for', async () => {
    const mine = await register();
    const other = await register({}, tok.hujian!, SHIQIAO_VILLAGE);
    const regs = async (token: string) =>
      (await call('GET', `${US}/worklists/registrations?pageSize=200`, token)).data.list.map((r: { id: string }) => r.id);
    expect(await regs(tok.xuli!)).toContain(mine);
    expect(await regs(tok.xuli!)).not.toContain(other);
    expect(await regs(tok.hujian!)).toContain(other);
    expect((await call('GET', `${US}/studies/${other}`, tok.xuli)).status).toBe(404);
    const list = await call('GET', `${US}/worklists/registrations?keyword=${encodeURIComponent((await row(mine)).apply_no)}`, tok.xuli);
    expect(list.data.pagination.total).toBe(1);
    expect(list.data.list[0].fullName).toMatch(/\*/);
    expect(list.data.list[0].idNumber).toMatch(/\*/);
    // A reader's qc queue: rostered items only (zhenghao: no heart).
    const heart = await studyAt('uploaded', { itemId: HEART, bodyPartId: IMG_ITEM_BODY[HEART] });
    const abd = await studyAt('uploaded');
    const qc = async (token: string) =>
      (await call('GET', `${US}/worklists/qc?pageSize=200`, token)).data.list.map((r: { id: string }) => r.id);
    expect(await qc(tok.wuqing!)).toEqual(expect.arrayContaining([heart, abd]));
    expect(await qc(tok.zhenghao!)).toContain(abd);
    expect(await qc(tok.zhenghao!)).not.toContain(heart);
    expect((await call('GET', `${US}/worklists/qc`, tok.xuli)).status).toBe(403);
    // A roster row for heart on another weekday does not open the queue; on today's weekday (Asia/Shanghai) it does.
    const today = new Date(clock.now() + 8 * HOUR).getUTCDay(); // Shanghai is UTC+8 all year
    const roster = async (weekday: number) => {
      const r = await call('POST', `${US}/rosters`, tok.zhoujie, { userId: uid.zhenghao, itemId: HEART, weekday });
      expect(r.status, r.msg).toBe(200);
      return r.data.id as string;
    };
    expect((await call('POST', `${US}/rosters`, tok.wuqing, { userId: uid.zhenghao, itemId: HEART, weekday: today })).status).toBe(403);
    const otherDay = await roster((today + 1) % 7);
    expect(await qc(tok.zhenghao!)).not.toContain(heart);
    const thisDay = await roster(today);
    expect((await call('POST', `${US}/rosters`, tok.zhoujie, { userId: uid.zhenghao, itemId: HEART, weekday: today })).status).toBe(409);
    expect(await qc(tok.zhenghao!)).toContain(heart);
    for (const id of [otherDay, thisDay]) expect((await call('DELETE', `${US}/rosters/${id}`, tok.zhoujie)).status).toBe(200);
    expect(await qc(tok.zhenghao!)).not.toContain(heart);
    expect((await call('POST', `${US}/rosters`, tok.zhoujie, { userId: uid.xuli, weekday: today })).status).toBe(400); // not a reader
    // The director sees all of the centre; the image centre's reader nothing of ultrasound.
    expect((await call('GET', `${US}/worklists/all?pageSize=200`, tok.zhoujie)).data.pagination.total).toBeGreaterThan(10);
    expect((await call('GET', `${US}/worklists/all`, tok.fengtao)).status).toBe(403);
    // Sorted and filtered in SQL.
    const sorted = await call('GET', `${US}/worklists/all?sort=registeredAt&order=asc&status=uploaded&pageSize=200`, tok.zhoujie);
    const times = sorted.data.list.map((r: { registeredAt: number }) => r.registeredAt);
    expect(times).toEqual([...times].sort((a: number, b: number) => a - b));
    expect(sorted.data.list.every((r: { status: string }) => r.status === 'uploaded')).toBe(true);
    // Reveal with a reason, audited.
    const rev = await call('POST', `${US}/studies/${mine}/reveal`, tok.xuli, { reason: '核对身份' });
    expect(rev.data.fullName).not.toMatch(/\*/);
    expect((await call('POST', `${US}/studies/${mine}/reveal`, tok.xuli, { reason: '' })).status).toBe(400);
  });

  it('answers bad input with a clear error', async () => {
    const id = await register();
    const raw = await t.app.inject({
      method: 'POST',
      url: `${US}/studies`,
      headers: { authorization: tok.xuli!, 'content-type': 'application/json' },
      payload: '{"residentId": ',
    });
    expect(raw.statusCode).toBe(400);
    const r = await resident();
    const cases: Array<[string, string, unknown]> = [
      ['POST', `${US}/studies`, { ...studyBody(r), priority: 'high' }],
      ['POST', `${US}/studies`, { ...studyBody(r), clinicalDiagnosis: 'x'.repeat(5000) }],
      ['POST', `${US}/studies`, { ...studyBody(r), clinicalDiagnosis: '' }],
      ['POST', `${US}/studies`, { ...studyBody(r), extra: 1 }],
      ['POST', `${US}/studies`, { ...studyBody(r), residentId: 42 }],
      ['POST', `${US}/studies/${id}/actions/qcReturn`, { items: ['q99'], comment: 'x' }],
      ['POST', `${US}/studies/${id}/actions/cancel`, { comment: 'x'.repeat(2000) }],
      ['POST', `${US}/studies/${id}/images`, { fileId: '1; drop table img_studies' }],
      ['POST', `${US}/studies/${id}/reviews`, { grade: 'superb' }],
    ];
    for (const [m, url, body] of cases)
      expect((await call(m, url, tok.xuli, body)).status, `${url} ${JSON.stringify(body).slice(0, 60)}`).toBe(400);
    expect((await call('POST', `${US}/studies/${id}/actions/explode`, tok.xuli, {})).status).toBe(400);
    expect((await call('GET', '/api/imaging/radiology/worklists/all', tok.xuli)).status).toBe(400);
    expect((await call('GET', `${US}/worklists/nope`, tok.xuli)).status).toBe(400);
    expect((await call('GET', `${US}/worklists/registrations?pageSize=100000`, tok.xuli)).status).toBe(400);
    expect((await call('GET', `${US}/studies/unknown-id`, tok.xuli)).status).toBe(404);
    expect((await call('POST', `${US}/studies/unknown-id/actions/cancel`, tok.xuli, { comment: 'x' })).status).toBe(404);
    expect((await call('GET', `${US}/studies/${id}`)).status).toBe(401);
    // Injection and markup are data.
    const inj = await call('GET', `${US}/worklists/registrations?keyword=${encodeURIComponent("%' or 1=1 --")}`, tok.xuli);
    expect(inj.status).toBe(200);
    expect(inj.data.list).toEqual([]);
    const html = await call('POST', `${US}/studies`, tok.xuli, studyBody(r, { clinicalDiagnosis: '<script>alert(1)</script>' }));
    expect(html.status).toBe(200);
    expect((await row(html.data.id)).clinical_diagnosis).toBe('<script>alert(1)</script>');
    expect(
      Number(
        (
          await all(
            db,
            db.selectFrom('img_studies').select((eb) => eb.fn.countAll().as('n')),
          )
        )[0]!.n,
      ),
    ).toBeGreaterThan(0);
  });
});
