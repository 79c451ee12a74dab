import type { Language } from '@medalliance/contract';
import { navTitle, type NavItem } from '../router/menuRoutes.ts';

/** Width of one top-menu item (spec §2.5, §9). */
export const TOP_MENU_ITEM_WIDTH = 116;

/**
 * How many top-menu items fit in `width`. When not all fit, one slot goes to
 * the 'more' entry that holds the rest.
 */
export function topMenuFit(total: number, width: number, itemWidth = TOP_MENU_ITEM_WIDTH): number {
  if (total <= 0 || width <= 0) return 0;
  const slots = Math.floor(width / itemWidth);
  if (slots >= total) return total;
  return Math.max(0, slots - 1);
}

/** Every nav item by id, directories included. */
export function indexNav(nav: readonly NavItem[]): Map<string, NavItem> {
  const map = new Map<string, NavItem>();
  const walk = (items: readonly NavItem[]) => {
    for (const item of items) {
      map.set(item.id, item);
      if (item.children) walk(item.children);
    }
  };
  walk(nav);
  return map;
}

/** The first in-app target below an item (blend layout: clicking a top directory opens its first page). */
export function firstLeaf(item: NavItem): NavItem | undefined {
  if (!item.children) return item;
  for (const child of item.children) {
    const leaf = firstLeaf(child);
    if (leaf?.to) return leaf;
  }
  return undefined;
}

export interface SearchEntry {
  id: string;
  title: string;
  /** Titles of the directories above, for display ("Permission / Users"). */
  section: string;
  path: string;
}

/** The searchable menu entries in one language, with their directory trail. */
export function searchEntries(nav: readonly NavItem[], lang: Language): SearchEntry[] {
  const out: SearchEntry[] = [];
  const walk = (items: readonly NavItem[], trail: string[]) => {
    for (const item of items) {
      const title = navTitle(item, lang);
      if (item.children) walk(item.children, [...trail, title]);
      else out.push({ id: item.id, title, section: trail.join(' / '), path: item.to ?? '' });
    }
  };
  walk(nav, []);
  return out;
}
