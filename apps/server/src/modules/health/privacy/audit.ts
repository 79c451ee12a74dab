import type { Kysely } from 'kysely';
import { now } from '../../../lib/clock.ts';
import { newId } from '../../../lib/ids.ts';

/**
 * The health audit log (issue 17, M12): every view of a resident's page, every
 * edit, export, print and reveal, with user, unit, record, reason, address and
 * time. Written in the caller's transaction when there is one.
 */
export type HealthAuditAction = 'view' | 'edit' | 'export' | 'print' | 'reveal';
export const HEALTH_AUDIT_ACTIONS: HealthAuditAction[] = ['view', 'edit', 'export', 'print', 'reveal'];

export async function recordHealthAudit(
  db: Kysely<any>,
  entry: {
    userId: string;
    orgId: string | null;
    action: HealthAuditAction;
    residentId: string | null;
    target?: string;
    reason?: string;
    ip?: string;
  },
): Promise<void> {
  await db
    .insertInto('health_audit_log')
    .values({
      id: newId(),
      user_id: entry.userId,
      org_id: entry.orgId,
      action: entry.action,
      resident_id: entry.residentId,
      target: entry.target?.slice(0, 200) ?? null,
      reason: entry.reason?.slice(0, 500) ?? null,
      ip: entry.ip?.slice(0, 64) ?? null,
      at: now(),
    })
    .execute();
}
