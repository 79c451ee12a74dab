import type { Kysely } from 'kysely';
import { IMAGING_CHECKLIST, type ImagingAction, type ImagingActionBody, type ImagingCentre } from '@medalliance/contract';
import type { AppContext } from '../../context.ts';
import { now } from '../../lib/clock.ts';
import { all, first } from '../../modules/health/plans/rows.ts';
import { imagingCallerFor, type ImagingCaller } from '../../modules/imaging/centres.ts';
import { buildDicom, fixtureUid } from '../../modules/imaging/dicom-fixture.ts';
import { attachImage } from '../../modules/imaging/images.ts';
import { buildJpeg, buildMp4 } from '../../modules/imaging/media-fixture.ts';
import { addReview } from '../../modules/imaging/reviews.ts';
import { storeBytes } from '../../modules/imaging/store-bytes.ts';
import { registerStudy } from '../../modules/imaging/studies.service.ts';
import { act, saveDraft } from '../../modules/imaging/transitions.ts';
import { IMG_ITEM_BODY, IMG_ITEMS } from './imaging-catalog.ts';
import { seedUsers } from './people.ts';

/**
 * Demo studies of both centres (issue 20): the readers' rosters, and 60
 * fictitious studies (30 per centre) of the archive's residents in every
 * state, driven through the studies module's own registration, image
 * attachment and state machine (so events, reports, fees and deadlines are
 * what the product writes), with small generated DICOM, JPEG and MP4 images
 * stored through the files module. Open studies are half fresh, half past
 * their time limits, so every work list — the breached one included — has
 * rows on a fresh start; released ones spread over three months for the
 * fee statistics. Only when residents exist and no study does yet.
 */

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const RESIDENT_TABLE = 'lc_health_resident';

const user = (account: string) => seedUsers.find((u) => u.account === account)!.id;
const ROSTERS: { id: string; centre: ImagingCentre; account: string; itemKeys: string[] | null }[] = [
  { id: '630000000000000001', centre: 'ultrasound', account: 'zhoujie', itemKeys: null },
  { id: '630000000000000002', centre: 'ultrasound', account: 'wuqing', itemKeys: null },
  { id: '630000000000000003', centre: 'ultrasound', account: 'zhenghao', itemKeys: ['abdomen', 'urinary', 'thyroid'] },
  { id: '630000000000000006', centre: 'imaging', account: 'wangfang', itemKeys: null },
  { id: '630000000000000007', centre: 'imaging', account: 'fengtao', itemKeys: null },
];

/** The township applicant of each township unit. */
const APPLICANTS: Record<string, string> = {
  '100000000000000030': 'xuli',
  '100000000000000040': 'hujian',
  '100000000000000050': 'linfeng',
};
const TOWNSHIP_OF: Record<string, string> = {
  '100000000000000030': '100000000000000030',
  '100000000000000033': '100000000000000030',
  '100000000000000034': '100000000000000030',
  '100000000000000040': '100000000000000040',
  '100000000000000043': '100000000000000040',
  '100000000000000050': '100000000000000050',
  '100000000000000052': '100000000000000050',
  '100000000000000053': '100000000000000050',
};

type Target =
  | 'registered'
  | 'uploaded'
  | 'qc_returned'
  | 'qc_passed'
  | 'triaged'
  | 'reading'
  | 'preliminary'
  | 'auditing'
  | 'audit_returned'
  | 'audited'
  | 'released'
  | 'revised'
  | 'cancelled';
/** The mix of one centre's 30 studies: every state, more released ones (statistics). */
const MIX: Target[] = [
  'released',
  'registered',
  'uploaded',
  'qc_returned',
  'qc_passed',
  'triaged',
  'reading',
  'preliminary',
  'auditing',
  'audit_returned',
  'audited',
  'released',
  'revised',
  'cancelled',
  'released',
  'qc_passed',
  'triaged',
  'uploaded',
  'released',
  'reading',
  'auditing',
  'released',
  'released',
  'qc_passed',
  'released',
  'released',
  'cancelled',
  'released',
  'preliminary',
  'released',
];
const ORDER: Target[] = [
  'registered',
  'uploaded',
  'qc_passed',
  'triaged',
  'reading',
  'preliminary',
  'auditing',
  'audited',
  'released',
  'revised',
];

const DIAGNOSES: Record<ImagingCentre, string[]> = {
  ultrasound: ['右上腹不适待查', '甲状腺结节复查', '尿频尿急', '乳腺肿块待查', '胸闷心悸', '下腹痛待查', '孕期常规检查'],
  imaging: ['咳嗽咳痰两周', '发热待查', '头痛头晕', '腰痛伴下肢麻木', '外伤后腰痛', '上腹痛待查', '膝关节疼痛'],
};
const MODALITY: Record<string, string> = { CT: 'CT', MR: 'MR', DR: 'DX', US: 'US' };

