import { describe, expect, it } from 'vitest';
import type { AreaNode } from '@medalliance/contract';
import { buildRows, childType, levelsToLoad, type Level } from './areaRows.ts';

const node = (id: string, parentId: string, hasChildren: boolean, type: number | null = 1): AreaNode => ({
  id,
  parentId,
  enCode: id,
  fullName: id,
  type,
  sortCode: 0,
  enabledMark: 1,
  isLeaf: !hasChildren,
  hasChildren,
});

describe('area tree rows', () => {
  it('gives nodes with sub-areas an empty list until their level is loaded', () => {
    const rows = buildRows([node('p', '-1', true), node('q', '-1', false)], new Map());
    expect(rows[0]!.children).toEqual([]);
    expect(rows[1]!.children).toBeUndefined();
  });
  it('shows a loading row while a level loads, then the level', () => {
    const levels = new Map<string, Level>([['p', 'loading']]);
    expect(buildRows([node('p', '-1', true)], levels)[0]!.children![0]!.placeholder).toBe('loading');
    levels.set('p', [node('c', 'p', true, 2)]);
    levels.set('c', [node('d', 'c', false, 3)]);
    const rows = buildRows([node('p', '-1', true)], levels);
    expect(rows[0]!.children![0]!.id).toBe('c');
    expect(rows[0]!.children![0]!.children![0]!.id).toBe('d');
  });
  it('names the next level and what to load for a path', () => {
    expect(childType(1)).toBe(2);
    expect(childType(5)).toBe(5);
    expect(childType(null)).toBeNull();
    const levels = new Map<string, Level>([['p', [node('c', 'p', true)]]]);
    expect(levelsToLoad(['p', 'c', 'd'], levels)).toEqual(['c']);
    expect(levelsToLoad(['p'], levels)).toEqual([]);
  });
});
