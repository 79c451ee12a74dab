import type { GenField, GenModel } from '../spec.ts';
import { inputFields, lines, numeric, sampleValue, str } from './code.ts';
import { resourceUrl } from './routes.ts';

const sample = (fields: GenField[], n: number, indent: string) =>
  inputFields(fields).map((f) => `${indent}${f.prop}: ${sampleValue(f, n)},`);

/** apps/server/src/modules/<area>/<module>.test.ts: the routes against a real database (SQLite or PostgreSQL). */
export function serverTestFile(m: GenModel): string {
  const { pascal } = m.names;
  const inputs = inputFields(m.fields);
  const probe = inputs.find((f) => !f.array && (f.kind === 'string' || f.kind === 'text') && !f.options) ?? inputs.find((f) => !f.array);
  const required = inputs.find((f) => f.required);
  const wrong = inputs.find((f) => !f.array);
  const body = (n: number) =>
    lines(
      `{`,
      ...sample(m.fields, n, '  '),
      ...m.subTables.map((s) => lines(`  ${s.prop}: [`, `    {`, ...sample(s.fields, n, '      '), `    },`, `  ],`)),
      `}`,
    );
  return lines(
    `import { afterAll, beforeAll, describe, expect, it } from 'vitest';`,
    `import { createTestApp, type TestApp } from '../../test/harness.ts';`,
    ``,
    `let t: TestApp;`,
    `let admin: string;`,
    `let doctor: string;`,
    ``,
    `beforeAll(async () => {`,
    `  t = await createTestApp();`,
    `  admin = await t.login('admin');`,
    `  doctor = await t.login('zhangwei');`,
    `});`,
    `afterAll(() => t.close());`,
    ``,
    `const URL = ${str(`/api${resourceUrl(m)}`)};`,
    `const first = ${body(1)};`,
    `const second: typeof first = ${body(2)};`,
    `const sample = (n: 1 | 2) => (n === 1 ? first : second);`,
    ``,
    `describe(${str(`${pascal} routes`)}, () => {`,
    `  it('creates, reads, lists, updates and deletes a record', async () => {`,
    `    const created = await t.call('POST', URL, { token: admin, body: sample(1) });`,
    `    expect(created.status, created.msg).toBe(200);`,
    `    const id = created.data.id as string;`,
    `    const got = await t.call('GET', \`\${URL}/\${id}\`, { token: admin });`,
    `    expect(got.status, got.msg).toBe(200);`,
    probe && `    expect(got.data.${probe.prop}).toEqual(sample(1).${probe.prop});`,
    ...m.subTables.map((s) => `    expect(got.data.${s.prop}).toHaveLength(1);`),
    ``,
    `    const list = await t.call('GET', \`\${URL}?currentPage=1&pageSize=10\`, { token: admin });`,
    `    expect(list.status, list.msg).toBe(200);`,
    `    expect(list.data.pagination.total).toBe(1);`,
    `    expect(list.data.list[0].id).toBe(id);`,
    ``,
    `    const updated = await t.call('PUT', \`\${URL}/\${id}\`, { token: admin, body: sample(2) });`,
    `    expect(updated.status, updated.msg).toBe(200);`,
    probe && `    expect((await t.call('GET', \`\${URL}/\${id}\`, { token: admin })).data.${probe.prop}).toEqual(sample(2).${probe.prop});`,
    ``,
    `    expect((await t.call('DELETE', \`\${URL}/\${id}\`, { token: admin })).status).toBe(200);`,
    `    expect((await t.call('GET', \`\${URL}/\${id}\`, { token: admin })).status).toBe(404);`,
    `  });`,
    ``,
    `  it('answers 400 naming the field for bad input', async () => {`,
    required
      ? `    const missing = await t.call('POST', URL, { token: admin, body: { ...sample(1), ${required.prop}: undefined } });`
      : `    const missing = await t.call('POST', URL, { token: admin, body: { ...sample(1), ${wrong!.prop}: ${numeric(wrong!) ? "'not a number'" : '12345'} } });`,
    `    expect(missing.status).toBe(400);`,
    `    expect(missing.msg).toContain(${str(required?.prop ?? wrong!.prop)});`,
    `    const list = await t.call('GET', \`\${URL}?pageSize=100000\`, { token: admin });`,
    `    expect(list.status).toBe(400);`,
    `  });`,
    ``,
    `  it('answers 403 to a user without the menu and 404 for an unknown id', async () => {`,
    `    expect((await t.call('GET', URL, { token: doctor })).status).toBe(403);`,
    `    expect((await t.call('POST', URL, { token: doctor, body: sample(1) })).status).toBe(403);`,
    `    expect((await t.call('GET', \`\${URL}/no-such-id\`, { token: admin })).status).toBe(404);`,
    `    expect((await t.call('DELETE', \`\${URL}/no-such-id\`, { token: admin })).status).toBe(404);`,
    `  });`,
    `});`,
    ``,
  );
}
