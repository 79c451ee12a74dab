import type { Kysely } from 'kysely';
import { onResidentTransferred, type ResidentTransferEvent } from '../records/transfer-events.ts';
import { all } from '../plans/rows.ts';
import { CHILD_TABLE, childHistory } from './records.service.ts';

/**
 * A confirmed archive transfer moves, in its transaction, the children's
 * records to the new unit and doctor (kept in the record's history). Their
 * open plans move with every programme's in chronic/transfer.ts (moveOpenPlans),
 * so they are not moved twice here.
 */
export async function moveChildren(
  db: Kysely<any>,
  e: Pick<ResidentTransferEvent, 'residentIds' | 'toOrgId' | 'toDoctorId' | 'userId' | 'at' | 'transferId'>,
) {
  for (let i = 0; i < e.residentIds.length; i += 500) {
    const ids = e.residentIds.slice(i, i + 500);
    const rows = await all(db, db.selectFrom(CHILD_TABLE).select(['id', 'org_id']).where('resident_id', 'in', ids));
    if (!rows.length) continue;
    await db
      .updateTable(CHILD_TABLE)
      .set({ org_id: e.toOrgId, doctor_id: e.toDoctorId, updated_at: e.at })
      .where('resident_id', 'in', ids)
      .execute();
    for (const r of rows)
      await childHistory(db, {
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
export function registerChildTransfer(): void {
  if (registered) return;
  registered = true;
  onResidentTransferred((e) => moveChildren(e.db, e));
}
