import { describe, expect, it } from 'vitest';
import { applySort, siblingReorder } from './siblingSort.ts';

const flat = [
  { id: 'a', sortCode: 1 },
  { id: 'b', sortCode: 2 },
  { id: 'c', sortCode: 9 },
];
const tree = [
  {
    id: 'p',
    sortCode: 0,
    children: [
      { id: 'p1', sortCode: 0 },
      { id: 'p2', sortCode: 0 },
      { id: 'p3', sortCode: 0 },
    ],
  },
  { id: 'q', sortCode: 1, children: [{ id: 'q1', sortCode: 5 }] },
];

describe('siblingReorder', () => {
  it('hands the group its own codes in the new order', () => {
    expect(siblingReorder(flat, 'c', 'a')).toEqual([
      { id: 'c', sortCode: 1 },
      { id: 'a', sortCode: 2 },
      { id: 'b', sortCode: 9 },
    ]);
    expect(siblingReorder(flat, 'a', 'b')).toEqual([
      { id: 'b', sortCode: 1 },
      { id: 'a', sortCode: 2 },
      { id: 'c', sortCode: 9 },
    ]);
  });

  it('numbers a group whose codes repeat, and stays within siblings', () => {
    expect(siblingReorder(tree, 'p3', 'p1')).toEqual([
      { id: 'p3', sortCode: 0 },
      { id: 'p1', sortCode: 1 },
      { id: 'p2', sortCode: 2 },
    ]);
    expect(siblingReorder(tree, 'p1', 'q1')).toBeNull();
    expect(siblingReorder(tree, 'p1', 'p1')).toBeNull();
    expect(siblingReorder(tree, 'nope', 'p1')).toBeNull();
  });

  it('applySort re-sorts each group by the new codes', () => {
    const next = applySort(tree, siblingReorder(tree, 'p3', 'p1')!);
    expect(next[0]!.children!.map((n) => n.id)).toEqual(['p3', 'p1', 'p2']);
    expect(applySort(flat, siblingReorder(flat, 'c', 'a')!).map((n) => n.id)).toEqual(['c', 'a', 'b']);
  });
});
