import type { ConditionJson, ConditionOp } from '@medalliance/contract';

/**
 * The data-permission scheme editor's model (server-contract §2): groups of
 * conditions; within a group its logic (and / or) joins the conditions, and
 * every group must hold. A condition compares a field with a fixed value or a
 * token (@userId, @userAndSubordinates, @organizeId,
 * @organizationAndSuborganization). Pure: turned into the scheme's
 * conditionJson, read back from it, described in words and checked.
 */
export type ValueMode = 'value' | 'token';

export interface CondRow {
  key: string;
  field: string;
  op: ConditionOp;
  mode: ValueMode;
  value: string;
}

export interface CondGroup {
  key: string;
  logic: 'and' | 'or';
  rows: CondRow[];
}

export interface FieldDef {
  field: string;
  fullName: string;
  type: string;
}

/** Operators a token works with (the server treats a token as a set: in it, or not). */
export const TOKEN_OPS: readonly ConditionOp[] = ['Equal', 'NotEqual', 'In'];

let seq = 0;
export const newKey = (prefix: string) => `${prefix}${Date.now().toString(36)}${(seq++).toString(36)}`;

export const emptyRow = (field = ''): CondRow => ({ key: newKey('r'), field, op: 'Equal', mode: 'value', value: '' });
export const emptyGroup = (): CondGroup => ({ key: newKey('g'), logic: 'and', rows: [emptyRow()] });

const isNumberField = (fields: FieldDef[], field: string) => fields.find((f) => f.field === field)?.type === 'number';

/** The scheme's conditions as the server stores them; empty groups and rows without a field drop out. */
export function toConditionJson(groups: CondGroup[], fields: FieldDef[]): ConditionJson {
  return groups
    .map((g) => ({
      logic: g.logic,
      groups: g.rows
        .filter((r) => r.field)
        .map((r) => {
          const number = isNumberField(fields, r.field);
          let value: string | number | (string | number)[];
          if (r.mode === 'token') value = r.value;
          else if (r.op === 'In') {
            const parts = r.value
              .split(/[,，]/)
              .map((s) => s.trim())
              .filter(Boolean);
            value = number ? parts.map(Number) : parts;
          } else value = number && r.value.trim() !== '' ? Number(r.value) : r.value.trim();
          return { id: r.key, field: r.field, type: number ? 'number' : 'string', op: r.op, value };
        }),
    }))
    .filter((g) => g.groups.length);
}

/** Reads a stored scheme (JSON text or the array) back into groups; unreadable text gives no groups. */
export function fromConditionJson(input: string | ConditionJson | null | undefined): CondGroup[] {
  let parsed: unknown = input;
  if (typeof input === 'string') {
    try {
      parsed = input.trim() ? JSON.parse(input) : [];
    } catch {
      return [];
    }
  }
  if (!Array.isArray(parsed)) return [];
  return parsed
    .filter((g): g is ConditionJson[number] => !!g && typeof g === 'object' && Array.isArray((g as { groups?: unknown }).groups))
    .map((g) => ({
      key: newKey('g'),
      logic: g.logic === 'or' ? 'or' : 'and',
      rows: g.groups.map((c) => {
        const token = typeof c.value === 'string' && c.value.startsWith('@');
        return {
          key: c.id || newKey('r'),
          field: c.field,
          op: c.op,
          mode: token ? 'token' : 'value',
          value: Array.isArray(c.value) ? c.value.join(',') : String(c.value ?? ''),
        } satisfies CondRow;
      }),
    }));
}

export type ConditionError = 'field' | 'value' | 'number' | 'tokenOp' | 'containsNumber';

/** Problems per row key; an empty map means the groups can be saved. */
export function validateGroups(groups: CondGroup[], fields: FieldDef[]): Map<string, ConditionError> {
  const errors = new Map<string, ConditionError>();
  for (const g of groups) {
    for (const r of g.rows) {
      if (!r.field) errors.set(r.key, 'field');
      else if (!r.value.trim()) errors.set(r.key, 'value');
      else if (r.mode === 'token' && !TOKEN_OPS.includes(r.op)) errors.set(r.key, 'tokenOp');
      else if (r.mode === 'value' && isNumberField(fields, r.field)) {
        if (r.op === 'Contains') errors.set(r.key, 'containsNumber');
        else {
          const parts =
            r.op === 'In'
              ? r.value
                  .split(/[,，]/)
                  .map((s) => s.trim())
                  .filter(Boolean)
              : [r.value.trim()];
          if (!parts.length || parts.some((p) => !Number.isFinite(Number(p)))) errors.set(r.key, 'number');
        }
      }
    }
  }
  return errors;
}

/**
 * The conditions in words ('organization equals current organization and
 * sub-organizations'): the scheme's conditionText. Rows join with their
 * group's word, groups with '; '. No condition at all reads `allRows`.
 */
export function describeConditions(
  groups: CondGroup[],
  fields: FieldDef[],
  words: { op: (op: ConditionOp) => string; token: (token: string) => string; and: string; or: string; allRows: string },
): string {
  const parts = groups
    .map((g) =>
      g.rows
        .filter((r) => r.field)
        .map((r) => {
          const name = fields.find((f) => f.field === r.field)?.fullName ?? r.field;
          const value = r.mode === 'token' ? words.token(r.value) : r.value.trim();
          return `${name} ${words.op(r.op)} ${value}`;
        })
        .join(` ${g.logic === 'or' ? words.or : words.and} `),
    )
    .filter(Boolean);
  if (!parts.length) return words.allRows;
  return parts.length === 1 ? parts[0]! : parts.map((p) => `(${p})`).join('; ');
}
