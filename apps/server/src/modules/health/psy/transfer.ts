import type { Kysely } from 'kysely';
import { onResidentTransferred, type ResidentTransferEvent } from '../records/transfer-events.ts';
import { recordStateChange } from '../records/state-history.ts';
import { all } from '../plans/rows.ts';
import { ENROLMENTS } from './enrolment.service.ts';

/**
 * A confirmed transfer moves, in its transaction, the residents' enrolments of
 * this programme to the new unit and doctor (kept in the state history). Their
 * open plans move with every programme's in the chronic listener (moveOpenPlans),
 * so not here again.
 */
export async function movePsy(
  db: Kysely<any>,
  e: Pick<ResidentTransferEvent, 'residentIds' | 'toOrgId' | 'toDoctorId' | 'userId' | 'at' | 'transferId'>,
) {
  for (let i = 0; i < e.residentIds.length; i += 500) {
    const ids = e.residentIds.slice(i, i + 500);
    const rows = await all(db, db.selectFrom(ENROLMENTS).select(['id', 'org_id']).where('resident_id', 'in', ids));
    if (!rows.length) continue;
    await db
      .updateTable(ENROLMENTS)
      .set({ org_id: e.toOrgId, doctor_id: e.toDoctorId, updated_at: e.at })
      .where('resident_id', 'in', ids)
      .execute();
    for (const r of rows)
      await recordStateChange(db, {
        entity: 'psyEnrolment',
        entityId: String(r.id),
        field: 'orgId',
        oldValue: (r.org_id as string | null) ?? null,
        newValue: e.toOrgId,
        reason: `transfer ${e.transferId}`,
        userId: e.userId,
      });
  }
}

let registered = false;
export function registerPsyTransfer(): void {
  if (registered) return;
  registered = true;
  onResidentTransferred((e) => movePsy(e.db, e));
}
