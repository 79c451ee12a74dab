import type { AppContext } from '../../context.ts';

/** A sign-in name's failed attempts since its last success, and when it was locked. */
export interface FailureState {
  logErrorCount: number;
  lockedAt: number | null;
}

/**
 * Names no account has keep a failure count and lock too, so the captcha and
 * the lock appear after as many failures as for a real account and the answer
 * cannot tell the two apart. Keyed by the name exactly as typed: account
 * lookup is case-sensitive, so 'Admin' is as unknown as 'nobody' and must not
 * share a counter with 'admin'.
 *
 * Rows idle this long are dropped (the per-address limit already bounds how
 * fast new names arrive); it is longer than the longest lock (1440 minutes).
 */
const KEEP_MS = 7 * 86_400_000;
const SWEEP_EVERY_MS = 3_600_000;
const lastSweep = new WeakMap<AppContext['db'], number>();

export async function unknownAccountState(ctx: AppContext, account: string): Promise<FailureState> {
  const row = await ctx.db
    .selectFrom('signinUnknownAccounts')
    .select(['logErrorCount', 'lockedAt'])
    .where('account', '=', account)
    .executeTakeFirst();
  return row ?? { logErrorCount: 0, lockedAt: null };
}

export async function saveUnknownAccountState(ctx: AppContext, account: string, state: FailureState): Promise<void> {
  const now = Date.now();
  await ctx.db
    .insertInto('signinUnknownAccounts')
    .values({ account, ...state, updatedAt: now })
    .onConflict((oc) => oc.column('account').doUpdateSet({ ...state, updatedAt: now }))
    .execute();
  if (now - (lastSweep.get(ctx.db) ?? 0) > SWEEP_EVERY_MS) {
    lastSweep.set(ctx.db, now);
    await ctx.db
      .deleteFrom('signinUnknownAccounts')
      .where('updatedAt', '<', now - KEEP_MS)
      .execute();
  }
}
