import { fieldTypeInfo, type FormDefinition, type FormField } from '@medalliance/contract';
import { escapeHtml } from '../../features/system/printDev/renderTemplate.ts';
import { displayText } from './displayText.ts';
import type { Translate } from './rules.ts';

/**
 * A clean printable layout of one record when its form has no print
 * template: a title, then label / value rows, sub-tables as tables. Values
 * are escaped; rich text is left out of the sheet's HTML except as text.
 */
export function printHtml(def: Pick<FormDefinition, 'fields'>, title: string, values: Record<string, unknown>, t: Translate): string {
  const rows: string[] = [];
  const walk = (fields: FormField[]) => {
    for (const f of fields) {
      const info = fieldTypeInfo(f.type);
      if (f.type === 'table') {
        const cols = (f.children ?? []).filter((c) => c.field);
        const data = Array.isArray(values[f.field ?? '']) ? (values[f.field!] as Record<string, unknown>[]) : [];
        const head = `<tr><th>${escapeHtml(t('index'))}</th>${cols.map((c) => `<th>${escapeHtml(c.label)}</th>`).join('')}</tr>`;
        const body = data
          .map((r, i) => `<tr><td>${i + 1}</td>${cols.map((c) => `<td>${escapeHtml(displayText(c, r[c.field!], t))}</td>`).join('')}</tr>`)
          .join('');
        rows.push(`<tr><th>${escapeHtml(f.label)}</th><td><table class="lc-print-sub">${head}${body}</table></td></tr>`);
      } else if (f.type === 'groupTitle' || f.type === 'card' || f.type === 'tabItem' || f.type === 'collapseItem') {
        if (f.label) rows.push(`<tr><th colspan="2" class="lc-print-group">${escapeHtml(f.label)}</th></tr>`);
        if (f.children) walk(f.children);
      } else if (info.container) {
        if (f.children) walk(f.children);
      } else if (f.field && info.column !== 'none' && f.type !== 'password') {
        const v = values[f.field];
        const text =
          f.type === 'editor' && typeof v === 'string'
            ? v
                .replace(/<[^>]*>/g, ' ')
                .replace(/\s+/g, ' ')
                .trim()
            : displayText(f, v, t);
        rows.push(`<tr><th>${escapeHtml(f.label)}</th><td>${escapeHtml(text)}</td></tr>`);
      }
    }
  };
  walk(def.fields);
  return `<h2 style="text-align:center">${escapeHtml(title)}</h2><table class="lc-print" border="1" cellspacing="0" cellpadding="6" style="width:100%;border-collapse:collapse">${rows.join('')}</table>`;
}
