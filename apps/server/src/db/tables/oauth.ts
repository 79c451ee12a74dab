/**
 * Tables of the sign-in defences (migration 0008). Add interfaces here and
 * list them in OAuthTables; the Database type picks them up.
 */

/** A fixed-window counter: `key` is '<purpose>:<address>'. */
export interface SigninThrottleTable {
  key: string;
  count: number;
  resetAt: number;
}

/** Failure count and lock of an account name that does not exist, kept as `users` keeps them. */
export interface SigninUnknownAccountTable {
  account: string;
  logErrorCount: number;
  lockedAt: number | null;
  updatedAt: number;
}

export interface OAuthTables {
  signinThrottle: SigninThrottleTable;
  signinUnknownAccounts: SigninUnknownAccountTable;
}
