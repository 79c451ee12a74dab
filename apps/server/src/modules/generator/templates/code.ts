import type { GenField, GenModel, GenSearch } from '../spec.ts';

/**
 * Small pieces every template uses. User text (labels, option names, codes,
 * expressions) only ever enters generated code through `str()`: a JSON string
 * literal, valid TypeScript, so quotes, backticks, `${}` and `*\/` stay inside it.
 */

export const str = (s: string): string => JSON.stringify(s);

/** Text for a comment: no comment terminator, one line. */
export const commentText = (s: string): string =>
  s
    .replace(/\*\//g, '* /')
    .replace(/[\r\n\u2028\u2029]+/g, ' ')
    .slice(0, 200);

/** An object key: bare when it is an identifier, quoted otherwise. */
export const key = (s: string): string => (/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(s) ? s : str(s));

export const lines = (...parts: (string | false | null | undefined)[]): string => parts.filter((p) => p !== false && p != null).join('\n');

export const numeric = (f: GenField) => f.kind === 'int' || f.kind === 'decimal' || f.kind === 'datetime';

/** The field's value type in the record the API sends. */
export function valueType(f: GenField, listItem: string): string {
  if (f.array) return `${listItem}[]`;
  const base = numeric(f) ? 'number' : 'string';
  return f.required ? base : `${base} | null`;
}

/** The field's column type in the table interface (arrays are JSON text). */
export function columnTsType(f: GenField): string {
  const base = f.array ? 'string' : numeric(f) ? 'number' : 'string';
  return f.required && !f.array ? base : `${base} | null`;
}

/** Fields the browser sends (the server fills the others). */
export const inputFields = (fields: GenField[]) => fields.filter((f) => !f.fill);

/** The zod schema of an input field. */
export function zodOf(f: GenField, listItem: string): string {
  let z: string;
  if (f.array) return `z.array(${listItem}).max(500).optional().default([])`;
  if (f.kind === 'string' || f.kind === 'text') {
    if (f.options?.length && f.options.length <= 200) {
      z = `z.enum([${f.options.map((o) => str(o.value)).join(', ')}])`;
    } else {
      const max = f.kind === 'string' ? (f.length ?? 255) : 100_000;
      z = `z.string().trim()${f.required ? '.min(1)' : ''}.max(${max})`;
    }
  } else if (f.kind === 'datetime') {
    z = 'z.number().int().min(0).max(8_640_000_000_000_000)';
  } else {
    z = f.kind === 'int' || f.integer ? 'z.number().int()' : 'z.number()';
    if (f.type === 'switch') z += '.min(0).max(1)';
    else {
      if (f.min !== undefined) z += `.min(${f.min})`;
      if (f.max !== undefined) z += `.max(${f.max})`;
      if (f.min === undefined && f.max === undefined) z += '.min(-1e12).max(1e12)';
    }
  }
  return f.required ? z : `${z}.nullable().optional()`;
}

/** Query parameters of the list filters (never one of the paging names). */
const PAGE_KEYS = new Set(['currentPage', 'pageIndex', 'pageSize', 'keyword', 'sidx', 'sort', 'menuId']);

export interface FilterParam {
  search: GenSearch;
  /** Query parameter names: one, or from/to for a range. */
  names: string[];
}

export function filterParams(m: GenModel): FilterParam[] {
  const taken = new Set(PAGE_KEYS);
  const out: FilterParam[] = [];
  for (const s of m.search) {
    const names = s.match === 'range' ? [`${s.field.prop}From`, `${s.field.prop}To`] : [s.field.prop];
    if (names.some((n) => taken.has(n))) continue;
    names.forEach((n) => taken.add(n));
    out.push({ search: s, names });
  }
  return out;
}

/** A sample value that passes the field's schema (the generated test sends it). */
export function sampleValue(f: GenField, n: number): string {
  if (f.array) return f.type === 'numberRange' ? `[${n}, ${n + 10}]` : `[${str(`item-${n}`)}]`;
  if (f.options?.length) return str(f.options[n % f.options.length]!.value);
  switch (f.kind) {
    case 'datetime':
      return String(Date.UTC(2026, 0, 10 + n));
    case 'int':
    case 'decimal': {
      if (f.type === 'switch') return String(n % 2);
      const lo = f.min ?? 0;
      const hi = f.max ?? lo + 1000;
      const v = Math.min(hi, lo + n);
      return String(f.integer ? Math.ceil(v) : v);
    }
    default: {
      if (f.type === 'timePicker') return str(`0${n % 10}:30`);
      const s = `${f.prop}-${n}`;
      return str(s.slice(0, Math.max(1, f.length ?? 255)));
    }
  }
}

/** 'patientName' → 'Patient name': the English label a field gets from its key. */
export function englishLabel(prop: string): string {
  const words = prop
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .replace(/_/g, ' ')
    .toLowerCase()
    .trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * Drops the named and default imports a file does not use (templates import
 * what a model may need; lint allows no unused names). Imports are one line
 * each in the templates; side-effect imports stay.
 */
export function pruneImports(source: string): string {
  const lines = source.split('\n');
  const body = lines.filter((l) => !l.startsWith('import ')).join('\n');
  // A use is the name on its own or spread (`...name`), not a property (`x.name`).
  const used = (name: string) => new RegExp(`(?<![\\w$])(?<!(?:^|[^.])\\.)${name.replace(/\$/g, '\\$')}(?![\\w$])`).test(body);
  return lines
    .flatMap((line) => {
      const m = /^import (type )?(?:([A-Za-z_$][\w$]*)(?:, )?)?(?:\{ ([^}]*) \})? from ('[^']+');$/.exec(line);
      if (!m) return [line];
      const [, typeOnly = '', def, named, from] = m;
      const keepDef = def && used(def) ? def : '';
      const names = (named ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
        .filter((s) =>
          used(
            s
              .replace(/^type /, '')
              .split(' as ')
              .pop()!
              .trim(),
          ),
        );
      if (!keepDef && !names.length) return [];
      const parts = [keepDef, names.length ? `{ ${names.join(', ')} }` : ''].filter(Boolean).join(', ');
      return [`import ${typeOnly}${parts} from ${from};`];
    })
    .join('\n');
}
