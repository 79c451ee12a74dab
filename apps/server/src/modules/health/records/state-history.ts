import type { Kysely } from 'kysely';
import { now } from '../../../lib/clock.ts';
import { newId } from '../../../lib/ids.ts';

/**
 * Every state change and changed due date of the health module, with its old
 * and new value, reason, user and time (issue 17: "kept as history").
 */
export async function recordStateChange(
  db: Kysely<any>,
  e: {
    entity: string;
    entityId: string;
    field: string;
    oldValue: string | null;
    newValue: string | null;
    reason?: string | null;
    userId: string | null;
  },
): Promise<void> {
  await db
    .insertInto('health_state_history')
    .values({
      id: newId(),
      entity: e.entity,
      entity_id: e.entityId,
      field: e.field,
      old_value: e.oldValue,
      new_value: e.newValue,
      reason: e.reason?.slice(0, 500) ?? null,
      user_id: e.userId,
      at: now(),
    })
    .execute();
}

export async function stateHistory(db: Kysely<any>, entity: string, entityId: string) {
  const rows = await db
    .selectFrom('health_state_history as h')
    .leftJoin('users as u', 'u.id', 'h.user_id')
    .select([
      'h.id',
      'h.field',
      'h.old_value as oldValue',
      'h.new_value as newValue',
      'h.reason',
      'h.user_id as userId',
      'u.real_name as realName',
      'h.at',
    ])
    .where('h.entity', '=', entity)
    .where('h.entity_id', '=', entityId)
    .orderBy('h.at', 'desc')
    .orderBy('h.id', 'desc')
    .limit(500)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    field: r.field,
    oldValue: r.oldValue,
    newValue: r.newValue,
    reason: r.reason,
    userId: r.userId,
    userName: r.realName ?? null,
    at: Number(r.at),
  }));
}
