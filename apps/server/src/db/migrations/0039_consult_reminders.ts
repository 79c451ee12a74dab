import type { Kysely } from 'kysely';

/**
 * Consultation time limits are reminded, not only flagged (issue 19 follow-up):
 * reminded_state is the state a late reminder was sent for, so each late step
 * (待审批 past its approval limit, 已会诊 without an opinion past its limit) is
 * reminded once, and a later step that runs late is reminded again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('consult_requests').addColumn('reminded_state', 'varchar(16)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('consult_requests').dropColumn('reminded_state').execute();
}
