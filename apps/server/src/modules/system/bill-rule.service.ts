import { sql, type Kysely, type Selectable } from 'kysely';
import { BILL_DATE_FORMATS, type BillDateFormat, type BillRule, type BillRuleInput } from '@medalliance/contract';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/schema.ts';
import type { BillRuleTable } from '../../db/tables/system.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { newId } from '../../lib/ids.ts';
import { ownColumns, runList, type ListTableSpec } from '../visualdev/list-query.ts';
import { parseJson } from './db-errors.ts';
import { assertFreeEnCode, createdBy, setEnabledMark, updatedBy, writeUnique } from './records.ts';
import { cachedSysConfig, getSysConfig, sysConfigDefaults } from './sys-config.service.ts';

/**
 * Bill-number rules (server-contract §7, without its race): prefix, formatted
 * date, zero-padded serial, suffix. The serial restarts when the formatted date
 * changes. A number is issued by ONE atomic UPDATE … RETURNING on the rule row,
 * so concurrent savers (threads, processes, servers) never get the same number:
 * SQLite serialises writers, PostgreSQL locks the row and re-evaluates the SET
 * on the newest version.
 */

type RuleRow = Selectable<BillRuleTable>;

/** How long a previewed number stays the same for a user and rule (JNPF: 3 minutes). */
export const PREVIEW_TTL_MS = 3 * 60_000;

/** The formatted date of every format at one instant, in a time zone. */
export function dateKeys(at: number, timeZone: string): Record<BillDateFormat, string> {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(at))
      .map((p) => [p.type, p.value]),
  ) as Record<string, string>;
  const y = parts.year!.padStart(4, '0');
  const ymd = `${y}${parts.month}${parts.day}`;
  const hh = parts.hour === '24' ? '00' : parts.hour!;
  const ms = String(at % 1000).padStart(3, '0');
  return {
    YYYY: y,
    YYYYMM: `${y}${parts.month}`,
    YYYYMMDD: ymd,
    YYYYMMDDHH: `${ymd}${hh}`,
    YYYYMMDDHHmm: `${ymd}${hh}${parts.minute}`,
    YYYYMMDDHHmmss: `${ymd}${hh}${parts.minute}${parts.second}`,
    YYYYMMDDHHmmssSSS: `${ymd}${hh}${parts.minute}${parts.second}${ms}`,
    no: '',
  };
}

export function formatNumber(rule: Pick<RuleRow, 'prefix' | 'startNumber' | 'digit' | 'suffix'>, dateKey: string, serial: number): string {
  // Past its digits a serial grows longer rather than wrapping: never a repeat.
  return `${rule.prefix}${dateKey}${String(rule.startNumber + serial - 1).padStart(rule.digit, '0')}${rule.suffix}`;
}

const asFormat = (f: string): BillDateFormat => ((BILL_DATE_FORMATS as readonly string[]).includes(f) ? (f as BillDateFormat) : 'no');

