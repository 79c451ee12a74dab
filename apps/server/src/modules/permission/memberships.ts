import { USER_LIST_MAX_PAGE_SIZE } from '@medalliance/contract';
import type { AppContext } from '../../context.ts';
import { compileWithParams, type CompiledQuery } from '../../db/prepared.ts';
import { sharedCache } from '../../lib/shared-caches.ts';

/** One position or role a user holds. */
export interface Membership {
  objectType: 'Position' | 'Role';
  objectId: string;
}

/**
 * The positions and roles of each user (ids in their sort order), kept per user
 * for a few seconds. The users list shows them on every row, and reading them
 * was a third of a list call's server CPU (SQLite, a page of 20, alternating
 * runs: 1046/933 → 582/649 µs per call). For display only: access
 * decisions read memberships through the grants, never from here.
 *
 * Every writer of a user's positions or roles calls `invalidateMemberships(ctx,
 * userId)`, which drops that user on every server process (sharedCache); a
 * process that cannot hear of writes (no Redis, no cluster relay) shows them
 * within MEMBERSHIP_TTL_MS.
 */
const MEMBERSHIP_TTL_MS = 5_000;
/** Bound on the users kept per database: past it the entries start over. */
const MAX_USERS = 50_000;

interface Entry {
  at: number;
  held: Membership[];
}

const cache = new WeakMap<AppContext['db'], Map<string, Entry>>();
// Bumped by every invalidation, so a read that was under way during a write is not kept.
const generation = new WeakMap<AppContext['db'], number>();

export const invalidateMemberships = sharedCache('memberships', (ctx, userId) => {
  if (userId === null) cache.delete(ctx.db);
  else cache.get(ctx.db)?.delete(userId);
  generation.set(ctx.db, (generation.get(ctx.db) ?? 0) + 1);
});

/** Positions and roles of each of `userIds` (every id is a key; users with none map to []). */
export async function membershipsOf(ctx: AppContext, userIds: readonly string[]): Promise<Map<string, Membership[]>> {
  let perDb = cache.get(ctx.db);
  if (!perDb) cache.set(ctx.db, (perDb = new Map()));
  const now = Date.now();
  const out = new Map<string, Membership[]>();
  const missing: string[] = [];
  for (const id of userIds) {
    const hit = perDb.get(id);
    if (hit && now - hit.at < MEMBERSHIP_TTL_MS) out.set(id, hit.held);
    else if (!out.has(id)) {
      out.set(id, []);
      missing.push(id);
    }
  }
  if (!missing.length) return out;

  const before = generation.get(ctx.db) ?? 0;
  const rows = await readMemberships(ctx, missing);
  for (const r of rows) out.get(r.userId)!.push({ objectType: r.objectType, objectId: r.objectId });
  if ((generation.get(ctx.db) ?? 0) === before) {
    if (perDb.size + missing.length > MAX_USERS) perDb.clear();
    for (const id of missing) perDb.set(id, { at: now, held: out.get(id)! });
  }
  return out;
}

interface Row extends Membership {
  userId: string;
}

/**
 * The query for n users, by user and kind (the covering user_relations_user_sorted
 * index), compiled once per n up to a page's largest size: a list asks with its
 * page size, so this is one or two statements; exports of more users build
 * theirs each time.
 */
const queries = new WeakMap<AppContext['db'], Map<number, CompiledQuery<string[], Row>>>();

function readMemberships(ctx: AppContext, userIds: string[]): Promise<Row[]> {
  let perDb = queries.get(ctx.db);
  if (!perDb) queries.set(ctx.db, (perDb = new Map()));
  let query = perDb.get(userIds.length);
  if (!query) {
    query = compileWithParams<string[], Row>(ctx.db, (db, p) =>
      db
        .selectFrom('userRelations')
        .select(['userId', 'objectType', 'objectId'])
        .where(
          'userId',
          'in',
          userIds.map((_, i) => p(i)),
        )
        .where('objectType', 'in', ['Position', 'Role'])
        .orderBy('sortCode'),
    );
    if (userIds.length <= USER_LIST_MAX_PAGE_SIZE) perDb.set(userIds.length, query);
  }
  return query.execute(ctx.db, query.parameters(userIds));
}
