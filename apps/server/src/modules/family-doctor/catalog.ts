import type { Kysely } from 'kysely';
import type { FdPackageOption, FdTeamOption } from '@medalliance/contract';
import { all, first } from '../health/plans/rows.ts';
import { orgInScope, type HealthScope } from '../health/privacy/scope.ts';

/**
 * Reads the teams, packages and items that the team/package sub-modules
 * (helper E2, migration 0035) own: only active teams sign, only enabled
 * packages valid on the day are offered, a package item's times override
 * the item's own.
 */

const parseGroups = (v: unknown): string[] => {
  try {
    const a = JSON.parse(String(v ?? '[]'));
    return Array.isArray(a) ? a.map(String) : [];
  } catch {
    return [];
  }
};

/** Active teams of the caller's scope; `member` marks those the caller belongs to. */
export async function teamsFor(db: Kysely<any>, scope: HealthScope, userId: string): Promise<FdTeamOption[]> {
  const rows = await all(
    db,
    db
      .selectFrom('fd_teams as t')
      .leftJoin('organizations as o', 'o.id', 't.org_id')
      .leftJoin('fd_team_members as m', (j) => j.onRef('m.team_id', '=', 't.id').on('m.user_id', '=', userId))
      .select(['t.id', 't.name', 't.org_id', 'o.full_name as org_name', 'm.id as member_id'])
      .where('t.status', '=', 'active')
      .orderBy('t.code'),
  );
  return rows
    .filter((r) => orgInScope(scope, String(r.org_id)) || r.member_id)
    .map((r) => ({ id: String(r.id), name: String(r.name), orgId: String(r.org_id), orgName: r.org_name ?? null, member: !!r.member_id }));
}

export async function findTeam(db: Kysely<any>, id: string) {
  const t = await first(db, db.selectFrom('fd_teams').select(['id', 'org_id', 'leader_id', 'status', 'name']).where('id', '=', id));
  return t
    ? { id: String(t.id), orgId: String(t.org_id), leaderId: t.leader_id ? String(t.leader_id) : null, status: String(t.status) }
    : null;
}

export async function isMember(db: Kysely<any>, teamId: string, userId: string): Promise<boolean> {
  return !!(await first(db, db.selectFrom('fd_team_members').select('id').where('team_id', '=', teamId).where('user_id', '=', userId)));
}

/** The caller's team ids (their own worklists). */
export async function myTeamIds(db: Kysely<any>, userId: string): Promise<string[]> {
  const rows = await all(db, db.selectFrom('fd_team_members').select('team_id').where('user_id', '=', userId));
  return rows.map((r) => String(r.team_id));
}

/** Enabled packages valid at `at` (for the unit's org or county-wide), with their items. */
export async function packagesAt(db: Kysely<any>, at: number, ids?: string[]): Promise<FdPackageOption[]> {
  let q = db
    .selectFrom('fd_packages')
    .select(['id', 'code', 'name', 'real_price', 'groups', 'valid_from', 'valid_to'])
    .where('enabled', '=', 1)
    .orderBy('sort_code')
    .orderBy('code');
  if (ids) q = q.where('id', 'in', ids.length ? ids : ['']);
  const pkgs = (await all(db, q)).filter((p) => ids || (Number(p.valid_from) <= at && (p.valid_to === null || Number(p.valid_to) >= at)));
  if (!pkgs.length) return [];
  const items = await all(
    db,
    db
      .selectFrom('fd_package_items as pi')
      .innerJoin('fd_service_items as i', 'i.id', 'pi.item_id')
      .select(['pi.package_id', 'pi.item_id', 'pi.times', 'i.name', 'i.form_code'])
      .where(
        'pi.package_id',
        'in',
        pkgs.map((p) => String(p.id)),
      )
      .where('i.enabled', '=', 1)
      .orderBy('pi.sort_code')
      .orderBy('pi.item_id'),
  );
  return pkgs.map((p) => ({
    id: String(p.id),
    code: String(p.code),
    name: String(p.name),
    realPrice: Number(p.real_price),
    groups: parseGroups(p.groups),
    items: items
      .filter((i) => i.package_id === p.id)
      .map((i) => ({ itemId: String(i.item_id), name: String(i.name), times: Number(i.times), formCode: i.form_code ?? null })),
  }));
}

/** One package valid at `at` (null: unknown, disabled or outside its validity). */
export async function validPackage(db: Kysely<any>, id: string, at: number): Promise<FdPackageOption | null> {
  const [p] = await packagesAt(db, at, [id]);
  if (!p) return null;
  const row = await first(db, db.selectFrom('fd_packages').select(['valid_from', 'valid_to']).where('id', '=', id));
  if (!row || Number(row.valid_from) > at || (row.valid_to !== null && Number(row.valid_to) < at)) return null;
  return p;
}
