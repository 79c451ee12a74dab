import { describe, expect, it } from 'vitest';
import {
  ancestorKeys,
  approverMissing,
  authOrgMode,
  closedPicker,
  confirmSelection,
  findByIds,
  fromIds,
  initialExpanded,
  isPickable,
  parentKeys,
  pick,
  pickerReducer,
  pickMany,
  splitRoleTabs,
  toIds,
  unpick,
  withChildren,
  type PickNode,
  type PickRules,
} from './selection.ts';

const dept = (id: string, extra: Partial<PickNode> = {}): PickNode => ({ id, fullName: `D${id}`, type: 'department', ...extra });
const company = (id: string, extra: Partial<PickNode> = {}): PickNode => ({ id, fullName: `C${id}`, type: 'company', ...extra });
const single: PickRules = { multiple: false, types: ['department'] };
const multi: PickRules = { multiple: true, types: ['department'] };

describe('picking nodes', () => {
  it('single mode replaces the choice', () => {
    let s = pick([], dept('1'), single);
    s = pick(s, dept('2'), single);
    expect(s.map((n) => n.id)).toEqual(['2']);
  });

  it('multiple mode appends and ignores duplicates', () => {
    let s = pick([], dept('1'), multi);
    s = pick(s, dept('2'), multi);
    const before = s;
    s = pick(s, dept('1'), multi);
    expect(s).toBe(before);
    expect(s.map((n) => n.id)).toEqual(['1', '2']);
  });

  it('picks only nodes of the right type', () => {
    expect(pick([], company('9'), multi)).toEqual([]);
    expect(isPickable(company('9'), { types: ['company', 'department'] })).toBe(true);
    expect(isPickable({ id: '1', fullName: 'global', type: '' }, { types: ['role'] })).toBe(false);
    // No type list: every enabled node.
    expect(isPickable(company('9'), {})).toBe(true);
  });

  it('ignores disabled organisation nodes', () => {
    expect(pick([], dept('3', { disabled: true }), multi)).toEqual([]);
    expect(pick([dept('1')], dept('3', { disabled: true }), single).map((n) => n.id)).toEqual(['1']);
  });

  it('keeps no children in the selection', () => {
    const s = pick([], dept('1', { children: [dept('2')] }), multi);
    expect(s[0]).not.toHaveProperty('children');
  });

  it('picks many in order, with the same rules', () => {
    expect(pickMany([dept('2')], [dept('1'), company('5'), dept('2'), dept('3')], multi).map((n) => n.id)).toEqual(['2', '1', '3']);
  });

  it('unpicks by id and leaves the array alone when absent', () => {
    const s = [dept('1'), dept('2')];
    expect(unpick(s, '1').map((n) => n.id)).toEqual(['2']);
    expect(unpick(s, 'x')).toBe(s);
  });
});

describe('confirming', () => {
  it('is ignored with no selection', () => {
    expect(confirmSelection([], true)).toBeNull();
    expect(confirmSelection([], false)).toBeNull();
  });
  it('emits ids in multiple mode and one id in single mode', () => {
    expect(confirmSelection([dept('1'), dept('2')], true)?.value).toEqual(['1', '2']);
    expect(confirmSelection([dept('1')], false)?.value).toBe('1');
  });
});

describe('the picker states', () => {
  it('goes closed → open → confirmed', () => {
    let s = pickerReducer(closedPicker, { type: 'pick', node: dept('1'), rules: multi });
    expect(s).toBe(closedPicker); // picks count only while open
    s = pickerReducer(s, { type: 'open', selected: [dept('7')] });
    expect(s.phase).toBe('open');
    s = pickerReducer(s, { type: 'pick', node: dept('1'), rules: multi });
    s = pickerReducer(s, { type: 'pick', node: dept('1'), rules: multi });
    expect(s.selected.map((n) => n.id)).toEqual(['7', '1']);
    s = pickerReducer(s, { type: 'confirm' });
    expect(s.phase).toBe('confirmed');
  });

  it('stays open when confirming an empty choice', () => {
    let s = pickerReducer(closedPicker, { type: 'open', selected: [dept('1')] });
    s = pickerReducer(s, { type: 'clear' });
    expect(s.selected).toEqual([]);
    s = pickerReducer(s, { type: 'confirm' });
    expect(s.phase).toBe('open');
  });

  it('goes open → cancelled and drops the choice', () => {
    let s = pickerReducer(closedPicker, { type: 'open', selected: [dept('1')] });
    s = pickerReducer(s, { type: 'unpick', id: '1' });
    s = pickerReducer(s, { type: 'pick', node: dept('2'), rules: single });
    s = pickerReducer(s, { type: 'cancel' });
    expect(s).toEqual({ phase: 'cancelled', selected: [] });
    expect(pickerReducer(s, { type: 'close' })).toEqual(closedPicker);
  });
});

