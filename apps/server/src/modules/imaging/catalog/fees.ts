import type { Kysely } from 'kysely';

export type FeeKind = 'diag' | 'apply';

/**
 * The fee schedule row of one kind in force at `at` for a centre's item: the
 * item's own row with the latest effective_from not after `at`, else the
 * centre's default row (item_id null) the same way, else none. An item row
 * wins over a newer default row: an item priced on purpose keeps its price
 * until the item itself is re-priced.
 */
export async function feeRowFor(
  db: Kysely<any>,
  centre: string,
  itemId: string | null,
  kind: FeeKind,
  at: number,
): Promise<{ id: string; amount: number; payerRule: string; effectiveFrom: number } | null> {
  const pick = (item: string | null) => {
    let q = db
      .selectFrom('img_fee_schedule')
      .select(['id', 'amount', 'payer_rule as payerRule', 'effective_from as effectiveFrom'])
      .where('centre', '=', centre)
      .where('kind', '=', kind)
      .where('effective_from', '<=', at);
    q = item === null ? q.where('item_id', 'is', null) : q.where('item_id', '=', item);
    return q.orderBy('effective_from', 'desc').orderBy('created_at', 'desc').limit(1).executeTakeFirst();
  };
  const row = (itemId ? await pick(itemId) : undefined) ?? (await pick(null));
  return row
    ? { id: String(row.id), amount: Number(row.amount), payerRule: String(row.payerRule), effectiveFrom: Number(row.effectiveFrom) }
    : null;
}

/**
 * The diagnosis and application fees (integer fen) in force at `at` for a
 * study of `centre` with item `itemId` (null: the default). A missing
 * schedule answers 0. Called by the studies module at release, which stamps
 * them on the study with fee_month, so fee statistics are grouped SUMs.
 */
export async function feesFor(
  db: Kysely<any>,
  centre: string,
  itemId: string | null,
  at: number,
): Promise<{ diagFee: number; applyFee: number }> {
  // Sequential: `db` may be a transaction holding one connection.
  const diag = await feeRowFor(db, centre, itemId, 'diag', at);
  const apply = await feeRowFor(db, centre, itemId, 'apply', at);
  return { diagFee: diag?.amount ?? 0, applyFee: apply?.amount ?? 0 };
}
