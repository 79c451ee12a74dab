import { describe, expect, it } from 'vitest';
import type { MenuNode, MenuType } from '@medalliance/contract';
import { buildMenuRoutes } from '../router/menuRoutes.ts';
import { firstLeaf, indexNav, searchEntries, topMenuFit } from './menuModel.ts';
import { createMenuSearcher } from './menuSearch.ts';

const node = (id: string, type: MenuType, fullName: string, urlAddress = '', children: MenuNode[] = [], en?: string): MenuNode => ({
  id,
  parentId: '-1',
  enCode: id,
  fullName,
  i18n: en ? { en } : undefined,
  type,
  urlAddress,
  icon: '',
  linkTarget: null,
  propertyJson: '',
  hidden: false,
  sortCode: 0,
  hasChildren: children.length > 0,
  children,
});

const nav = buildMenuRoutes([
  node(
    'perm',
    1,
    '权限管理',
    '',
    [node('users', 2, '用户管理', 'permission/user', [], 'Users'), node('roles', 2, '角色管理', 'permission/role', [], 'Roles')],
    'Permissions',
  ),
  node('sys', 1, '系统管理', '', [node('dict', 2, '数据字典', 'system/dictionary', [], 'Dictionaries')], 'System'),
  node('referral', 2, '转诊申请', 'referral/apply', [], 'Referral application'),
]).nav;

describe('menu search', () => {
  const search = createMenuSearcher(searchEntries(nav, 'en'));

  it('ranks the closest title first', () => {
    expect(search('users')[0]?.path).toBe('/permission/user');
    expect(search('refer')[0]?.title).toBe('Referral application');
  });
  it('matches on the path too', () => {
    expect(search('dictionary')[0]?.id).toBe('dict');
  });
  it('tolerates typos within the threshold and refuses nonsense', () => {
    expect(search('Rols')[0]?.id).toBe('roles');
    expect(search('zzzzqqq')).toEqual([]);
    expect(search('   ')).toEqual([]);
  });
  it('searches titles in the current language with the directory trail', () => {
    const zh = searchEntries(nav, 'zh');
    expect(zh.find((e) => e.id === 'users')).toEqual({ id: 'users', title: '用户管理', section: '权限管理', path: '/permission/user' });
    expect(createMenuSearcher(zh)('角色')[0]?.id).toBe('roles');
  });
});

describe('top menu', () => {
  it('shows everything that fits and keeps a slot for more', () => {
    expect(topMenuFit(5, 600)).toBe(5);
    expect(topMenuFit(5, 580)).toBe(5);
    expect(topMenuFit(6, 580)).toBe(4);
    expect(topMenuFit(6, 100)).toBe(0);
    expect(topMenuFit(0, 1000)).toBe(0);
  });
  it('finds items by id and the first page of a directory', () => {
    const index = indexNav(nav);
    expect(index.get('roles')?.to).toBe('/permission/role');
    expect(firstLeaf(index.get('perm')!)?.id).toBe('users');
  });
});