describe('field values', () => {
  it('reads arrays, comma-joined text and single ids', () => {
    expect(toIds(['1', '2', '1', ''], true)).toEqual(['1', '2']);
    expect(toIds('1,2, 3', true)).toEqual(['1', '2', '3']);
    expect(toIds(['1', '2'], false)).toEqual(['1']);
    expect(toIds('', false)).toEqual([]);
    expect(toIds(undefined, true)).toEqual([]);
    expect(toIds({ id: 1 }, true)).toEqual([]);
  });
  it('emits empty values by mode', () => {
    expect(fromIds([], true)).toEqual([]);
    expect(fromIds([], false)).toBe('');
    expect(fromIds(['4'], false)).toBe('4');
  });
  it('refuses an empty approver', () => {
    expect(approverMissing([])).toBe(true);
    expect(approverMissing('')).toBe(true);
    expect(approverMissing(['u1'])).toBe(false);
  });
});

describe('role tabs', () => {
  it("puts node '1' into global and everything else into organization", () => {
    const roles: PickNode[] = [
      { id: '1', fullName: 'global', type: '', children: [{ id: 'r1', fullName: 'admin', type: 'role' }] },
      company('c1', { children: [{ id: 'r2', fullName: 'clinic admin', type: 'role', onlyId: 'c1_r2' }] }),
      company('c2'),
    ];
    const tabs = splitRoleTabs(roles);
    expect(tabs.global.map((n) => n.id)).toEqual(['r1']);
    expect(tabs.organization.map((n) => n.id)).toEqual(['c1', 'c2']);
  });
});

describe('trees', () => {
  const tree: PickNode[] = [company('1', { children: [dept('2', { children: [dept('3')] }), dept('4')] }), company('5')];

  it('finds nodes by id in the order asked', () => {
    expect(findByIds(tree, ['4', 'x', '1']).map((n) => n.id)).toEqual(['4', '1']);
  });

  it('puts lazily loaded children in place and shares untouched branches', () => {
    const next = withChildren(tree, '5', [dept('6')]);
    expect(next[1]!.children!.map((n) => n.id)).toEqual(['6']);
    expect(next[1]!.isLeaf).toBe(false);
    expect(next[0]).toBe(tree[0]);
    const empty = withChildren(tree, '4', []);
    expect(empty[0]!.children![1]!.isLeaf).toBe(true);
    expect(withChildren(tree, 'missing', [])).toBe(tree);
  });

  it('lists the keys of nodes with children', () => {
    expect(parentKeys(tree)).toEqual(['1', '2']);
  });
});

describe('authorized organization picker', () => {
  it('chooses its load mode by isAdministrator', () => {
    expect(authOrgMode(true, true)).toBe('adminOnlyOrg');
    expect(authOrgMode(false, true)).toBe('scopedOnlyOrg');
    expect(authOrgMode(true, false)).toBe('general');
    expect(authOrgMode(false, false)).toBe('general');
  });
});

describe('trees open at first', () => {
  it('opens search results fully, loaded roots, or the first lazy root', () => {
    const full: PickNode[] = [company('1', { children: [dept('2', { children: [dept('3')] })] })];
    expect(initialExpanded(full, true)).toEqual(['1', '2']);
    expect(initialExpanded(full, false)).toEqual(['1']);
    const lazy: PickNode[] = [company('1', { isLeaf: false }), company('2', { isLeaf: false })];
    expect(initialExpanded(lazy, false)).toEqual(['1']);
    expect(initialExpanded([company('1', { isLeaf: true })], false)).toEqual([]);
    expect(initialExpanded([], false)).toEqual([]);
  });
});

describe('opening where the choice sits', () => {
  it('lists the ancestors of chosen nodes', () => {
    const tree: PickNode[] = [
      company('1', { children: [company('2', { children: [dept('3')] })] }),
      company('4', { children: [dept('5')] }),
    ];
    expect(ancestorKeys(tree, ['3']).sort()).toEqual(['1', '2']);
    expect(ancestorKeys(tree, ['5', '1']).sort()).toEqual(['4']);
    expect(ancestorKeys(tree, ['x'])).toEqual([]);
  });
});
