import type { Insertable } from 'kysely';
import type { UserTable } from './schema.ts';

type UserRow = Insertable<UserTable>;

/**
 * A complete `users` row for inserts that go straight to the database (tests,
 * benches, seeds): the given columns over the values of a fresh account —
 * named after its account, enabled, not an administrator, no profile details,
 * no sign-in history, created now by nobody. Listing every column once here
 * keeps those inserts compiling (and complete) when the table gains one.
 */
export function newUserRow(row: Pick<UserRow, 'id' | 'account' | 'passwordHash' | 'organizeId'> & Partial<UserRow>): UserRow {
  return {
    realName: row.account,
    nickName: null,
    quickQuery: row.account,
    headIcon: null,
    gender: 1,
    birthday: null,
    mobilePhone: null,
    telePhone: null,
    email: null,
    idCard: null,
    signature: null,
    description: null,
    isAdministrator: 0,
    managerId: null,
    positionId: null,
    portalId: null,
    systemId: null,
    theme: null,
    language: null,
    enabledMark: 1,
    lockedAt: null,
    logErrorCount: 0,
    logSuccessCount: 0,
    firstLogTime: null,
    firstLogIp: null,
    prevLogTime: null,
    prevLogIp: null,
    lastLogTime: null,
    lastLogIp: null,
    changePasswordAt: null,
    sortCode: 0,
    createdAt: Date.now(),
    createdBy: null,
    updatedAt: null,
    updatedBy: null,
    ...row,
  };
}
