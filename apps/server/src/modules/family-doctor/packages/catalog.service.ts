import {
  fdRealPrice,
  type FdCatalogListQuery,
  type FdItemBody,
  type FdItemRow,
  type FdPackageBody,
  type FdPackageRow,
} from '@medalliance/contract';
import { sql, type Kysely } from 'kysely';
import type { AppContext } from '../../../context.ts';
import { badRequest, conflict, notFound } from '../../../http/errors.ts';
import { now } from '../../../lib/clock.ts';
import { newId } from '../../../lib/ids.ts';
import { all, first } from '../../health/plans/rows.ts';
import { parseGroups, rawDb } from '../teams/access.ts';
import '../teams/messages.ts';

/**
 * Service items (基础 / 增值, times per term year, price, the proving form)
 * and packages of items (price, discount, real price, validity, population
 * groups). A package's real price is computed here, never taken from the
 * client; a package needs enabled items; an item in a package is not removed
 * (it is disabled, so signed contracts keep their tasks).
 */

const likeOf = (k: string) => `%${k.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
const searched = (k: string) => sql<boolean>`(name like ${likeOf(k)} escape '\\' or code like ${likeOf(k)} escape '\\')`;

export async function listItems(ctx: AppContext, q: FdCatalogListQuery) {
  const db = rawDb(ctx);
  let base = db.selectFrom('fd_service_items');
  if (q.keyword) base = base.where(searched(q.keyword));
  if (q.enabled) base = base.where('enabled', '=', Number(q.enabled));
  if (q.nature) base = base.where('nature', '=', Number(q.nature));
  const total = await first(
    db,
    base.select((eb) => eb.fn.countAll().as('n')),
  );
  const rows = await all(
    db,
    base
      .selectAll()
      .select((eb) =>
        eb
          .selectFrom('fd_package_items as pi')
          .select((e) => e.fn.countAll().as('c'))
          .whereRef('pi.item_id', '=', 'fd_service_items.id')
          .as('package_count'),
      )
      .orderBy('sort_code')
      .orderBy('code')
      .limit(q.pageSize)
      .offset((q.currentPage - 1) * q.pageSize),
  );
  return {
    list: rows.map(itemRow),
    pagination: { currentPage: q.currentPage, pageSize: q.pageSize, total: Number(total?.n ?? 0) },
  };
}

function itemRow(r: Record<string, any>): FdItemRow {
  return {
    id: String(r.id),
    code: String(r.code),
    parentId: r.parent_id ?? null,
    name: String(r.name),
    nature: Number(r.nature) === 2 ? 2 : 1,
    times: Number(r.times),
    price: Number(r.price),
    formCode: r.form_code ?? null,
    groups: parseGroups(r.groups) as FdItemRow['groups'],
    intro: r.intro ?? '',
    enabled: Number(r.enabled) === 1,
    packageCount: Number(r.package_count ?? 0),
  };
}

async function codeTaken(db: Kysely<any>, table: string, code: string, except: string | null) {
  let q = db.selectFrom(table).select('id').where('code', '=', code);
  if (except) q = q.where('id', '<>', except);
  return !!(await first(db, q));
}

function itemValues(b: FdItemBody) {
  return {
    code: b.code,
    parent_id: b.parentId,
    name: b.name,
    nature: b.nature,
    times: b.times,
    price: b.price,
    form_code: b.formCode,
    groups: JSON.stringify(b.groups),
    intro: b.intro || null,
    enabled: b.enabled ? 1 : 0,
  };
}

export async function saveItem(ctx: AppContext, id: string | null, b: FdItemBody): Promise<string> {
  const db = rawDb(ctx);
  if (b.parentId && (b.parentId === id || !(await first(db, db.selectFrom('fd_service_items').select('id').where('id', '=', b.parentId)))))
    throw badRequest('fdt.badParent');
  if (await codeTaken(db, 'fd_service_items', b.code, id)) throw conflict('fdt.codeTaken', { code: b.code });
  const at = now();
  if (!id) {
    const newItem = newId();
    await db
      .insertInto('fd_service_items')
      .values({ id: newItem, ...itemValues(b), sort_code: 1000, created_at: at })
      .execute();
    return newItem;
  }
  const r = await db
    .updateTable('fd_service_items')
    .set({ ...itemValues(b), updated_at: at })
    .where('id', '=', id)
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) !== 1) throw notFound();
  return id;
}

export async function setItemEnabled(ctx: AppContext, id: string, enabled: boolean) {
  const r = await rawDb(ctx)
    .updateTable('fd_service_items')
    .set({ enabled: enabled ? 1 : 0, updated_at: now() })
    .where('id', '=', id)
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) !== 1) throw notFound();
}

export async function removeItem(ctx: AppContext, id: string) {
  await ctx.db.transaction().execute(async (trx) => {
    const t = trx.withoutPlugins() as unknown as Kysely<any>;
    if (await first(t, t.selectFrom('fd_package_items').select('item_id').where('item_id', '=', id).limit(1)))
      throw conflict('fdt.itemInPackage');
    if (await first(t, t.selectFrom('fd_service_items').select('id').where('parent_id', '=', id).limit(1)))
      throw conflict('fdt.itemHasChildren');
    const r = await t.deleteFrom('fd_service_items').where('id', '=', id).executeTakeFirst();
    if (Number(r.numDeletedRows) !== 1) throw notFound();
  });
}

export async function listPackages(ctx: AppContext, q: FdCatalogListQuery) {
  const db = rawDb(ctx);
  let base = db.selectFrom('fd_packages');
  if (q.keyword) base = base.where(searched(q.keyword));
  if (q.enabled) base = base.where('enabled', '=', Number(q.enabled));
  const total = await first(
    db,
    base.select((eb) => eb.fn.countAll().as('n')),
  );
  const rows = await all(
    db,
    base
      .selectAll()
      .orderBy('sort_code')
      .orderBy('code')
      .limit(q.pageSize)
      .offset((q.currentPage - 1) * q.pageSize),
  );
  return {
    list: await packageRows(ctx, rows),
    pagination: { currentPage: q.currentPage, pageSize: q.pageSize, total: Number(total?.n ?? 0) },
  };
}

/** The page's packages with their items and unit names: two statements for the page. */
async function packageRows(ctx: AppContext, rows: Record<string, any>[]): Promise<FdPackageRow[]> {
  if (!rows.length) return [];
  const db = rawDb(ctx);
  const ids = rows.map((r) => String(r.id));
  const items = await all(
    db,
    db
      .selectFrom('fd_package_items as pi')
      .innerJoin('fd_service_items as i', 'i.id', 'pi.item_id')
      .select(['pi.package_id', 'pi.item_id', 'pi.times', 'i.code', 'i.name', 'i.nature', 'i.form_code'])
      .where('pi.package_id', 'in', ids)
      .orderBy('pi.package_id')
      .orderBy('pi.sort_code'),
  );
  const orgIds = [...new Set(rows.map((r) => r.org_id).filter(Boolean))] as string[];
  const orgs = orgIds.length ? await all(db, db.selectFrom('organizations').select(['id', 'full_name']).where('id', 'in', orgIds)) : [];
  return rows.map((r) => ({
    id: String(r.id),
    orgId: r.org_id ?? null,
    orgName: orgs.find((o) => o.id === r.org_id)?.full_name ?? null,
    code: String(r.code),
    name: String(r.name),
    price: Number(r.price),
    discount: Number(r.discount),
    realPrice: Number(r.real_price),
    validFrom: Number(r.valid_from),
    validTo: r.valid_to === null || r.valid_to === undefined ? null : Number(r.valid_to),
    groups: parseGroups(r.groups) as FdPackageRow['groups'],
    intro: r.intro ?? '',
    enabled: Number(r.enabled) === 1,
    items: items
      .filter((i) => i.package_id === r.id)
      .map((i) => ({
        itemId: String(i.item_id),
        code: String(i.code),
        name: String(i.name),
        nature: Number(i.nature) === 2 ? 2 : 1,
        times: Number(i.times),
        formCode: i.form_code ?? null,
      })),
  }));
}

export async function getPackage(ctx: AppContext, id: string): Promise<FdPackageRow> {
  const db = rawDb(ctx);
  const rows = await all(db, db.selectFrom('fd_packages').selectAll().where('id', '=', id));
  if (!rows.length) throw notFound();
  return (await packageRows(ctx, rows))[0]!;
}

export async function savePackage(ctx: AppContext, id: string | null, b: FdPackageBody, userId: string): Promise<string> {
  const at = now();
  const pkgId = id ?? newId();
  await ctx.db.transaction().execute(async (trx) => {
    const t = trx.withoutPlugins() as unknown as Kysely<any>;
    if (b.orgId) {
      const org = await first(t, t.selectFrom('organizations').select(['category']).where('id', '=', b.orgId));
      if (!org || org.category !== 'company') throw badRequest('fdt.badOrg');
    }
    const ids = b.items.map((i) => i.itemId);
    const found = await all(t, t.selectFrom('fd_service_items').select(['id', 'enabled']).where('id', 'in', ids));
    const missing = ids.find((i) => !found.some((f) => f.id === i));
    if (missing) throw badRequest('fdt.badItem', { id: missing });
    if (!found.some((f) => Number(f.enabled) === 1)) throw badRequest('fdt.noEnabledItem');
    if (await codeTaken(t, 'fd_packages', b.code, id)) throw conflict('fdt.codeTaken', { code: b.code });
    const values = {
      org_id: b.orgId,
      code: b.code,
      name: b.name,
      price: b.price,
      discount: b.discount,
      real_price: fdRealPrice(b.price, b.discount),
      valid_from: b.validFrom,
      valid_to: b.validTo,
      groups: JSON.stringify(b.groups),
      intro: b.intro || null,
      enabled: b.enabled ? 1 : 0,
    };
    if (id) {
      const r = await t
        .updateTable('fd_packages')
        .set({ ...values, updated_at: at, updated_by: userId })
        .where('id', '=', id)
        .executeTakeFirst();
      if (Number(r.numUpdatedRows) !== 1) throw notFound();
    } else {
      await t
        .insertInto('fd_packages')
        .values({ id: pkgId, ...values, sort_code: 1000, created_at: at, created_by: userId })
        .execute();
    }
    await t.deleteFrom('fd_package_items').where('package_id', '=', pkgId).execute();
    await t
      .insertInto('fd_package_items')
      .values(b.items.map((i, k) => ({ package_id: pkgId, item_id: i.itemId, times: i.times, sort_code: k })))
      .execute();
  });
  return pkgId;
}

export async function setPackageEnabled(ctx: AppContext, id: string, enabled: boolean) {
  const r = await rawDb(ctx)
    .updateTable('fd_packages')
    .set({ enabled: enabled ? 1 : 0, updated_at: now() })
    .where('id', '=', id)
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) !== 1) throw notFound();
}

/** A package some contract was signed with stays (disable it instead): the contract's tasks came from it. */
export async function removePackage(ctx: AppContext, id: string) {
  await ctx.db.transaction().execute(async (trx) => {
    const t = trx.withoutPlugins() as unknown as Kysely<any>;
    if (await first(t, t.selectFrom('fd_contracts').select('id').where('package_id', '=', id).limit(1))) throw conflict('fdt.packageUsed');
    const r = await t.deleteFrom('fd_packages').where('id', '=', id).executeTakeFirst();
    if (Number(r.numDeletedRows) !== 1) throw notFound();
    await t.deleteFrom('fd_package_items').where('package_id', '=', id).execute();
  });
}
