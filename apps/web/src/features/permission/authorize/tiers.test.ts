import { describe, expect, it } from 'vitest';
import type { AuthNode, AuthorizeModel } from '../../../api/permission.ts';
import { checkedFromGrants, initialChecked, pruneToMenus, sameChecked, saveBody, withAncestors, type Checked } from './tiers.ts';

const n = (id: string, parentId: string, type: string, children: AuthNode[] = [], extra: Partial<AuthNode> = {}): AuthNode => ({
  id,
  parentId,
  fullName: id,
  icon: '',
  type,
  hasChildren: children.length > 0,
  isLeaf: children.length === 0,
  children,
  ...extra,
});

// sys ─ dir ─ users, roles ; sys ─ home
const menuTree = () => [
  n('sys', '-1', 'system', [
    n(
      'dir',
      'sys',
      'module',
      [n('users', 'dir', 'module', [], { systemId: 'sys' }), n('roles', 'dir', 'module', [], { systemId: 'sys' })],
      { systemId: 'sys' },
    ),
    n('home', 'sys', 'module', [], { systemId: 'sys' }),
  ]),
];
const buttonTree = () => [
  n('sys', '-1', 'system', [
    n('dir', 'sys', 'module', [
      n('users', 'dir', 'module', [n('u.add', 'users', 'button'), n('u.edit', 'users', 'button')]),
      n('roles', 'dir', 'module', [n('r.add', 'roles', 'button')]),
    ]),
  ]),
];
const tier = (list: AuthNode[], ids: string[] = []) => ({ list, ids, all: [] });
const model = (grants: Partial<Record<'system' | 'module' | 'button', string[]>> = {}): AuthorizeModel => ({
  objectId: 'role1',
  objectType: 'Role',
  systemIds: [],
  system: tier([n('sys', '-1', 'system'), n('sys2', '-1', 'system')], grants.system),
  module: tier(menuTree(), grants.module),
  button: tier(buttonTree(), grants.button),
  column: tier([]),
  form: tier([]),
  resource: tier([]),
});

describe('authorize tiers', () => {
  it('shows only granted leaves as checked, so a directory with some pages is half checked', () => {
    expect(checkedFromGrants(menuTree(), ['sys', 'dir', 'users'])).toEqual(['users']);
  });

  it('adds the ancestors of checked keys', () => {
    expect(withAncestors(menuTree(), ['users']).sort()).toEqual(['dir', 'sys', 'users']);
  });

  it('narrows an item tier to the chosen menus', () => {
    const pruned = pruneToMenus(buttonTree(), new Set(['users']));
    expect(JSON.stringify(pruned)).toContain('u.add');
    expect(JSON.stringify(pruned)).not.toContain('r.add');
    expect(pruneToMenus(buttonTree(), new Set())).toEqual([]);
  });

  it('builds the save body: menus with directories, items of chosen menus, applications implied', () => {
    const m = model({ module: ['sys', 'dir', 'users'], button: ['u.add'] });
    const checked = initialChecked(m);
    expect(checked.module).toEqual(['users']);
    checked.button = ['u.add', 'r.add'];
    const body = saveBody(m, checked, 'Role');
    expect(body.module.sort()).toEqual(['dir', 'users']);
    // r.add belongs to a menu the role does not get.
    expect(body.button).toEqual(['u.add']);
    expect(body.systemIds).toEqual(['sys']);
    expect(body.objectType).toBe('Role');
  });

  it('keeps an application ticked on its own tier', () => {
    const m = model();
    const checked: Checked = { system: ['sys2'], module: [], button: [], column: [], form: [], resource: [] };
    expect(saveBody(m, checked, 'User').systemIds).toEqual(['sys2']);
  });

  it('compares checked states regardless of order', () => {
    const a: Checked = { system: [], module: ['a', 'b'], button: [], column: [], form: [], resource: [] };
    expect(sameChecked(a, { ...a, module: ['b', 'a'] })).toBe(true);
    expect(sameChecked(a, { ...a, module: ['a'] })).toBe(false);
  });
});
