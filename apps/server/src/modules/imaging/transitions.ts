import { sql, type Kysely } from 'kysely';
import {
  IMAGING_TRANSITIONS,
  imagingMonth,
  imagingStageDue,
  imagingTransitionAllowed,
  maskName,
  type ImagingAction,
  type ImagingActionBody,
  type ImagingReportFields,
} from '@medalliance/contract';
import type { AppContext } from '../../context.ts';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors.ts';
import { translate } from '../../http/i18n.ts';
import { newId } from '../../lib/ids.ts';
import { pushStoredMessages, storeSystemMessages, type StoredMessages } from '../message/system-messages.ts';
import { findResident } from '../health/chronic/residents.ts';
import { addTimelineEntry } from '../health/records/timeline.ts';
import { all } from '../health/plans/rows.ts';
import { feesFor } from './catalog/fees.ts';
import { isReaderOf, readersOf, visibleCondition, type ImagingCaller } from './centres.ts';
import { imageCount } from './images.ts';
import { addRevision, checkTemplate, currentReport, writeCurrent } from './reports.ts';
import { actionAllowed, partiesOn, storedStudy, studyFor, type StoredStudy } from './studies.service.ts';
import { getImagingLimits } from './settings.ts';
import './messages.ts';

/**
 * The study state machine on the server (contract IMAGING_TRANSITIONS): the
 * caller's part on the study (applying side, centre reader, assigned reader,
 * auditor, director), the state, and the action's own conditions. The change
 * is one UPDATE conditioned on the status and version read, so of two readers
 * taking the same study exactly one wins and the other gets 409; each change
 * resets the stage deadline (SLA), adds an img_events row (who, when, why)
 * and tells the next party through the messages module after the commit.
 */

export interface ActResult {
  id: string;
  status: string;
  version: number;
}

const reportFilled = (f: { findings: string; impression: string }) => !!f.findings.trim() && !!f.impression.trim();

/** Who hears about the step an action leads to. */
async function recipients(db: Kysely<any>, s: StoredStudy, action: ImagingAction, body: ImagingActionBody): Promise<string[]> {
  const applicants = [s.registeredBy, s.applyDoctorId].filter((u): u is string => !!u);
  switch (action) {
    case 'uploadDone':
    case 'qcPass':
      return (await readersOf(db, s.centre)).filter((r) => r.rostered).map((r) => r.id);
    case 'qcReturn':
    case 'release':
    case 'revise':
      return applicants;
    case 'triage':
      return body.readerId ? [body.readerId] : [];
    case 'take':
      // A breached study taken over: its former reader hears of it.
      return s.readerId ? [s.readerId] : [];
    case 'submit':
    case 'sendAudit':
      return s.auditorId
        ? [s.auditorId]
        : body.auditorId
          ? [body.auditorId]
          : (await readersOf(db, s.centre)).filter((r) => r.rostered && r.id !== s.readerId).map((r) => r.id);
    case 'auditPass':
    case 'auditReturn':
      return s.readerId ? [s.readerId] : [];
    case 'cancel':
      return [...applicants, ...(s.readerId ? [s.readerId] : [])];
    default:
      return [];
  }
}

