import type { PickerNode, PositionBody } from '@medalliance/contract';
import type { AppContext } from '../../context.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { newId } from '../../lib/ids.ts';
import type { SessionInfo } from '../oauth/sessions.service.ts';
import { ownColumns, runList, type ListTableSpec } from '../visualdev/list-query.ts';
import { invalidateGrants } from './grants.service.ts';
import { membershipNames } from './labels.ts';
import { allOrgs, findOrg, inSubtree, keepWithAncestors, linkTree, orgPathNames, toOrgNodes } from './org-tree.service.ts';
import './messages.ts';

const positionColumns = ['id', 'organizeId', 'fullName', 'enCode', 'type', 'sortCode', 'enabledMark', 'description', 'createdAt'] as const;

/** The positions list (list-query.ts): keyword over name and code, in sort-code order, newest first within one. */
const positionList: ListTableSpec = {
  table: 'positions',
  columns: ownColumns({
    id: 'string',
    organizeId: 'string',
    fullName: 'string',
    enCode: 'string',
    type: 'string',
    sortCode: 'int',
    enabledMark: 'int',
    description: 'text',
    createdAt: 'datetime',
  }),
  search: { enabledMark: 'equal' },
  sortable: new Set(),
  defaultSort: [
    { field: 'sortCode', order: 'asc' },
    { field: 'createdAt', order: 'desc' },
    { field: 'id', order: 'asc' },
  ],
  idKey: 'id',
  keywordFields: ['fullName', 'enCode'],
};

export async function listPositions(
  ctx: AppContext,
  q: { keyword: string; organizeId: string | null; currentPage: number; pageSize: number; enabledOnly?: boolean },
) {
  const where = [];
  if (q.organizeId) {
    const org = await findOrg(ctx, q.organizeId);
    if (!org) throw notFound();
    where.push(inSubtree(ctx.dialect, 'positions.organizeId', org.idPath));
  }
  const page = await runList<Record<(typeof positionColumns)[number], unknown> & { organizeId: string }>(
    ctx.db,
    ctx.dialect,
    positionList,
    {
      filters: q.enabledOnly ? { enabledMark: 1 } : {},
      keyword: q.keyword,
      currentPage: q.currentPage,
      pageSize: q.pageSize,
    },
    { rowFilter: null, select: [...positionColumns], where },
  );
  const names = await orgPathNames(
    ctx,
    page.list.map((p) => p.organizeId),
  );
  return {
    list: page.list.map((p) => ({
      ...p,
      department: names.get(p.organizeId) ?? '',
      organize: names.get(p.organizeId) ?? '',
      creatorTime: p.createdAt,
    })),
    pagination: page.pagination,
  };
}

/** Every enabled position, with its organisation path. */
export async function allPositions(ctx: AppContext, orgIds?: string[]) {
  let q = ctx.db.selectFrom('positions').select(positionColumns).where('enabledMark', '=', 1);
  if (orgIds) {
    if (!orgIds.length) return [];
    q = q.where('organizeId', 'in', orgIds);
  }
  const rows = await q.orderBy('sortCode').orderBy('createdAt').execute();
  const names = await orgPathNames(
    ctx,
    rows.map((p) => p.organizeId),
  );
  return rows.map((p) => ({
    ...p,
    type: 'position',
    positionType: p.type,
    organize: names.get(p.organizeId) ?? '',
    lastFullName: names.get(p.organizeId) ?? '',
  }));
}

/**
 * Positions as leaves of the organisation tree (the two-pane position picker).
 * Organisations without positions below them are left out. With `within`, only
 * the subtrees of those organisations (and the explicitly listed positions).
 */
export async function positionTree(
  ctx: AppContext,
  opts: { within?: string[]; positionIds?: string[]; keyword?: string } = {},
): Promise<PickerNode[]> {
  const orgs = (await allOrgs(ctx)).filter((o) => o.enabledMark === 1);
  let positions = await ctx.db
    .selectFrom('positions')
    .select(positionColumns)
    .where('enabledMark', '=', 1)
    .orderBy('sortCode')
    .orderBy('createdAt')
    .execute();
  if (opts.within) {
    const roots = orgs.filter((o) => opts.within!.includes(o.id));
    const inside = new Set(orgs.filter((o) => roots.some((r) => o.id === r.id || o.idPath.startsWith(`${r.idPath},`))).map((o) => o.id));
    const explicit = new Set(opts.positionIds ?? []);
    positions = positions.filter((p) => inside.has(p.organizeId) || explicit.has(p.id));
  }
  const kw = opts.keyword?.trim().toLowerCase();
  if (kw) positions = positions.filter((p) => p.fullName.toLowerCase().includes(kw) || p.enCode.toLowerCase().includes(kw));
  const holding = new Set(positions.map((p) => p.organizeId));
  const kept = keepWithAncestors(orgs, (o) => holding.has(o.id));
  const orgNodes = toOrgNodes(orgs);
  const nodes: PickerNode[] = kept.map((o) => ({ ...orgNodes.get(o.id)!, children: [] }));
  for (const p of positions) {
    const org = orgNodes.get(p.organizeId);
    nodes.push({
      id: p.id,
      parentId: p.organizeId,
      fullName: p.fullName,
      enCode: p.enCode,
      type: 'position',
      icon: 'icon-ym icon-ym-tree-position1',
      organize: org?.organize ?? '',
      lastFullName: org ? `${org.organize}/${p.fullName}` : p.fullName,
      hasChildren: false,
      isLeaf: true,
      children: [],
    });
  }
  return linkTree(nodes);
}

