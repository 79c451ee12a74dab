import { sanitize } from '../../../components/html/sanitize.ts';

/**
 * Renders a print template (rich-text HTML) with the values of one record
 * (GET printDev/Data): `{field}` takes a head field; a table row that names a
 * child table — by `data-table="childrenDataTable0"` or by holding
 * `{childrenDataTable0.column}` placeholders — repeats once per child row.
 * Values are HTML-escaped. The template is sanitized (the shared policy,
 * `components/html/sanitize.ts`) before rows are found in it, and the print
 * view sanitizes the filled result again, since a value can still land in
 * an attribute such as `href="{link}"`.
 */

export type PrintValues = Record<string, unknown>;

const PLACEHOLDER = /\{([A-Za-z_][A-Za-z0-9_]*)(?:\.([A-Za-z_][A-Za-z0-9_]*))?\}/g;
const ROW = /<tr\b([^>]*)>([\s\S]*?)<\/tr>/gi;

export function escapeHtml(v: unknown): string {
  const s = v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v);
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

const isRows = (v: unknown): v is PrintValues[] => Array.isArray(v);

/** The child table a row repeats for: its data-table attribute, else the first `{table.column}` naming a list in the data. */
export function rowTable(attrs: string, inner: string, data: PrintValues): string | null {
  const attr = /\bdata-table\s*=\s*["']?([A-Za-z_][A-Za-z0-9_]*)/i.exec(attrs);
  if (attr) return attr[1]!;
  for (const m of inner.matchAll(PLACEHOLDER)) {
    if (m[2] && isRows(data[m[1]!])) return m[1]!;
  }
  return null;
}

function fill(text: string, data: PrintValues, row?: { table: string; values: PrintValues }): string {
  return text.replace(PLACEHOLDER, (whole, name: string, column: string | undefined) => {
    if (column) {
      if (row && name === row.table) return escapeHtml(row.values[column]);
      const list = data[name];
      // A child column outside a repeating row: every value, joined.
      if (isRows(list))
        return escapeHtml(
          list
            .map((r) => r?.[column])
            .filter((v) => v !== null && v !== undefined && v !== '')
            .join('、'),
        );
      return whole;
    }
    return Object.prototype.hasOwnProperty.call(data, name) && !isRows(data[name]) ? escapeHtml(data[name]) : whole;
  });
}

export function renderTemplate(template: string, data: PrintValues): string {
  const safe = sanitize(template);
  const withRows = safe.replace(ROW, (whole, attrs: string, inner: string) => {
    const table = rowTable(attrs, inner, data);
    if (!table) return whole;
    const rows = data[table];
    if (!isRows(rows)) return '';
    const open = `<tr${attrs.replace(/\s*data-table\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)/i, '')}>`;
    return rows.map((values) => `${open}${fill(inner, data, { table, values: values ?? {} })}</tr>`).join('');
  });
  return fill(withRows, data);
}

/** Fields of a Fields answer as placeholders: head fields `{f}`, child columns `{table.f}`. */
export function placeholderOf(table: string, field: string): string {
  return table === 'headTable' ? `{${field}}` : `{${table}.${field}}`;
}

/** A table with a header row and one repeating row of placeholders for a child table. */
export function childTableHtml(table: string, fields: readonly { field: string; fieldName?: string }[]): string {
  const head = fields.map((f) => `<td><strong>${escapeHtml(f.fieldName || f.field)}</strong></td>`).join('');
  const body = fields.map((f) => `<td>${escapeHtml(placeholderOf(table, f.field))}</td>`).join('');
  return `<table><tbody><tr>${head}</tr><tr>${body}</tr></tbody></table><p><br></p>`;
}

/**
 * Whether the visual editor keeps a template as it is. Quill knows
 * paragraphs, headers, lists, inline formats and plain tables; header cells,
 * table heads, styled blocks and style sheets it would flatten, so such a
 * template opens in HTML source.
 */
export function visualSafe(html: string): boolean {
  return !/<\s*(thead|th|tfoot|colgroup|col|style|div|section|article|header|footer|img)\b/i.test(html ?? '');
}

/** The template as the visual editor should load it: header cells become bold cells, table heads plain rows. */
export function toEditorHtml(html: string): string {
  return (html ?? '')
    .replace(/<\s*\/?\s*(thead|tfoot)\b[^>]*>/gi, '')
    .replace(/<\s*th\b([^>]*)>/gi, '<td$1><strong>')
    .replace(/<\s*\/\s*th\s*>/gi, '</strong></td>');
}
