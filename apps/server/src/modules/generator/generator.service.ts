import fs from 'node:fs';
import path from 'node:path';
import { strToU8, zipSync } from 'fflate';
import { formDefinition, listDefinition, type CodeGenBody, type GeneratedFile } from '@medalliance/contract';
import type { AppContext } from '../../context.ts';
import { migrations } from '../../db/migrations/index.ts';
import { badRequest, conflict } from '../../http/errors.ts';
import { findModel } from '../visualdev/base.service.ts';
import { tableNames } from '../visualdev/table-catalog.ts';
import { registrations, type Registration } from './registrations.ts';
import { buildSpec, type GenModel } from './spec.ts';
import { pruneImports } from './templates/code.ts';
import { contractFile } from './templates/contract.ts';
import { migrationFile } from './templates/migration.ts';
import { readmeFile } from './templates/readme.ts';
import { resourceUrl, routesFile } from './templates/routes.ts';
import { serverMessagesFile } from './templates/server-messages.ts';
import { serverTestFile } from './templates/server-test.ts';
import { serviceFile } from './templates/service.ts';
import { tablesFile } from './templates/tables.ts';
import { webDetailFile } from './templates/web-detail.ts';
import { webFormFile } from './templates/web-form.ts';
import { webMessagesFile } from './templates/web-messages.ts';
import { webApiFile, webPageFile, webPagesFile } from './templates/web-page.ts';
import { webFieldsFile } from './templates/web-support.ts';
import './messages.ts';

/**
 * The code generator (spec §7.6 Generater): a released model becomes a
 * hand-written module of this repository: contract schemas, table types,
 * migration, service, routes, server texts and test; the web's API calls,
 * list page, form dialog, detail drawer, field helpers, texts and page entry.
 */

/** The server's module folders (where a generated module may go), read once. */
const FALLBACK_AREAS = ['dashboard', 'file', 'message', 'oauth', 'permission', 'system', 'visualdev'];
let areaCache: string[] | null = null;

export function moduleAreas(): string[] {
  if (areaCache) return areaCache;
  try {
    const dir = path.resolve(import.meta.dirname, '..');
    const found = fs
      .readdirSync(dir, { withFileTypes: true })
      .filter((d) => d.isDirectory() && /^[a-z][a-z0-9-]*$/.test(d.name) && d.name !== 'generator')
      .map((d) => d.name)
      .sort();
    areaCache = found.length ? found : FALLBACK_AREAS;
  } catch {
    areaCache = FALLBACK_AREAS;
  }
  return areaCache;
}

/** The next migration number after every registered one. */
function nextMigration(table: string): string {
  const top = Math.max(0, ...Object.keys(migrations).map((k) => Number(k.slice(0, 4)) || 0));
  return `${String(top + 1).padStart(4, '0')}_${table}`;
}

export interface Generated {
  spec: GenModel;
  files: GeneratedFile[];
  registrations: Registration[];
}

const lang = (p: string): GeneratedFile['language'] => (p.endsWith('.tsx') ? 'tsx' : p.endsWith('.md') ? 'markdown' : 'typescript');

/** The generated files of a released model (404 unknown, 400 never released or a name that is not an identifier). */
export async function generate(ctx: AppContext, modelId: string, body: CodeGenBody): Promise<Generated> {
  const row = await findModel(ctx, modelId);
  if (row.state !== 1 || !row.releasedFormData) throw badRequest('generator.notReleased', { name: row.fullName });
  if (!moduleAreas().includes(body.area)) throw badRequest('generator.badArea', { area: body.area.slice(0, 40) });
  const form = formDefinition.parse(JSON.parse(row.releasedFormData));
  const list = row.releasedColumnData ? listDefinition.parse(JSON.parse(row.releasedColumnData)) : null;
  const spec = buildSpec(row, form, list, body);
  const taken = new Set(await tableNames(ctx.db, ctx.dialect));
  for (const t of [spec.names.table, ...spec.subTables.map((s) => s.table)])
    if (taken.has(t)) throw conflict('generator.tableExists', { table: t });

  const menu = await ctx.db.selectFrom('menus').select('id').where('enCode', '=', spec.names.camel).executeTakeFirst();
  if (menu) spec.names.menu = `${spec.names.camel}Module`;
  const { area } = spec;
  const { camel, pascal, kebab } = spec.names;
  const migration = `${nextMigration(spec.names.table)}.ts`;
  const names = {
    contract: `${kebab}.ts`,
    tables: `${kebab}.ts`,
    migration,
    service: `${kebab}.service.ts`,
    routes: `${kebab}.routes.ts`,
    messages: `${kebab}.messages.ts`,
  };
  const server = `apps/server/src/modules/${area}`;
  const web = `apps/web/src/features/${area}/${camel}`;
  const edits = registrations(spec, names);
  const files: [string, string][] = [
    [`packages/contract/src/${names.contract}`, contractFile(spec)],
    [`apps/server/src/db/tables/${names.tables}`, tablesFile(spec, migration.replace(/\.ts$/, ''))],
    [`apps/server/src/db/migrations/${migration}`, migrationFile(spec)],
    [`${server}/${names.service}`, serviceFile(spec, names)],
    [`${server}/${names.routes}`, routesFile(spec, names.service)],
    [`${server}/${names.messages}`, serverMessagesFile(spec)],
    [`${server}/${kebab}.test.ts`, serverTestFile(spec)],
    [`apps/web/src/api/${camel}.ts`, webApiFile(spec, resourceUrl(spec))],
    [`${web}/pages.ts`, webPagesFile(spec)],
    [`${web}/messages.ts`, webMessagesFile(spec)],
    [`${web}/fields.ts`, webFieldsFile(spec)],
    [`${web}/${pascal}Page.tsx`, webPageFile(spec)],
    [`${web}/${pascal}FormModal.tsx`, webFormFile(spec)],
    [`${web}/${pascal}DetailDrawer.tsx`, webDetailFile(spec)],
  ];
  files.push([
    `GENERATED-${camel}.md`,
    readmeFile(
      spec,
      files.map(([p]) => p),
      edits,
    ),
  ]);
  const out = await formatted(
    files.map(([p, content]) => ({ path: p, language: lang(p), content: p.endsWith('.md') ? content : pruneImports(content) })),
  );
  return { spec, files: out, registrations: edits };
}

/** The repository's prettier options (.prettierrc.json), so generated files read like the hand-written ones. */
const PRETTIER = { singleQuote: true, printWidth: 140, trailingComma: 'all' } as const;

/**
 * Formats the files with prettier when it is installed (it is a development
 * tool: a server without it answers the same code, unformatted). A file
 * prettier cannot parse is a template bug: it is answered as generated.
 */
async function formatted(files: GeneratedFile[]): Promise<GeneratedFile[]> {
  let prettier: typeof import('prettier') | null = null;
  try {
    prettier = await import('prettier');
  } catch {
    return files;
  }
  return Promise.all(
    files.map(async (f) => {
      try {
        const parser = f.language === 'markdown' ? 'markdown' : 'typescript';
        return { ...f, content: await prettier.format(f.content, { ...PRETTIER, parser, filepath: f.path }) };
      } catch {
        return f;
      }
    }),
  );
}

/** The files as one zip, paths from the repository root. */
export function zipFiles(files: GeneratedFile[]): Uint8Array {
  const entries: Record<string, Uint8Array> = {};
  for (const f of files) entries[f.path] = strToU8(f.content);
  return zipSync(entries, { level: 6, mtime: new Date(Date.UTC(2026, 0, 1)) });
}
