import { CompiledQuery, sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asWritten } from '../../db/connection.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import {
  buildListQuery,
  listStatements,
  ownColumns,
  runList,
  type ListRequest,
  type ListStatement,
  type ListTableSpec,
} from './list-query.ts';
import { selectAsWritten } from './model-tables.ts';
import { runtimeModel } from './records.service.ts';
import { createTestModel } from './records-test-model.ts';

/**
 * The list-query layer on a released model's real table: every match type, the
 * trigram path of contains, sort allow-list, paging with the id tiebreak, row
 * rules and column selection; through the compiled statements (listStatements)
 * and, for the same request, the per-call builder (buildListQuery), which must agree.
 */
let t: TestApp;
let db: Kysely<any>;
let spec: ListTableSpec;

const NAMES = ['Alpha', 'Bravo', 'Charlie', '张三丰', '李四'];
const ROWS = 25;
const CREATED = Date.UTC(2024, 0, 1);
interface Seeded {
  id: string;
  patientName: string;
  code: string;
  age: number;
  kind: string;
  tags: string[];
  org: string;
}
const seeded: Seeded[] = [];

const SELECT = ['id', 'organizeId', 'patientName', 'code', 'age', 'kind', 'tags'];
/** One grants object: statements are cached per scope, like a caller's grants. */
const scope = {};

interface Result {
  rows: Record<string, unknown>[];
  total: number;
  page: ListStatement;
}

async function runStatement(s: ListStatement) {
  return (await db.executeQuery<Record<string, unknown>>(CompiledQuery.raw(asWritten(s.sql), s.parameters))).rows;
}

async function list(
  req: Partial<ListRequest>,
  opts: { select?: string[]; rowFilter?: Expression<SqlBool> | null; scopeKey?: string } = {},
): Promise<Result> {
  const request: ListRequest = { filters: {}, currentPage: 1, pageSize: 100, ...req };
  const select = opts.select ?? SELECT;
  const rowFilter = opts.rowFilter ?? null;
  const { page, total } = listStatements(db, t.ctx.dialect, spec, request, {
    scope,
    scopeKey: opts.scopeKey ?? '',
    rowFilter: () => rowFilter,
    select,
  });
  const rows = await runStatement(page);
  const count = Number((await runStatement(total))[0]!.total);
  // The per-call builder answers the same rows for the same request.
  const built = buildListQuery(db, t.ctx.dialect, spec, request, { rowFilter, select });
  expect(await selectAsWritten(db, built.page)).toEqual(rows);
  return { rows, total: count, page };
}

const ids = (rows: Record<string, unknown>[]) => rows.map((r) => r.id).sort();
const expected = (pred: (s: Seeded) => boolean) =>
  seeded
    .filter(pred)
    .map((s) => s.id)
    .sort();
const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    return (err as { key?: string }).key;
  }
  return 'not refused';
};
const request = (over: Partial<ListRequest>): ListRequest => ({ filters: {}, currentPage: 1, pageSize: 20, ...over });
const statements = (over: Partial<ListRequest>) =>
  listStatements(db, t.ctx.dialect, spec, request(over), { scope, scopeKey: '', rowFilter: () => null, select: SELECT });

beforeAll(async () => {
  t = await createTestApp();
  const m = await createTestModel(t, 'lqVisit');
  const model = await runtimeModel(t.ctx, m.modelId);
  spec = model.spec;
  db = t.ctx.db.withoutPlugins() as unknown as Kysely<any>;
  for (let i = 0; i < ROWS; i++) {
    const s: Seeded = {
      // Ids out of insertion order: only an explicit id tiebreak orders rows of equal sort values by id.
      id: `lq${String((i * 7) % ROWS).padStart(3, '0')}`,
      patientName: `${NAMES[i % NAMES.length]}-${i}`,
      code: `C${i % 4}`,
      age: i,
      kind: ['o', 'i', 'x'][i % 3]!,
      tags: i % 2 ? ['a', 'b'] : ['a'],
      org: i % 2 ? 'orgOdd' : 'orgEven',
    };
    seeded.push(s);
    await db
      .insertInto(spec.table)
      .values({
        id: s.id,
        patientName: s.patientName,
        code: s.code,
        age: s.age,
        kind: s.kind,
        tags: JSON.stringify(s.tags),
        secret: `secret-${i}`,
        creator_time: CREATED,
        organize_id: s.org,
        flow_state: 0,
      })
      .execute();
  }
});
afterAll(() => t.close());

