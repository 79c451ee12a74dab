import type { AppContext } from '../../../context.ts';
import { hashPassword, md5 } from '../../../lib/crypto.ts';
import { AUDIT_LOG_MENU, BTN_AUDIT, BTN_EXPORT, BTN_REVEAL } from '../../../modules/health/privacy/rights.ts';
import { newUserRow } from '../../user-row.ts';
import { MAIN_SYSTEM, stableId } from '../menus.ts';
import { DEMO_PASSWORD, seedRoles } from '../people.ts';

/**
 * Grants of the health privacy layer (issue 17, M12), seeded here so the shared
 * menu tree keeps its shape:
 * - buttons of inhabitant_manage: 查看完整信息 (btn_reveal), 批量导出健康数据
 *   (btn_health_export), 档案审核 (btn_archive_audit, also on person_pending_list);
 * - the menu health_audit_log (健康数据审计) under 健康档案管理;
 * - the role healthAuditor (健康数据审计员) and its fictitious member `shenji`,
 *   who reads the audit log and the resident list masked, without reveal.
 * Village, township and county doctors may reveal; township and county export and audit.
 */

const menuId = (enCode: string) => stableId('80', `menu:${enCode}`);
const buttonId = (menu: string, code: string) => stableId('81', `button:${menu}:${code}`);
export const AUDITOR_ROLE_ID = stableId('20', 'role:healthAuditor');
export const AUDITOR_USER_ID = stableId('50', 'user:shenji');
export const AUDITOR_ACCOUNT = 'shenji';

const BUTTONS: [menu: string, code: string, name: string][] = [
  ['inhabitant_manage', BTN_REVEAL, '查看完整信息'],
  ['inhabitant_manage', BTN_EXPORT, '批量导出健康数据'],
  ['inhabitant_manage', BTN_AUDIT, '档案审核'],
  ['person_pending_list', BTN_AUDIT, '档案审核'],
];

const ROLE_BUTTONS: Record<string, [string, string][]> = {
  villageDoctor: [['inhabitant_manage', BTN_REVEAL]],
  townshipDoctor: BUTTONS.map(([m, c]) => [m, c]),
  countyDoctor: BUTTONS.map(([m, c]) => [m, c]),
};

export async function seedHealthPrivacy(ctx: AppContext): Promise<void> {
  const now = Date.now();
  const db = ctx.db;
  const parent = await db.selectFrom('menus').select('id').where('id', '=', menuId('healthRecords')).executeTakeFirst();
  if (parent)
    await db
      .insertInto('menus')
      .values({
        id: menuId(AUDIT_LOG_MENU),
        parentId: parent.id,
        systemId: MAIN_SYSTEM,
        type: 2,
        enCode: AUDIT_LOG_MENU,
        fullName: '健康数据审计',
        i18nJson: JSON.stringify({ zh: '健康数据审计', zhtw: '健康資料稽核', en: 'Health data audit' }),
        icon: 'icon-ym icon-ym-generator-annex',
        urlAddress: `health/privacy/${AUDIT_LOG_MENU}`,
        linkTarget: null,
        propertyJson: null,
        category: 'Web',
        hidden: 0,
        sortCode: 90,
        enabledMark: 1,
        isButtonAuthorize: 0,
        isColumnAuthorize: 0,
        isFormAuthorize: 0,
        isDataAuthorize: 0,
        description: null,
        createdAt: now,
        createdBy: null,
        updatedAt: null,
        updatedBy: null,
      })
      .onConflict((oc) => oc.doNothing())
      .execute();
  await db
    .insertInto('moduleButtons')
    .values(
      BUTTONS.map(([menu, code, name], j) => ({
        id: buttonId(menu, code),
        moduleId: menuId(menu),
        parentId: '-1',
        enCode: code,
        fullName: name,
        sortCode: 10 + j,
        enabledMark: 1,
        createdAt: now,
      })),
    )
    .onConflict((oc) => oc.doNothing())
    .execute();
  await db
    .insertInto('roles')
    .values({
      id: AUDITOR_ROLE_ID,
      enCode: 'healthAuditor',
      fullName: '健康数据审计员',
      globalMark: 1,
      sortCode: 90,
      enabledMark: 1,
      description: '查阅健康数据审计日志（演示）',
      createdAt: now,
      createdBy: null,
      updatedAt: null,
      updatedBy: null,
    })
    .onConflict((oc) => oc.doNothing())
    .execute();
  if (!(await db.selectFrom('users').select('id').where('account', '=', AUDITOR_ACCOUNT).executeTakeFirst())) {
    await db
      .insertInto('users')
      .values(
        newUserRow({
          id: AUDITOR_USER_ID,
          account: AUDITOR_ACCOUNT,
          realName: '沈计',
          gender: 2,
          mobilePhone: '13800000090',
          email: `${AUDITOR_ACCOUNT}@qingshan.example`,
          passwordHash: await hashPassword(md5(DEMO_PASSWORD), ctx.config.argon2),
          organizeId: '100000000000000002',
          positionId: '300000000000000001',
          systemId: MAIN_SYSTEM,
          theme: 'classic',
          language: 'zh',
          sortCode: 90,
          createdAt: now,
          createdBy: null,
          updatedAt: null,
          updatedBy: null,
        }),
      )
      .onConflict((oc) => oc.doNothing())
      .execute();
    await db
      .insertInto('userRelations')
      .values([
        {
          id: stableId('71', `${AUDITOR_USER_ID}:Role:healthAuditor`),
          userId: AUDITOR_USER_ID,
          objectType: 'Role',
          objectId: AUDITOR_ROLE_ID,
          sortCode: 0,
          createdAt: now,
        },
        {
          id: stableId('71', `${AUDITOR_USER_ID}:Organize`),
          userId: AUDITOR_USER_ID,
          objectType: 'Organize',
          objectId: '100000000000000002',
          sortCode: 0,
          createdAt: now,
        },
        {
          id: stableId('71', `${AUDITOR_USER_ID}:Position`),
          userId: AUDITOR_USER_ID,
          objectType: 'Position',
          objectId: '300000000000000001',
          sortCode: 0,
          createdAt: now,
        },
      ])
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
  const rows: { id: string; itemType: string; itemId: string; objectType: string; objectId: string; createdAt: number; createdBy: null }[] =
    [];
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
  for (const m of [
    'healthRecords',
    'residentArchives',
    'inhabitant_manage',
    'person_pending_list',
    'person_except_list',
    'family_manage',
    AUDIT_LOG_MENU,
  ])
    grant(AUDITOR_ROLE_ID, 'module', menuId(m));
  for (const [code, list] of Object.entries(ROLE_BUTTONS)) {
    const role = seedRoles.find((r) => r.enCode === code);
    if (role) for (const [menu, btn] of list) grant(role.id, 'button', buttonId(menu, btn));
  }
  await db
    .insertInto('authorizations')
    .values(rows)
    .onConflict((oc) => oc.doNothing())
    .execute();
}
