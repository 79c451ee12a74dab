import { newUserRow } from '../../db/user-row.ts';
import { hashPassword, md5 } from '../../lib/crypto.ts';
import { newId } from '../../lib/ids.ts';
import type { TestApp } from '../../test/harness.ts';

/** Ids of the seeded demo alliance the permission tests lean on. */
export const ORG = {
  root: '100000000000000001',
  infoCentre: '100000000000000002',
  countyHospital: '100000000000000010',
  internalMedicine: '100000000000000011',
  surgery: '100000000000000012',
  ultrasound: '100000000000000015',
  tcmHospital: '100000000000000020',
  chengguan: '100000000000000030',
} as const;

/** A user straight in the database: no roles, positions or grants unless the test adds them. */
export async function insertUser(
  t: TestApp,
  account: string,
  opts: { organizeId?: string; managerId?: string | null; isAdministrator?: boolean } = {},
) {
  const id = newId();
  await t.ctx.db
    .insertInto('users')
    .values(
      newUserRow({
        id,
        account,
        passwordHash: await hashPassword(md5('demo123'), t.ctx.config.argon2),
        organizeId: opts.organizeId ?? ORG.root,
        isAdministrator: opts.isAdministrator ? 1 : 0,
        managerId: opts.managerId ?? null,
      }),
    )
    .execute();
  await t.ctx.db
    .insertInto('userRelations')
    .values({ id: newId(), userId: id, objectType: 'Organize', objectId: opts.organizeId ?? ORG.root, sortCode: 0, createdAt: Date.now() })
    .execute();
  return id;
}

/** A snapshot of the tables a permission write may touch, to prove a refused write changed nothing. */
export async function snapshot(t: TestApp) {
  const db = t.ctx.db;
  const [organizations, positions, roles, groups, users, userRelations, authorizations, roleOrganizations, moduleDataSchemes] =
    await Promise.all([
      db.selectFrom('organizations').selectAll().orderBy('id').execute(),
      db.selectFrom('positions').selectAll().orderBy('id').execute(),
      db.selectFrom('roles').selectAll().orderBy('id').execute(),
      db.selectFrom('groups').selectAll().orderBy('id').execute(),
      db.selectFrom('users').selectAll().orderBy('id').execute(),
      db.selectFrom('userRelations').selectAll().orderBy('id').execute(),
      db.selectFrom('authorizations').selectAll().orderBy('id').execute(),
      db.selectFrom('roleOrganizations').selectAll().orderBy('id').execute(),
      db.selectFrom('moduleDataSchemes').selectAll().orderBy('id').execute(),
    ]);
  return { organizations, positions, roles, groups, users, userRelations, authorizations, roleOrganizations, moduleDataSchemes };
}