export async function seedImaging(ctx: AppContext): Promise<void> {
  const db = ctx.db.withoutPlugins() as unknown as Kysely<any>;
  await seedRosters(db);
  if (await first(db, db.selectFrom('img_studies').select('id').limit(1))) return;
  const residents = await all(
    db,
    db
      .selectFrom(RESIDENT_TABLE)
      .select(['id', 'manageOrgId'])
      .where('manageOrgId', 'in', Object.keys(TOWNSHIP_OF))
      .where('archiveState', '<>', 2)
      .orderBy('id')
      .limit(400),
  );
  if (residents.length < 10) return;
  let files = true;
  try {
    const { fileRuntime } = await import('../../modules/file/index.ts');
    fileRuntime(ctx);
  } catch {
    files = false; // no file module (a bare seed): studies without images
  }
  const at0 = now();
  const templates = await all(
    db,
    db
      .selectFrom('img_templates')
      .select(['id', 'item_id as itemId', 'findings', 'impression', 'advice', 'positive'])
      .where('enabled', '=', 1),
  );
  const items = await all(db, db.selectFrom('img_items').select(['id', 'modality']));
  const modalityOf = new Map(items.map((i) => [String(i.id), String(i.modality ?? 'US')]));
  const callers = new Map<string, ImagingCaller>();
  const caller = async (account: string, centre: ImagingCentre) => {
    const key = `${account}:${centre}`;
    if (!callers.has(key)) callers.set(key, await imagingCallerFor(ctx, { userId: user(account), isAdministrator: false }, centre));
    return callers.get(key)!;
  };

  let n = 0;
  for (const centre of ['ultrasound', 'imaging'] as ImagingCentre[]) {
    const itemIds = Object.values(IMG_ITEMS[centre]) as string[];
    const readers = centre === 'ultrasound' ? ['wuqing', 'zhenghao', 'zhoujie'] : ['fengtao', 'wangfang'];
    const director = centre === 'ultrasound' ? 'zhoujie' : 'wangfang';
    for (let i = 0; i < MIX.length; i++, n++) {
      const target = MIX[i]!;
      const res = residents[(n * 7) % residents.length]!;
      const township = TOWNSHIP_OF[String(res.manageOrgId)]!;
      const applicant = await caller(APPLICANTS[township]!, centre);
      const itemId = itemIds[i % itemIds.length]!;
      const open = !['released', 'revised', 'cancelled'].includes(target);
      // Open ones: even fresh (minutes ago), odd past their limits (a day or two ago); finished ones over 80 days.
      const start = open ? (i % 2 === 0 ? at0 - 40 * MIN : at0 - (26 + i) * HOUR) : at0 - (80 - i * 2.5) * DAY;
      const step = open && i % 2 === 0 ? 2 * MIN : 50 * MIN;
      let at = start;
      const next = () => (at += step);
      const reader = readers[i % readers.length]!;
      const auditor = readers[(i + 1) % readers.length]!;
      const rc = await caller(reader, centre);
      const ac = await caller(auditor, centre);
      const dc = await caller(director, centre);
      const { id } = await registerStudy(
        ctx,
        applicant,
        {
          residentId: String(res.id),
          applyOrgId: township,
          applyDoctorId: applicant.userId,
          itemId,
          bodyPartId: IMG_ITEM_BODY[itemId]!,
          clinicalDiagnosis: DIAGNOSES[centre][i % DIAGNOSES[centre].length]!,
          device: centre === 'ultrasound' ? (i % 2 ? 'Mindray DC-70' : 'SonoScape P50') : i % 2 ? 'Siemens Ysio DR' : 'GE Optima CT540',
          priority: i % 7 === 3 ? 2 : i % 4 === 1 ? 1 : 0,
        },
        at,
      );
      const go = (c: ImagingCaller, action: ImagingAction, body: Partial<ImagingActionBody> = {}) =>
        act(ctx, c, id, action, { comment: '', items: [], ...body }, next());
      if (target === 'registered') continue;
      if (target === 'cancelled' && i % 2 === 0) {
        await go(applicant, 'cancel', { comment: '患者要求改期检查' });
        continue;
      }
      if (files) await attachDemoImages(ctx, applicant, centre, id, n, modalityOf.get(itemId) ?? 'US', next());
      await go(applicant, 'uploadDone');
      if (target === 'uploaded') continue;
      if (target === 'cancelled') {
        await go(applicant, 'cancel', { comment: '患者已转上级医院检查' });
        continue;
      }
      if (target === 'qc_returned') {
        await go(dc, 'qcReturn', {
          items: [IMAGING_CHECKLIST[(i * 3) % 16]!, IMAGING_CHECKLIST[(i * 5 + 1) % 16]!],
          comment: '图像不完整，请补传',
        });
        continue;
      }
      await go(dc, 'qcPass');
      if (target === 'qc_passed') continue;
      await go(dc, 'triage', { readerId: rc.userId });
      if (target === 'triaged') continue;
      await go(rc, 'start');
      const tpls = templates.filter((t) => String(t.itemId) === itemId);
      const tpl = tpls[i % Math.max(1, tpls.length)];
      const report = {
        templateId: tpl ? String(tpl.id) : null,
        findings: String(tpl?.findings ?? '所见未见明显异常。'),
        impression: String(tpl?.impression ?? '未见明显异常。'),
        advice: String(tpl?.advice ?? ''),
        method: centre === 'ultrasound' ? '常规二维及彩色多普勒超声检查' : `${modalityOf.get(itemId) ?? ''}平扫`,
        positive: tpl ? Number(tpl.positive) === 1 : false,
      };
      if (target === 'reading') {
        await saveDraft(ctx, rc, id, report, next());
        continue;
      }
      await go(rc, 'submit', { report });
      if (target === 'preliminary') continue;
      await go(rc, 'sendAudit', { auditorId: ac.userId });
      if (target === 'auditing') continue;
      if (target === 'audit_returned' || i % 5 === 0) {
        await go(ac, 'auditReturn', { comment: '诊断意见请补充测量数据' });
        if (target === 'audit_returned') continue;
        await go(rc, 'start');
        await go(rc, 'submit', { report: { ...report, findings: `${report.findings}（已补充测量）` } });
        await go(rc, 'sendAudit');
      }
      if (ORDER.indexOf(target) >= ORDER.indexOf('audited')) {
        await addReview(
          ctx,
          ac,
          id,
          {
            items: i % 3 === 0 ? [IMAGING_CHECKLIST[i % 16]!] : [],
            grade: (['excellent', 'good', 'pass', 'fail'] as const)[i % 4]!,
            comment: i % 3 === 0 ? '个别切面不规范' : '图像质量良好',
            disagrees: i % 6 === 0,
          },
          next(),
        );
        await go(ac, 'auditPass');
      }
      if (target === 'audited') continue;
      await go(ac, 'release');
      if (target === 'revised')
        await go(rc, 'revise', { comment: '补充诊断建议', report: { ...report, advice: `${report.advice} 建议3个月后复查。` } });
    }
  }
}

