import type { Kysely } from 'kysely';

/**
 * (1) The worklists by state (待我接收 and the others: status, then the
 * waiting time): their count joins every waiting referral to its resident; with
 * resident_id in the index the count runs on the index alone (at 1,000,000
 * referrals, 20,000 waiting for an answer, it read 20,000 table rows per page).
 * It takes over referrals_status_since (same leading columns).
 *
 * (2) The referral statistics (modules/referral/stats.ts) at county scale
 * (bench/referral.ts, 1,000,000 referrals): every grouped statement reads the
 * submitted referrals of a month range by sending unit. With only
 * referrals_from_month (from_unit_id, submit_month) SQLite read each matching
 * row from the table, and the reasons statement scanned the whole table. This
 * index holds every column those statements (and the scope condition `visible`)
 * read, so they run on the index alone. It starts with the same two columns,
 * so it takes over referrals_from_month, which goes (one index less to write).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('referrals_status_since_resident').on('referrals').columns(['status', 'step_since', 'resident_id']).execute();
  await db.schema.dropIndex('referrals_status_since').ifExists().execute();
  await db.schema
    .createIndex('referrals_unit_month_stats')
    .on('referrals')
    .columns([
      'from_unit_id',
      'submit_month',
      'to_unit_id',
      'direction',
      'reason_code',
      'status',
      'arrived',
      'approved_at',
      'submitted_at',
      'answered_at',
    ])
    .execute();
  await db.schema.dropIndex('referrals_from_month').ifExists().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('referrals_from_month').ifNotExists().on('referrals').columns(['from_unit_id', 'submit_month']).execute();
  await db.schema.dropIndex('referrals_unit_month_stats').ifExists().execute();
  await db.schema.createIndex('referrals_status_since').ifNotExists().on('referrals').columns(['status', 'step_since']).execute();
  await db.schema.dropIndex('referrals_status_since_resident').ifExists().execute();
}
