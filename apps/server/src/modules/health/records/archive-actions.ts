import type { Kysely } from 'kysely';
import type { AppContext } from '../../../context.ts';
import { RESIDENT_TABLE } from '../../../db/seed/health/records-models.ts';
import { badRequest, conflict } from '../../../http/errors.ts';
import { now } from '../../../lib/clock.ts';
import type { SessionInfo } from '../../oauth/sessions.service.ts';
import { recordHealthAudit } from '../privacy/audit.ts';
import { callerUnit, type HealthScope } from '../privacy/scope.ts';
import { nextArchiveState, type ArchiveAction } from './resident-rules.ts';
import { residentRow } from './residents.service.ts';
import { recordStateChange } from './state-history.ts';
import { addTimelineEntry } from './timeline.ts';

/**
 * Archive state and audit actions (issue 17, M1): 草稿 → 正常 → 已注销 (with
 * reason) and back, and the three-level audit (each level cancellable or
 * returned). One guarded UPDATE (the state read is the state written from), a
 * state-history line per changed field, a timeline line and an edit audit entry,
 * in one transaction.
 */
export async function archiveAction(
  ctx: AppContext,
  session: SessionInfo,
  scope: HealthScope,
  id: string,
  action: ArchiveAction,
  body: { reason?: string; cancelReason?: string },
  ip?: string,
): Promise<{ archiveState: number; auditLevel: number }> {
  const reason = (body.reason ?? '').trim();
  if (action === 'cancel' && !body.cancelReason) throw badRequest('health.resident.cancelReasonRequired');
  if ((action === 'returnAudit' || action === 'cancelAudit' || action === 'restore') && !reason)
    throw badRequest('health.resident.reasonRequired');
  const { orgId } = await callerUnit(ctx, session.userId);
  return ctx.db.transaction().execute(async (trx) => {
    const db = trx.withoutPlugins() as unknown as Kysely<any>;
    const row = await residentRow(ctx, scope, id, db);
    const state = Number(row.archiveState ?? 0);
    const level = Number(row.auditLevel ?? 0);
    const next = nextArchiveState(state, level, action);
    if (!next) throw conflict('health.resident.badTransition');
    const at = now();
    const set: Record<string, unknown> = {
      archiveState: next.archiveState,
      auditLevel: next.auditLevel,
      last_modify_user_id: session.userId,
      last_modify_time: at,
    };
    if (action === 'cancel') set.cancelReason = body.cancelReason;
    if (action === 'restore') set.cancelReason = null;
    const res = await db
      .updateTable(RESIDENT_TABLE)
      .set(set)
      .where('id', '=', id)
      .where('archiveState', '=', state)
      .where('auditLevel', '=', level)
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) !== 1) throw conflict('health.resident.badTransition');
    const historyReason = action === 'cancel' ? [body.cancelReason, reason].filter(Boolean).join(' ') : reason || null;
    if (next.archiveState !== state)
      await recordStateChange(db, {
        entity: 'resident',
        entityId: id,
        field: 'archiveState',
        oldValue: String(state),
        newValue: String(next.archiveState),
        reason: historyReason,
        userId: session.userId,
      });
    if (next.auditLevel !== level)
      await recordStateChange(db, {
        entity: 'resident',
        entityId: id,
        field: 'auditLevel',
        oldValue: String(level),
        newValue: String(next.auditLevel),
        reason: historyReason,
        userId: session.userId,
      });
    await addTimelineEntry(db, {
      residentId: id,
      kind: 'archive',
      title: `archive.${action}`,
      refModel: 'healthResident',
      refId: id,
      at,
      orgId: row.manageOrgId,
    });
    await recordHealthAudit(db, {
      userId: session.userId,
      orgId,
      action: 'edit',
      residentId: id,
      target: action,
      reason: historyReason ?? undefined,
      ip,
    });
    return next;
  });
}