/** Takes one action on a study; answers its status and version afterwards. */
export async function act(
  ctx: AppContext,
  c: ImagingCaller,
  id: string,
  action: ImagingAction,
  body: ImagingActionBody,
  at: number,
): Promise<ActResult> {
  const db = ctx.db.withoutPlugins() as unknown as Kysely<any>;
  const s = await studyFor(db, c, id, at).catch(async (e: unknown) => {
    // A reader who lost the race for a study no longer sees it (it is someone else's now): that is a conflict, not a 404.
    if (action === 'take' && c.isReader && (await storedStudy(db, id))?.centre === c.centre) throw conflict('imaging.changedMeanwhile');
    throw e;
  });
  const rule = IMAGING_TRANSITIONS[action];
  const parties = partiesOn(c, s);
  if (body.version !== undefined && body.version !== s.version) throw conflict('imaging.changedMeanwhile');
  if (!imagingTransitionAllowed(action, s.status)) throw conflict('imaging.wrongState');
  if (!rule.parties.some((p) => parties.includes(p))) throw forbidden('imaging.notYourPart');
  if (!actionAllowed(c, s, action, at)) {
    // The state allows the action but not for this caller in this case (the take of a study someone owns, a late cancel…).
    throw action === 'take' ? conflict('imaging.wrongState') : forbidden('imaging.notYourPart');
  }
  if (rule.commentRequired && !body.comment.trim()) throw badRequest('imaging.commentRequired');

  const set: Record<string, unknown> = { status: rule.to, updated_at: at };
  const detail: Record<string, unknown> = {};
  let report: ImagingReportFields | null = null;
  switch (action) {
    case 'uploadDone':
      if ((await imageCount(db, id)) < 1) throw badRequest('imaging.noImages');
      set.uploaded_at = at;
      break;
    case 'qcPass':
      Object.assign(set, { qc_at: at, qc_by: c.userId });
      break;
    case 'qcReturn':
      if (!body.items.length) throw badRequest('imaging.itemsRequired');
      Object.assign(set, { qc_at: at, qc_by: c.userId });
      detail.items = body.items;
      break;
    case 'triage':
      if (!body.readerId) throw badRequest('imaging.readerRequired');
      if (!(await isReaderOf(db, c.centre, body.readerId))) throw badRequest('imaging.badReader');
      Object.assign(set, { reader_id: body.readerId, triaged_at: at });
      detail.readerId = body.readerId;
      break;
    case 'take':
      Object.assign(set, { reader_id: c.userId, triaged_at: at });
      if (s.readerId) detail.from = s.readerId;
      break;
    case 'start':
      set.read_started_at = at;
      break;
    case 'submit': {
      const cur = await currentReport(db, id);
      report = body.report ?? null;
      if (report) await checkTemplate(db, c.centre, report.templateId);
      if (!reportFilled(report ?? cur ?? { findings: '', impression: '' })) throw badRequest('imaging.reportRequired');
      set.reported_at = at;
      break;
    }
    case 'sendAudit':
      if (body.auditorId) {
        if (body.auditorId === s.readerId || !(await isReaderOf(db, c.centre, body.auditorId))) throw badRequest('imaging.badAuditor');
        set.auditor_id = body.auditorId;
        detail.auditorId = body.auditorId;
      }
      break;
    case 'auditPass':
    case 'auditReturn':
      if (s.readerId === c.userId) throw forbidden('imaging.reporterCannotAudit');
      Object.assign(set, { auditor_id: c.userId, audited_at: at });
      break;
    case 'release': {
      const fees = await feesFor(db, s.centre, s.itemId, at);
      Object.assign(set, {
        released_at: at,
        released_by: c.userId,
        diag_fee: fees.diagFee,
        apply_fee: fees.applyFee,
        fee_month: imagingMonth(at),
      });
      detail.fees = fees;
      break;
    }
    case 'revise':
      if (!body.report || !reportFilled(body.report)) throw badRequest('imaging.reportRequired');
      await checkTemplate(db, c.centre, body.report.templateId);
      report = body.report;
      break;
    case 'cancel':
      set.cancelled_at = at;
      break;
  }
  const limits = await getImagingLimits(db, s.centre);
  set.stage_due_at = imagingStageDue(limits, rule.to, s.priority, at);
  set.breached_at = null;
  set.reminded_at = null;
  set.version = s.version + 1;

  const to = (await recipients(db, s, action, body)).filter((u) => u !== c.userId);
  const resident = await findResident(db, s.residentId);
  let stored: StoredMessages | null = null;
  await ctx.db.transaction().execute(async (t) => {
    const trx = t.withoutPlugins() as unknown as Kysely<any>;
    if (action === 'submit') {
      if (report) await writeCurrent(trx, id, report, c.userId, at);
      else
        await trx
          .updateTable('img_reports')
          .set({ reporter_id: c.userId, reported_at: at })
          .where('study_id', '=', id)
          .where('current', '=', 1)
          .execute();
      const cur = await currentReport(trx, id);
      set.positive = cur?.positive ?? null;
    }
    if (action === 'auditPass' || action === 'auditReturn')
      await trx
        .updateTable('img_reports')
        .set({ auditor_id: c.userId, audited_at: at })
        .where('study_id', '=', id)
        .where('current', '=', 1)
        .execute();
    if (action === 'release')
      await trx.updateTable('img_reports').set({ released_at: at }).where('study_id', '=', id).where('current', '=', 1).execute();
    if (action === 'release' || action === 'revise') {
      // The resident's timeline shows the report in force (health records, issue 17).
      const cur = await currentReport(trx, id);
      await addTimelineEntry(trx, {
        residentId: s.residentId,
        kind: 'imaging',
        title: translate('zh', `imaging.timeline.${action}`, {
          centre: translate('zh', `imaging.centre.${s.centre}`),
          no: s.applyNo,
          impression: (action === 'revise' ? report?.impression : cur?.impression) ?? '',
        }),
        refModel: 'imaging',
        refId: id,
        at,
        orgId: s.applyOrgId,
      });
    }
    if (action === 'revise' && report) {
      const rev = await addRevision(trx, id, report, c.userId, at);
      detail.version = rev.version;
      set.positive = report.positive === null || report.positive === undefined ? null : report.positive ? 1 : 0;
    }
    const res = await trx
      .updateTable('img_studies')
      .set(set)
      .where('id', '=', id)
      .where('status', '=', s.status)
      .where('version', '=', s.version)
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) !== 1) throw conflict('imaging.changedMeanwhile');
    await trx
      .insertInto('img_events')
      .values({
        id: newId(),
        study_id: id,
        from_status: s.status,
        to_status: rule.to,
        action,
        actor_id: c.userId,
        at,
        comment: body.comment ? body.comment.slice(0, 1000) : null,
        detail: Object.keys(detail).length ? JSON.stringify(detail) : null,
      })
      .execute();
    if (to.length)
      stored = await storeSystemMessages(
        t,
        {
          toUserIds: to,
          title: translate('zh', `imaging.msg.${action}`, { no: s.applyNo, name: maskName(resident?.fullName ?? '') }),
          kind: 'imaging',
          body: { kind: 'imaging', centre: s.centre, id, action, status: rule.to },
          senderId: c.userId,
        },
        at,
      );
  });
  if (stored) pushStoredMessages(ctx, stored);
  return { id, status: rule.to, version: s.version + 1 };
}

