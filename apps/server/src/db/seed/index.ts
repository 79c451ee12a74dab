import type { AppContext } from '../../context.ts';
import { hashPassword, md5 } from '../../lib/crypto.ts';
import { seedOrganizations } from './organizations.ts';
import { ADMIN_PASSWORD, DEMO_PASSWORD, seedGroups, seedPositions, seedRoles, seedUsers, type RoleCode } from './people.ts';
import { seedMenus, seedSystems, stableId, MAIN_SYSTEM, type SeedMenu } from './menus.ts';
import { roleGrants, viewOnlyGrants } from './grants.ts';
import { seedFile } from './file.ts';
import { seedPermission } from './permission.ts';
import { seedPortalData } from './portals.ts';
import { seedReports } from './reports.ts';
import { seedSystem } from './system.ts';
import { seedVisualdev } from './visualdev.ts';
import { seedWorkflow } from './workflow.ts';
import { seedNoticeData } from './notices.ts';
import { seedHealthRecords } from './health/records.ts';
import { newUserRow } from '../user-row.ts';

/**
 * Seeds the fictitious demo alliance. Idempotent: fixed ids and
 * insert-or-ignore, so running it again adds what is missing and changes
 * nothing that an administrator edited.
 */
export interface SeedOptions {
  /**
   * The fictitious population (~3,000 residents, and the programme histories
   * derived from them). On for the served product; test apps leave it out
   * unless they read it, as it is most of a seed's time.
   */
  population?: boolean;
}

