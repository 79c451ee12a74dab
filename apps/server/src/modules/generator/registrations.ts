import fs from 'node:fs';
import path from 'node:path';
import type { GenModel } from './spec.ts';

/**
 * The one-line registrations a generated module needs in shared files (its
 * routes, migration, table types and contract export). Each inserts text
 * beside an anchor that file has; the README lists them for a person, and
 * `applyRegistrations` makes them in a checkout (the compile test uses it).
 */
export interface Registration {
  path: string;
  /** Text already in the file. */
  anchor: string;
  position: 'before' | 'after';
  insert: string;
}

export function registrations(m: GenModel, files: { routes: string; migration: string; tables: string; contract: string }): Registration[] {
  const { camel, pascal } = m.names;
  const migrationName = files.migration.replace(/\.ts$/, '');
  const alias = `m${migrationName.replace(/[^A-Za-z0-9]/g, '_')}`;
  return [
    {
      path: 'apps/server/src/modules/index.ts',
      anchor: "import type { AppContext } from '../context.ts';\n",
      position: 'after',
      insert: `import { ${camel}Routes } from './${m.area}/${files.routes}';\n`,
    },
    {
      path: 'apps/server/src/modules/index.ts',
      anchor: '];',
      position: 'before',
      insert: `  ${camel}Routes,\n`,
    },
    {
      path: 'apps/server/src/db/migrations/index.ts',
      anchor: "import type { Migration } from 'kysely';\n",
      position: 'after',
      insert: `import * as ${alias} from './${files.migration}';\n`,
    },
    {
      path: 'apps/server/src/db/migrations/index.ts',
      anchor: '};',
      position: 'before',
      insert: `  '${migrationName}': ${alias},\n`,
    },
    {
      path: 'apps/server/src/db/schema.ts',
      anchor: "import type { FileTables } from './tables/file.ts';\n",
      position: 'before',
      insert: `import type { ${pascal}Tables } from './tables/${files.tables}';\n`,
    },
    {
      path: 'apps/server/src/db/schema.ts',
      // The start of the Database interface's table list, however prettier wraps that line.
      anchor: 'PermissionTables, SystemTables',
      position: 'before',
      insert: `${pascal}Tables, `,
    },
    {
      path: 'packages/contract/src/index.ts',
      anchor: "export * from './envelope.ts';\n",
      position: 'after',
      insert: `export * from './${files.contract}';\n`,
    },
  ];
}

/** Makes the registrations in a checkout at `root`: the anchor's last occurrence for closing brackets, its first otherwise. */
export function applyRegistrations(root: string, edits: Registration[]): void {
  for (const e of edits) {
    const file = path.join(root, e.path);
    const text = fs.readFileSync(file, 'utf8');
    const at = e.anchor.startsWith(']') || e.anchor.startsWith('}') ? text.lastIndexOf(e.anchor) : text.indexOf(e.anchor);
    if (at < 0) throw new Error(`${e.path}: anchor ${JSON.stringify(e.anchor)} not found`);
    const pos = e.position === 'before' ? at : at + e.anchor.length;
    fs.writeFileSync(file, text.slice(0, pos) + e.insert + text.slice(pos));
  }
}
