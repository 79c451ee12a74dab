import type { Language, MenuNode, MenuType } from '@medalliance/contract';
import { MenuTypes } from '@medalliance/contract';
import type { RouteMeta, TitleSource, ViewRoute } from './routeMeta.ts';

/** An entry of the navigation menus (side, top, search), already filtered for hidden items. */
export interface NavItem {
  id: string;
  title: TitleSource;
  icon: string;
  type: MenuType;
  /** In-app target (path plus query) for navigable entries. */
  to?: string;
  /** Address template of entries that open a new window (type 6, type 7 with _blank). */
  href?: string;
  children?: NavItem[];
}

export interface MenuRouteTable {
  /** Every page reachable in the app, keyed by path. */
  routes: Record<string, ViewRoute>;
  /** Directory paths (`/` + enCode) lead to their first page. */
  redirects: Record<string, string>;
  /** The visible menu tree. */
  nav: NavItem[];
  /** Ids of the directories above each path, outermost first (open keys, blend top menu). */
  ancestors: Record<string, string[]>;
  /** Visible leaves, in menu order, for the menu search. */
  leaves: NavItem[];
}

/** Placeholders of spec §2.3 type 7 (the Vue 2 and Vue 3 clients' spellings). */
const DATAV_PLACEHOLDER = /\$\{(dataV|dataVUrl)\}/g;
const TOKEN_PLACEHOLDER = /\$\{(jnpfToken|token)\}/g;

export function parsePropertyJson(text: string | null | undefined): Record<string, unknown> {
  if (!text) return {};
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    // Spec §8: invalid JSON text is logged and treated as not JSON.
    console.warn('[menu] propertyJson is not valid JSON:', text);
    return {};
  }
}

/** `/` + path without query, hash, duplicate or trailing slashes. */
export function normalizePath(address: string): string {
  const bare = address.trim().split(/[?#]/)[0] ?? '';
  const path = `/${bare}`.replace(/\/{2,}/g, '/');
  return path.length > 1 ? path.replace(/\/$/, '') : path;
}

function queryOf(address: string): string | undefined {
  const i = address.indexOf('?');
  if (i < 0) return undefined;
  const q = address.slice(i + 1).split('#')[0];
  return q ? q : undefined;
}

/** Substitutes the visualisation host and the (URL-encoded) token into a link template. */
export function resolveLinkUrl(template: string, ctx: { dataV: string; token: string }): string {
  return template.replace(DATAV_PLACEHOLDER, ctx.dataV).replace(TOKEN_PLACEHOLDER, encodeURIComponent(ctx.token));
}

export function menuTitle(node: Pick<MenuNode, 'fullName' | 'i18n'>): TitleSource {
  return { text: { ...node.i18n, zh: node.fullName } };
}

const DYNAMIC_TYPES: readonly number[] = [MenuTypes.model, MenuTypes.dictionary, MenuTypes.report, MenuTypes.portal];

/**
 * Builds the app's routes and menus from the server menu list (spec §2.3).
 * Pure: the shell renders from the table, so new menus need no router rebuild.
 */
export function buildMenuRoutes(menuList: readonly MenuNode[]): MenuRouteTable {
  const table: MenuRouteTable = { routes: {}, redirects: {}, nav: [], ancestors: {}, leaves: [] };

  const addRoute = (path: string, route: ViewRoute, chain: string[]) => {
    if (table.routes[path]) {
      console.warn(`[menu] duplicate route path ${path}; keeping the first`);
      return;
    }
    table.routes[path] = route;
    table.ancestors[path] = chain;
  };

  const walk = (nodes: readonly MenuNode[], chain: string[], hiddenAbove: boolean): NavItem[] => {
    const items: NavItem[] = [];
    for (const node of nodes) {
      const hidden = hiddenAbove || !!node.hidden;
      const title = menuTitle(node);
      const props = parsePropertyJson(node.propertyJson);
      const base: RouteMeta = { title, icon: node.icon, modelId: node.id, menuType: node.type, enCode: node.enCode };
      const item: NavItem = { id: node.id, title, icon: node.icon, type: node.type };

      if (node.type === MenuTypes.directory) {
        const children = walk(node.children ?? [], [...chain, node.id], hidden);
        const dirPath = normalizePath(node.enCode);
        const first = firstTarget(children);
        if (first && !table.redirects[dirPath]) table.redirects[dirPath] = first;
        if (!hidden && children.length) items.push({ ...item, children });
        continue;
      }

      const address = node.urlAddress ?? '';
      const moduleId = props.moduleId == null ? undefined : String(props.moduleId);

      if (node.type === MenuTypes.dataV) {
        item.href = `\${dataV}view/${moduleId ?? ''}?token=\${jnpfToken}`;
      } else if (node.type === MenuTypes.link) {
        if (node.linkTarget === '_self') {
          const path = normalizePath(node.enCode);
          addRoute(path, { path, kind: 'frame', meta: { ...base, frameSrc: address } }, chain);
          item.to = path;
        } else {
          item.href = address;
        }
      } else if (node.type === MenuTypes.iframe) {
        const path = normalizePath(address || node.enCode);
        const src = [props.iframeUrl, props.url, props.src].find((v) => typeof v === 'string' && v) as string | undefined;
        // Without a frame source the path may still have a real screen registered: render it as a page.
        addRoute(path, { path, kind: src ? 'frame' : 'page', meta: { ...base, frameSrc: src } }, chain);
        item.to = path;
      } else if (DYNAMIC_TYPES.includes(node.type)) {
        const path = normalizePath(address || node.enCode);
        const meta: RouteMeta = { ...base, relationId: moduleId, isTree: props.isTree === 1 || props.isTree === true };
        addRoute(path, { path, kind: 'dynamic', meta }, chain);
        item.to = path;
      } else {
        // Type 2 and any other type navigate within the app (spec §2.3 "Other menu types").
        const path = normalizePath(address || node.enCode);
        const query = queryOf(address);
        addRoute(path, { path, kind: 'page', meta: { ...base, query } }, chain);
        item.to = query ? `${path}?${query}` : path;
      }

      if (!hidden) {
        items.push(item);
        table.leaves.push(item);
      }
    }
    return items;
  };

  table.nav = walk(menuList, [], false);
  return table;
}

function firstTarget(items: readonly NavItem[]): string | undefined {
  for (const item of items) {
    if (item.to) return item.to;
    const inner = item.children && firstTarget(item.children);
    if (inner) return inner;
  }
  return undefined;
}

/** The title in the given language, for search and menus. */
export function navTitle(item: Pick<NavItem, 'title'>, lang: Language): string {
  const source = item.title;
  return 'key' in source ? source.key : source.text[lang] || source.text.zh;
}
