import type { Kysely } from 'kysely';
import { onResidentTransferred, type ResidentTransferEvent } from '../records/transfer-events.ts';
import { all } from '../plans/rows.ts';
import { TB_TABLE, tbHistory } from './cases.service.ts';

/**
 * A confirmed transfer moves, in its transaction, the residents' open TB cases
 * (待入户, 治疗管理中) to the new unit and doctor; closed cases stay with the unit
 * that managed them. Open plans move for every programme in chronic/transfer.ts.
 */
export async function moveTb(
  db: Kysely<any>,
  e: Pick<ResidentTransferEvent, 'residentIds' | 'toOrgId' | 'toDoctorId' | 'userId' | 'at' | 'transferId'>,
) {
  for (let i = 0; i < e.residentIds.length; i += 500) {
    const ids = e.residentIds.slice(i, i + 500);
    const rows = await all(db, db.selectFrom(TB_TABLE).select(['id', 'org_id']).where('resident_id', 'in', ids).where('state', '<', 2));
    if (!rows.length) continue;
    await db
      .updateTable(TB_TABLE)
      .set({ org_id: e.toOrgId, doctor_id: e.toDoctorId, updated_at: e.at })
      .where(
        'id',
        'in',
        rows.map((r) => String(r.id)),
      )
      .execute();
    for (const r of rows)
      await tbHistory(db, {
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
export function registerTbTransfer(): void {
  if (registered) return;
  registered = true;
  onResidentTransferred((e) => moveTb(e.db, e));
}
