import { isConditionGroup, type Condition, type ConditionGroup } from '@medalliance/contract';

const show = (v: Condition['value']) => (Array.isArray(v) ? `[${v.join(', ')}]` : v === null || v === undefined ? '' : String(v));

/** A short readable form of a branch condition for an edge label, e.g. `amount > 1000 and level = A`. */
export function conditionText(g: ConditionGroup, label: (field: string) => string = (f) => f): string {
  return g.items
    .map((item) => {
      if (isConditionGroup(item)) return `(${conditionText(item, label)})`;
      const value = item.operator === 'empty' || item.operator === 'notEmpty' ? '' : ` ${show(item.value)}`;
      return `${label(item.field)} ${item.operator}${value}`;
    })
    .join(` ${g.logic} `);
}