describe('match types', () => {
  it('equal on a column, and on a multi-value column (holds the value); a value is bound, never SQL', async () => {
    expect(ids((await list({ filters: { code: 'C1' } })).rows)).toEqual(expected((s) => s.code === 'C1'));
    expect(ids((await list({ filters: { tags: 'b' } })).rows)).toEqual(expected((s) => s.tags.includes('b')));
    expect((await list({ filters: { code: "C1' or '1'='1" } })).total).toBe(0);
  });

  it.each([
    ['三', 'one character'],
    ['ha', 'two characters'],
    ['ALPH', 'four characters, another case'],
    ['Charlie-1', 'a phrase with a hyphen'],
    ['%', 'a LIKE wildcard, literally'],
  ])('contains %s (%s) finds the same rows as a substring test', async (term) => {
    const r = await list({ filters: { patientName: term } });
    expect(ids(r.rows)).toEqual(expected((s) => s.patientName.toLowerCase().includes(term.toLowerCase())));
    expect(r.total).toBe(r.rows.length);
  });

  it('contains takes the trigram index from three characters on (SQLite FTS5), LIKE below', async () => {
    const long = (await list({ filters: { patientName: 'rav' } })).page.sql;
    const short = (await list({ filters: { patientName: 'ra' } })).page.sql;
    if (t.ctx.dialect === 'sqlite') {
      expect(long).toContain(`"${spec.table}__fts" match ?`);
      expect(short).not.toContain('__fts');
    } else {
      // pg_trgm's GIN index on lower(column) serves the LIKE form itself.
      expect(long).toMatch(/lower\(.*\) like \$\d+/);
    }
    expect(short).toMatch(/like/);
  });

  it('range open on either side, and closed', async () => {
    expect(ids((await list({ filters: { age: [20, null] } })).rows)).toEqual(expected((s) => s.age >= 20));
    expect(ids((await list({ filters: { age: ['', 3] } })).rows)).toEqual(expected((s) => s.age <= 3));
    expect(ids((await list({ filters: { age: [5, 7] } })).rows)).toEqual(expected((s) => s.age >= 5 && s.age <= 7));
  });

  it('in', async () => {
    expect(ids((await list({ filters: { kind: ['o', 'x'] } })).rows)).toEqual(expected((s) => s.kind === 'o' || s.kind === 'x'));
    expect(ids((await list({ filters: { kind: ['i'] } })).rows)).toEqual(expected((s) => s.kind === 'i'));
  });

  it('combines filters (and), each value bound in its own place', async () => {
    const r = await list({ filters: { code: 'C2', patientName: 'charlie', age: [null, 20] } });
    expect(ids(r.rows)).toEqual(expected((s) => s.code === 'C2' && s.patientName.startsWith('Charlie') && s.age <= 20));
    expect(r.rows.length).toBeGreaterThan(0);
  });
});

describe('refusals', () => {
  it('refuses a sort column outside the allow-list, and SQL in its name', () => {
    expect(refusal(() => statements({ sidx: 'secret' }))).toBe('records.sortRefused');
    expect(refusal(() => statements({ sidx: 'age"; drop table users; --' }))).toBe('records.sortRefused');
    expect(refusal(() => statements({ sidx: 'a.b; drop table x' }))).toBe('records.sortRefused');
  });

  it('refuses a filter on a key the list does not search, and SQL as a key', () => {
    expect(refusal(() => statements({ filters: { secret: 'x' } }))).toBe('records.unknownFilter');
    expect(refusal(() => statements({ filters: { 'code" = 1 or 1=1 --': 'x' } }))).toBe('records.unknownFilter');
    expect(refusal(() => statements({ filters: { age: 'abc' } }))).toBe('records.badFilter');
  });

  it('refuses a selected key the table does not have', () => {
    expect(
      refusal(() =>
        listStatements(db, t.ctx.dialect, spec, request({}), {
          scope: {},
          scopeKey: '',
          rowFilter: () => null,
          select: ['id', 'nope" from users --'],
        }),
      ),
    ).toBe('records.unknownColumn');
  });
});

