import { sql } from 'kysely';
import { AREA_ROOT, type AreaInput, type AreaNode } from '@medalliance/contract';
import type { AppContext } from '../../context.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { keywordMatch } from '../../http/paging.ts';
import { newId } from '../../lib/ids.ts';
import { assertFreeEnCode, createdBy, deleteTreeNode, setEnabledMark, updatedBy, writeUnique } from './records.ts';

/**
 * Administrative areas (province → city → district/county → township →
 * village), read one level per call for the lazily loaded address picker
 * (spec §2.6, §7.5, §7.8): every call is one indexed query on parent_id.
 */

const KEYWORD_LIMIT = 200;

function nodes(ctx: AppContext) {
  return ctx.db.selectFrom('areas as a').select([
    'a.id',
    'a.parentId',
    'a.enCode',
    'a.fullName',
    'a.type',
    'a.sortCode',
    'a.enabledMark',
    (eb) =>
      eb
        .exists(
          eb
            .selectFrom('areas as c')
            .select(sql`1`.as('x'))
            .whereRef('c.parentId', '=', 'a.id'),
        )
        .as('hasChildren'),
  ]);
}

const out = (r: { hasChildren: unknown } & Omit<AreaNode, 'hasChildren' | 'isLeaf'>): AreaNode => {
  const has = r.hasChildren === true || Number(r.hasChildren) === 1;
  return { ...r, hasChildren: has, isLeaf: !has };
};

/**
 * One level below a parent ('-1' for provinces). A keyword filters that level;
 * at the top it searches every level, so a village can be found by name.
 */
export async function areaChildren(ctx: AppContext, parentId: string, keyword: string, enabledOnly = false): Promise<AreaNode[]> {
  let q = nodes(ctx);
  const parent = parentId === '0' ? AREA_ROOT : parentId;
  if (keyword && parent === AREA_ROOT)
    q = q.where(keywordMatch(['a.full_name', 'a.en_code', 'a.simple_spelling'], keyword)).limit(KEYWORD_LIMIT);
  else {
    q = q.where('a.parentId', '=', parent);
    if (keyword) q = q.where(keywordMatch(['a.full_name', 'a.en_code', 'a.simple_spelling'], keyword));
  }
  if (enabledOnly) q = q.where('a.enabledMark', '=', 1);
  const rows = await q.orderBy('a.sortCode').orderBy('a.enCode').execute();
  return rows.map(out);
}

/** The parent picker of the area form: enabled children of `id`, minus the area being edited. */
export async function areaSelector(ctx: AppContext, id: string, excludeId: string): Promise<AreaNode[]> {
  const rows = await areaChildren(ctx, id, '', true);
  return excludeId && excludeId !== '0' ? rows.filter((r) => r.id !== excludeId) : rows;
}

/** Name paths for id paths: [[provinceId, cityId, …], …] → [[name, name, …], …]. Unknown ids are left out. */
export async function areaNames(ctx: AppContext, idsList: (string[] | string)[]): Promise<string[][]> {
  const lists = idsList.map((x) => (Array.isArray(x) ? x : [x]));
  const ids = [...new Set(lists.flat())];
  const names = new Map<string, string>();
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await ctx.db
      .selectFrom('areas')
      .select(['id', 'fullName'])
      .where('id', 'in', ids.slice(i, i + 500))
      .execute();
    for (const r of rows) names.set(r.id, r.fullName);
  }
  return lists.map((path) => path.filter((id) => names.has(id)).map((id) => names.get(id)!));
}

export async function areaInfo(ctx: AppContext, id: string) {
  const row = await ctx.db.selectFrom('areas').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

async function ancestorsOf(ctx: AppContext, id: string): Promise<Set<string>> {
  const seen = new Set<string>();
  let cur: string | undefined = id;
  while (cur && cur !== AREA_ROOT && !seen.has(cur) && seen.size < 20) {
    seen.add(cur);
    const row: { parentId: string } | undefined = await ctx.db
      .selectFrom('areas')
      .select('parentId')
      .where('id', '=', cur)
      .executeTakeFirst();
    cur = row?.parentId;
  }
  return seen;
}

async function checkParent(ctx: AppContext, input: AreaInput, selfId: string | null): Promise<number | null> {
  if (input.parentId === AREA_ROOT) return input.type ?? 1;
  const parent = await ctx.db.selectFrom('areas').select(['id', 'type']).where('id', '=', input.parentId).executeTakeFirst();
  if (!parent) throw badRequest('area.parentNotFound');
  if (selfId && (await ancestorsOf(ctx, input.parentId)).has(selfId)) throw badRequest('area.parentCycle');
  return input.type ?? (parent.type ? Math.min(5, parent.type + 1) : null);
}

/** The optional texts as the columns hold them. */
const fillIns = (input: AreaInput) => ({ simpleSpelling: input.simpleSpelling ?? null, description: input.description ?? null });

export async function createArea(ctx: AppContext, input: AreaInput, userId: string | null): Promise<string> {
  const type = await checkParent(ctx, input, null);
  await assertFreeEnCode(ctx, 'areas', input.enCode);
  const id = newId();
  await writeUnique(input.enCode, () =>
    ctx.db
      .insertInto('areas')
      .values({ id, ...input, ...fillIns(input), type, ...createdBy(userId) })
      .execute(),
  );
  return id;
}

export async function updateArea(ctx: AppContext, id: string, input: AreaInput, userId: string | null): Promise<void> {
  await areaInfo(ctx, id);
  const type = await checkParent(ctx, input, id);
  await assertFreeEnCode(ctx, 'areas', input.enCode, id);
  await writeUnique(input.enCode, () =>
    ctx.db
      .updateTable('areas')
      .set({ ...input, ...fillIns(input), type, ...updatedBy(userId) })
      .where('id', '=', id)
      .execute(),
  );
}

/** Refuses while the area has sub-areas. */
export async function deleteArea(ctx: AppContext, id: string) {
  return deleteTreeNode(ctx, 'areas', id, { childrenKey: 'area.hasChildren' });
}

export async function setAreaState(ctx: AppContext, id: string, userId: string | null, enabledMark?: 0 | 1): Promise<number> {
  return setEnabledMark(ctx, 'areas', id, userId, enabledMark);
}
