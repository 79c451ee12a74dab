import { describe, expect, it } from 'vitest';
import type { MenuNode } from '@medalliance/contract';
import { buildMenuRoutes } from './menuRoutes.ts';
import { resolveShellPath } from './fixedViews.ts';

const page: MenuNode = {
  id: 'p1',
  parentId: 'd1',
  enCode: 'user',
  fullName: '用户管理',
  type: 2,
  urlAddress: 'permission/user',
  icon: '',
  linkTarget: null,
  propertyJson: '',
  hidden: false,
  sortCode: 1,
  hasChildren: false,
  children: [],
};
const table = buildMenuRoutes([{ ...page, id: 'd1', parentId: '-1', enCode: 'permission', type: 1, urlAddress: '', children: [page] }]);

describe('resolveShellPath', () => {
  it('finds fixed pages first, with home pinned', () => {
    const r = resolveShellPath('/home', table);
    expect(r.type === 'view' && r.view.meta.affix).toBe(true);
  });
  it('finds menu pages and sends directories to their first page', () => {
    expect(resolveShellPath('/permission/user', table)).toMatchObject({ type: 'view', view: { meta: { modelId: 'p1' } } });
    expect(resolveShellPath('/permission', table)).toEqual({ type: 'redirect', to: '/permission/user' });
  });
  it('treats the refresh helper as an untagged view and unknown paths as not found', () => {
    expect(resolveShellPath('/redirect/permission/user', table)).toMatchObject({ type: 'view', view: { meta: { noTag: true } } });
    expect(resolveShellPath('/nope', table)).toEqual({ type: 'notFound' });
  });
});
