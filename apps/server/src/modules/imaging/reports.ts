import type { Kysely } from 'kysely';
import type { ImagingReport, ImagingReportFields } from '@medalliance/contract';
import { badRequest } from '../../http/errors.ts';
import { newId } from '../../lib/ids.ts';
import { all, first } from '../health/plans/rows.ts';

/**
 * Report versions of a study. Version 1 is written, submitted, audited and
 * released; each revision adds the next version and marks it current, so the
 * earlier ones stay readable as they were. The current version with no
 * reported_at is the reader's draft.
 */

export async function reportRows(db: Kysely<any>, studyId: string): Promise<ImagingReport[]> {
  const rows = await all(
    db,
    db
      .selectFrom('img_reports as p')
      .leftJoin('users as ru', 'ru.id', 'p.reporter_id')
      .leftJoin('users as au', 'au.id', 'p.auditor_id')
      .select([
        'p.id as id',
        'p.version as version',
        'p.current as current',
        'p.template_id as templateId',
        'p.findings as findings',
        'p.impression as impression',
        'p.advice as advice',
        'p.method as method',
        'p.positive as positive',
        'p.reporter_id as reporterId',
        'ru.real_name as reporterName',
        'p.reported_at as reportedAt',
        'p.auditor_id as auditorId',
        'au.real_name as auditorName',
        'p.audited_at as auditedAt',
        'p.released_at as releasedAt',
      ])
      .where('p.study_id', '=', studyId)
      .orderBy('p.version', 'desc'),
  );
  const n = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return rows.map((r) => ({
    id: String(r.id),
    version: Number(r.version),
    current: Number(r.current) === 1,
    draft: r.reportedAt === null || r.reportedAt === undefined,
    templateId: r.templateId ?? null,
    findings: String(r.findings ?? ''),
    impression: String(r.impression ?? ''),
    advice: String(r.advice ?? ''),
    method: String(r.method ?? ''),
    positive: r.positive === null || r.positive === undefined ? null : Number(r.positive) === 1,
    reporterId: r.reporterId ?? null,
    reporterName: r.reporterName ?? null,
    reportedAt: n(r.reportedAt),
    auditorId: r.auditorId ?? null,
    auditorName: r.auditorName ?? null,
    auditedAt: n(r.auditedAt),
    releasedAt: n(r.releasedAt),
  }));
}

export interface CurrentReport {
  id: string;
  version: number;
  findings: string;
  impression: string;
  positive: number | null;
  reportedAt: number | null;
}

export async function currentReport(db: Kysely<any>, studyId: string): Promise<CurrentReport | null> {
  const r = await first(
    db,
    db
      .selectFrom('img_reports')
      .select(['id', 'version', 'findings', 'impression', 'positive', 'reported_at as reportedAt'])
      .where('study_id', '=', studyId)
      .where('current', '=', 1),
  );
  if (!r) return null;
  return {
    id: String(r.id),
    version: Number(r.version),
    findings: String(r.findings ?? ''),
    impression: String(r.impression ?? ''),
    positive: r.positive === null || r.positive === undefined ? null : Number(r.positive),
    reportedAt: r.reportedAt === null || r.reportedAt === undefined ? null : Number(r.reportedAt),
  };
}

/** The template must be one of the centre's (C's catalogue); null keeps none. */
export async function checkTemplate(db: Kysely<any>, centre: string, templateId: string | null | undefined): Promise<void> {
  if (!templateId) return;
  const t = await first(db, db.selectFrom('img_templates').select('id').where('id', '=', templateId).where('centre', '=', centre));
  if (!t) throw badRequest('imaging.badTemplate');
}

const values = (f: ImagingReportFields) => ({
  template_id: f.templateId ?? null,
  findings: f.findings,
  impression: f.impression,
  advice: f.advice,
  method: f.method,
  positive: f.positive === null || f.positive === undefined ? null : f.positive ? 1 : 0,
});

/**
 * Writes the current version's text (the draft, or the submitted report being
 * corrected after an audit return): updates the current row, or adds version 1.
 * `submitAt` set: the report is submitted by `reporterId` at that time.
 */
export async function writeCurrent(
  trx: Kysely<any>,
  studyId: string,
  f: ImagingReportFields,
  reporterId: string,
  submitAt: number | null,
): Promise<string> {
  const cur = await currentReport(trx, studyId);
  const submit = submitAt === null ? {} : { reporter_id: reporterId, reported_at: submitAt };
  if (cur) {
    await trx
      .updateTable('img_reports')
      .set({ ...values(f), ...submit })
      .where('id', '=', cur.id)
      .execute();
    return cur.id;
  }
  const id = newId();
  await trx
    .insertInto('img_reports')
    .values({ id, study_id: studyId, version: 1, current: 1, reporter_id: reporterId, reported_at: submitAt, ...values(f) })
    .execute();
  return id;
}

/** A revision: the next version, current and released at once; the earlier versions stay as they were. */
export async function addRevision(trx: Kysely<any>, studyId: string, f: ImagingReportFields, reporterId: string, at: number) {
  const max = await first<{ v: number }>(
    trx,
    trx
      .selectFrom('img_reports')
      .select((eb) => eb.fn.max('version').as('v'))
      .where('study_id', '=', studyId),
  );
  const version = Number(max?.v ?? 0) + 1;
  await trx.updateTable('img_reports').set({ current: 0 }).where('study_id', '=', studyId).execute();
  const id = newId();
  await trx
    .insertInto('img_reports')
    .values({ id, study_id: studyId, version, current: 1, reporter_id: reporterId, reported_at: at, released_at: at, ...values(f) })
    .execute();
  return { id, version };
}
