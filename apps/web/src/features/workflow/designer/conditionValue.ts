import type { Condition, ConditionOperator } from '@medalliance/contract';

/** Form field types whose values are numbers (so `amount > 1000` compares numbers, not text). */
const NUMERIC_TYPES = new Set(['inputNumber', 'amount', 'calculate', 'rate', 'slider', 'number']);

/**
 * The value a condition row stores for what was typed: nothing for
 * empty / notEmpty, a list for `in` (comma separated), a number for numeric
 * fields when the text is one, the text otherwise.
 */
export function conditionValue(text: string, operator: ConditionOperator, fieldType: string | undefined): Condition['value'] {
  if (operator === 'empty' || operator === 'notEmpty') return undefined;
  const one = (s: string) => {
    const v = s.trim();
    return fieldType && NUMERIC_TYPES.has(fieldType) && /^-?\d+(\.\d+)?$/.test(v) ? Number(v) : v;
  };
  if (operator === 'in')
    return text
      .split(/[,，]/)
      .map(one)
      .filter((v) => v !== '');
  return one(text);
}

/** What the value box shows for a stored value. */
export function conditionText(value: Condition['value']): string {
  if (Array.isArray(value)) return value.join(',');
  return value === undefined || value === null ? '' : String(value);
}
