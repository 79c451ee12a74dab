import type { Kysely } from 'kysely';
import { MAT_OPEN_STATES } from '@medalliance/contract';
import { onResidentTransferred, type ResidentTransferEvent } from '../records/transfer-events.ts';
import { recordStateChange } from '../records/state-history.ts';
import { all } from '../plans/rows.ts';
import { TABLE } from './pregnancy.service.ts';

/**
 * A confirmed transfer moves, in its transaction, the residents' open
 * pregnancies (not 结案 / 迁出) to the new unit and doctor; ended ones stay
 * with the unit that managed them (their KPIs). The open plans move with every
 * programme's (chronic/transfer.ts moveOpenPlans), so not here.
 */
export async function moveMaternal(
  db: Kysely<any>,
  e: Pick<ResidentTransferEvent, 'residentIds' | 'toOrgId' | 'toDoctorId' | 'userId' | 'at' | 'transferId'>,
) {
  for (let i = 0; i < e.residentIds.length; i += 500) {
    const ids = e.residentIds.slice(i, i + 500);
    const rows = await all(
      db,
      db.selectFrom(TABLE).select(['id', 'org_id']).where('resident_id', 'in', ids).where('state', 'in', MAT_OPEN_STATES),
    );
    if (!rows.length) continue;
    await db
      .updateTable(TABLE)
      .set({ org_id: e.toOrgId, doctor_id: e.toDoctorId, updated_at: e.at })
      .where(
        'id',
        'in',
        rows.map((r) => String(r.id)),
      )
      .execute();
    for (const r of rows)
      await recordStateChange(db, {
        entity: 'matPregnancy',
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
export function registerMaternalTransfer(): void {
  if (registered) return;
  registered = true;
  onResidentTransferred((e) => moveMaternal(e.db, e));
}
