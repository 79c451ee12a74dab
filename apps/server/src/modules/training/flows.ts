import type { Kysely } from 'kysely';
import { FlowStatus } from '@medalliance/contract';
import type { Db } from '../../db/connection.ts';
import { badRequest } from '../../http/errors.ts';
import { all, first } from '../health/plans/rows.ts';
import { num, raw } from './common.ts';

/**
 * What the training records need from the workflow engine: the seeded flow
 * to start, the caller's open task on an instance (so a page can approve or
 * reject through the engine's own actions), and who decided with what words.
 */

export async function flowIdOf(db: Kysely<any>, enCode: string): Promise<string> {
  const row = await first(db, db.selectFrom('flow_definitions').select('id').where('en_code', '=', enCode).where('enabled_mark', '=', 1));
  if (!row) throw badRequest('training.flowMissing');
  return String(row.id);
}

/** instance id → the caller's waiting task on it. */
export async function openTasks(db: Kysely<any>, instanceIds: string[], userId: string): Promise<Map<string, string>> {
  if (!instanceIds.length) return new Map();
  const rows = await all(
    db,
    db
      .selectFrom('flow_tasks')
      .select(['id', 'instance_id'])
      .where('instance_id', 'in', instanceIds)
      .where('handler_id', '=', userId)
      .where('status', '=', 1),
  );
  return new Map(rows.map((r) => [String(r.instance_id), String(r.id)]));
}

/** Instances where the caller has a waiting task, for a "to approve" list filtered in SQL. */
export const todoInstances = (db: Kysely<any>, userId: string) =>
  db.selectFrom('flow_tasks').select('instance_id').where('handler_id', '=', userId).where('status', '=', 1);

/** The instance of a record and its last approve/reject record: who decided, with which opinion. */
export async function decisionOf(db: Db, kind: string, recordId: string) {
  const r = raw(db);
  const inst = await first(
    r,
    r
      .selectFrom('flow_instances')
      .select('id')
      .where('form_kind', '=', kind)
      .where('record_id', '=', recordId)
      .orderBy('started_at', 'desc')
      .limit(1),
  );
  if (!inst) return null;
  const rec = await first(
    r,
    r
      .selectFrom('flow_records')
      .select(['actor_id', 'opinion', 'created_at'])
      .where('instance_id', '=', inst.id)
      .orderBy('seq', 'desc')
      .limit(1),
  );
  return {
    instanceId: String(inst.id),
    actorId: rec ? String(rec.actor_id) : null,
    opinion: rec?.opinion ? String(rec.opinion) : null,
    at: num(rec?.created_at),
  };
}

/** The record's status for an engine state: pending while waiting, then the engine's verdict. */
export function statusOfFlow(state: FlowStatus, revoked: string): string {
  if (state === FlowStatus.adopted) return 'approved';
  if (state === FlowStatus.rejected) return 'rejected';
  if (state === FlowStatus.revoked || state === FlowStatus.cancelled) return revoked;
  return 'pending';
}
