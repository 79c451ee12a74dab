import type { CurrentUser, Language, Layout, MenuNode, MenuType, SystemRef, UserInfo } from '@medalliance/contract';
import { LANGUAGES, LAYOUTS } from '@medalliance/contract';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../http/errors.ts';
import { grantsFor, type UserGrants } from '../permission/grants.service.ts';
import { getSysConfig } from '../system/sys-config.service.ts';
import { membershipNames } from '../permission/labels.ts';
import { prepared } from '../../db/prepared.ts';
import { ipAddressName } from './client-info.ts';

/** The columns of the signed-in user that CurrentUser answers with. */
interface UserRow {
  id: string;
  account: string;
  realName: string;
  headIcon: string | null;
  gender: number | null;
  portalId: string | null;
  systemId: string | null;
  organizeId: string;
  positionId: string | null;
  isAdministrator: number;
  theme: string | null;
  language: string | null;
  prevLogTime: number | null;
  prevLogIp: string | null;
  lastLogTime: number | null;
  lastLogIp: string | null;
}

// CurrentUser runs on every page load: its own reads are compiled once (db/prepared.ts).
const findUser = prepared<{ id: string }, UserRow>((db, p) =>
  db
    .selectFrom('users')
    .select([
      'id',
      'account',
      'realName',
      'headIcon',
      'gender',
      'portalId',
      'systemId',
      'organizeId',
      'positionId',
      'isAdministrator',
      'theme',
      'language',
      'prevLogTime',
      'prevLogIp',
      'lastLogTime',
      'lastLogIp',
    ])
    .where('id', '=', p('id')),
);

const findUnit = prepared<{ id: string }, { id: string; fullName: string; category: string; idPath: string }>((db, p) =>
  db.selectFrom('organizations').select(['id', 'fullName', 'category', 'idPath']).where('id', '=', p('id')),
);

/** Positions and roles by id; names of positions come from the labels cache (permission/labels.ts). */
const findMemberships = prepared<{ userId: string }, { objectType: string; objectId: string }>((db, p) =>
  db
    .selectFrom('userRelations')
    .select(['objectType', 'objectId'])
    .where('userId', '=', p('userId'))
    .where('objectType', 'in', ['Position', 'Role'])
    .orderBy('sortCode'),
);

/** The organisation chain of a user's unit: its department (if any) and its company. */
async function unitOf(ctx: AppContext, organizeId: string) {
  const [unit] = await findUnit(ctx.db, { id: organizeId });
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

async function buildUserInfo(ctx: AppContext, u: UserRow, systems: SystemRef[]): Promise<UserInfo> {
  const [{ company, department }, rels] = await Promise.all([unitOf(ctx, u.organizeId), findMemberships(ctx.db, { userId: u.id })]);
  const positionRels = rels.filter((r) => r.objectType === 'Position');
  const names = await membershipNames.get(
    ctx,
    positionRels.map((r) => r.objectId),
  );
  const positions = positionRels.map((r) => ({ id: r.objectId, name: names.get(r.objectId)?.Position ?? '' }));
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
  /** `"menuList":[…],"permissionList":[…]` as UTF-8, serialized once: most of the answer's bytes. */
  json: Buffer;
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
  const permissionList: CurrentUser['permissionList'] = grants.permissionList.filter((p) => menuIdsInSystem.has(p.modelId));
  return {
    systems,
    json: Buffer.from(`"menuList":${JSON.stringify(menuList)},"permissionList":${JSON.stringify(permissionList)}`),
  };
}

/**
 * CurrentUser's data as JSON parts (envelope.ts sendOkJson), in the order and
 * bytes JSON.stringify gives { userInfo, menuList, permissionList, sysConfigInfo }.
 */
export async function currentUserJson(ctx: AppContext, userId: string, isAdministrator: boolean): Promise<(string | Buffer)[]> {
  const [grants, [user], cfg] = await Promise.all([
    grantsFor(ctx, userId, isAdministrator),
    findUser(ctx.db, { id: userId }),
    getSysConfig(ctx),
  ]);
  if (!user) throw notFound();
  const { systems, json } = await grantedMenus(ctx, grants, user.systemId);
  const sysConfigInfo = {
    sysName: cfg.sysName,
    sysVersion: cfg.sysVersion,
    logoIcon: cfg.logoIcon,
    navigationIcon: cfg.navigationIcon,
    copyright: cfg.copyright,
  };
  return [
    `{"userInfo":${JSON.stringify(await buildUserInfo(ctx, user, systems))},`,
    json,
    `,"sysConfigInfo":${JSON.stringify(sysConfigInfo)}}`,
  ];
}
