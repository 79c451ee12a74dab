import type { Kysely } from 'kysely';
import type { ReferralParty } from '@medalliance/contract';
import type { AppContext } from '../../context.ts';
import { grantsFor } from '../permission/grants.service.ts';

/**
 * Who stands for which side of a referral, from the organisation tree:
 * - applicant: a member of the sending unit (or the applicant themself);
 * - sender (同意转出 / 拒绝转出): the sending unit or the unit directly above it
 *   (the township health centre approves its village clinics' referrals),
 *   never the alliance root;
 * - receiver (同意接收 / 拒绝接收 / 已到诊 / 结案): the receiving unit or any unit
 *   above it (the alliance's referral centre sits at the root and answers for
 *   every county hospital).
 * A unit is an organisation of category 'company'; a user belongs to the
 * nearest company at or above their own organisation.
 */

export interface OrgNode {
  id: string;
  parentId: string;
  category: string;
  fullName: string;
}

export class OrgTree {
  readonly byId: Map<string, OrgNode>;
  constructor(rows: OrgNode[]) {
    this.byId = new Map(rows.map((o) => [o.id, o]));
  }
  /** The nearest company at or above an organisation. */
  unitOf(orgId: string | null | undefined): string | null {
    let o = orgId ? this.byId.get(orgId) : undefined;
    while (o && o.category !== 'company' && this.byId.has(o.parentId)) o = this.byId.get(o.parentId);
    return o?.id ?? null;
  }
  isRoot(unitId: string): boolean {
    const o = this.byId.get(unitId);
    return !!o && !this.byId.has(o.parentId);
  }
  /** The unit directly above a unit (null at the root). */
  parentUnit(unitId: string): string | null {
    const o = this.byId.get(unitId);
    return o && this.byId.has(o.parentId) ? this.unitOf(o.parentId) : null;
  }
  /** The unit and every unit above it. */
  unitAndAbove(unitId: string): string[] {
    const out: string[] = [];
    for (let u: string | null = unitId; u && !out.includes(u); u = this.parentUnit(u)) out.push(u);
    return out;
  }
  /** Units that approve what `fromUnit` sends: itself and its parent unless that is the root. */
  senderUnits(fromUnit: string): string[] {
    const p = this.parentUnit(fromUnit);
    return p && !this.isRoot(p) ? [fromUnit, p] : [fromUnit];
  }
  name(id: string | null | undefined): string | null {
    return id ? (this.byId.get(id)?.fullName ?? null) : null;
  }
  /** Companies (units) of the alliance. */
  units(): OrgNode[] {
    return [...this.byId.values()].filter((o) => o.category === 'company');
  }
}

export async function loadOrgTree(db: Kysely<any>): Promise<OrgTree> {
  const rows = await db.selectFrom('organizations').select(['id', 'parent_id as parentId', 'category', 'full_name as fullName']).execute();
  return new OrgTree(
    rows.map((r) => ({ id: String(r.id), parentId: String(r.parentId), category: String(r.category), fullName: String(r.fullName) })),
  );
}

export interface ReferralSides {
  fromUnitId: string;
  toUnitId: string;
  applicantId: string;
}

/** The parties a user (in unit `unitId`) stands for on one referral. Administrators stand for all. */
export function partiesOf(
  tree: OrgTree,
  r: ReferralSides,
  user: { userId: string; unitId: string | null; isAdministrator: boolean },
): ReferralParty[] {
  if (user.isAdministrator) return ['applicant', 'sender', 'receiver'];
  const out: ReferralParty[] = [];
  if (user.userId === r.applicantId || (user.unitId && user.unitId === r.fromUnitId)) out.push('applicant');
  if (user.unitId && tree.senderUnits(r.fromUnitId).includes(user.unitId)) out.push('sender');
  if (user.unitId && tree.unitAndAbove(r.toUnitId).includes(user.unitId)) out.push('receiver');
  return out;
}

/**
 * The users to tell about a step: enabled users whose unit is one of `units`
 * and who hold `menu`. Read before the write transaction (grants come from
 * the shared cache; SQLite has one connection).
 */
export async function usersWithMenu(ctx: AppContext, tree: OrgTree, units: string[], menu: string): Promise<string[]> {
  if (!units.length) return [];
  const db = ctx.db.withoutPlugins() as unknown as Kysely<any>;
  const orgIds = [...tree.byId.keys()].filter((id) => {
    const u = tree.unitOf(id);
    return !!u && units.includes(u);
  });
  if (!orgIds.length) return [];
  const users = await db
    .selectFrom('users')
    .select(['id', 'is_administrator as isAdministrator'])
    .where('organize_id', 'in', orgIds)
    .where('enabled_mark', '=', 1)
    .execute();
  const out: string[] = [];
  for (const u of users) {
    if (Number(u.isAdministrator) === 1) continue;
    const g = await grantsFor(ctx, String(u.id), false);
    if (g.modules.has(menu)) out.push(String(u.id));
  }
  return out;
}
