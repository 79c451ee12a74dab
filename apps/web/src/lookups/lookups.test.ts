import { describe, expect, it } from 'vitest';
import type { DictionaryAllEntry, DictionaryDataNode } from '@medalliance/contract';
import { dictionaryLabel, findDictionary } from './dictionaryLookup.ts';
import { filterTree, flattenTree, mapTree, parentIds, pathTo } from './tree.ts';

const node = (id: string, children?: { id: string; name: string; children?: unknown[] }[]) => ({ id, name: id, children });
const tree = [node('a', [node('a1', [node('a11')]), node('a2')]), node('b')] as { id: string; name: string; children?: never[] }[];

describe('tree helpers', () => {
  it('flattens depth-first and finds a path', () => {
    expect(flattenTree(tree).map((n) => n.id)).toEqual(['a', 'a1', 'a11', 'a2', 'b']);
    expect(pathTo(tree, 'a11').map((n) => n.id)).toEqual(['a', 'a1', 'a11']);
    expect(pathTo(tree, 'zz')).toEqual([]);
  });
  it('keeps matches with their ancestors', () => {
    const kept = filterTree(tree, (n) => n.id === 'a11');
    expect(flattenTree(kept).map((n) => n.id)).toEqual(['a', 'a1', 'a11']);
    expect(filterTree(tree, () => false)).toEqual([]);
  });
  it('maps keeping the shape and lists parents', () => {
    const mapped = mapTree(tree, (n, depth) => ({ id: n.id, depth }));
    expect(mapped[0]!.children![0]!.children![0]).toEqual({ id: 'a11', depth: 2 });
    expect(mapped[1]!.children).toBeUndefined();
    expect(parentIds(tree)).toEqual(['a', 'a1']);
  });
});

const item = (id: string, enCode: string, fullName: string, children?: DictionaryDataNode[]): DictionaryDataNode => ({
  id,
  parentId: '0',
  dictionaryTypeId: 't',
  fullName,
  enCode,
  simpleSpelling: null,
  isDefault: 0,
  sortCode: 0,
  enabledMark: 1,
  description: null,
  hasChildren: !!children,
  children,
});

describe('dictionary lookups', () => {
  const list: DictionaryAllEntry[] = [
    { id: '61a', enCode: 'gender', fullName: '性别', isTree: 0, dictionaryList: [item('1', '1', '男'), item('2', '2', '女')] },
    { id: '61b', enCode: 'unit', fullName: '单位', isTree: 0, dictionaryList: [] },
  ];
  it('finds a type by id or enCode', () => {
    expect(findDictionary(list, 'gender')?.id).toBe('61a');
    expect(findDictionary(list, '61b')?.enCode).toBe('unit');
    expect(findDictionary(list, 'nope')).toBeUndefined();
    expect(findDictionary(undefined, 'gender')).toBeUndefined();
  });
  it('labels a stored value by id or code, else shows the value', () => {
    const flat = flattenTree(list[0]!.dictionaryList);
    expect(dictionaryLabel({ flat }, '2')).toBe('女');
    expect(dictionaryLabel({ flat }, 1)).toBe('男');
    expect(dictionaryLabel({ flat }, 'x9')).toBe('x9');
    expect(dictionaryLabel({ flat }, null)).toBe('');
  });
});
