import { z } from 'zod';

/**
 * Branch conditions over form fields: `field operator value` items combined
 * with and / or, nested up to MAX_CONDITION_DEPTH. Evaluated by a plain typed
 * function (no eval, no expression text): the reference built a string and ran
 * it through DataTable.Compute; here a condition can do nothing but compare.
 */
export const CONDITION_OPERATORS = ['=', '!=', '<', '<=', '>', '>=', 'in', 'contains', 'empty', 'notEmpty'] as const;
export type ConditionOperator = (typeof CONDITION_OPERATORS)[number];

/** Other spellings the designer or imported definitions use (≠ ≤ ≥, == and <> of the reference). */
const OPERATOR_ALIASES: Record<string, ConditionOperator> = { '==': '=', '≠': '!=', '<>': '!=', '≤': '<=', '≥': '>=' };

export const MAX_CONDITION_DEPTH = 4;
export const MAX_CONDITION_ITEMS = 50;

const fieldName = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)?$/);
const scalar = z.union([z.string().max(500), z.number().finite(), z.boolean(), z.null()]);

export const conditionSchema = z.object({
  field: fieldName,
  operator: z.preprocess((v) => (typeof v === 'string' && v in OPERATOR_ALIASES ? OPERATOR_ALIASES[v] : v), z.enum(CONDITION_OPERATORS)),
  value: z.union([scalar, z.array(scalar).max(200)]).optional(),
});
export type Condition = z.infer<typeof conditionSchema>;

export interface ConditionGroup {
  logic: 'and' | 'or';
  items: Array<Condition | ConditionGroup>;
}

export const conditionGroupSchema: z.ZodType<ConditionGroup> = z.lazy(() =>
  z.object({
    logic: z.enum(['and', 'or']),
    items: z
      .array(z.union([conditionSchema, conditionGroupSchema]))
      .min(1)
      .max(MAX_CONDITION_ITEMS),
  }),
);

export const isConditionGroup = (c: Condition | ConditionGroup): c is ConditionGroup =>
  'logic' in c && Array.isArray((c as ConditionGroup).items);

/** How deep groups nest (1 for a group of plain conditions). */
export function conditionDepth(g: ConditionGroup): number {
  let deepest = 0;
  for (const item of g.items) if (isConditionGroup(item)) deepest = Math.max(deepest, conditionDepth(item));
  return deepest + 1;
}

type Scalar = string | number | boolean | null | undefined;

const isEmpty = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

/** A number for a number, a numeric string or a boolean; null otherwise (so 'abc' < 5 is false, never NaN logic). */
function toNumber(v: unknown): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (typeof v === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(v)) return Number(v);
  return null;
}

/** Equal when both are numbers (or numeric text) of the same value, or the same text. */
function same(a: Scalar, b: Scalar): boolean {
  if (isEmpty(a) || isEmpty(b)) return isEmpty(a) && isEmpty(b);
  const na = toNumber(a);
  const nb = toNumber(b);
  if (na !== null && nb !== null) return na === nb;
  return String(a) === String(b);
}

/** A field value as a list: arrays as they are, comma text of multi-selects split, a scalar alone. */
function asList(v: unknown): Scalar[] {
  if (Array.isArray(v)) return v as Scalar[];
  if (typeof v === 'string' && v.startsWith('[')) {
    try {
      const parsed: unknown = JSON.parse(v);
      if (Array.isArray(parsed)) return parsed as Scalar[];
    } catch {
      /* plain text */
    }
  }
  if (isEmpty(v)) return [];
  return [v as Scalar];
}

/** The value of `field` (or `table.field`, a sub-table column: its rows' values) in the form values. */
export function readField(values: Record<string, unknown>, field: string): unknown {
  const dot = field.indexOf('.');
  if (dot < 0) return values[field];
  const rows = values[field.slice(0, dot)];
  const col = field.slice(dot + 1);
  return Array.isArray(rows) ? rows.map((r) => (r && typeof r === 'object' ? (r as Record<string, unknown>)[col] : undefined)) : undefined;
}

/** One condition over the form values. Comparisons need two numbers; anything else is false. */
export function evaluateCondition(c: Condition, values: Record<string, unknown>): boolean {
  const actual = readField(values, c.field);
  const expected = c.value;
  switch (c.operator) {
    case 'empty':
      return isEmpty(actual);
    case 'notEmpty':
      return !isEmpty(actual);
    case '=':
      if (Array.isArray(actual) || Array.isArray(expected)) {
        const a = asList(actual);
        const b = asList(expected);
        return a.length === b.length && a.every((x) => b.some((y) => same(x, y)));
      }
      return same(actual as Scalar, expected as Scalar);
    case '!=':
      return !evaluateCondition({ ...c, operator: '=' }, values);
    case '<':
    case '<=':
    case '>':
    case '>=': {
      const a = toNumber(actual);
      const b = toNumber(expected);
      if (a === null || b === null) return false;
      if (c.operator === '<') return a < b;
      if (c.operator === '<=') return a <= b;
      if (c.operator === '>') return a > b;
      return a >= b;
    }
    case 'in': {
      const options = asList(expected);
      const got = asList(actual);
      return got.length > 0 && got.some((x) => options.some((y) => same(x, y)));
    }
    case 'contains': {
      if (isEmpty(expected)) return false;
      if (typeof actual === 'string' && !actual.startsWith('[')) return actual.includes(String(expected));
      const wanted = asList(expected);
      const got = asList(actual);
      return wanted.every((w) => got.some((x) => same(x, w)));
    }
  }
}

/** A group: every item (and) or any item (or). */
export function evaluateConditionGroup(g: ConditionGroup, values: Record<string, unknown>): boolean {
  const test = (item: Condition | ConditionGroup) =>
    isConditionGroup(item) ? evaluateConditionGroup(item, values) : evaluateCondition(item, values);
  return g.logic === 'and' ? g.items.every(test) : g.items.some(test);
}
