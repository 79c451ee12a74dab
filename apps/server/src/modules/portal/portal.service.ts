import type { Selectable } from 'kysely';
import {
  portalDefinition,
  type PageQuery,
  type PortalDefinition,
  type PortalInfo,
  type PortalInput,
  type PortalSummary,
} from '@medalliance/contract';
import type { AppContext } from '../../context.ts';
import type { PortalTable } from '../../db/tables/portal.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { keywordMatch, paginate } from '../../http/paging.ts';
import { newId } from '../../lib/ids.ts';
import { sanitizeHtml } from '../../lib/sanitize-html.ts';
import { isUniqueViolation, parseJson } from '../system/db-errors.ts';
import { invalidateGrants } from '../permission/grants.service.ts';
import './messages.ts';

/**
 * Portals (server-contract §8 BASE_PORTAL; spec §2.3 menu type 8, §2.5 home):
 * a named grid of widgets. The layout is validated with the contract schema
 * and rich-text widgets are sanitized on every write, so what is stored is
 * always a clean definition.
 */

export type PortalRow = Selectable<PortalTable>;

const SORTABLE: Record<string, 'portals.fullName' | 'portals.enCode' | 'portals.sortCode' | 'portals.createdAt'> = {
  fullName: 'portals.fullName',
  enCode: 'portals.enCode',
  sortCode: 'portals.sortCode',
  createdAt: 'portals.createdAt',
  creatorTime: 'portals.createdAt',
};

const summary = (r: PortalRow & { realName?: string | null; account?: string | null }): PortalSummary => ({
  id: r.id,
  fullName: r.fullName,
  enCode: r.enCode,
  category: r.category,
  description: r.description,
  sortCode: r.sortCode,
  enabledMark: r.enabledMark,
  createdAt: r.createdAt,
  updatedAt: r.updatedAt,
  creatorUser: r.realName ? `${r.realName}/${r.account}` : '',
});

/** The stored layout; a row written by hand that no longer parses shows as an empty portal. */
export function definitionOf(row: PortalRow): PortalDefinition {
  const parsed = portalDefinition.safeParse(parseJson<unknown>(row.formData, null));
  return parsed.success ? parsed.data : { layout: [], widgets: [] };
}

export const toInfo = (row: PortalRow): PortalInfo => ({ ...summary(row), formData: definitionOf(row) });

/** Paged, filtered and sorted in SQL. */
export async function listPortals(ctx: AppContext, q: PageQuery & { category: string }) {
  let query = ctx.db
    .selectFrom('portals')
    .leftJoin('users', 'users.id', 'portals.createdBy')
    .selectAll('portals')
    .select(['users.realName', 'users.account']);
  if (q.keyword) query = query.where(keywordMatch(['portals.full_name', 'portals.en_code'], q.keyword));
  if (q.category) query = query.where('portals.category', '=', q.category);
  const col = SORTABLE[q.sidx];
  query = col ? query.orderBy(col, q.sort).orderBy('portals.id') : query.orderBy('portals.sortCode').orderBy('portals.createdAt', 'desc');
  const page = await paginate(query, q);
  return { list: page.list.map(summary), pagination: page.pagination };
}

/** By id, or by enCode (a menu's propertyJson.moduleId may name either). */
export async function findPortal(ctx: AppContext, idOrCode: string): Promise<PortalRow> {
  const row = await ctx.db
    .selectFrom('portals')
    .selectAll()
    .where((eb) => eb.or([eb('id', '=', idOrCode), eb('enCode', '=', idOrCode)]))
    .orderBy('id')
    .executeTakeFirst();
  if (!row) throw notFound('portal.notFound');
  return row;
}

/** Rich-text widgets sanitized: the one place a layout is made safe before it is stored. */
export async function cleanDefinition(def: PortalDefinition): Promise<PortalDefinition> {
  const widgets = await Promise.all(def.widgets.map(async (w) => (w.type === 'richText' ? { ...w, html: await sanitizeHtml(w.html) } : w)));
  return { layout: def.layout, widgets };
}

