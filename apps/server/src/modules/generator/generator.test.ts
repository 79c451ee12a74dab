import { strFromU8, unzipSync } from 'fflate';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GeneratedFile } from '@medalliance/contract';
import { createTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
let admin: string;
let doctor: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  doctor = await t.login('zhangwei');
});
afterAll(() => t.close());

const G = '/api/visualdev/Generater';
const preview = (id: string, body: unknown, token = admin) => t.call('POST', `${G}/${id}/Actions/CodePreview`, { token, body });

const EXPECTED_OUTPATIENT = [
  'GENERATED-outpatientLog.md',
  'apps/server/src/db/migrations/NNNN_outpatient_logs.ts',
  'apps/server/src/db/tables/outpatient-log.ts',
  'apps/server/src/modules/system/outpatient-log.messages.ts',
  'apps/server/src/modules/system/outpatient-log.routes.ts',
  'apps/server/src/modules/system/outpatient-log.service.ts',
  'apps/server/src/modules/system/outpatient-log.test.ts',
  'apps/web/src/api/outpatientLog.ts',
  'apps/web/src/features/system/outpatientLog/OutpatientLogDetailDrawer.tsx',
  'apps/web/src/features/system/outpatientLog/OutpatientLogFormModal.tsx',
  'apps/web/src/features/system/outpatientLog/OutpatientLogPage.tsx',
  'apps/web/src/features/system/outpatientLog/fields.ts',
  'apps/web/src/features/system/outpatientLog/messages.ts',
  'apps/web/src/features/system/outpatientLog/pages.ts',
  'packages/contract/src/outpatient-log.ts',
];

const byPath = (files: GeneratedFile[], end: string) => files.find((f) => f.path.endsWith(end))!.content;

/** A model through the API (draft), optionally released. */
async function createModel(enCode: string, label: string, fullName: string, release = true): Promise<string> {
  const res = await t.call('POST', '/api/visualdev/Base', {
    token: admin,
    body: {
      fullName,
      enCode,
      webType: 2,
      formData: {
        fields: [
          { id: 'name', type: 'input', field: 'name', label, required: true, maxLength: 40 },
          {
            id: 'kind',
            type: 'select',
            field: 'kind',
            label,
            options: { source: 'static', items: [{ id: `a'"\`\${x}`, fullName: label }] },
          },
          { id: 'amount', type: 'amount', field: 'amount', label },
        ],
      },
      columnData: { columns: [{ field: 'name', label, sortable: true }], search: [{ field: 'name', match: 'contains' }] },
    },
  });
  expect(res.status, res.msg).toBe(200);
  const id = res.data.id as string;
  if (release) expect((await t.call('POST', `/api/visualdev/Base/${id}/Actions/Release`, { token: admin, body: {} })).status).toBe(200);
  return id;
}

describe('AreasName', () => {
  it('lists the server module folders a module may go in, to the generator menu only', async () => {
    const res = await t.call('GET', `${G}/AreasName`, { token: admin });
    expect(res.status).toBe(200);
    expect(res.data).toEqual(expect.arrayContaining(['system', 'visualdev', 'permission']));
    expect(res.data).not.toContain('generator');
    expect((await t.call('GET', `${G}/AreasName`, { token: doctor })).status).toBe(403);
  });
});

