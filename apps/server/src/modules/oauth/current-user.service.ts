import type { CurrentUser, Language, Layout, MenuNode, MenuType, SystemRef, UserInfo } from '@medalliance/contract';
import { LANGUAGES, LAYOUTS } from '@medalliance/contract';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../http/errors.ts';
import { grantsFor, type UserGrants } from '../permission/grants.service.ts';
import { getSysConfig } from '../system/sys-config.service.ts';
import { ipAddressName } from './client-info.ts';

/** The organisation chain of a user's unit: its department (if any) and its company. */
async function unitOf(ctx: AppContext, organizeId: string) {
  const unit = await ctx.db
    .selectFrom('organizations')
    .select(['id', 'fullName', 'category', 'idPath'])
    .where('id', '=', organizeId)
    .executeTakeFirst();
  if (!unit) return { company: null, department: null };
  if (unit.category === 'company') return { company: unit, department: null };
  // The nearest company above the department: the last company on its path.
  const ancestors = unit.idPath.split(',').filter((id) => id && id !== unit.id);
  const company = ancestors.length
    ? await ctx.db
        .selectFrom('organizations')
        .select(['id', 'fullName', 'category', 'idPath'])
        .where('id', 'in', ancestors)
        .where('category', '=', 'company')
        .orderBy('idPath', 'desc')
        .executeTakeFirst()
    : undefined;
  return { company: company ?? null, department: unit };
}

export async function buildUserInfo(ctx: AppContext, userId: string, systems: SystemRef[]): Promise<UserInfo> {
  const u = await ctx.db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
  if (!u) throw notFound();
  const [{ company, department }, rels] = await Promise.all([
    unitOf(ctx, u.organizeId),
    ctx.db
      .selectFrom('userRelations')
      .leftJoin('positions', 'positions.id', 'userRelations.objectId')
      .select(['userRelations.objectType', 'userRelations.objectId', 'positions.fullName'])
      .where('userRelations.userId', '=', userId)
      .where('userRelations.objectType', 'in', ['Position', 'Role'])
      .orderBy('userRelations.sortCode')
      .execute(),
  ]);
  const positions = rels.filter((r) => r.objectType === 'Position').map((r) => ({ id: r.objectId, name: r.fullName ?? '' }));
  const main = positions.find((p) => p.id === u.positionId) ?? positions[0];
  return {
    userId: u.id,
    userName: u.realName,
    userAccount: u.account,
    headIcon: u.headIcon ?? '',
    gender: u.gender,
    portalId: u.portalId,
    organizeId: company?.id ?? u.organizeId,
    organizeName: company?.fullName ?? department?.fullName ?? '',
    departmentId: department?.id ?? null,
    departmentName: department?.fullName ?? '',
    positionName: main?.name ?? '',
    positionIds: positions,
    roleIds: rels.filter((r) => r.objectType === 'Role').map((r) => r.objectId),
    isAdministrator: u.isAdministrator === 1,
    systemIds: systems,
    theme: (LAYOUTS as readonly string[]).includes(u.theme ?? '') ? (u.theme as Layout) : 'classic',
    language: (LANGUAGES as readonly string[]).includes(u.language ?? '') ? (u.language as Language) : 'zh',
    prevLogin: u.prevLogTime ? 1 : 0,
    prevLoginTime: u.prevLogTime,
    prevLoginIPAddress: u.prevLogIp,
    prevLoginIPAddressName: ipAddressName(u.prevLogIp),
    loginTime: u.lastLogTime,
    loginIPAddress: u.lastLogIp,
  };
}

/** Builds a tree from parent ids, children ordered by sortCode, roots under '-1'. */
export function toMenuTree(rows: Omit<MenuNode, 'children' | 'hasChildren'>[]): MenuNode[] {
  const nodes = new Map<string, MenuNode>(rows.map((r) => [r.id, { ...r, hasChildren: false, children: [] }]));
  const roots: MenuNode[] = [];
  for (const node of nodes.values()) {
    const parent = nodes.get(node.parentId);
    if (parent) {
      parent.children.push(node);
      parent.hasChildren = true;
    } else if (node.parentId === '-1') {
      roots.push(node);
    }
  }
  const sort = (list: MenuNode[]) => {
    list.sort((a, b) => a.sortCode - b.sortCode);
    list.forEach((n) => sort(n.children));
  };
  sort(roots);
  return roots;
}