describe('order and paging', () => {
  it('pages in SQL with the total of all matching rows', async () => {
    const r = await list({ pageSize: 10, currentPage: 3, sidx: 'age', sort: 'asc' });
    expect(r.total).toBe(ROWS);
    expect(r.rows.map((x) => Number(x.age))).toEqual([20, 21, 22, 23, 24]);
    expect(r.page.sql).toMatch(/limit/i);
  });

  it('breaks ties by id, so pages of equal sort values neither repeat nor skip a row', async () => {
    // Every row has the same creation time: only the id orders them.
    const pages: unknown[] = [];
    for (let p = 1; p <= 4; p++)
      pages.push(...(await list({ pageSize: 7, currentPage: p, sidx: 'creatorTime', sort: 'asc' })).rows.map((r) => r.id));
    const byId = seeded.map((s) => s.id).sort();
    expect(pages).toEqual(byId);
    const desc = [];
    for (let p = 1; p <= 4; p++)
      desc.push(...(await list({ pageSize: 7, currentPage: p, sidx: 'creatorTime', sort: 'desc' })).rows.map((r) => r.id));
    expect(desc).toEqual([...byId].reverse());
  });

  it('sorts by an allowed column in either direction, and by the default without sidx', async () => {
    const byName = (await list({ sidx: 'patientName', sort: 'desc', pageSize: 3 })).rows.map((r) => r.patientName);
    expect(byName).toEqual(
      seeded
        .map((s) => s.patientName)
        .sort()
        .reverse()
        .slice(0, 3),
    );
    // The model's default sort: age ascending.
    expect((await list({ pageSize: 3 })).rows.map((r) => Number(r.age))).toEqual([0, 1, 2]);
  });
});

describe('row rules and columns', () => {
  const org = (id: string) => sql<SqlBool>`${sql.id(spec.table, 'organize_id')} = ${id}`;

  it('applies the row-rule condition to the rows and the total', async () => {
    const r = await list({ filters: { code: 'C1' } }, { rowFilter: org('orgOdd'), scopeKey: 'odd' });
    expect(ids(r.rows)).toEqual(expected((s) => s.code === 'C1' && s.org === 'orgOdd'));
    expect(r.total).toBe(r.rows.length);
    const even = await list({ filters: { code: 'C1' } }, { rowFilter: org('orgEven'), scopeKey: 'even' });
    expect(ids(even.rows)).toEqual(expected((s) => s.code === 'C1' && s.org === 'orgEven'));
    expect(even.total).toBe(0);
    const all = await list({}, { rowFilter: org('orgEven'), scopeKey: 'even' });
    expect(all.total).toBe(seeded.filter((s) => s.org === 'orgEven').length);
  });

  it('does not select hidden columns', async () => {
    const r = await list({}, { select: ['id', 'patientName'] });
    expect(Object.keys(r.rows[0]!).sort()).toEqual(['id', 'patientName']);
    expect(r.page.sql).not.toContain('"secret"');
    expect(r.page.sql).not.toContain('"code"');
  });
});

describe('compiled statements', () => {
  it('reuse the SQL of a filter shape and bind each call its own values', async () => {
    const a = await list({ filters: { code: 'C1', patientName: 'alpha' } });
    const b = await list({ filters: { code: 'C3', patientName: 'bravo' } });
    expect(b.page.sql).toBe(a.page.sql);
    expect(ids(a.rows)).toEqual(expected((s) => s.code === 'C1' && s.patientName.startsWith('Alpha')));
    expect(ids(b.rows)).toEqual(expected((s) => s.code === 'C3' && s.patientName.startsWith('Bravo')));
    expect(a.rows.length + b.rows.length).toBeGreaterThan(0);
    // Another shape (in with three values, a range closed on one side) is another statement.
    const c = await list({ filters: { kind: ['o', 'i', 'x'], age: [null, 4] } });
    expect(ids(c.rows)).toEqual(expected((s) => s.age <= 4));
    const d = await list({ filters: { kind: ['o'], age: [4, null] } });
    expect(d.page.sql).not.toBe(c.page.sql);
    expect(ids(d.rows)).toEqual(expected((s) => s.kind === 'o' && s.age >= 4));
  });
});

