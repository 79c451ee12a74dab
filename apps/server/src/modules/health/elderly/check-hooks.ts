import { sql, type Kysely } from 'kysely';
import {
  computeBmi,
  DAY_MS,
  elderlyEligibleIn,
  SCREEN_POSITIVE,
  selfCareBand,
  selfCareTotal,
  startOfUtcDay,
  yearOf,
} from '@medalliance/contract';
import { ELDERLY_CHECK_MODEL, ELDERLY_CHECK_TABLE } from '../../../db/seed/health/elderly-models.ts';
import { badRequest, forbidden } from '../../../http/errors.ts';
import { now } from '../../../lib/clock.ts';
import { registerRecordHooks, type RecordHookContext, type RecordHooks } from '../../visualdev/record-hooks.ts';
import { residentInScope, type ResidentFacts } from '../chronic/residents.ts';
import { recordHealthAudit } from '../privacy/audit.ts';
import { healthScope, orgInScope } from '../privacy/scope.ts';
import { all, first } from '../plans/rows.ts';
import { addTimelineEntry } from '../records/timeline.ts';
import './messages.ts';

/**
 * The rules of the elderly annual check (issue 18, M8), run inside the write
 * of an oldHealthCheck record, whichever screen or API writes it:
 * before the row: the resident in the caller's scope, not cancelled, 65 or
 * older during the check's year, one check per resident and year; the check
 * date (not in the future) and its year; the self-care total and band from the
 * five items; BMI; the unit and doctor;
 * after the row: the resident's last-check row (health_old_last, what the
 * worklists read), a timeline entry and an audit entry;
 * before a delete: scope, and the last-check rows recomputed without the
 * deleted checks.
 */

const BAND_NAME: Record<string, string> = { '1': '可自理', '2': '轻度依赖', '3': '中度依赖', '4': '不能自理' };

const pending = new WeakMap<Record<string, unknown>, ResidentFacts>();

/** Recomputes a resident's last-check row from their checks (none left: the row goes). */
export async function refreshLastCheck(db: Kysely<any>, residentId: string, exceptIds: string[] = []): Promise<void> {
  let q = db
    .selectFrom(ELDERLY_CHECK_TABLE)
    .select(['id', 'checkDate', 'checkYear', 'selfCareScore', 'selfCareBand', 'cognition', 'emotion'])
    .where('residentId', '=', residentId)
    .orderBy('checkDate', 'desc')
    .orderBy('id', 'desc')
    .limit(1);
  if (exceptIds.length) q = q.where('id', 'not in', exceptIds);
  const latest = await first(db, q);
  await db.deleteFrom('health_old_last').where('resident_id', '=', residentId).execute();
  if (!latest) return;
  const n = (v: unknown) => (v === null || v === undefined || v === '' ? null : Number(v));
  await db
    .insertInto('health_old_last')
    .values({
      resident_id: residentId,
      check_id: String(latest.id),
      check_date: Number(latest.checkDate),
      check_year: Number(latest.checkYear),
      self_care_score: n(latest.selfCareScore),
      self_care_band: (latest.selfCareBand as string | null) ?? null,
      cognition: (latest.cognition as string | null) ?? null,
      emotion: (latest.emotion as string | null) ?? null,
      updated_at: now(),
    })
    .execute();
}

