import type { Registration } from '../registrations.ts';
import type { GenModel } from '../spec.ts';
import { lines } from './code.ts';

/** GENERATED-<module>.md: what was generated and the lines to add in shared files. */
export function readmeFile(m: GenModel, paths: string[], edits: Registration[]): string {
  const md = (s: string) => s.replace(/[`*_[\]<>|\\]/g, (c) => `\\${c}`).replace(/[\r\n]+/g, ' ');
  return lines(
    `# ${md(m.fullName)} (${m.names.camel})`,
    ``,
    `Generated from the released model \`${m.modelId.replace(/`/g, '')}\` as a hand-written module of this repository.`,
    `Copy the files below into the checkout (paths from its root), then make the registrations.`,
    ``,
    `## Files`,
    ``,
    ...paths.map((p) => `- \`${p}\``),
    ``,
    `## Registrations (one line each in shared files)`,
    ``,
    ...edits.map((e) => `- \`${e.path}\`: ${e.position} \`${e.anchor.trim()}\` add \`${e.insert.trim()}\``),
    ``,
    `## Menu`,
    ``,
    `Add the page to the menu seed (\`apps/server/src/db/seed/menus.ts\`) under the ${m.area} directory:`,
    ``,
    '```ts',
    `page('${m.names.menu}', [${JSON.stringify(m.fullName)}, ${JSON.stringify(m.fullName)}, ${JSON.stringify(m.names.pascal)}], '${m.area}/${m.names.camel}', crud()),`,
    '```',
    ``,
    `The routes answer 403 to anyone not granted the menu \`${m.names.menu}\` (and its btn_add, btn_edit, btn_remove buttons).`,
    ``,
    `## Check`,
    ``,
    '```sh',
    `npx tsc -p apps/server --noEmit && npx tsc -p apps/web --noEmit && npx tsc -p packages/contract --noEmit`,
    `npx vitest run --project server apps/server/src/modules/${m.area}/${m.names.kebab}.test.ts`,
    '```',
    ``,
  );
}