describe('CodePreview', () => {
  it('answers the module files of a seeded model, with field types mapped as the model table stores them', async () => {
    const res = await preview('outpatientLog', { area: 'system' });
    expect(res.status, res.msg).toBe(200);
    const files = res.data.list as GeneratedFile[];
    expect(files.map((f) => f.path.replace(/migrations\/\d{4}_/, 'migrations/NNNN_')).sort()).toEqual([...EXPECTED_OUTPATIENT].sort());
    for (const f of files) expect(f.language).toBe(f.path.endsWith('.tsx') ? 'tsx' : f.path.endsWith('.md') ? 'markdown' : 'typescript');
    const migration = byPath(files, '_outpatient_logs.ts');
    expect(migration).toContain(`.addColumn('visit_date', 'bigint', (c) => c.notNull())`);
    expect(migration).toContain(`.addColumn('patient_name', 'varchar(50)', (c) => c.notNull())`);
    expect(migration).toContain(`.addColumn('fee', 'numeric(24, 6)')`);
    expect(migration).toContain(`.addColumn('diagnosis', 'text')`);
    expect(migration).toContain(`createTable('outpatient_logs_prescription')`);
    const routes = byPath(files, 'outpatient-log.routes.ts');
    // The seeded model's own menu is 'outpatientLog': the module gets a menu code of its own.
    expect(routes).toContain(`const MODULE = 'outpatientLogModule';`);
    expect(routes).toContain(`withAccess(moduleAccess(MODULE, 'btn_add'))`);
    expect(byPath(files, 'outpatient-log.service.ts')).toContain("evaluateExpression('fee + prescriptions.lineTotal'");
    const messages = byPath(files, 'outpatientLog/messages.ts');
    for (const lang of ['zh:', 'zhtw:', 'en:']) expect(messages).toContain(lang);
    expect(messages).toContain(`'field.patientName': 'Patient name'`);
    expect(messages).toContain(`'field.patientName': '患者姓名'`);
    expect(byPath(files, 'outpatientLog/pages.ts')).toContain(`'/system/outpatientLog': () => import('./OutpatientLogPage.tsx')`);
  });

  it('takes a module name and table name, and refuses names that are not identifiers', async () => {
    const ok = await preview('followUpVisit', { area: 'visualdev', moduleName: 'visitLog', tableName: 'visit_log' });
    expect(ok.status, ok.msg).toBe(200);
    expect((ok.data.list as GeneratedFile[]).map((f) => f.path)).toContain('apps/server/src/modules/visualdev/visit-log.routes.ts');
    expect(byPath(ok.data.list, 'visit-log.routes.ts')).toContain("'/visualdev/VisitLog'");

    for (const bad of [
      { moduleName: "x'); drop table users; --" },
      { moduleName: '1abc' },
      { tableName: 'lc_mine' },
      { tableName: 'Users' },
    ]) {
      const res = await preview('followUpVisit', { area: 'system', ...bad });
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.msg).toContain(Object.keys(bad)[0]);
    }
    const area = await preview('followUpVisit', { area: '../../etc' });
    expect(area.status).toBe(400);
    expect(area.msg).toContain('../../etc');
    expect((await preview('followUpVisit', {})).msg).toContain('area');
    const taken = await preview('followUpVisit', { area: 'system', tableName: 'users' });
    expect(taken.status).toBe(409);
  });

  it('refuses a stored enCode that is not an identifier (400), whatever put it there', async () => {
    const id = await createModel('injectMe', 'x', 'inject');
    await t.ctx.db.updateTable('visualdevModels').set({ enCode: "a`${process.exit(1)}`'; --" }).where('id', '=', id).execute();
    const res = await preview(id, { area: 'system' });
    expect(res.status).toBe(400);
    expect(res.msg).toContain('enCode');
  });

  it('keeps labels with quotes, backticks, ${} and */ inside string literals: every file parses and the text is never code', async () => {
    const evil = 'a"b\'c`d${process.exit(9)}*/</script>{{x}}';
    const id = await createModel('evilLabels', evil, `model ${evil}`);
    const res = await preview(id, { area: 'system' });
    expect(res.status, res.msg).toBe(200);
    for (const f of res.data.list as GeneratedFile[]) {
      if (f.language === 'markdown') continue;
      const out = ts.transpileModule(f.content, {
        fileName: f.path,
        reportDiagnostics: true,
        compilerOptions: { jsx: ts.JsxEmit.ReactJSX },
      });
      expect(
        out.diagnostics?.map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n')),
        f.path,
      ).toEqual([]);
      // Scan the tokens: the label's text may only sit inside string literals.
      const scanner = ts.createScanner(ts.ScriptTarget.Latest, false, ts.LanguageVariant.JSX, f.content);
      let kind = scanner.scan();
      while (kind !== ts.SyntaxKind.EndOfFileToken) {
        const text = scanner.getTokenText();
        if (text.includes('process.exit')) expect([ts.SyntaxKind.StringLiteral], `${f.path}: ${text}`).toContain(kind);
        kind = scanner.scan();
      }
    }
    // The label arrives whole, as a string value, in the web texts (i18next's {{ }} defused).
    const messages = byPath(res.data.list, 'evilLabels/messages.ts');
    const scanner = ts.createScanner(ts.ScriptTarget.Latest, true, ts.LanguageVariant.Standard, messages);
    const values: string[] = [];
    for (let kind = scanner.scan(); kind !== ts.SyntaxKind.EndOfFileToken; kind = scanner.scan()) {
      if (kind === ts.SyntaxKind.StringLiteral) values.push(scanner.getTokenValue());
    }
    expect(values).toContain(evil.replace('{{', '{ {'));
  });

  it('answers 404 for an unknown model, 400 for one never released, 403 without the generator menu', async () => {
    expect((await preview('no-such-model', { area: 'system' })).status).toBe(404);
    const draft = await createModel('draftOnly', 'x', '草稿模型', false);
    const res = await preview(draft, { area: 'system' });
    expect(res.status).toBe(400);
    expect(res.msg).toContain('草稿模型');
    const en = await t.call('POST', `${G}/${draft}/Actions/CodePreview`, {
      token: admin,
      body: { area: 'system' },
      headers: { 'accept-language': 'en' },
    });
    expect(en.msg).toMatch(/never been released/);
    expect((await preview('outpatientLog', { area: 'system' }, doctor)).status).toBe(403);
    expect((await t.call('POST', `${G}/outpatientLog/Actions/DownloadCode`, { token: doctor, body: { area: 'system' } })).status).toBe(403);
  });
});

describe('DownloadCode', () => {
  it('zips the same files as the preview, under a safe file name', async () => {
    const shown = (await preview('outpatientLog', { area: 'system' })).data.list as GeneratedFile[];
    const res = await t.call('POST', `${G}/outpatientLog/Actions/DownloadCode`, { token: admin, body: { area: 'system' } });
    expect(res.status).toBe(200);
    expect(res.raw.headers['content-type']).toBe('application/zip');
    expect(res.raw.headers['content-disposition']).toBe(`attachment; filename="outpatientLog.zip"; filename*=UTF-8''outpatientLog.zip`);
    const entries = unzipSync(new Uint8Array(res.raw.rawPayload));
    expect(Object.keys(entries).sort()).toEqual(shown.map((f) => f.path).sort());
    for (const f of shown) expect(strFromU8(entries[f.path]!), f.path).toBe(f.content);
  });
});
