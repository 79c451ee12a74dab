import type { Language } from '@medalliance/contract';
import { navTitle, type NavItem } from '../../app/router/menuRoutes.ts';

/** Part of the day for the greeting. */
export function dayPeriod(hour: number): 'morning' | 'noon' | 'afternoon' | 'evening' {
  if (hour >= 5 && hour < 11) return 'morning';
  if (hour >= 11 && hour < 13) return 'noon';
  if (hour >= 13 && hour < 18) return 'afternoon';
  return 'evening';
}

const countLeaves = (item: NavItem): number => (item.children ? item.children.reduce((n, c) => n + countLeaves(c), 0) : 1);

/** Screens per first-level menu group; top-level pages are grouped under `other`. */
export function screensPerSection(nav: readonly NavItem[], lang: Language, other: string): { name: string; value: number }[] {
  const rows: { name: string; value: number }[] = [];
  let loose = 0;
  for (const item of nav) {
    if (item.children) rows.push({ name: navTitle(item, lang), value: countLeaves(item) });
    else loose += 1;
  }
  if (loose) rows.push({ name: other, value: loose });
  return rows;
}
