import { describe, expect, it } from 'vitest';
import type { PermissionEntry } from '@medalliance/contract';
import { BUTTON_CODES, grantedCodes, hasPermission } from './permission.ts';

const item = (enCode: string) => ({ id: enCode, fullName: enCode, enCode });
const list: PermissionEntry[] = [
  {
    modelId: 'menu-users',
    moduleName: 'Users',
    button: [item('btn_add'), item('btn_edit')],
    column: [item('realName')],
    form: [item('mobilePhone')],
    resource: [],
  },
];

describe('permission checks', () => {
  it('passes only for codes listed under the screen and kind', () => {
    expect(hasPermission(list, 'menu-users', 'button', BUTTON_CODES.add)).toBe(true);
    expect(hasPermission(list, 'menu-users', 'button', BUTTON_CODES.remove)).toBe(false);
    expect(hasPermission(list, 'menu-users', 'column', 'realName')).toBe(true);
    expect(hasPermission(list, 'menu-users', 'form', 'mobilePhone')).toBe(true);
    expect(hasPermission(list, 'menu-users', 'form', 'realName')).toBe(false);
  });
  it('says no without a modelId or a permission entry', () => {
    expect(hasPermission(list, undefined, 'button', 'btn_add')).toBe(false);
    expect(hasPermission(list, 'other', 'button', 'btn_add')).toBe(false);
    expect(hasPermission([], 'menu-users', 'button', 'btn_add')).toBe(false);
  });
  it('lists the granted codes of a kind', () => {
    expect([...grantedCodes(list, 'menu-users', 'button')]).toEqual(['btn_add', 'btn_edit']);
    expect(grantedCodes(list, undefined, 'column').size).toBe(0);
  });
});
