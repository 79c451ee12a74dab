import { describe, expect, it } from 'vitest';
import {
  conditionDepth,
  conditionGroupSchema,
  conditionSchema,
  evaluateCondition,
  evaluateConditionGroup,
  type Condition,
} from './condition.ts';

const values = {
  amount: 1200,
  amountText: '1200.50',
  level: 'county',
  tags: ['a', 'b'],
  note: 'urgent referral',
  empty: '',
  nothing: null,
  items: [{ qty: 2 }, { qty: 5 }],
};
const test = (field: string, operator: Condition['operator'], value?: Condition['value']) =>
  evaluateCondition({ field, operator, value }, values);

describe('evaluateCondition', () => {
  it('compares numbers, numeric text included', () => {
    expect(test('amount', '>', 1000)).toBe(true);
    expect(test('amount', '>', '1000')).toBe(true);
    expect(test('amount', '>=', 1200)).toBe(true);
    expect(test('amount', '<', 1200)).toBe(false);
    expect(test('amount', '<=', 1200)).toBe(true);
    expect(test('amountText', '>', 1200)).toBe(true);
    expect(test('amount', '=', '1200')).toBe(true);
    expect(test('amount', '!=', 1200)).toBe(false);
  });

  it('never compares text by order: a non-number makes < and > false', () => {
    expect(test('level', '>', 5)).toBe(false);
    expect(test('level', '<', 5)).toBe(false);
    expect(test('nothing', '<', 5)).toBe(false);
    expect(test('missing', '>=', 0)).toBe(false);
  });

  it('equality of text, in, contains, empty', () => {
    expect(test('level', '=', 'county')).toBe(true);
    expect(test('level', '!=', 'township')).toBe(true);
    expect(test('level', 'in', ['township', 'county'])).toBe(true);
    expect(test('level', 'in', ['village'])).toBe(false);
    expect(test('tags', 'in', ['b', 'z'])).toBe(true);
    expect(test('tags', 'contains', 'a')).toBe(true);
    expect(test('tags', 'contains', 'z')).toBe(false);
    expect(test('note', 'contains', 'referral')).toBe(true);
    expect(test('note', 'contains', '')).toBe(false);
    expect(test('empty', 'empty')).toBe(true);
    expect(test('nothing', 'empty')).toBe(true);
    expect(test('missing', 'empty')).toBe(true);
    expect(test('level', 'empty')).toBe(false);
    expect(test('level', 'notEmpty')).toBe(true);
    expect(test('tags', '=', ['b', 'a'])).toBe(true);
    expect(test('tags', '=', ['a'])).toBe(false);
  });

  it('reads sub-table columns as lists', () => {
    expect(test('items.qty', 'contains', 5)).toBe(true);
    expect(test('items.qty', 'in', [7])).toBe(false);
  });

  it('treats text that looks like code as text', () => {
    expect(test('level', '=', "county' or '1'='1")).toBe(false);
    expect(test('note', 'contains', '); process.exit(1); (')).toBe(false);
  });
});

describe('condition groups', () => {
  const amountOver = { field: 'amount', operator: '>' as const, value: 1000 };
  const township = { field: 'level', operator: '=' as const, value: 'township' };
  it('and / or, nested', () => {
    expect(evaluateConditionGroup({ logic: 'and', items: [amountOver, township] }, values)).toBe(false);
    expect(evaluateConditionGroup({ logic: 'or', items: [amountOver, township] }, values)).toBe(true);
    const nested = {
      logic: 'and' as const,
      items: [amountOver, { logic: 'or' as const, items: [township, { field: 'tags', operator: 'contains' as const, value: 'b' }] }],
    };
    expect(evaluateConditionGroup(nested, values)).toBe(true);
    expect(conditionDepth(nested)).toBe(2);
  });

  it('parses the designer spellings and refuses unknown operators and bad fields', () => {
    expect(conditionSchema.parse({ field: 'amount', operator: '≥', value: 5 }).operator).toBe('>=');
    expect(conditionSchema.parse({ field: 'amount', operator: '≠', value: 5 }).operator).toBe('!=');
    expect(conditionSchema.parse({ field: 'amount', operator: '==', value: 5 }).operator).toBe('=');
    expect(conditionSchema.safeParse({ field: 'amount', operator: 'like', value: 5 }).success).toBe(false);
    expect(conditionSchema.safeParse({ field: 'a; drop table users', operator: '=', value: 5 }).success).toBe(false);
    expect(conditionSchema.safeParse({ field: 'amount', operator: '=', value: { $gt: 1 } }).success).toBe(false);
    expect(conditionGroupSchema.safeParse({ logic: 'xor', items: [amountOver] }).success).toBe(false);
    expect(conditionGroupSchema.safeParse({ logic: 'and', items: [] }).success).toBe(false);
  });
});