async function seedRosters(db: Kysely<any>): Promise<void> {
  const rows: Record<string, unknown>[] = [];
  let sort = 0;
  for (const r of ROSTERS) {
    const items = r.itemKeys ? r.itemKeys.map((k) => (IMG_ITEMS[r.centre] as Record<string, string>)[k]!) : [null];
    items.forEach((itemId, k) =>
      rows.push({
        id: k ? `${r.id.slice(0, -2)}${String(10 + k + Number(r.id.slice(-2)) * 10).slice(-2)}` : r.id,
        centre: r.centre,
        user_id: user(r.account),
        item_id: itemId,
        weekday: null,
        sort_code: ++sort,
      }),
    );
  }
  await db
    .insertInto('img_rosters')
    .values(rows)
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

/** One to three DICOM instances of one series, and for some studies a JPEG key image or an MP4 clip (ultrasound). */
async function attachDemoImages(
  ctx: AppContext,
  c: ImagingCaller,
  centre: ImagingCentre,
  studyId: string,
  n: number,
  modality: string,
  at: number,
): Promise<void> {
  const studyUid = fixtureUid(20, n + 1);
  const seriesUid = fixtureUid(20, n + 1, 1);
  const count = 1 + (n % 3);
  for (let k = 1; k <= count; k++) {
    const bytes = buildDicom({
      studyUid,
      seriesUid,
      sopUid: fixtureUid(20, n + 1, 1, k),
      modality: MODALITY[modality] ?? 'OT',
      instanceNumber: k,
      patientName: 'DEMO^PATIENT',
      patientId: `DEMO${n + 1}`,
      rows: 96,
      columns: 96,
      seed: n + k,
    });
    const fileId = await storeBytes(ctx, bytes, `demo-${n + 1}-${k}.dcm`, c.userId);
    await attachImage(ctx, c, studyId, fileId, at);
  }
  if (n % 2 === 0)
    await attachImage(
      ctx,
      c,
      studyId,
      await storeBytes(ctx, buildJpeg({ width: 96, height: 96, seed: n }), `key-image-${n + 1}.jpg`, c.userId),
      at,
    );
  if (centre === 'ultrasound' && n % 3 === 0)
    await attachImage(
      ctx,
      c,
      studyId,
      await storeBytes(ctx, buildMp4({ width: 64, height: 64, frames: 6, seed: n }), `clip-${n + 1}.mp4`, c.userId),
      at,
    );
}
