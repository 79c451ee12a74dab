import { validateRecord, type FormDefinition, type FormField, type RecordIssue } from '@medalliance/contract';

/**
 * The client-side checks of the form (spec §5.2) through the contract's
 * validateRecord, the same code the server runs on every write, so the user
 * sees the server's rules and messages before sending. The server checks
 * again (it also knows dictionary and interface options).
 */

export type Translate = (key: string, options?: Record<string, unknown>) => string;

const FORM_DEFAULTS = { labelWidth: 100, labelPosition: 'right', gutter: 15, popupType: 'general', popupWidth: '600px' } as const;

/** A form of the given fields only (to check one field or one sub-table). */
const formOf = (fields: FormField[]): FormDefinition => ({ ...FORM_DEFAULTS, fields });

/** One issue as the user reads it; a sub-table cell's empty value is just "can't be empty" (spec §2.6). */
export function issueText(issue: RecordIssue, t: Translate): string {
  const p = issue.params;
  switch (issue.key) {
    case 'required':
      return issue.table ? t('cantBeEmpty') : t('requiredField', p);
    case 'pattern':
      return issue.message ?? t('typeMismatch', p);
    case 'maxLength':
      return t('maxLength', p);
    case 'min':
      return t('minValue', p);
    case 'max':
      return t('maxValue', p);
    case 'range':
      return t('rangeOrder', p);
    case 'option':
      return t('notAnOption', p);
    case 'rows':
      return t('tooManyRows', p);
    default:
      return t('typeMismatch', p);
  }
}

/** The first problem of one field's value, or null. */
export function checkField(field: FormField, value: unknown, t: Translate): string | null {
  if (!field.field) return null;
  const issue = validateRecord(formOf([field]), { [field.field]: value }).issues[0];
  return issue ? issueText(issue, t) : null;
}

/** Every cell problem of a sub-table's rows, `rowIndex:columnKey` → message (the table's own problem under ''). */
export function tableErrors(table: FormField, rows: unknown, t: Translate): Map<string, string> {
  const errors = new Map<string, string>();
  if (!table.field) return errors;
  for (const issue of validateRecord(formOf([table]), { [table.field]: rows ?? [] }).issues) {
    const key = issue.row === undefined ? '' : `${issue.row}:${issue.field}`;
    if (!errors.has(key)) errors.set(key, issueText(issue, t));
  }
  return errors;
}

/** A rule antd's Form runs (the subset of its Rule type we use). */
export interface FieldRule {
  validator: (rule: unknown, value: unknown) => Promise<void>;
}

/**
 * The antd rule of one field: one validator with the contract's checks
 * (required, regex rules with their own message, length, number and date
 * ranges, static options; a sub-table's cells). The Form.Item declares
 * `required` itself so antd draws the asterisk.
 */
export function fieldRules(field: FormField, t: Translate): FieldRule[] {
  if (field.type === 'table') {
    return [
      {
        validator: async (_r, rows) => {
          const errors = tableErrors(field, rows, t);
          const own = errors.get('');
          if (own) throw new Error(own);
          const first = errors.entries().next();
          if (!first.done) {
            const [key, msg] = first.value;
            const [row, col] = key.split(':');
            const label = field.children?.find((c) => c.field === col)?.label ?? col;
            throw new Error(t('cellError', { row: Number(row) + 1, label, msg }));
          }
        },
      },
    ];
  }
  return [
    {
      validator: async (_r, value) => {
        const msg = checkField(field, value, t);
        if (msg) throw new Error(msg);
      },
    },
  ];
}
