import type { GroupBody, PickerNode } from '@medalliance/contract';
import type { AppContext } from '../../context.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { keywordMatch } from '../../http/paging.ts';
import { newId } from '../../lib/ids.ts';
import type { SessionInfo } from '../oauth/sessions.service.ts';
import { ownColumns, runList, type ListTableSpec } from '../visualdev/list-query.ts';
import './messages.ts';

const groupColumns = ['id', 'fullName', 'enCode', 'type', 'sortCode', 'enabledMark', 'description', 'createdAt'] as const;

/** The groups list (list-query.ts): keyword over name and code, in sort-code order, newest first within one. */
const groupList: ListTableSpec = {
  table: 'groups',
  columns: ownColumns({
    id: 'string',
    fullName: 'string',
    enCode: 'string',
    type: 'string',
    sortCode: 'int',
    enabledMark: 'int',
    description: 'text',
    createdAt: 'datetime',
  }),
  search: {},
  sortable: new Set(),
  defaultSort: [
    { field: 'sortCode', order: 'asc' },
    { field: 'createdAt', order: 'desc' },
    { field: 'id', order: 'asc' },
  ],
  idKey: 'id',
  keywordFields: ['fullName', 'enCode'],
};

export async function listGroups(ctx: AppContext, q: { keyword: string; currentPage: number; pageSize: number }) {
  const page = await runList<Record<(typeof groupColumns)[number], unknown>>(
    ctx.db,
    ctx.dialect,
    groupList,
    { filters: {}, keyword: q.keyword, currentPage: q.currentPage, pageSize: q.pageSize },
    { rowFilter: null, select: [...groupColumns] },
  );
  return { list: page.list.map((g) => ({ ...g, creatorTime: g.createdAt })), pagination: page.pagination };
}

/** The group picker's nodes (spec §3: type 'group'); flat, every enabled group. */
export async function groupSelector(ctx: AppContext, keyword = ''): Promise<PickerNode[]> {
  let query = ctx.db.selectFrom('groups').select(groupColumns).where('enabledMark', '=', 1);
  if (keyword) query = query.where(keywordMatch(['groups.fullName', 'groups.enCode'], keyword));
  const rows = await query.orderBy('sortCode').orderBy('createdAt').execute();
  return rows.map((g) => ({
    id: g.id,
    parentId: '0',
    fullName: g.fullName,
    enCode: g.enCode,
    type: 'group',
    icon: 'icon-ym icon-ym-generator-group1',
    lastFullName: g.fullName,
    hasChildren: false,
    isLeaf: true,
    children: [],
  }));
}

export async function groupInfo(ctx: AppContext, id: string) {
  const g = await ctx.db.selectFrom('groups').select(groupColumns).where('id', '=', id).executeTakeFirst();
  if (!g) throw notFound();
  return { ...g, creatorTime: g.createdAt };
}

async function checkGroup(ctx: AppContext, body: GroupBody, selfId: string | null) {
  const same = await ctx.db
    .selectFrom('groups')
    .select('id')
    .where('enCode', '=', body.enCode)
    .$if(!!selfId, (q) => q.where('id', '<>', selfId!))
    .executeTakeFirst();
  if (same) throw conflict('group.enCodeExists', { enCode: body.enCode });
}

export async function createGroup(ctx: AppContext, session: SessionInfo, body: GroupBody) {
  await checkGroup(ctx, body, null);
  const id = newId();
  await ctx.db
    .insertInto('groups')
    .values({
      id,
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
  return { id };
}

export async function updateGroup(ctx: AppContext, session: SessionInfo, id: string, body: GroupBody) {
  if (!(await ctx.db.selectFrom('groups').select('id').where('id', '=', id).executeTakeFirst())) throw notFound();
  await checkGroup(ctx, body, id);
  await ctx.db
    .updateTable('groups')
    .set({
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
}

/** Deletes a group and its memberships (groups carry no grants). */
export async function deleteGroup(ctx: AppContext, id: string) {
  if (!(await ctx.db.selectFrom('groups').select('id').where('id', '=', id).executeTakeFirst())) throw notFound();
  await ctx.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('userRelations').where('objectType', '=', 'Group').where('objectId', '=', id).execute();
    await trx.deleteFrom('groups').where('id', '=', id).execute();
  });
}