interface GrantedMenus {
  systems: SystemRef[];
  menuList: MenuNode[];
  permissionList: CurrentUser['permissionList'];
}

/**
 * The menu tree, systems and permission list depend only on the user's grants
 * and chosen system, so they are built once per cached grants object (a
 * WeakMap: when grants are invalidated or expire, this goes with them; menu
 * and system changes invalidate grants). CurrentUser is called on every page
 * load and a user with many roles has a large tree.
 */
const grantedMenusCache = new WeakMap<UserGrants, Map<string, Promise<GrantedMenus>>>();

function grantedMenus(ctx: AppContext, grants: UserGrants, chosenSystemId: string | null): Promise<GrantedMenus> {
  let perSystem = grantedMenusCache.get(grants);
  if (!perSystem) grantedMenusCache.set(grants, (perSystem = new Map()));
  const key = chosenSystemId ?? '';
  let hit = perSystem.get(key);
  if (!hit) {
    hit = buildGrantedMenus(ctx, grants, chosenSystemId);
    hit.catch(() => perSystem.delete(key));
    perSystem.set(key, hit);
  }
  return hit;
}

async function buildGrantedMenus(ctx: AppContext, grants: UserGrants, chosenSystemId: string | null): Promise<GrantedMenus> {
  const systemRows = await ctx.db.selectFrom('systems').selectAll().where('enabledMark', '=', 1).orderBy('sortCode').execute();
  const mine = systemRows.filter((s) => grants.systemIds.has(s.id));
  const current = mine.find((s) => s.id === chosenSystemId) ?? mine.find((s) => s.isMain === 1) ?? mine[0];
  const systems: SystemRef[] = mine.map((s) => ({ id: s.id, name: s.fullName, icon: s.icon, currentSystem: s.id === current?.id }));

  const menuRows = grants.menuIds.size
    ? await ctx.db
        .selectFrom('menus')
        .select([
          'id',
          'parentId',
          'enCode',
          'fullName',
          'i18nJson',
          'type',
          'urlAddress',
          'icon',
          'linkTarget',
          'propertyJson',
          'hidden',
          'sortCode',
          'systemId',
        ])
        .where('enabledMark', '=', 1)
        .where('category', '=', 'Web')
        .where('systemId', '=', current?.id ?? '')
        .execute()
    : [];
  const menuList = toMenuTree(
    menuRows
      .filter((m) => grants.menuIds.has(m.id))
      .map((m) => ({
        id: m.id,
        parentId: m.parentId,
        enCode: m.enCode,
        fullName: m.fullName,
        i18n: m.i18nJson ? (JSON.parse(m.i18nJson) as MenuNode['i18n']) : { zh: m.fullName },
        type: m.type as MenuType,
        urlAddress: m.urlAddress ?? '',
        icon: m.icon ?? '',
        linkTarget: (m.linkTarget as MenuNode['linkTarget']) ?? null,
        propertyJson: m.propertyJson ?? '',
        hidden: m.hidden === 1,
        sortCode: m.sortCode,
      })),
  );
  const menuIdsInSystem = new Set(menuRows.map((m) => m.id));
  return { systems, menuList, permissionList: grants.permissionList.filter((p) => menuIdsInSystem.has(p.modelId)) };
}

export async function currentUser(ctx: AppContext, userId: string, isAdministrator: boolean): Promise<CurrentUser> {
  const [grants, user, cfg] = await Promise.all([
    grantsFor(ctx, userId, isAdministrator),
    ctx.db.selectFrom('users').select(['systemId']).where('id', '=', userId).executeTakeFirstOrThrow(),
    getSysConfig(ctx),
  ]);
  const { systems, menuList, permissionList } = await grantedMenus(ctx, grants, user.systemId);
  return {
    userInfo: await buildUserInfo(ctx, userId, systems),
    menuList,
    permissionList,
    sysConfigInfo: {
      sysName: cfg.sysName,
      sysVersion: cfg.sysVersion,
      logoIcon: cfg.logoIcon,
      navigationIcon: cfg.navigationIcon,
      copyright: cfg.copyright,
    },
  };
}
