import type { AppContext } from '../../context.ts';
import { stableId } from './menus.ts';
import { seedUsers } from './people.ts';

/**
 * Demo data of the permission module. Idempotent: fixed ids, insert-or-ignore;
 * a switch is turned on only when its scheme is first created, so a later
 * administrator's choice survives reseeding.
 *
 * - Row permission on the users screen (menu 'user'): the system administrator
 *   role sees every user ("all data"); the organisation role "hospital user
 *   administrator" of the two county hospitals sees the users of its own
 *   organisation and below. The county people's hospital dean (huangqiang)
 *   holds that role, so he manages exactly his hospital's staff.
 * - Two more schemes (own organisation; self and subordinates) as examples to
 *   grant from the authorize screen.
 */
const menuId = (enCode: string) => stableId('80', `menu:${enCode}`);
const buttonId = (menu: string, code: string) => stableId('81', `button:${menu}:${code}`);
const columnId = (menu: string, code: string) => stableId('82', `column:${menu}:${code}`);

export const SYS_ADMIN_ROLE = '200000000000000001';
export const HOSPITAL_USER_ADMIN_ROLE = '200000000000000101';
const COUNTY_HOSPITAL = '100000000000000010';
const TCM_HOSPITAL = '100000000000000020';

export const userSchemes = {
  all: '850000000000000001',
  orgAndSub: '850000000000000002',
  ownOrg: '850000000000000003',
  selfAndSubordinates: '850000000000000004',
} as const;

const schemes = [
  { id: userSchemes.all, enCode: 'user.all', fullName: '全部数据', conditionJson: [], conditionText: '全部数据' },
  {
    id: userSchemes.orgAndSub,
    enCode: 'user.orgAndSub',
    fullName: '本组织及下级组织',
    conditionJson: [{ logic: 'and', groups: [{ field: 'organizeId', op: 'Equal', value: '@organizationAndSuborganization' }] }],
    conditionText: '所属组织 等于 当前组织及子组织',
  },
  {
    id: userSchemes.ownOrg,
    enCode: 'user.ownOrg',
    fullName: '本组织',
    conditionJson: [{ logic: 'and', groups: [{ field: 'organizeId', op: 'Equal', value: '@organizeId' }] }],
    conditionText: '所属组织 等于 当前组织',
  },
  {
    id: userSchemes.selfAndSubordinates,
    enCode: 'user.selfAndSubordinates',
    fullName: '本人及下属',
    conditionJson: [{ logic: 'and', groups: [{ field: 'id', op: 'Equal', value: '@userAndSubordinates' }] }],
    conditionText: '用户 等于 当前用户及下属',
  },
];

export async function seedPermission(ctx: AppContext): Promise<void> {
  const { db } = ctx;
  const now = Date.now();
  const userMenu = await db.selectFrom('menus').select('id').where('id', '=', menuId('user')).executeTakeFirst();
  if (!userMenu) return;

  const existing = new Set(
    (await db.selectFrom('moduleDataSchemes').select('id').where('moduleId', '=', userMenu.id).execute()).map((s) => s.id),
  );
  for (const [i, s] of schemes.entries()) {
    if (existing.has(s.id)) continue;
    await db
      .insertInto('moduleDataSchemes')
      .values({
        id: s.id,
        moduleId: userMenu.id,
        enCode: s.enCode,
        fullName: s.fullName,
        conditionJson: JSON.stringify(s.conditionJson),
        conditionText: s.conditionText,
        sortCode: i,
        enabledMark: 1,
        description: null,
        createdAt: now,
        createdBy: null,
        updatedAt: null,
        updatedBy: null,
      })
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
  if (!existing.has(userSchemes.all)) {
    await db.updateTable('menus').set({ isDataAuthorize: 1 }).where('id', '=', userMenu.id).execute();
  }

  await db
    .insertInto('roles')
    .values({
      id: HOSPITAL_USER_ADMIN_ROLE,
      enCode: 'hospitalUserAdmin',
      fullName: '医院用户管理员',
      globalMark: 0,
      sortCode: 100,
      enabledMark: 1,
      description: '县级医院的用户管理员：只管理本院（及下属科室）的用户',
      createdAt: now,
      createdBy: null,
      updatedAt: null,
      updatedBy: null,
    })
    .onConflict((oc) => oc.doNothing())
    .execute();
  await db
    .insertInto('roleOrganizations')
    .values(
      [COUNTY_HOSPITAL, TCM_HOSPITAL].map((organizeId) => ({
        id: stableId('72', `${HOSPITAL_USER_ADMIN_ROLE}:${organizeId}`),
        roleId: HOSPITAL_USER_ADMIN_ROLE,
        organizeId,
        createdAt: now,
      })),
    )
    .onConflict((oc) => oc.doNothing())
    .execute();

  const grant = (roleId: string, itemType: string, itemId: string) => ({
    id: stableId('90', `${roleId}:${itemType}:${itemId}`),
    itemType,
    itemId,
    objectType: 'Role',
    objectId: roleId,
    createdAt: now,
    createdBy: null,
  });
  await db
    .insertInto('authorizations')
    .values([
      grant(SYS_ADMIN_ROLE, 'resource', userSchemes.all),
      grant(HOSPITAL_USER_ADMIN_ROLE, 'module', menuId('user')),
      ...['btn_edit', 'btn_resetPassword', 'btn_export'].map((b) => grant(HOSPITAL_USER_ADMIN_ROLE, 'button', buttonId('user', b))),
      ...['account', 'realName', 'mobilePhone', 'organize'].map((c) => grant(HOSPITAL_USER_ADMIN_ROLE, 'column', columnId('user', c))),
      grant(HOSPITAL_USER_ADMIN_ROLE, 'resource', userSchemes.orgAndSub),
    ])
    .onConflict((oc) => oc.doNothing())
    .execute();

  const dean = seedUsers.find((u) => u.account === 'huangqiang');
  if (dean && (await db.selectFrom('users').select('id').where('id', '=', dean.id).executeTakeFirst())) {
    await db
      .insertInto('userRelations')
      .values({
        id: stableId('71', `${dean.id}:Role:hospitalUserAdmin`),
        userId: dean.id,
        objectType: 'Role',
        objectId: HOSPITAL_USER_ADMIN_ROLE,
        sortCode: 9,
        createdAt: now,
      })
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
}