function toRule(row: RuleRow, keys: Record<BillDateFormat, string>): BillRule {
  return {
    id: row.id,
    categoryId: row.categoryId,
    fullName: row.fullName,
    enCode: row.enCode,
    prefix: row.prefix,
    dateFormat: asFormat(row.dateFormat),
    digit: row.digit,
    startNumber: row.startNumber,
    suffix: row.suffix,
    example: formatNumber(row, keys[asFormat(row.dateFormat)], 1),
    thisNumber: row.thisNumber,
    outputNumber: row.outputNumber,
    sortCode: row.sortCode,
    enabledMark: row.enabledMark,
    description: row.description,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

async function currentKeys(ctx: AppContext) {
  const { timeZone } = await getSysConfig(ctx);
  return dateKeys(Date.now(), timeZone);
}

export async function findRule(ctx: AppContext, idOrCode: string): Promise<RuleRow> {
  const row = await ctx.db
    .selectFrom('billRules')
    .selectAll()
    .where((eb) => eb.or([eb('id', '=', idOrCode), eb('enCode', '=', idOrCode)]))
    .orderBy('id')
    .executeTakeFirst();
  if (!row) throw notFound('billRule.notFound');
  return row;
}

export interface RuleListQuery {
  keyword: string;
  categoryId?: string | undefined;
  currentPage: number;
  pageSize: number;
  sidx: string;
  sort: 'asc' | 'desc';
}

/** The rules list (list-query.ts): keyword over name, code and prefix, a category, sort by an allowed column; id ascending breaks ties. */
const ruleList: ListTableSpec = {
  table: 'billRules',
  columns: {
    ...ownColumns({
      id: 'string',
      createdAt: 'datetime',
      createdBy: 'string',
      updatedAt: 'datetime',
      updatedBy: 'string',
      categoryId: 'string',
      fullName: 'string',
      enCode: 'string',
      prefix: 'string',
      dateFormat: 'string',
      digit: 'int',
      startNumber: 'int',
      suffix: 'string',
      thisNumber: 'int',
      dateKey: 'string',
      outputNumber: 'string',
      sortCode: 'int',
      enabledMark: 'int',
      description: 'text',
    }),
    creatorTime: { column: 'createdAt', kind: 'datetime' },
  },
  search: { categoryId: 'equal', enabledMark: 'equal' },
  sortable: new Set(['fullName', 'enCode', 'startNumber', 'sortCode', 'createdAt', 'creatorTime']),
  defaultSort: [
    { field: 'sortCode', order: 'asc' },
    { field: 'createdAt', order: 'desc' },
  ],
  idKey: 'id',
  idOrder: 'asc',
  keywordFields: ['fullName', 'enCode', 'prefix'],
};
const ruleSelect = Object.keys(ruleList.columns).filter((k) => k !== 'creatorTime');

/** The management list, and (enabled only) the business-number template dialog of spec §2.6 / §7.8. */
export async function listRules(ctx: AppContext, q: RuleListQuery, enabledOnly: boolean) {
  const [page, keys] = await Promise.all([
    runList<RuleRow>(
      ctx.db,
      ctx.dialect,
      ruleList,
      {
        filters: { categoryId: q.categoryId, enabledMark: enabledOnly ? 1 : undefined },
        keyword: q.keyword,
        // A column the list does not sort by is ignored (the default order), as the reference does.
        sidx: ruleList.sortable.has(q.sidx) ? q.sidx : undefined,
        sort: q.sort,
        currentPage: q.currentPage,
        pageSize: q.pageSize,
      },
      { rowFilter: null, select: ruleSelect },
    ),
    currentKeys(ctx),
  ]);
  return {
    list: page.list.map((r) => ({ ...toRule(r, keys), creatorTime: r.createdAt })),
    pagination: page.pagination,
  };
}

export async function getRule(ctx: AppContext, id: string): Promise<BillRule> {
  const row = await ctx.db.selectFrom('billRules').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('billRule.notFound');
  return toRule(row, await currentKeys(ctx));
}

async function assertCategory(ctx: AppContext, categoryId: string | null | undefined) {
  if (!categoryId) return;
  const hit = await ctx.db.selectFrom('dictionaryData').select('id').where('id', '=', categoryId).executeTakeFirst();
  if (!hit) throw badRequest('billRule.unknownCategory');
}

const columns = (input: BillRuleInput) => ({
  categoryId: input.categoryId || null,
  fullName: input.fullName,
  enCode: input.enCode,
  prefix: input.prefix ?? '',
  dateFormat: input.dateFormat,
  digit: input.digit,
  startNumber: input.startNumber,
  suffix: input.suffix ?? '',
  sortCode: input.sortCode,
  enabledMark: input.enabledMark,
  description: input.description ?? null,
});

export async function createRule(ctx: AppContext, input: BillRuleInput, userId: string | null): Promise<string> {
  await assertCategory(ctx, input.categoryId);
  await assertFreeEnCode(ctx, 'billRules', input.enCode);
  const id = newId();
  await writeUnique(input.enCode, () =>
    ctx.db
      .insertInto('billRules')
      .values({ id, ...columns(input), thisNumber: 0, dateKey: '', outputNumber: null, ...createdBy(userId) })
      .execute(),
  );
  return id;
}

/**
 * Once a rule has issued a number, the parts of the number (prefix, date
 * format, digits, start, suffix, enCode) are frozen: changing them could make
 * it issue a number it already issued.
 */
export async function updateRule(ctx: AppContext, id: string, input: BillRuleInput, userId: string | null): Promise<void> {
  const row = await ctx.db.selectFrom('billRules').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('billRule.notFound');
  await assertCategory(ctx, input.categoryId);
  const next = columns(input);
  if (row.outputNumber !== null) {
    const frozen = (['enCode', 'prefix', 'dateFormat', 'digit', 'startNumber', 'suffix'] as const).filter((k) => next[k] !== row[k]);
    if (frozen.length) throw conflict('billRule.inUse', { fields: frozen.join(', ') });
  }
  await assertFreeEnCode(ctx, 'billRules', input.enCode, id);
  await writeUnique(input.enCode, () =>
    ctx.db
      .updateTable('billRules')
      .set({ ...next, ...updatedBy(userId) })
      .where('id', '=', id)
      .execute(),
  );
  await ctx.db.deleteFrom('billNumberPreviews').where('ruleId', '=', id).execute();
}

/** A rule that has issued numbers stays (the numbers refer to it); disable it instead. */
export async function deleteRule(ctx: AppContext, id: string): Promise<RuleRow> {
  return ctx.db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('billRules').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound('billRule.notFound');
    if (row.outputNumber !== null) throw conflict('billRule.usedNoDelete');
    await trx.deleteFrom('billRules').where('id', '=', id).execute();
    await trx.deleteFrom('billNumberPreviews').where('ruleId', '=', id).execute();
    return row;
  });
}

