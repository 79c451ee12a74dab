import { sql } from 'kysely';
import type { AppContext } from '../../context.ts';

const DAY_MS = 86_400_000;

/** Unit kinds by name: the seed's villages are 村卫生室, townships 卫生院, the rest county level. */
function unitLevel(name: string): 'county' | 'township' | 'village' {
  if (name.includes('村')) return 'village';
  if (name.includes('卫生院') || name.includes('衛生院')) return 'township';
  return 'county';
}

/**
 * Home dashboard figures from live data (all aggregates, nothing personal):
 * headcounts, organisation counts, menus, who is online, staff per level of
 * care and sign-ins of the last 14 days.
 */
export async function overview(ctx: AppContext, now = Date.now()) {
  const { db } = ctx;
  const count = sql<number>`count(*)`;
  const [users, orgs, menus, roles, online, companies, staff] = await Promise.all([
    db.selectFrom('users').select(count.as('n')).where('enabledMark', '=', 1).executeTakeFirstOrThrow(),
    db
      .selectFrom('organizations')
      .select(['category', count.as('n')])
      .groupBy('category')
      .execute(),
    db.selectFrom('menus').select(count.as('n')).where('enabledMark', '=', 1).executeTakeFirstOrThrow(),
    db.selectFrom('roles').select(count.as('n')).where('enabledMark', '=', 1).executeTakeFirstOrThrow(),
    db
      .selectFrom('sessions')
      .select(sql<number>`count(distinct user_id)`.as('n'))
      .where('revokedAt', 'is', null)
      .where('expiresAt', '>', now)
      .executeTakeFirstOrThrow(),
    db.selectFrom('organizations').select(['id', 'fullName', 'idPath']).where('category', '=', 'company').execute(),
    db
      .selectFrom('users')
      .innerJoin('organizations', 'organizations.id', 'users.organizeId')
      .select(['organizations.idPath', count.as('n')])
      .where('users.enabledMark', '=', 1)
      .groupBy('organizations.idPath')
      .execute(),
  ]);

  // Staff per level: each user counts for the nearest company above their unit.
  const companyById = new Map(companies.map((c) => [c.id, c]));
  const perLevel = { county: 0, township: 0, village: 0 };
  for (const row of staff) {
    const ids = row.idPath.split(',').reverse();
    const company = ids.map((id) => companyById.get(id)).find((c) => c && c.idPath.includes(','));
    perLevel[company ? unitLevel(company.fullName) : 'county'] += Number(row.n);
  }

  const since = now - 13 * DAY_MS;
  const startOfFirstDay = since - (since % DAY_MS);
  const logins = await db.selectFrom('loginLogs').select(['createdAt', 'success']).where('createdAt', '>=', startOfFirstDay).execute();
  const days = Array.from({ length: 14 }, (_, i) => ({ day: startOfFirstDay + i * DAY_MS, success: 0, failure: 0 }));
  for (const l of logins) {
    const d = days[Math.floor((l.createdAt - startOfFirstDay) / DAY_MS)];
    if (d) d[l.success ? 'success' : 'failure'] += 1;
  }

  const byCategory = Object.fromEntries(orgs.map((o) => [o.category, Number(o.n)]));
  return {
    users: Number(users.n),
    organizations: byCategory.company ?? 0,
    departments: byCategory.department ?? 0,
    menus: Number(menus.n),
    roles: Number(roles.n),
    online: Number(online.n),
    staffByLevel: perLevel,
    signIns: days,
  };
}