export async function seed(ctx: AppContext, opts: SeedOptions = {}): Promise<void> {
  const { db } = ctx;
  const now = Date.now();
  const audit = { createdAt: now, createdBy: null, updatedAt: null, updatedBy: null };

  // Organisation paths: root to node, for subtree queries.
  const byId = new Map(seedOrganizations.map((o) => [o.id, o]));
  const pathOf = (id: string): string => {
    const o = byId.get(id)!;
    return o.parentId === '-1' ? o.id : `${pathOf(o.parentId)},${o.id}`;
  };
  await insertIgnore(
    ctx,
    'organizations',
    seedOrganizations.map((o, i) => ({
      id: o.id,
      parentId: o.parentId,
      category: o.category,
      enCode: o.enCode,
      fullName: o.fullName,
      shortName: o.shortName ?? null,
      managerId: null,
      idPath: pathOf(o.id),
      sortCode: i,
      enabledMark: 1,
      description: null,
      ...audit,
    })),
  );
  await insertIgnore(
    ctx,
    'roles',
    seedRoles.map((r, i) => ({ ...r, sortCode: i, enabledMark: 1, description: null, ...audit })),
  );
  await insertIgnore(
    ctx,
    'positions',
    seedPositions.map((p, i) => ({ ...p, type: null, sortCode: i, enabledMark: 1, description: null, ...audit })),
  );
  await insertIgnore(
    ctx,
    'groups',
    seedGroups.map((g, i) => ({ ...g, sortCode: i, enabledMark: 1, description: null, ...audit })),
  );

  const existing = new Set((await db.selectFrom('users').select('account').execute()).map((u) => u.account));
  const fresh = seedUsers.filter((u) => !existing.has(u.account));
  // One argon2 hash per user (own salt), computed only for users not yet there.
  const hashes = await Promise.all(
    fresh.map((u) => hashPassword(md5(u.isAdministrator ? ADMIN_PASSWORD : DEMO_PASSWORD), ctx.config.argon2)),
  );
  const roleId = new Map(seedRoles.map((r) => [r.enCode as RoleCode, r.id]));
  await insertIgnore(
    ctx,
    'users',
    fresh.map((u, i) =>
      newUserRow({
        id: u.id,
        account: u.account,
        realName: u.realName,
        gender: u.gender,
        mobilePhone: u.mobilePhone,
        email: `${u.account}@qingshan.example`,
        passwordHash: hashes[i]!,
        isAdministrator: u.isAdministrator ? 1 : 0,
        organizeId: u.organizeId,
        positionId: u.positionId,
        systemId: MAIN_SYSTEM,
        theme: 'classic',
        language: 'zh',
        sortCode: seedUsers.indexOf(u),
        ...audit,
      }),
    ),
  );
  await insertIgnore(
    ctx,
    'userRelations',
    fresh.flatMap((u) => [
      ...u.roles.map((r, i) => ({
        id: stableId('71', `${u.id}:Role:${r}`),
        userId: u.id,
        objectType: 'Role',
        objectId: roleId.get(r)!,
        sortCode: i,
        createdAt: now,
      })),
      { id: stableId('71', `${u.id}:Position`), userId: u.id, objectType: 'Position', objectId: u.positionId, sortCode: 0, createdAt: now },
      { id: stableId('71', `${u.id}:Organize`), userId: u.id, objectType: 'Organize', objectId: u.organizeId, sortCode: 0, createdAt: now },
      ...(u.groups ?? []).map((g, i) => ({
        id: stableId('71', `${u.id}:Group:${g}`),
        userId: u.id,
        objectType: 'Group',
        objectId: g,
        sortCode: i,
        createdAt: now,
      })),
    ]),
  );

  await insertIgnore(
    ctx,
    'systems',
    seedSystems.map((s) => ({ ...s, enabledMark: 1 })),
  );
  await seedMenuTree(ctx, now);
  await seedRoleGrants(ctx, now);
  await seedPermission(ctx);
  await seedSystem(ctx);
  await seedFile(ctx);
  await seedVisualdev(ctx);
  await seedReports(ctx);
  await seedPortalData(ctx);
  await seedWorkflow(ctx);
  await seedHealthRecords(ctx, opts.population ?? true);
  await (await import('./health/chronic.ts')).seedChronic(ctx);
  await (await import('../../modules/health/kpi/kpi-indexes.ts')).ensureKpiIndexes(ctx.db.withoutPlugins() as never);
  await (await import('./health/elderly.ts')).seedElderly(ctx);
  await (await import('./health/tb.ts')).seedTb(ctx);
  await (await import('./health/maternal.ts')).seedMaternal(ctx);
  await (await import('./health/psy.ts')).seedPsy(ctx);
  await (await import('./health/child.ts')).seedChild(ctx);
  await (await import('./consult.ts')).seedConsult(ctx);
  await (await import('./referral.ts')).seedReferral(ctx);
  await (await import('./imaging-catalog.ts')).seedImagingCatalog(ctx);
  await (await import('./imaging.ts')).seedImaging(ctx);
  await (await import('./family-doctor-teams.ts')).seedFamilyDoctorTeams(ctx);
  await (await import('./family-doctor.ts')).seedFamilyDoctor(ctx);
  await (await import('./training.ts')).seedTraining(ctx);
  await (await import('./training-exams.ts')).seedTrainingExams(ctx);
  await seedNoticeData(ctx); // last: its notices reach every user the seed creates
}

/** Insert rows, leaving any row whose key already exists untouched. */
export async function insertIgnore<
  T extends
    | 'organizations'
    | 'roles'
    | 'positions'
    | 'groups'
    | 'users'
    | 'userRelations'
    | 'systems'
    | 'menus'
    | 'moduleButtons'
    | 'moduleColumns'
    | 'authorizations',
>(ctx: AppContext, table: T, rows: Record<string, unknown>[]): Promise<void> {
  // Chunked: SQLite caps bound parameters per statement.
  for (let i = 0; i < rows.length; i += 50) {
    const chunk = rows.slice(i, i + 50);
    if (chunk.length) {
      await ctx.db
        .insertInto(table)
        .values(chunk as never)
        .onConflict((oc) => oc.doNothing())
        .execute();
    }
  }
}