/**
 * The reader takes the next study: of the unassigned studies they may take
 * (and the breached ones of other readers), the highest priority, then the
 * least time left. A lost race moves on to the next candidate.
 */
export async function takeNext(ctx: AppContext, c: ImagingCaller, at: number): Promise<ActResult> {
  if (!c.isReader) throw forbidden();
  const db = ctx.db.withoutPlugins() as unknown as Kysely<any>;
  const candidates = await all(
    db,
    db
      .selectFrom('img_studies as s')
      .select(['s.id as id', 's.version as version'])
      .where(visibleCondition(c, at))
      .where((eb) =>
        eb.or([
          eb.and([eb('s.status', '=', 'qc_passed'), eb('s.reader_id', 'is', null)]),
          eb.and([eb('s.status', 'in', ['triaged', 'reading']), eb('s.reader_id', '<>', c.userId), sql<boolean>`s.stage_due_at < ${at}`]),
        ]),
      )
      .orderBy('s.priority', 'desc')
      .orderBy('s.stage_due_at', 'asc')
      .orderBy('s.id')
      .limit(5),
  );
  for (const cand of candidates) {
    try {
      return await act(ctx, c, String(cand.id), 'take', { comment: '', items: [], version: Number(cand.version) }, at);
    } catch (e) {
      if ((e as { statusCode?: number }).statusCode !== 409) throw e;
    }
  }
  throw notFound('imaging.nothingToTake');
}

/** Saves the reader's draft (the current version's text) while reading. */
export async function saveDraft(ctx: AppContext, c: ImagingCaller, id: string, f: ImagingReportFields, at: number) {
  const db = ctx.db.withoutPlugins() as unknown as Kysely<any>;
  const s = await studyFor(db, c, id, at);
  if (!partiesOn(c, s).includes('reader') || (s.readerId !== c.userId && !c.isAdministrator)) throw forbidden('imaging.notYourPart');
  if (s.status !== 'reading') throw conflict('imaging.wrongState');
  await checkTemplate(db, c.centre, f.templateId);
  await ctx.db.transaction().execute(async (t) => {
    const trx = t.withoutPlugins() as unknown as Kysely<any>;
    await writeCurrent(trx, id, f, c.userId, null);
    await trx.updateTable('img_studies').set({ updated_at: at }).where('id', '=', id).execute();
  });
}
