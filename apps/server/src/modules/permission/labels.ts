import type { AppContext } from '../../context.ts';
import { sharedCache } from '../../lib/shared-caches.ts';

/**
 * Display names of a small table (organisations, positions, roles), read whole
 * and kept per database for a few seconds: lists show them on every row, and
 * joining them in SQL costs more than the rows themselves. For labels only,
 * never for access decisions, which always ask the database.
 *
 * The table's writers call `invalidate`, which drops the entry on every server
 * process (sharedCache); an id the entry does not know (written by a process
 * we did not hear from) reloads it at once, and without Redis a rename made
 * elsewhere shows within LABEL_TTL_MS.
 */
const LABEL_TTL_MS = 5_000;

export interface Labels<V> {
  /** The current entry, reloaded when stale or missing one of `need`. */
  get(ctx: AppContext, need: Iterable<string>): Promise<Map<string, V>>;
  invalidate(ctx: AppContext): void;
}

export function labelCache<V>(name: string, load: (ctx: AppContext) => Promise<Map<string, V>>): Labels<V> {
  const cache = new WeakMap<AppContext['db'], { at: number; byId: Map<string, V> }>();
  // Bumped by every invalidation, so a load that was under way during a write is not kept.
  const generation = new WeakMap<AppContext['db'], number>();
  const invalidate = sharedCache(name, (ctx) => {
    cache.delete(ctx.db);
    generation.set(ctx.db, (generation.get(ctx.db) ?? 0) + 1);
  });
  return {
    async get(ctx, need) {
      const hit = cache.get(ctx.db);
      if (hit && Date.now() - hit.at < LABEL_TTL_MS && every(need, (id) => hit.byId.has(id))) return hit.byId;
      const before = generation.get(ctx.db) ?? 0;
      const at = Date.now();
      const byId = await load(ctx);
      if ((generation.get(ctx.db) ?? 0) === before) cache.set(ctx.db, { at, byId });
      return byId;
    },
    invalidate,
  };
}

function every<T>(items: Iterable<T>, test: (item: T) => boolean): boolean {
  for (const item of items) if (!test(item)) return false;
  return true;
}

/**
 * Names of positions and roles by id, under the kind a membership
 * (user_relations.objectType) names them by, `Position` or `Role`: the users
 * list's position and role columns. Creating, renaming and deleting either
 * calls `invalidate`.
 */
export const membershipNames = labelCache<Partial<Record<string, string>>>('membershipNames', async (ctx) => {
  const [positions, roles] = await Promise.all([
    ctx.db.selectFrom('positions').select(['id', 'fullName']).execute(),
    ctx.db.selectFrom('roles').select(['id', 'fullName']).execute(),
  ]);
  const byId = new Map<string, Partial<Record<string, string>>>();
  for (const p of positions) byId.set(p.id, { Position: p.fullName });
  for (const r of roles) byId.set(r.id, { ...byId.get(r.id), Role: r.fullName });
  return byId;
});