export const menuId = (enCode: string) => stableId('80', `menu:${enCode}`);
export const buttonId = (menu: string, code: string) => stableId('81', `button:${menu}:${code}`);
export const columnId = (menu: string, code: string) => stableId('82', `column:${menu}:${code}`);

async function seedMenuTree(ctx: AppContext, now: number) {
  const menus: Record<string, unknown>[] = [];
  const buttons: Record<string, unknown>[] = [];
  const columns: Record<string, unknown>[] = [];
  const walk = (items: SeedMenu[], parentId: string, system: string) => {
    items.forEach((m, i) => {
      const id = menuId(m.enCode);
      const sys = m.system ?? system;
      menus.push({
        id,
        parentId,
        systemId: sys,
        type: m.type,
        enCode: m.enCode,
        fullName: m.titles[0],
        i18nJson: JSON.stringify({ zh: m.titles[0], zhtw: m.titles[1], en: m.titles[2] }),
        icon: m.icon ?? null,
        urlAddress: m.url ?? null,
        linkTarget: m.linkTarget ?? null,
        propertyJson: m.propertyJson ? JSON.stringify(m.propertyJson) : null,
        category: 'Web',
        hidden: m.hidden ? 1 : 0,
        sortCode: i,
        enabledMark: 1,
        isButtonAuthorize: m.buttons?.length ? 1 : 0,
        isColumnAuthorize: m.columns?.length ? 1 : 0,
        isFormAuthorize: 0,
        isDataAuthorize: 0,
        description: null,
        createdAt: now,
        createdBy: null,
        updatedAt: null,
        updatedBy: null,
      });
      (m.buttons ?? []).forEach(([code, name], j) =>
        buttons.push({
          id: buttonId(m.enCode, code),
          moduleId: id,
          parentId: '-1',
          enCode: code,
          fullName: name,
          sortCode: j,
          enabledMark: 1,
          createdAt: now,
        }),
      );
      (m.columns ?? []).forEach(([code, name], j) =>
        columns.push({
          id: columnId(m.enCode, code),
          moduleId: id,
          parentId: '-1',
          enCode: code,
          fullName: name,
          sortCode: j,
          enabledMark: 1,
          createdAt: now,
        }),
      );
      if (m.children) walk(m.children, id, sys);
    });
  };
  walk(seedMenus, '-1', MAIN_SYSTEM);
  await insertIgnore(ctx, 'menus', menus);
  await insertIgnore(ctx, 'moduleButtons', buttons);
  await insertIgnore(ctx, 'moduleColumns', columns);
}

async function seedRoleGrants(ctx: AppContext, now: number) {
  const index = new Map<string, SeedMenu>();
  const collect = (items: SeedMenu[]) => items.forEach((m) => (index.set(m.enCode, m), collect(m.children ?? [])));
  collect(seedMenus);
  const rows: Record<string, unknown>[] = [];
  const grant = (roleId: string, itemType: string, itemId: string) =>
    rows.push({
      id: stableId('90', `${roleId}:${itemType}:${itemId}`),
      itemType,
      itemId,
      objectType: 'Role',
      objectId: roleId,
      createdAt: now,
      createdBy: null,
    });
  for (const role of seedRoles) {
    const subtreeRoots = roleGrants[role.enCode] ?? [];
    const visit = (m: SeedMenu) => {
      grant(role.id, 'module', menuId(m.enCode));
      if (!viewOnlyGrants[role.enCode]?.includes(m.enCode))
        for (const [code] of m.buttons ?? []) grant(role.id, 'button', buttonId(m.enCode, code));
      for (const [code] of m.columns ?? []) grant(role.id, 'column', columnId(m.enCode, code));
      (m.children ?? []).forEach(visit);
    };
    for (const code of subtreeRoots) {
      const m = index.get(code);
      if (!m) throw new Error(`seed grant names unknown menu ${code}`);
      visit(m);
    }
  }
  await insertIgnore(ctx, 'authorizations', rows);
}