export async function positionInfo(ctx: AppContext, id: string) {
  const p = await ctx.db.selectFrom('positions').select(positionColumns).where('id', '=', id).executeTakeFirst();
  if (!p) throw notFound();
  const org = await findOrg(ctx, p.organizeId);
  return { ...p, organizeIdTree: org?.idPath.split(',') ?? [], creatorTime: p.createdAt };
}

async function checkPosition(ctx: AppContext, body: PositionBody, selfId: string | null) {
  if (!(await findOrg(ctx, body.organizeId))) throw badRequest('position.organizeMissing');
  const same = await ctx.db
    .selectFrom('positions')
    .select('id')
    .where('enCode', '=', body.enCode)
    .$if(!!selfId, (q) => q.where('id', '<>', selfId!))
    .executeTakeFirst();
  if (same) throw conflict('position.enCodeExists', { enCode: body.enCode });
  const sameName = await ctx.db
    .selectFrom('positions')
    .select('id')
    .where('organizeId', '=', body.organizeId)
    .where('fullName', '=', body.fullName)
    .$if(!!selfId, (q) => q.where('id', '<>', selfId!))
    .executeTakeFirst();
  if (sameName) throw conflict('position.nameExists', { fullName: body.fullName });
}

export async function createPosition(ctx: AppContext, session: SessionInfo, body: PositionBody) {
  await checkPosition(ctx, body, null);
  const id = newId();
  await ctx.db
    .insertInto('positions')
    .values({
      id,
      organizeId: body.organizeId,
      fullName: body.fullName,
      enCode: body.enCode,
      type: body.type,
      sortCode: body.sortCode,
      enabledMark: body.enabledMark ?? 1,
      description: body.description,
      createdAt: Date.now(),
      createdBy: session.userId,
      updatedAt: null,
      updatedBy: null,
    })
    .execute();
  membershipNames.invalidate(ctx);
  return { id };
}

export async function updatePosition(ctx: AppContext, session: SessionInfo, id: string, body: PositionBody) {
  const old = await ctx.db.selectFrom('positions').select(['id', 'enabledMark']).where('id', '=', id).executeTakeFirst();
  if (!old) throw notFound();
  await checkPosition(ctx, body, id);
  await ctx.db
    .updateTable('positions')
    .set({
      organizeId: body.organizeId,
      fullName: body.fullName,
      enCode: body.enCode,
      type: body.type,
      sortCode: body.sortCode,
      ...(body.enabledMark !== undefined ? { enabledMark: body.enabledMark } : {}),
      description: body.description,
      updatedAt: Date.now(),
      updatedBy: session.userId,
    })
    .where('id', '=', id)
    .execute();
  membershipNames.invalidate(ctx);
  // Position grants count only while the position is enabled.
  if (body.enabledMark !== undefined && body.enabledMark !== old.enabledMark) invalidateGrants(ctx);
}

/** Deletes a position nobody holds, with its grants. */
export async function deletePosition(ctx: AppContext, id: string) {
  const p = await ctx.db.selectFrom('positions').select('id').where('id', '=', id).executeTakeFirst();
  if (!p) throw notFound();
  await ctx.db.transaction().execute(async (trx) => {
    const held = await trx
      .selectFrom('users')
      .select('id')
      .where((eb) =>
        eb.or([
          eb('positionId', '=', id),
          eb('id', 'in', eb.selectFrom('userRelations').select('userId').where('objectType', '=', 'Position').where('objectId', '=', id)),
        ]),
      )
      .executeTakeFirst();
    if (held) throw badRequest('position.hasUsers');
    await trx.deleteFrom('authorizations').where('objectType', '=', 'Position').where('objectId', '=', id).execute();
    await trx.deleteFrom('positions').where('id', '=', id).execute();
  });
  membershipNames.invalidate(ctx);
  invalidateGrants(ctx);
}
