import { describe, expect, it } from 'vitest';
import type { NavItem } from '../../app/router/menuRoutes.ts';
import { dayPeriod, screensPerSection } from './homeStats.ts';

const leaf = (id: string): NavItem => ({ id, title: { text: { zh: id } }, icon: '', type: 2, to: `/${id}` });

describe('home statistics', () => {
  it('names the part of the day', () => {
    expect(dayPeriod(8)).toBe('morning');
    expect(dayPeriod(12)).toBe('noon');
    expect(dayPeriod(15)).toBe('afternoon');
    expect(dayPeriod(22)).toBe('evening');
    expect(dayPeriod(3)).toBe('evening');
  });
  it('counts the screens of each group, loose pages under other', () => {
    const nav: NavItem[] = [
      {
        id: 'g',
        title: { text: { zh: '组', en: 'Group' } },
        icon: '',
        type: 1,
        children: [leaf('a'), { ...leaf('sub'), type: 1, to: undefined, children: [leaf('b'), leaf('c')] }],
      },
      leaf('x'),
    ];
    expect(screensPerSection(nav, 'en', 'Other')).toEqual([
      { name: 'Group', value: 3 },
      { name: 'Other', value: 1 },
    ]);
  });
});
