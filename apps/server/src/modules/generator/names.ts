import { GENERATOR_NAME, GENERATOR_TABLE } from '@medalliance/contract';
import { badRequest } from '../../http/errors.ts';
import { snakeCase } from '../visualdev/model-tables.ts';

/**
 * Every identifier the generated code uses, derived from the module name (the
 * model's enCode unless given) and checked before any template runs: a name
 * outside [A-Za-z][A-Za-z0-9_]* is a 400, never text inside code.
 */
export interface ModuleNames {
  /** outpatientLog: variables, the menu enCode, the i18n namespace. */
  camel: string;
  /** OutpatientLog: types and components. */
  pascal: string;
  /** outpatient-log: server file names. */
  kebab: string;
  /** outpatient_log */
  snake: string;
  /** The main table in SQL (outpatient_logs) and as Kysely names it (outpatientLogs). */
  table: string;
  tableKey: string;
  /** The menu enCode whose grants the routes check (camel, or camel + 'Module' when a menu already has that code). */
  menu: string;
}

/** Kysely's CamelCasePlugin, TypeScript name → SQL name. */
export function kyselySnake(name: string): string {
  let out = name[0]?.toLowerCase() ?? '';
  for (let i = 1; i < name.length; i++) {
    const c = name[i]!;
    const upper = c.toUpperCase() !== c.toLowerCase() && c === c.toUpperCase();
    const prev = name[i - 1]!;
    const prevUpper = prev.toUpperCase() !== prev.toLowerCase() && prev === prev.toUpperCase();
    out += upper ? (prevUpper ? c.toLowerCase() : `_${c.toLowerCase()}`) : c;
  }
  return out;
}

/** Kysely's CamelCasePlugin, SQL name → TypeScript name. */
export function kyselyCamel(name: string): string {
  let out = name[0] ?? '';
  for (let i = 1; i < name.length; i++) {
    const c = name[i]!;
    if (c === '_') continue;
    out += name[i - 1] === '_' ? c.toUpperCase() : c;
  }
  return out;
}

const upperFirst = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** A TypeScript property whose SQL column the CamelCasePlugin maps back to it exactly. */
export function propertyOf(key: string): { prop: string; column: string } {
  const prop = kyselyCamel(kyselySnake(key));
  const column = kyselySnake(prop);
  return { prop, column };
}

export function moduleNames(name: string, field: string, tableName?: string): ModuleNames {
  if (!GENERATOR_NAME.test(name)) throw badRequest('generator.badName', { field, name: name.slice(0, 60) });
  const snake = snakeCase(name).replace(/_+/g, '_').replace(/^_|_$/g, '');
  const camel = kyselyCamel(snake);
  if (!/^[a-z][A-Za-z0-9]*$/.test(camel)) throw badRequest('generator.badName', { field, name });
  const table = tableName ?? `${snake}s`;
  if (!GENERATOR_TABLE.test(table) || table.includes('__')) throw badRequest('generator.badName', { field: 'tableName', name: table });
  return { camel, pascal: upperFirst(camel), kebab: snake.replace(/_/g, '-'), snake, table, tableKey: kyselyCamel(table), menu: camel };
}

export { upperFirst };
