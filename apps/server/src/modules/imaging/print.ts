import { createHmac } from 'node:crypto';
import type { Kysely } from 'kysely';
import { maskIdNumber, maskName, maskPhone, type ImagingPrint, type ImagingVerification, type Language } from '@medalliance/contract';
import type { AppContext } from '../../context.ts';
import { translate } from '../../http/i18n.ts';
import { conflict } from '../../http/errors.ts';
import { safeEqual } from '../../lib/crypto.ts';
import { generatedSetting } from '../../lib/generated-setting.ts';
import { first } from '../health/plans/rows.ts';
import { RESIDENT_TABLE } from '../health/plans/worklist.ts';
import { loadOrgTree } from '../referral/parties.ts';
import type { ImagingCaller } from './centres.ts';
import { studyFor } from './studies.service.ts';

/**
 * The released report as printed: the centre's unit header, the patient
 * (masked unless the caller revealed with a reason), the report in force,
 * reporter, auditor and times, and a verification code. The code names the
 * report version and carries an HMAC under a per-deployment secret, so the
 * public verification answer (the printed QR code) can tell a genuine report
 * from a forged or altered one without storing anything more.
 */

const SECRET_KEY = 'imagingReportSecret';

async function sign(ctx: AppContext, reportId: string, releasedAt: number): Promise<string> {
  const secret = await generatedSetting(ctx, SECRET_KEY, 32);
  return createHmac('sha256', secret).update(`${reportId}:${releasedAt}`).digest('hex').slice(0, 16);
}

export async function verifyCodeOf(ctx: AppContext, reportId: string, releasedAt: number): Promise<string> {
  return `${reportId}-${await sign(ctx, reportId, releasedAt)}`;
}

export const verifyPath = (code: string) => `/api/imaging/verify/${encodeURIComponent(code)}`;

function ageAt(birthDate: number | null, at: number): number | null {
  if (birthDate === null) return null;
  const b = new Date(birthDate);
  const d = new Date(at);
  let age = d.getUTCFullYear() - b.getUTCFullYear();
  if (d.getUTCMonth() < b.getUTCMonth() || (d.getUTCMonth() === b.getUTCMonth() && d.getUTCDate() < b.getUTCDate())) age--;
  return age >= 0 ? age : null;
}