async function assertFreeCode(ctx: AppContext, enCode: string, exceptId: string | null) {
  let q = ctx.db.selectFrom('portals').select('id').where('enCode', '=', enCode);
  if (exceptId) q = q.where('id', '!=', exceptId);
  if (await q.executeTakeFirst()) throw conflict('error.enCodeExists', { enCode });
}

async function unique<T>(enCode: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('error.enCodeExists', { enCode });
    throw err;
  }
}

const columns = async (input: PortalInput) => ({
  fullName: input.fullName,
  enCode: input.enCode,
  category: input.category,
  description: input.description,
  sortCode: input.sortCode,
  enabledMark: input.enabledMark,
  formData: JSON.stringify(await cleanDefinition(input.formData)),
});

export async function createPortal(ctx: AppContext, input: PortalInput, userId: string, id = newId()): Promise<string> {
  await assertFreeCode(ctx, input.enCode, null);
  const values = await columns(input);
  await unique(input.enCode, () =>
    ctx.db
      .insertInto('portals')
      .values({ id, ...values, createdAt: Date.now(), createdBy: userId, updatedAt: null, updatedBy: null })
      .execute(),
  );
  return id;
}

export async function updatePortal(ctx: AppContext, id: string, input: PortalInput, userId: string): Promise<void> {
  const row = await findPortal(ctx, id);
  await assertFreeCode(ctx, input.enCode, row.id);
  const values = await columns(input);
  await unique(input.enCode, () =>
    ctx.db
      .updateTable('portals')
      .set({ ...values, updatedAt: Date.now(), updatedBy: userId })
      .where('id', '=', row.id)
      .execute(),
  );
}

/** Deletes the portal with its role grants and clears it as anyone's default, in one transaction. */
export async function deletePortal(ctx: AppContext, id: string): Promise<PortalRow> {
  const row = await findPortal(ctx, id);
  await ctx.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('authorizations').where('itemType', '=', 'portal').where('itemId', '=', row.id).execute();
    await trx.updateTable('users').set({ portalId: null }).where('portalId', '=', row.id).execute();
    await trx.deleteFrom('portals').where('id', '=', row.id).execute();
  });
  invalidateGrants(ctx);
  return row;
}

/** A copy named "<name>副本<n>" with a fresh code, disabled until someone enables it. */
export async function copyPortal(ctx: AppContext, id: string, userId: string): Promise<string> {
  const row = await findPortal(ctx, id);
  const stamp = String(Date.now()).slice(-6);
  const enCode = `${row.enCode}.copy${stamp}`.slice(0, 50);
  const copy = newId();
  await unique(enCode, () =>
    ctx.db
      .insertInto('portals')
      .values({
        ...row,
        id: copy,
        fullName: `${row.fullName}.副本${stamp}`.slice(0, 50),
        enCode,
        enabledMark: 0,
        createdAt: Date.now(),
        createdBy: userId,
        updatedAt: null,
        updatedBy: null,
      })
      .execute(),
  );
  return copy;
}

/** Sets enabledMark, or flips it without one (JNPF). */
export async function setPortalState(ctx: AppContext, id: string, userId: string, enabledMark?: 0 | 1): Promise<number> {
  const row = await findPortal(ctx, id);
  const next = enabledMark ?? (row.enabledMark === 1 ? 0 : 1);
  await ctx.db
    .updateTable('portals')
    .set({ enabledMark: next, updatedAt: Date.now(), updatedBy: userId })
    .where('id', '=', row.id)
    .execute();
  return next;
}

/** The export file: the definition without ids or audit stamps. */
export const exportPortal = (row: PortalRow) => ({
  fullName: row.fullName,
  enCode: row.enCode,
  category: row.category,
  description: row.description,
  sortCode: row.sortCode,
  enabledMark: row.enabledMark,
  formData: definitionOf(row),
});
