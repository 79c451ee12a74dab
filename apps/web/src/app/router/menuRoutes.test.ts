import { describe, expect, it, vi } from 'vitest';
import type { MenuNode, MenuType } from '@medalliance/contract';
import { buildMenuRoutes, navTitle, normalizePath, parsePropertyJson, resolveLinkUrl } from './menuRoutes.ts';

let seq = 0;
function menu(type: MenuType, over: Partial<MenuNode> = {}): MenuNode {
  seq += 1;
  return {
    id: `m${seq}`,
    parentId: '-1',
    enCode: `code${seq}`,
    fullName: `菜单${seq}`,
    type,
    urlAddress: '',
    icon: '',
    linkTarget: null,
    propertyJson: '',
    hidden: false,
    sortCode: seq,
    hasChildren: false,
    children: [],
    ...over,
  };
}

describe('normalizePath', () => {
  it('adds the leading slash and drops query, hash and trailing slash', () => {
    expect(normalizePath('system/menu?x=1')).toBe('/system/menu');
    expect(normalizePath('/a//b/')).toBe('/a/b');
    expect(normalizePath('a#frag')).toBe('/a');
    expect(normalizePath('')).toBe('/');
  });
});

describe('buildMenuRoutes', () => {
  it('makes directories /enCode with recursive children and a redirect to the first page', () => {
    const page = menu(2, { urlAddress: 'permission/user' });
    const inner = menu(1, { enCode: 'org', children: [page] });
    const dir = menu(1, { enCode: 'permission', children: [inner] });
    const table = buildMenuRoutes([dir]);
    expect(table.routes['/permission/user']).toMatchObject({ kind: 'page', meta: { modelId: page.id, menuType: 2 } });
    expect(table.redirects['/permission']).toBe('/permission/user');
    expect(table.redirects['/org']).toBe('/permission/user');
    expect(table.ancestors['/permission/user']).toEqual([dir.id, inner.id]);
    expect(table.nav[0]?.children?.[0]?.children?.[0]?.to).toBe('/permission/user');
  });

  it('strips the query of a page path but keeps it for navigation', () => {
    const page = menu(2, { urlAddress: 'report/view?mode=1' });
    const table = buildMenuRoutes([page]);
    expect(table.routes['/report/view']?.meta.query).toBe('mode=1');
    expect(table.leaves[0]?.to).toBe('/report/view?mode=1');
  });

  it('passes moduleId and isTree of dynamic pages as relationId and isTree', () => {
    const types: MenuType[] = [3, 4, 5, 8];
    const nodes = types.map((type, i) =>
      menu(type, { urlAddress: `dyn/${i}`, propertyJson: JSON.stringify({ moduleId: `mod${i}`, isTree: i === 1 ? 1 : 0 }) }),
    );
    const table = buildMenuRoutes(nodes);
    types.forEach((type, i) => {
      expect(table.routes[`/dyn/${i}`]).toMatchObject({
        kind: 'dynamic',
        meta: { menuType: type, relationId: `mod${i}`, isTree: i === 1, modelId: nodes[i]!.id },
      });
    });
  });

  it('opens data visualisation (6) and _blank links (7) in a new window, without a route', () => {
    const dataV = menu(6, { propertyJson: '{"moduleId":"v1"}' });
    const blank = menu(7, { urlAddress: 'https://example.org/?t=${jnpfToken}', linkTarget: '_blank' });
    const table = buildMenuRoutes([dataV, blank]);
    expect(Object.keys(table.routes)).toHaveLength(0);
    expect(table.leaves.map((l) => l.href)).toEqual(['${dataV}view/v1?token=${jnpfToken}', 'https://example.org/?t=${jnpfToken}']);
  });

  it('keeps _self links (7) as frames under /enCode and iframe pages (9) under their address', () => {
    const self = menu(7, { enCode: 'docs', urlAddress: 'https://docs.example.org', linkTarget: '_self' });
    const frame = menu(9, { urlAddress: 'legacy/child_follow', propertyJson: '{"iframeUrl":"/legacy/child_follow.html"}' });
    const bare = menu(9, { urlAddress: 'health/records' });
    const table = buildMenuRoutes([self, frame, bare]);
    expect(table.routes['/docs']).toMatchObject({ kind: 'frame', meta: { frameSrc: 'https://docs.example.org' } });
    expect(table.routes['/legacy/child_follow']).toMatchObject({ kind: 'frame', meta: { frameSrc: '/legacy/child_follow.html' } });
    expect(table.routes['/health/records']?.kind).toBe('page');
  });

  it('routes hidden menus but leaves them out of the menus and the search', () => {
    const hidden = menu(2, { urlAddress: 'secret', hidden: true });
    const hiddenDir = menu(1, { hidden: true, children: [menu(2, { urlAddress: 'under/hidden' })] });
    const table = buildMenuRoutes([hidden, hiddenDir]);
    expect(table.routes['/secret']).toBeDefined();
    expect(table.routes['/under/hidden']).toBeDefined();
    expect(table.nav).toHaveLength(0);
    expect(table.leaves).toHaveLength(0);
  });

  it('drops empty directories from the menus and keeps the first of duplicate paths', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const a = menu(2, { urlAddress: 'same' });
    const b = menu(2, { urlAddress: '/same/' });
    const table = buildMenuRoutes([menu(1), a, b]);
    expect(table.nav.map((n) => n.id)).toEqual([a.id, b.id]);
    expect(table.routes['/same']?.meta.modelId).toBe(a.id);
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });

  it('shows the title in the current language, falling back to fullName', () => {
    const node = menu(2, { urlAddress: 'x', fullName: '用户管理', i18n: { en: 'Users' } });
    const [item] = buildMenuRoutes([node]).leaves;
    expect(navTitle(item!, 'en')).toBe('Users');
    expect(navTitle(item!, 'zhtw')).toBe('用户管理');
    expect(navTitle(item!, 'zh')).toBe('用户管理');
  });
});

describe('link helpers', () => {
  it('substitutes host and encoded token', () => {
    expect(resolveLinkUrl('${dataV}view/1?token=${jnpfToken}', { dataV: 'https://v/', token: 'Bearer a b' })).toBe(
      'https://v/view/1?token=Bearer%20a%20b',
    );
  });
  it('treats invalid propertyJson as empty', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(parsePropertyJson('{bad')).toEqual({});
    expect(parsePropertyJson('[1]')).toEqual({});
    warn.mockRestore();
  });
});
