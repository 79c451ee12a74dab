/** The response envelope every endpoint answers with (ARCHITECTURE.md "Envelope"). */
export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

export interface Pagination {
  currentPage: number;
  pageSize: number;
  total: number;
}

export interface PageResult<T> {
  list: T[];
  pagination: Pagination;
}

/** Business codes beyond the HTTP-like ones (spec §8, server-contract §1.1). */
export const Codes = {
  ok: 200,
  badRequest: 400,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  tooLarge: 413,
  tooMany: 429,
  error: 500,
  sessionExpired: 600,
  sessionOffline: 601,
  sessionInvalid: 602,
} as const;

export const SESSION_CODES: readonly number[] = [Codes.sessionExpired, Codes.sessionOffline, Codes.sessionInvalid];

/** Page sizes of spec §9; pickers without paging ask for up to 10000 rows. */
export const PAGE_SIZES = [20, 50, 100, 500] as const;
export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 10000;