export const checkHooks: RecordHooks = {
  async beforeSave(h: RecordHookContext, data: Record<string, unknown>, id: string | null) {
    const scope = await healthScope(h.ctx, h.session, h.db);
    if (id) {
      const stored = await first(h.db, h.db.selectFrom(ELDERLY_CHECK_TABLE).select(['residentId']).where('id', '=', id));
      if (stored && stored.residentId !== data.residentId) throw badRequest('elderly.residentChanged');
    }
    const resident = await residentInScope(h.db, scope, String(data.residentId ?? ''));
    if (resident.archiveState === 2) throw badRequest('elderly.archiveCancelled');
    // A date picker sends the chosen day's local midnight: the nearest UTC midnight is that day in every zone.
    const checkDate = Math.round(Number(data.checkDate) / DAY_MS) * DAY_MS;
    // One day of slack: "today" east of UTC is already tomorrow in UTC.
    if (!Number.isFinite(checkDate) || checkDate > startOfUtcDay(now()) + DAY_MS) throw badRequest('elderly.futureDate');
    const checkYear = yearOf(checkDate);
    if (!elderlyEligibleIn(resident.birthDate, checkYear)) throw badRequest('elderly.notEligible', { year: checkYear });
    let other = h.db.selectFrom(ELDERLY_CHECK_TABLE).select('id').where('residentId', '=', resident.id).where('checkYear', '=', checkYear);
    if (id) other = other.where('id', '<>', id);
    if (await other.executeTakeFirst()) throw badRequest('elderly.alreadyChecked', { year: checkYear });
    const total = selfCareTotal(data);
    if (total === null) throw badRequest('elderly.selfCareRequired');
    for (const k of ['cognition', 'emotion'])
      if (!['1', SCREEN_POSITIVE].includes(String(data[k] ?? ''))) throw badRequest('elderly.screenRequired', { field: k });
    data.checkDate = checkDate;
    data.checkYear = checkYear;
    data.selfCareScore = total;
    data.selfCareBand = selfCareBand(total);
    data.bmi = computeBmi(data.weightKg, data.heightCm ?? resident.heightCm);
    data.manageOrgId = resident.manageOrgId;
    if (!data.doctorId) data.doctorId = h.session.userId;
    pending.set(data, resident);
  },

  async afterSave(h: RecordHookContext, id: string, data: Record<string, unknown>, created: boolean) {
    const resident = pending.get(data);
    if (!resident) return;
    pending.delete(data);
    await refreshLastCheck(h.db, resident.id);
    const screens = [data.cognition === SCREEN_POSITIVE ? '认知粗筛阳性' : '', data.emotion === SCREEN_POSITIVE ? '情感粗筛阳性' : '']
      .filter(Boolean)
      .join('，');
    await addTimelineEntry(h.db, {
      residentId: resident.id,
      kind: ELDERLY_CHECK_MODEL,
      title: `老年人健康体检${created ? '' : '（修改）'}：自理能力${BAND_NAME[String(data.selfCareBand)] ?? ''}（${data.selfCareScore}分）${screens ? `，${screens}` : ''}`,
      refModel: ELDERLY_CHECK_MODEL,
      refId: id,
      at: Number(data.checkDate),
      orgId: resident.manageOrgId,
    });
    const user = await first(h.db, h.db.selectFrom('users').select('organize_id').where('id', '=', h.session.userId));
    await recordHealthAudit(h.db, {
      userId: h.session.userId,
      orgId: (user?.organize_id as string | null) ?? null,
      action: 'edit',
      residentId: resident.id,
      target: `${ELDERLY_CHECK_MODEL}:${id}`,
    });
  },

  async beforeDelete(h: RecordHookContext, ids: string[]) {
    const scope = await healthScope(h.ctx, h.session, h.db);
    // The checks belong to the resident: deletable where the resident is managed now.
    const rows = await all(
      h.db,
      h.db
        .selectFrom(`${ELDERLY_CHECK_TABLE} as c`)
        .leftJoin('lc_health_resident as r', 'r.id', 'c.residentId')
        .select(['c.id as id', 'c.residentId as resident', sql.ref('r.manageOrgId').as('org')])
        .where('c.id', 'in', ids),
    );
    for (const r of rows) if (!orgInScope(scope, (r.org as string | null) ?? null)) throw forbidden();
    for (const residentId of new Set(rows.map((r) => String(r.resident)))) await refreshLastCheck(h.db, residentId, ids);
  },
};

/** Registers the check rules on the model (idempotent). */
export function registerCheckHooks(): void {
  registerRecordHooks(ELDERLY_CHECK_MODEL, checkHooks);
}
