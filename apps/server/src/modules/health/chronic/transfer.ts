import type { Kysely } from 'kysely';
import { onResidentTransferred, type ResidentTransferEvent } from '../records/transfer-events.ts';
import { recordStateChange } from '../records/state-history.ts';
import { moveOpenPlans } from '../plans/plans.service.ts';
import { all } from '../plans/rows.ts';

/**
 * A confirmed transfer (E's records/transfers) moves, in its transaction, the
 * residents' chronic enrolments to the new unit and doctor and their open plans
 * (not visited, window not closed) with them; visited and overdue plans stay
 * with the unit that had them.
 */
export async function moveChronic(
  db: Kysely<any>,
  e: Pick<ResidentTransferEvent, 'residentIds' | 'toOrgId' | 'toDoctorId' | 'userId' | 'at' | 'transferId'>,
) {
  if (!e.residentIds.length) return;
  for (let i = 0; i < e.residentIds.length; i += 500) {
    const ids = e.residentIds.slice(i, i + 500);
    const rows = await all(
      db,
      db.selectFrom('health_chronic_enrolments').select(['id', 'org_id', 'doctor_id']).where('resident_id', 'in', ids),
    );
    const set = { org_id: e.toOrgId, doctor_id: e.toDoctorId, updated_at: e.at };
    await db.updateTable('health_chronic_enrolments').set(set).where('resident_id', 'in', ids).execute();
    for (const r of rows)
      await recordStateChange(db, {
        entity: 'chronicEnrolment',
        entityId: String(r.id),
        field: 'orgId',
        oldValue: (r.org_id as string | null) ?? null,
        newValue: e.toOrgId,
        reason: `transfer ${e.transferId}`,
        userId: e.userId,
      });
  }
  await moveOpenPlans(db, e.residentIds, e.toOrgId, e.toDoctorId, e.at);
}

let registered = false;
export function registerChronicTransfer(): void {
  if (registered) return;
  registered = true;
  onResidentTransferred((e) => moveChronic(e.db, e));
}
