import type { Kysely } from 'kysely';
import { newId } from '../../../lib/ids.ts';

/**
 * One timeline per resident of everything recorded for them (archive changes,
 * follow-ups, later referrals, examinations, contracts), newest first. Every
 * module adds its entries in the transaction of the write they describe.
 */
export async function addTimelineEntry(
  db: Kysely<any>,
  e: { residentId: string; kind: string; title: string; refModel?: string; refId?: string; at: number; orgId?: string | null },
): Promise<void> {
  await db
    .insertInto('health_timeline')
    .values({
      id: newId(),
      resident_id: e.residentId,
      kind: e.kind.slice(0, 32),
      title: e.title.slice(0, 500),
      ref_model: e.refModel ?? null,
      ref_id: e.refId ?? null,
      at: e.at,
      org_id: e.orgId ?? null,
    })
    .execute();
}

export interface TimelineEntry {
  id: string;
  kind: string;
  title: string;
  refModel: string | null;
  refId: string | null;
  at: number;
  orgId: string | null;
}

/** A resident's timeline, newest first, paged. */
export async function listTimeline(db: Kysely<any>, residentId: string, currentPage: number, pageSize: number) {
  const rows = await db
    .selectFrom('health_timeline')
    .select(['id', 'kind', 'title', 'ref_model as refModel', 'ref_id as refId', 'at', 'org_id as orgId'])
    .where('resident_id', '=', residentId)
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(pageSize)
    .offset((currentPage - 1) * pageSize)
    .execute();
  const total = await db
    .selectFrom('health_timeline')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('resident_id', '=', residentId)
    .executeTakeFirst();
  const list: TimelineEntry[] = rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    title: r.title,
    refModel: r.refModel,
    refId: r.refId,
    at: Number(r.at),
    orgId: r.orgId,
  }));
  return { list, pagination: { currentPage, pageSize, total: Number(total?.n ?? 0) } };
}