export async function printData(
  ctx: AppContext,
  c: ImagingCaller,
  id: string,
  reveal: boolean,
  at: number,
  lang: Language,
): Promise<{ print: ImagingPrint; residentId: string }> {
  const db = ctx.db.withoutPlugins() as unknown as Kysely<any>;
  const s = await studyFor(db, c, id, at);
  if (!['released', 'revised'].includes(s.status)) throw conflict('imaging.notReleased');
  const row = await first(
    db,
    db
      .selectFrom('img_studies as s')
      .innerJoin(`${RESIDENT_TABLE} as r`, 'r.id', 's.resident_id')
      .innerJoin('img_reports as p', (j) => j.onRef('p.study_id', '=', 's.id').on('p.current', '=', 1))
      .leftJoin('organizations as o', 'o.id', 's.apply_org_id')
      .leftJoin('users as ad', 'ad.id', 's.apply_doctor_id')
      .leftJoin('users as ru', 'ru.id', 'p.reporter_id')
      .leftJoin('users as au', 'au.id', 'p.auditor_id')
      .leftJoin('users as lb', 'lb.id', 's.released_by')
      .leftJoin('img_items as it', 'it.id', 's.item_id')
      .leftJoin('img_body_parts as bp', 'bp.id', 's.body_part_id')
      .select([
        's.apply_no as applyNo',
        's.clinical_diagnosis as clinicalDiagnosis',
        's.device as device',
        's.registered_at as registeredAt',
        'r.fullName as fullName',
        'r.idNumber as idNumber',
        'r.phone as phone',
        'r.sex as sex',
        'r.birthDate as birthDate',
        'o.full_name as applyOrgName',
        'ad.real_name as applyDoctorName',
        'ru.real_name as reporterName',
        'au.real_name as auditorName',
        'lb.organize_id as releaserOrgId',
        'it.name as itemName',
        'bp.name as bodyPartName',
        'p.id as reportId',
        'p.version as version',
        'p.findings as findings',
        'p.impression as impression',
        'p.advice as advice',
        'p.method as method',
        'p.positive as positive',
        'p.reported_at as reportedAt',
        'p.audited_at as auditedAt',
        'p.released_at as releasedAt',
      ])
      .where('s.id', '=', id),
  );
  if (!row) throw conflict('imaging.notReleased');
  const tree = await loadOrgTree(db);
  const releasedAt = Number(row.releasedAt);
  const code = await verifyCodeOf(ctx, String(row.reportId), releasedAt);
  const n = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  const str = (v: unknown) => String(v ?? '');
  return {
    residentId: s.residentId,
    print: {
      studyId: id,
      centre: s.centre,
      applyNo: str(row.applyNo),
      unitName: tree.name(tree.unitOf(row.releaserOrgId ? String(row.releaserOrgId) : null)) ?? '',
      centreName: translate(lang, `imaging.centre.${s.centre}`),
      patient: {
        fullName: reveal ? str(row.fullName) : maskName(str(row.fullName)),
        sex: row.sex === null || row.sex === undefined ? null : String(row.sex),
        age: ageAt(n(row.birthDate), Number(row.registeredAt)),
        idNumber: reveal ? str(row.idNumber) : maskIdNumber(str(row.idNumber)),
        phone: reveal ? str(row.phone) : maskPhone(str(row.phone)),
      },
      applyOrgName: row.applyOrgName ?? null,
      applyDoctorName: row.applyDoctorName ?? null,
      itemName: row.itemName ?? null,
      bodyPartName: row.bodyPartName ?? null,
      clinicalDiagnosis: str(row.clinicalDiagnosis),
      device: str(row.device),
      method: str(row.method),
      findings: str(row.findings),
      impression: str(row.impression),
      advice: str(row.advice),
      positive: row.positive === null || row.positive === undefined ? null : Number(row.positive) === 1,
      reporterName: row.reporterName ?? null,
      auditorName: row.auditorName ?? null,
      registeredAt: Number(row.registeredAt),
      reportedAt: n(row.reportedAt),
      auditedAt: n(row.auditedAt),
      releasedAt,
      reportVersion: Number(row.version),
      verifyCode: code,
      verifyUrl: verifyPath(code),
    },
  };
}

/** The public answer to a printed code: authentic or not, and a few non-personal facts. */
export async function verifyReport(ctx: AppContext, code: string): Promise<ImagingVerification> {
  const m = /^(\d{1,19})-([0-9a-f]{16})$/.exec(code);
  if (!m) return { authentic: false };
  const db = ctx.db.withoutPlugins() as unknown as Kysely<any>;
  const row = await first(
    db,
    db
      .selectFrom('img_reports as p')
      .innerJoin('img_studies as s', 's.id', 'p.study_id')
      .leftJoin('img_items as it', 'it.id', 's.item_id')
      .leftJoin('users as lb', 'lb.id', 's.released_by')
      .select([
        'p.released_at as releasedAt',
        'p.version as version',
        'p.current as current',
        's.centre as centre',
        's.apply_no as applyNo',
        's.status as status',
        'it.name as itemName',
        'lb.organize_id as releaserOrgId',
      ])
      .where('p.id', '=', m[1]!),
  );
  if (!row || row.releasedAt === null || row.releasedAt === undefined) return { authentic: false };
  const expected = await sign(ctx, m[1]!, Number(row.releasedAt));
  if (!safeEqual(expected, m[2]!) || String(row.status) === 'cancelled') return { authentic: false };
  const tree = await loadOrgTree(db);
  return {
    authentic: true,
    centre: row.centre,
    applyNo: String(row.applyNo),
    unitName: tree.name(tree.unitOf(row.releaserOrgId ? String(row.releaserOrgId) : null)) ?? '',
    itemName: row.itemName ?? null,
    reportVersion: Number(row.version),
    releasedAt: Number(row.releasedAt),
    latest: Number(row.current) === 1,
  };
}