export async function setRuleState(ctx: AppContext, id: string, userId: string | null, enabledMark?: 0 | 1): Promise<number> {
  return setEnabledMark(ctx, 'billRules', id, userId, enabledMark, 'billRule.notFound');
}

export function exportRule(row: RuleRow) {
  return {
    version: 1,
    kind: 'billRule',
    fullName: row.fullName,
    enCode: row.enCode,
    categoryId: row.categoryId,
    prefix: row.prefix,
    dateFormat: row.dateFormat,
    digit: row.digit,
    startNumber: row.startNumber,
    suffix: row.suffix,
    sortCode: row.sortCode,
    enabledMark: row.enabledMark,
    description: row.description,
  };
}

/**
 * The number a form shows before it is saved (GET BillRule/BillNumber): what the
 * rule would issue next, remembered per user and rule for 3 minutes so that
 * reopening the form shows the same number. Nothing is consumed.
 */
export async function previewNumber(ctx: AppContext, userId: string, idOrCode: string): Promise<string> {
  const rule = await findRule(ctx, idOrCode);
  if (rule.enabledMark !== 1) throw badRequest('billRule.disabled');
  const now = Date.now();
  const cached = await ctx.db
    .selectFrom('billNumberPreviews')
    .select(['number', 'expiresAt'])
    .where('userId', '=', userId)
    .where('ruleId', '=', rule.id)
    .executeTakeFirst();
  if (cached && cached.expiresAt > now) return cached.number;
  const key = (await currentKeys(ctx))[asFormat(rule.dateFormat)];
  const continues = rule.thisNumber > 0 && rule.dateKey >= key;
  const number = continues ? formatNumber(rule, rule.dateKey, rule.thisNumber + 1) : formatNumber(rule, key, 1);
  await ctx.db
    .insertInto('billNumberPreviews')
    .values({ userId, ruleId: rule.id, number, expiresAt: now + PREVIEW_TTL_MS })
    .onConflict((oc) => oc.columns(['userId', 'ruleId']).doUpdateSet({ number, expiresAt: now + PREVIEW_TTL_MS }))
    .execute();
  return number;
}

/**
 * Issues the next number of a rule (by enCode or id). Call it inside the
 * transaction that saves the business record: if that transaction rolls back,
 * so does the number, and no gap is left. Never answers the same number twice.
 */
export async function nextBillNumber(ctx: AppContext, trxOrDb: Kysely<Database>, enCode: string): Promise<string> {
  if (!trxOrDb.isTransaction) {
    await getSysConfig(ctx);
    return trxOrDb.transaction().execute((trx) => nextBillNumber(ctx, trx, enCode));
  }
  // Inside the caller's transaction: never wait for a second connection (a full pool would deadlock).
  let timeZone = cachedSysConfig(ctx)?.timeZone;
  if (!timeZone) {
    const row = await trxOrDb.selectFrom('sysConfig').select('value').where('key', '=', 'timeZone').executeTakeFirst();
    timeZone = row ? parseJson<string>(row.value, sysConfigDefaults.timeZone) : sysConfigDefaults.timeZone;
  }
  const keys = dateKeys(Date.now(), timeZone);
  const key = sql<string>`CASE ${sql.ref('dateFormat')} ${sql.join(
    BILL_DATE_FORMATS.map((f) => sql`WHEN ${f} THEN ${keys[f]}`),
    sql` `,
  )} ELSE '' END`;
  // The period only moves forward: a server whose clock is behind continues the newer period instead of restarting an old one.
  const continues = sql<boolean>`${sql.ref('dateKey')} >= ${key} AND ${sql.ref('thisNumber')} > 0`;
  const row = await trxOrDb
    .updateTable('billRules')
    .set({
      thisNumber: sql<number>`CASE WHEN ${continues} THEN ${sql.ref('thisNumber')} + 1 ELSE 1 END`,
      dateKey: sql<string>`CASE WHEN ${continues} THEN ${sql.ref('dateKey')} ELSE ${key} END`,
    })
    .where((eb) => eb.or([eb('enCode', '=', enCode), eb('id', '=', enCode)]))
    .where('enabledMark', '=', 1)
    .returning(['id', 'prefix', 'digit', 'startNumber', 'suffix', 'thisNumber', 'dateKey'])
    .executeTakeFirst();
  if (!row) {
    const exists = await trxOrDb
      .selectFrom('billRules')
      .select('enabledMark')
      .where((eb) => eb.or([eb('enCode', '=', enCode), eb('id', '=', enCode)]))
      .executeTakeFirst();
    throw exists ? badRequest('billRule.disabled') : notFound('billRule.notFound');
  }
  const number = formatNumber(row, row.dateKey, Number(row.thisNumber));
  await trxOrDb.updateTable('billRules').set({ outputNumber: number }).where('id', '=', row.id).execute();
  return number;
}
