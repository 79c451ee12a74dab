import { describe, expect, it } from 'vitest';
import { evaluateExpression, expressionRefs, isValidExpression, parseExpression, round2, tokenizeExpression } from './expression.ts';

describe('calculate expressions', () => {
  it('tokenizes text and accepts the reference token lists', () => {
    expect(tokenizeExpression('a × (b + 2.5)')).toEqual(['a', '×', '(', 'b', '+', '2.5', ')']);
    expect(tokenizeExpression(['fee', '÷', '2'])).toEqual(['fee', '÷', '2']);
    expect(tokenizeExpression('a ; drop')).toBeNull();
    expect(tokenizeExpression(['a', 'alert(1)'])).toBeNull();
  });

  it('applies the §5.2 validity rules', () => {
    expect(isValidExpression('a + b * 2')).toBe(true);
    expect(isValidExpression('(a + b) ÷ 2')).toBe(true);
    expect(isValidExpression('a +')).toBe(false); // even count
    expect(isValidExpression('+ a')).toBe(false);
    expect(isValidExpression('a b c')).toBe(false); // not alternating
    expect(isValidExpression('a + + b')).toBe(false);
    expect(isValidExpression('(a + b')).toBe(false);
    expect(isValidExpression('a + b)')).toBe(false);
    expect(isValidExpression('() a')).toBe(false);
    expect(isValidExpression('')).toBe(false);
    expect(isValidExpression('constructor.constructor')).toBe(true); // just a reference, read as data
  });

  it('respects precedence and parentheses', () => {
    const scope = { record: { a: 2, b: '3', c: 4 } };
    expect(evaluateExpression('a + b × c', scope)).toBe(14);
    expect(evaluateExpression('(a + b) * c', scope)).toBe(20);
    expect(evaluateExpression('c - a - 1', scope)).toBe(1);
    expect(evaluateExpression('c / a / 2', scope)).toBe(1);
    const tree = parseExpression('a - b');
    expect(tree && expressionRefs(tree)).toEqual([{ field: 'a' }, { field: 'b' }]);
  });

  it('treats missing or invalid values as 0, rounds to 2 decimals, and answers 0 for non-finite results', () => {
    expect(evaluateExpression('a + b', { record: { a: 'x', b: 1.005 } })).toBe(1.01);
    expect(evaluateExpression('a ÷ b', { record: { a: 1, b: 0 } })).toBe(0);
    expect(evaluateExpression('a ÷ 3', { record: { a: 10 } })).toBe(3.33);
    expect(evaluateExpression('missing * 2', { record: {} })).toBe(0);
    expect(evaluateExpression('a +', { record: { a: 5 } })).toBe(0);
    expect(evaluateExpression('a', { record: { a: { valueOf: () => 7 } } })).toBe(0);
    expect(round2(-0.001)).toBe(0);
    expect(round2(-1.005)).toBe(-1.01);
  });

  it('sums a sub-table column without a row and reads the row with one', () => {
    const record = { total: 0, items: [{ qty: 2, price: 1.5 }, { qty: '3', price: 2 }, { qty: 'bad' }] };
    expect(evaluateExpression('items.qty', { record })).toBe(5);
    expect(evaluateExpression('items.qty + 1', { record })).toBe(6);
    expect(evaluateExpression('items.qty × items.price', { record, row: record.items[1], table: 'items' })).toBe(6);
    expect(evaluateExpression('qty * price', { record, row: record.items[0], table: 'items' })).toBe(3);
    expect(evaluateExpression('nope.qty', { record })).toBe(0);
  });
});
