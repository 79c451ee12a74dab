import type { GenField, GenModel } from '../spec.ts';
import { filterParams, lines, numeric, str } from './code.ts';

/** The variable holding a field's static options. */
export const optionsVar = (f: GenField, owner = '') =>
  owner ? `${owner}${f.prop.charAt(0).toUpperCase()}${f.prop.slice(1)}Options` : `${f.prop}Options`;
/** The variable holding a field's dictionary lookup. */
export const dictVar = (f: GenField, owner = '') =>
  owner ? `${owner}${f.prop.charAt(0).toUpperCase()}${f.prop.slice(1)}Dict` : `${f.prop}Dict`;

export const dateFormat = (f: GenField) =>
  str(f.format ?? (f.type === 'createTime' || f.type === 'modifyTime' ? 'YYYY-MM-DD HH:mm' : 'YYYY-MM-DD'));

/** How a cell shows a value, given the page's dictionary lookups. */
export function displayExpr(f: GenField, v: string, owner = ''): string {
  if (f.dictionary)
    return f.array
      ? `listText(${v}, (x) => dictionaryLabel(${dictVar(f, owner)}, String(x)))`
      : `dictionaryLabel(${dictVar(f, owner)}, ${v})`;
  if (f.options)
    return f.array ? `listText(${v}, (x) => optionLabel(${optionsVar(f, owner)}, x))` : `optionLabel(${optionsVar(f, owner)}, ${v})`;
  if (f.array) return `listText(${v})`;
  if (f.kind === 'datetime') return `dateText(${v}, ${dateFormat(f)})`;
  if (f.type === 'switch') return `switchText(${v}, t('yes'), t('no'))`;
  return `${v} ?? ''`;
}

/** The dictionaries a component reads (one hook call each). */
export const dictionaryHooks = (fields: GenField[], owner = '') =>
  fields.filter((f) => f.dictionary).map((f) => `  const ${dictVar(f, owner)} = useDictionary(${str(f.dictionary!)});`);

/** apps/web/src/features/<area>/<module>/fields.ts: options and value formatting shared by the list, form and detail. */
export function webFieldsFile(m: GenModel): string {
  const all = [...m.fields, ...m.subTables.flatMap((s) => s.fields.map((f) => ({ f, owner: s.prop })))].map((x) =>
    'f' in x ? x : { f: x, owner: '' },
  );
  const withOptions = all.filter(({ f }) => f.options);
  return lines(
    `import dayjs from 'dayjs';`,
    ``,
    `/** Options, value texts and the filters of the ${m.names.camel} screens. */`,
    ``,
    `export interface Option {`,
    `  value: string;`,
    `  label: string;`,
    `}`,
    ``,
    ...withOptions.map(
      ({ f, owner }) =>
        `export const ${optionsVar(f, owner)}: Option[] = [${f.options!.map((o) => `{ value: ${str(o.value)}, label: ${str(o.label)} }`).join(', ')}];`,
    ),
    withOptions.length > 0 && '',
    `export const optionLabel = (options: Option[], value: unknown): string =>`,
    `  value === null || value === undefined ? '' : (options.find((o) => o.value === String(value))?.label ?? String(value));`,
    ``,
    `export const dateText = (value: number | null | undefined, format: string): string =>`,
    `  value === null || value === undefined ? '' : dayjs(value).format(format);`,
    ``,
    `export const switchText = (value: number | null | undefined, yes: string, no: string): string =>`,
    `  value === null || value === undefined ? '' : value ? yes : no;`,
    ``,
    `export const listText = (values: readonly unknown[] | null | undefined, label: (v: unknown) => string = (v) => (typeof v === 'object' ? JSON.stringify(v) : String(v))): string =>`,
    `  (values ?? []).map(label).join(', ');`,
    ``,
    `/** The list's filters as the page keeps them. */`,
    `export interface Filters {`,
    `  sidx: string;`,
    `  sort: 'asc' | 'desc';`,
    ...filterParams(m).flatMap(({ search, names }) =>
      names.map((n) => `  ${n}?: ${numeric(search.field) && search.match !== 'in' ? 'number' : 'string'} | undefined;`),
    ),
    `}`,
    ``,
    `/** Every filter cleared (reset). */`,
    `export const noFilters = {`,
    ...filterParams(m).flatMap(({ names }) => names.map((n) => `  ${n}: undefined,`)),
    `};`,
    ``,
  );
}
