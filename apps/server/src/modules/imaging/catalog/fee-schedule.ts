import { sql, type Kysely } from 'kysely';
import type { ImgFee, ImgFeeBody, ImgFeeInForce, ImgFeeKind, ImgPayerRule, ImagingCentre } from '@medalliance/contract';
import { badRequest, conflict, notFound } from '../../../http/errors.ts';
import { now } from '../../../lib/clock.ts';
import { newId } from '../../../lib/ids.ts';
import { first } from '../../health/plans/rows.ts';
import { feeRowFor } from './fees.ts';
import { itemOf } from './items.ts';
import { paged, type Paged } from './paging.ts';

/**
 * The fee schedule (img_fee_schedule): rows are history. A price change is a
 * new row with the date it takes effect; rows already in effect are never
 * edited or removed (released studies were stamped with them), rows still
 * in the future may be.
 */

/** Whether row `t` is the latest in effect at `at` for its centre, kind and item (or the default). */
const inForceSql = (at: number) => sql<number>`case when t.effective_from <= ${at} and not exists (
  select 1 from img_fee_schedule o
  where o.centre = t.centre and o.kind = t.kind and coalesce(o.item_id, '') = coalesce(t.item_id, '')
    and o.effective_from <= ${at}
    and (o.effective_from > t.effective_from or (o.effective_from = t.effective_from and o.created_at > t.created_at))
) then 1 else 0 end`;

const columns = (at: number) =>
  [
    't.id as id',
    't.centre as centre',
    't.item_id as itemId',
    'i.name as itemName',
    't.kind as kind',
    't.amount as amount',
    't.payer_rule as payerRule',
    't.effective_from as effectiveFrom',
    't.created_at as createdAt',
    inForceSql(at).as('inForce'),
  ] as const;

const toFee = (r: Record<string, unknown>): ImgFee => ({
  id: String(r.id),
  centre: r.centre as ImagingCentre,
  itemId: r.itemId == null ? null : String(r.itemId),
  itemName: r.itemName == null ? null : String(r.itemName),
  kind: r.kind as ImgFeeKind,
  amount: Number(r.amount),
  payerRule: r.payerRule as ImgPayerRule,
  effectiveFrom: Number(r.effectiveFrom),
  inForce: Number(r.inForce) === 1,
  createdAt: Number(r.createdAt),
});

export async function listFees(
  db: Kysely<any>,
  q: { centre: ImagingCentre; itemId?: string | undefined; kind: '' | ImgFeeKind; currentPage: number; pageSize: number },
): Promise<Paged<ImgFee>> {
  let base = db.selectFrom('img_fee_schedule as t').leftJoin('img_items as i', 'i.id', 't.item_id').where('t.centre', '=', q.centre);
  if (q.itemId === '-') base = base.where('t.item_id', 'is', null);
  else if (q.itemId) base = base.where('t.item_id', '=', q.itemId);
  if (q.kind) base = base.where('t.kind', '=', q.kind);
  const at = now();
  const rows = await paged(db, base, q, (qb) =>
    qb
      .select([...columns(at)])
      .orderBy(sql`case when t.item_id is null then 0 else 1 end`)
      .orderBy('i.sort_code')
      .orderBy('t.kind')
      .orderBy('t.effective_from', 'desc'),
  );
  return { ...rows, list: rows.list.map(toFee) };
}

async function feeById(db: Kysely<any>, id: string): Promise<ImgFee | null> {
  const r = await first(
    db,
    db
      .selectFrom('img_fee_schedule as t')
      .leftJoin('img_items as i', 'i.id', 't.item_id')
      .select([...columns(now())])
      .where('t.id', '=', id),
  );
  return r ? toFee(r) : null;
}

/** The fees in force at `at` for an item (or the default), with the rows they come from. */
export async function feesInForce(db: Kysely<any>, centre: ImagingCentre, itemId: string | null, at: number): Promise<ImgFeeInForce> {
  const diag = await feeRowFor(db, centre, itemId, 'diag', at);
  const apply = await feeRowFor(db, centre, itemId, 'apply', at);
  return {
    diagFee: diag?.amount ?? 0,
    applyFee: apply?.amount ?? 0,
    diag: diag ? await feeById(db, diag.id) : null,
    apply: apply ? await feeById(db, apply.id) : null,
  };
}

async function assertFee(db: Kysely<any>, body: ImgFeeBody, except: string | null) {
  if (body.itemId) {
    const i = await itemOf(db, body.itemId);
    if (!i || i.centre !== body.centre) throw badRequest('imgCatalog.badItem');
  }
  let q = db
    .selectFrom('img_fee_schedule')
    .select('id')
    .where('centre', '=', body.centre)
    .where('kind', '=', body.kind)
    .where('effective_from', '=', body.effectiveFrom);
  q = body.itemId ? q.where('item_id', '=', body.itemId) : q.where('item_id', 'is', null);
  if (except) q = q.where('id', '<>', except);
  if (await q.executeTakeFirst()) throw conflict('imgCatalog.feeDuplicate');
}

export async function createFee(db: Kysely<any>, body: ImgFeeBody, userId: string): Promise<string> {
  await assertFee(db, body, null);
  const id = newId();
  await db
    .insertInto('img_fee_schedule')
    .values({
      id,
      centre: body.centre,
      item_id: body.itemId,
      kind: body.kind,
      amount: body.amount,
      payer_rule: body.payerRule,
      effective_from: body.effectiveFrom,
      created_at: now(),
      created_by: userId,
    })
    .execute();
  return id;
}

/** Only a row not yet in effect changes; its new date must lie in the future too. */
export async function updateFee(db: Kysely<any>, id: string, body: ImgFeeBody): Promise<void> {
  const row = await feeById(db, id);
  if (!row || row.centre !== body.centre) throw notFound();
  const at = now();
  if (row.effectiveFrom <= at || body.effectiveFrom <= at) throw conflict('imgCatalog.feeInEffect');
  await assertFee(db, body, id);
  await db
    .updateTable('img_fee_schedule')
    .set({ item_id: body.itemId, kind: body.kind, amount: body.amount, payer_rule: body.payerRule, effective_from: body.effectiveFrom })
    .where('id', '=', id)
    .execute();
}

export async function removeFee(db: Kysely<any>, id: string): Promise<void> {
  const row = await feeById(db, id);
  if (!row) throw notFound();
  if (row.effectiveFrom <= now()) throw conflict('imgCatalog.feeInEffect');
  await db.deleteFrom('img_fee_schedule').where('id', '=', id).execute();
}