describe('id tiebreak direction', () => {
  it('follows the last sort column, or the spec`s idOrder when it names one', async () => {
    const req = request({ sidx: 'creatorTime', sort: 'desc', pageSize: 100 });
    const run = async (s: ListTableSpec) =>
      (
        await runStatement(listStatements(db, t.ctx.dialect, s, req, { scope, scopeKey: '', rowFilter: () => null, select: SELECT }).page)
      ).map((r) => r.id);
    const byId = seeded.map((s) => s.id).sort();
    // Every row has the same creation time: the id alone orders them.
    expect(await run(spec)).toEqual([...byId].reverse());
    expect(await run({ ...spec, idOrder: 'asc' })).toEqual(byId);
  });
});

describe('runList on a table of our own schema (ctx.db, camelCase keys)', () => {
  const groupSpec: ListTableSpec = {
    table: 'groups',
    columns: ownColumns({ id: 'string', fullName: 'string', enCode: 'string', sortCode: 'int', enabledMark: 'int', createdAt: 'datetime' }),
    search: { enabledMark: 'equal' },
    sortable: new Set(['enCode']),
    defaultSort: [{ field: 'sortCode', order: 'asc' }],
    idKey: 'id',
    idOrder: 'asc',
    keywordFields: ['fullName', 'enCode'],
  };
  const SELECT_GROUP = ['id', 'fullName', 'enCode', 'enabledMark'];

  beforeAll(async () => {
    await t.ctx.db
      .insertInto('groups')
      .values(
        Array.from({ length: 12 }, (_, i) => ({
          id: `lqg${String(i).padStart(2, '0')}`,
          fullName: i % 3 ? `Ward ${i}` : `Clinic_${i}`,
          enCode: `lqGroup${String(i).padStart(2, '0')}`,
          type: '',
          sortCode: i % 4,
          enabledMark: i % 2,
          description: null,
          createdAt: CREATED,
          createdBy: null,
          updatedAt: null,
          updatedBy: null,
        })),
      )
      .execute();
  });

  it('pages, filters and counts in SQL, answering the envelope`s shape with camelCase keys', async () => {
    const all = await t.ctx.db.selectFrom('groups').select(['id', 'sortCode', 'enabledMark']).where('id', 'like', 'lqg%').execute();
    const want = all
      .filter((g) => g.enabledMark === 1)
      .sort((a, b) => a.sortCode - b.sortCode || (a.id < b.id ? -1 : 1))
      .map((g) => g.id);
    const req = (currentPage: number) =>
      ({ filters: { enabledMark: 1 }, keyword: 'lqGroup', currentPage, pageSize: 4 }) satisfies ListRequest;
    const first = await runList(t.ctx.db as unknown as Kysely<any>, t.ctx.dialect, groupSpec, req(1), {
      rowFilter: null,
      select: SELECT_GROUP,
    });
    const second = await runList(t.ctx.db as unknown as Kysely<any>, t.ctx.dialect, groupSpec, req(2), {
      rowFilter: null,
      select: SELECT_GROUP,
    });
    expect(first.pagination).toEqual({ currentPage: 1, pageSize: 4, total: want.length });
    expect([...first.list, ...second.list].map((g) => g.id)).toEqual(want);
    expect(Object.keys(first.list[0]!).sort()).toEqual([...SELECT_GROUP].sort());
  });

  it('keeps the keyword literal (LIKE wildcards escaped) and case-insensitive, and refuses a sort outside the allow-list', async () => {
    const kw = async (keyword: string) =>
      (
        await runList(
          t.ctx.db as unknown as Kysely<any>,
          t.ctx.dialect,
          groupSpec,
          { filters: {}, keyword, currentPage: 1, pageSize: 50 },
          {
            rowFilter: null,
            select: SELECT_GROUP,
          },
        )
      ).list.map((g) => g.id);
    // Clinic_0, 3, 6, 9 have sort codes 0, 3, 2, 1.
    expect(await kw('clinic_')).toEqual(['lqg00', 'lqg09', 'lqg06', 'lqg03']);
    expect(await kw('clinic%')).toEqual([]);
    await expect(
      runList(
        t.ctx.db as unknown as Kysely<any>,
        t.ctx.dialect,
        groupSpec,
        { filters: {}, sidx: 'fullName', currentPage: 1, pageSize: 5 },
        {
          rowFilter: null,
          select: SELECT_GROUP,
        },
      ),
    ).rejects.toMatchObject({ key: 'records.sortRefused' });
  });
});
