import fs from 'node:fs/promises';
import path from 'node:path';
import type ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import { sql, type SqlBool } from 'kysely';
import type { ImportResult, Language, UserListRow } from '@medalliance/contract';
import { DEFAULT_USER_PASSWORD, USER_IMPORT_MAX_ROWS, userCreateBody } from '@medalliance/contract';
import type { AppContext } from '../../context.ts';
import { badRequest, forbidden } from '../../http/errors.ts';
import { translate } from '../../http/i18n.ts';
import { hashPassword, md5 } from '../../lib/crypto.ts';
import { newId } from '../../lib/ids.ts';
import type { SessionInfo } from '../oauth/sessions.service.ts';
import { grantsFor } from './grants.service.ts';
import { allOrgs, orgScopePaths, pathInScope, toOrgNodes } from './org-tree.service.ts';
import { assignableRoleIds } from './role.service.ts';
import { rowRuleExpression } from './row-rules.ts';
import { invalidateUserCounts, USER_MENU, userRowFields } from './users.service.ts';
import { invalidateMemberships } from './memberships.ts';
import './messages.ts';
import { newUserRow } from '../../db/user-row.ts';

/**
 * User import and export with Excel (spec §7.4): the template, a preview with
 * per-row errors, the import itself, the failed rows back as a workbook, and
 * the filtered list as a workbook.
 *
 * Imported users get the default password (DEFAULT_USER_PASSWORD); its argon2
 * hash is computed once per import, since every imported row shares that known
 * password until its owner changes it.
 */
/** exceljs (a third of a second to load) is read on the first spreadsheet, not at start-up. */
const excel = async () => (await import('exceljs')).default;

export const importColumns = [
  { key: 'account', required: true },
  { key: 'realName', required: true },
  { key: 'gender', required: false },
  { key: 'mobilePhone', required: false },
  { key: 'email', required: false },
  { key: 'idCard', required: false },
  { key: 'organize', required: true },
  { key: 'position', required: false },
  { key: 'role', required: false },
  { key: 'description', required: false },
] as const;
export type ImportKey = (typeof importColumns)[number]['key'];
export type ImportRow = Partial<Record<ImportKey, string>> & { rowIndex?: number; errorsInfo?: string };

const LANGS: Language[] = ['zh', 'zhtw', 'en'];
const label = (lang: Language, key: string) => translate(lang, `import.col.${key}`);

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Content-Disposition with an ASCII fallback and the UTF-8 name (RFC 6266). */
export function attachment(fileName: string, fallback: string): string {
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** Answers a workbook as a download. */
export function sendXlsx(reply: FastifyReply, buffer: Buffer, fileName: string, fallback: string) {
  return reply
    .header('content-type', XLSX)
    .header('content-disposition', attachment(fileName, fallback))
    .header('cache-control', 'no-store')
    .send(buffer);
}

function styleHeader(ws: ExcelJS.Worksheet) {
  const row = ws.getRow(1);
  row.font = { bold: true };
  row.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFEFF3F8' } };
}

/** The import template: headers (required ones starred), a sample row and a sheet explaining each column. */
export async function templateWorkbook(ctx: AppContext, lang: Language): Promise<Buffer> {
  const wb = new (await excel()).Workbook();
  const ws = wb.addWorksheet(translate(lang, 'import.sheet'));
  ws.columns = importColumns.map((c) => ({ header: `${label(lang, c.key)}${c.required ? ' *' : ''}`, key: c.key, width: 22 }));
  styleHeader(ws);
  const org = (await allOrgs(ctx)).find((o) => o.category === 'department') ?? (await allOrgs(ctx))[0];
  const position = await ctx.db
    .selectFrom('positions')
    .select('enCode')
    .where('organizeId', '=', org?.id ?? '')
    .executeTakeFirst();
  const role = await ctx.db.selectFrom('roles').select('enCode').where('globalMark', '=', 1).orderBy('sortCode').executeTakeFirst();
  ws.addRow({
    account: 'zhangsan01',
    realName: translate(lang, 'import.sampleName'),
    gender: translate(lang, 'import.male'),
    mobilePhone: '13800000000',
    email: 'zhangsan01@example.org',
    idCard: '',
    organize: org?.enCode ?? '',
    position: position?.enCode ?? '',
    role: role?.enCode ?? '',
    description: translate(lang, 'import.sampleDescription'),
  });
  const help = wb.addWorksheet(translate(lang, 'import.helpSheet'));
  help.columns = [
    { header: translate(lang, 'import.helpColumn'), key: 'col', width: 20 },
    { header: translate(lang, 'import.helpRule'), key: 'rule', width: 90 },
  ];
  styleHeader(help);
  for (const c of importColumns)
    help.addRow({ col: label(lang, c.key), rule: translate(lang, `import.help.${c.key}`, { password: DEFAULT_USER_PASSWORD }) });
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const cellText = (cell: ExcelJS.Cell): string => {
  const t = cell.text;
  return (typeof t === 'string' ? t : String(t ?? '')).trim();
};

/** Reads an uploaded workbook into rows (first sheet, headers in any of the three languages or the field keys). */
export async function readWorkbook(buffer: Buffer): Promise<ImportRow[]> {
  if (buffer.length < 4 || buffer.readUInt32LE(0) !== 0x04034b50) throw badRequest('import.badFile');
  const wb = new (await excel()).Workbook();
  try {
    await wb.xlsx.load(buffer as never);
  } catch {
    throw badRequest('import.badFile');
  }
  const ws = wb.worksheets[0];
  if (!ws) throw badRequest('import.badFile');
  if (ws.rowCount > USER_IMPORT_MAX_ROWS + 1) throw badRequest('import.tooManyRows', { max: USER_IMPORT_MAX_ROWS });
  const headerAliases = new Map<string, ImportKey>();
  for (const c of importColumns) {
    headerAliases.set(c.key.toLowerCase(), c.key);
    for (const lang of LANGS) headerAliases.set(label(lang, c.key).toLowerCase(), c.key);
  }
  const columns = new Map<number, ImportKey>();
  ws.getRow(1).eachCell((cell, col) => {
    const key = headerAliases.get(cellText(cell).replace(/[*＊]/g, '').trim().toLowerCase());
    if (key) columns.set(col, key);
  });
  if (!columns.size) throw badRequest('import.noHeaders');
  const rows: ImportRow[] = [];
  for (let r = 2; r <= ws.rowCount; r++) {
    const row = ws.getRow(r);
    const out: ImportRow = { rowIndex: r };
    let any = false;
    for (const [col, key] of columns) {
      const v = cellText(row.getCell(col)).slice(0, 2000);
      if (v) any = true;
      out[key] = v;
    }
    if (any) rows.push(out);
  }
  return rows;
}

interface Lookup {
  orgByCode: Map<string, { id: string; idPath: string }>;
  orgByPath: Map<string, { id: string; idPath: string }>;
  orgByName: Map<string, { id: string; idPath: string }[]>;
  positions: { id: string; enCode: string; fullName: string; organizeId: string }[];
  roles: { id: string; enCode: string; fullName: string }[];
  accounts: Set<string>;
  scope: string[] | null;
  assignable: Set<string> | null;
}

async function buildLookup(ctx: AppContext, session: SessionInfo, accounts: string[]): Promise<Lookup> {
  const orgs = await allOrgs(ctx);
  const nodes = toOrgNodes(orgs);
  const orgByCode = new Map(orgs.map((o) => [o.enCode.toLowerCase(), o]));
  const orgByPath = new Map(orgs.map((o) => [nodes.get(o.id)!.organize, o]));
  const orgByName = new Map<string, typeof orgs>();
  for (const o of orgs) orgByName.set(o.fullName, [...(orgByName.get(o.fullName) ?? []), o]);
  const lowered = [...new Set(accounts.map((a) => a.toLowerCase()).filter(Boolean))];
  const taken = new Set<string>();
  for (let i = 0; i < lowered.length; i += 500) {
    const chunk = lowered.slice(i, i + 500);
    const rows = await ctx.db
      .selectFrom('users')
      .select('account')
      .where(sql<SqlBool>`lower(account) in (${sql.join(chunk)})`)
      .execute();
    for (const r of rows) taken.add(r.account.toLowerCase());
  }
  return {
    orgByCode,
    orgByPath,
    orgByName,
    positions: await ctx.db.selectFrom('positions').select(['id', 'enCode', 'fullName', 'organizeId']).execute(),
    roles: await ctx.db.selectFrom('roles').select(['id', 'enCode', 'fullName']).execute(),
    accounts: taken,
    scope: await orgScopePaths(ctx, session),
    assignable: await assignableRoleIds(ctx, session),
  };
}

const split = (v: string | undefined) =>
  (v ?? '')
    .split(/[,，;；]/)
    .map((s) => s.trim())
    .filter(Boolean);

const genders: Record<string, number> = { '1': 1, '2': 2, '3': 3, 男: 1, 女: 2, 保密: 3, male: 1, female: 2, m: 1, f: 2, secret: 3 };

/** Checks one row: the §5.1 rules through the same schema as the form, then every reference. */
function checkRow(
  row: ImportRow,
  lk: Lookup,
  seen: Set<string>,
  lang: Language,
): { errors: string[]; body?: ReturnType<typeof userCreateBody.parse> } {
  const errors: string[] = [];
  const t = (key: string, params: Record<string, string | number> = {}) => translate(lang, key, params);
  const org = row.organize
    ? (lk.orgByCode.get(row.organize.toLowerCase()) ??
      lk.orgByPath.get(row.organize) ??
      (lk.orgByName.get(row.organize)?.length === 1 ? lk.orgByName.get(row.organize)![0] : undefined))
    : undefined;
  if (row.organize && !org) errors.push(t('import.unknownOrganize', { value: row.organize }));
  if (org && !pathInScope(org.idPath, lk.scope)) errors.push(t('import.organizeOutOfScope', { value: row.organize! }));
  const positionIds: string[] = [];
  for (const p of split(row.position)) {
    const hit = lk.positions.filter(
      (x) => x.enCode.toLowerCase() === p.toLowerCase() || (x.fullName === p && (!org || x.organizeId === org.id)),
    );
    if (hit.length !== 1) errors.push(t('import.unknownPosition', { value: p }));
    else positionIds.push(hit[0]!.id);
  }
  const roleIds: string[] = [];
  for (const r of split(row.role)) {
    const hit = lk.roles.filter((x) => x.enCode.toLowerCase() === r.toLowerCase() || x.fullName === r);
    if (hit.length !== 1) errors.push(t('import.unknownRole', { value: r }));
    else if (lk.assignable && !lk.assignable.has(hit[0]!.id)) errors.push(t('import.roleNotAssignable', { value: r }));
    else roleIds.push(hit[0]!.id);
  }
  const gender = row.gender ? genders[row.gender.toLowerCase()] : undefined;
  if (row.gender && gender === undefined) errors.push(t('import.badGender', { value: row.gender }));
  const parsed = userCreateBody.safeParse({
    account: row.account ?? '',
    realName: row.realName ?? '',
    gender: gender ?? null,
    mobilePhone: row.mobilePhone ?? '',
    email: row.email ?? '',
    idCard: row.idCard ?? '',
    organizeId: org ? [org.id] : [],
    positionId: positionIds,
    roleId: roleIds,
    description: row.description ?? '',
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? '');
      if (field === 'organizeId' && row.organize) continue; // already named above
      const col = field === 'organizeId' ? 'organize' : field;
      errors.push(`${translate(lang, `import.col.${col}`)}: ${issue.message.startsWith('rules.') ? t(issue.message) : issue.message}`);
    }
  }
  const account = (row.account ?? '').toLowerCase();
  if (account) {
    if (lk.accounts.has(account)) errors.push(t('import.accountExists', { value: row.account! }));
    else if (seen.has(account)) errors.push(t('import.accountRepeated', { value: row.account! }));
    seen.add(account);
  }
  return errors.length || !parsed.success ? { errors } : { errors, body: parsed.data };
}

/** Preview: every row with its errors ('' when it would import). */
export async function previewRows(ctx: AppContext, session: SessionInfo, rows: ImportRow[], lang: Language) {
  const lk = await buildLookup(
    ctx,
    session,
    rows.map((r) => r.account ?? ''),
  );
  const seen = new Set<string>();
  const list = rows.map((row, i) => {
    const { errors } = checkRow(row, lk, seen, lang);
    return { ...pick(row), rowIndex: row.rowIndex ?? i + 2, errorsInfo: errors.join('; ') };
  });
  const fnum = list.filter((r) => r.errorsInfo).length;
  return {
    list,
    columns: importColumns.map((c) => ({ prop: c.key, label: label(lang, c.key), required: c.required })),
    snum: list.length - fnum,
    fnum,
  };
}

function pick(row: Record<string, unknown>): ImportRow {
  const out: ImportRow = {};
  for (const c of importColumns) {
    const v = row[c.key];
    out[c.key] = v === undefined || v === null ? '' : String(v).slice(0, 2000);
  }
  return out;
}

/**
 * Imports the rows (re-checked: the preview is never trusted). Valid rows go in
 * one transaction; with allOrNothing a single bad row imports nothing.
 */
export async function importRows(
  ctx: AppContext,
  session: SessionInfo,
  input: Record<string, unknown>[],
  allOrNothing: boolean,
  lang: Language,
): Promise<ImportResult> {
  const rows = input.map((r, i) => ({ ...pick(r), rowIndex: typeof r.rowIndex === 'number' ? r.rowIndex : i + 2 }));
  const lk = await buildLookup(
    ctx,
    session,
    rows.map((r) => r.account ?? ''),
  );
  const seen = new Set<string>();
  const checked = rows.map((row) => ({ row, ...checkRow(row, lk, seen, lang) }));
  const failResult = checked.filter((c) => !c.body).map((c) => ({ ...c.row, errorsInfo: c.errors.join('; ') }));
  const good = checked.filter((c) => c.body);
  if (!good.length || (allOrNothing && failResult.length)) {
    return {
      snum: 0,
      fnum: rows.length,
      resultType: rows.length ? 1 : 0,
      failResult: allOrNothing ? checked.map((c) => ({ ...c.row, errorsInfo: c.errors.join('; ') })) : failResult,
    };
  }
  const grants = await grantsFor(ctx, session.userId, session.isAdministrator);
  const filter = rowRuleExpression(grants, USER_MENU, userRowFields, ctx.dialect);
  const passwordHash = await hashPassword(md5(DEFAULT_USER_PASSWORD), ctx.config.argon2);
  const now = Date.now();
  const users = good.map(({ body }) => ({ id: newId(), body: body! }));
  await ctx.db.transaction().execute(async (trx) => {
    const userRows = users.map(({ id, body }, i) =>
      newUserRow({
        id,
        account: body.account,
        realName: body.realName,
        quickQuery: body.account.toLowerCase(),
        gender: body.gender ?? null,
        mobilePhone: body.mobilePhone,
        email: body.email,
        idCard: body.idCard,
        description: body.description,
        passwordHash,
        organizeId: body.organizeId[0]!,
        positionId: body.positionId[0] ?? null,
        sortCode: i,
        createdAt: now,
        createdBy: session.userId,
      }),
    );
    // SQLite binds at most a few thousand parameters per statement: 20 rows of ~40 columns at a time.
    for (let i = 0; i < userRows.length; i += 20)
      await trx
        .insertInto('users')
        .values(userRows.slice(i, i + 20))
        .execute();
    const rels = users.flatMap(({ id, body }) => [
      ...body.organizeId.map((objectId, i) => ({ id: newId(), userId: id, objectType: 'Organize', objectId, sortCode: i, createdAt: now })),
      ...body.positionId.map((objectId, i) => ({ id: newId(), userId: id, objectType: 'Position', objectId, sortCode: i, createdAt: now })),
      ...body.roleId.map((objectId, i) => ({ id: newId(), userId: id, objectType: 'Role', objectId, sortCode: i, createdAt: now })),
    ]);
    for (let i = 0; i < rels.length; i += 100)
      await trx
        .insertInto('userRelations')
        .values(rels.slice(i, i + 100))
        .execute();
    if (filter) {
      // Imported users must fall inside the importer's own rows, like users created one by one.
      const ids = users.map((u) => u.id);
      let visible = 0;
      for (let i = 0; i < ids.length; i += 500) {
        const r = await trx
          .selectFrom('users')
          .select(sql<number>`count(*)`.as('n'))
          .where('users.id', 'in', ids.slice(i, i + 500))
          .where(filter)
          .executeTakeFirst();
        visible += Number(r?.n ?? 0);
      }
      if (visible !== ids.length) throw forbidden('user.outOfScope');
    }
  });
  invalidateUserCounts(ctx);
  invalidateMemberships(ctx);
  return { snum: users.length, fnum: failResult.length, resultType: failResult.length ? 1 : 0, failResult };
}

/** The rows that failed, with their reasons, as a workbook. */
export async function exceptionWorkbook(rows: Record<string, unknown>[], lang: Language): Promise<Buffer> {
  const wb = new (await excel()).Workbook();
  const ws = wb.addWorksheet(translate(lang, 'import.failedSheet'));
  ws.columns = [
    ...importColumns.map((c) => ({ header: label(lang, c.key), key: c.key, width: 22 })),
    { header: translate(lang, 'import.col.errorsInfo'), key: 'errorsInfo', width: 60 },
  ];
  styleHeader(ws);
  for (const r of rows) ws.addRow({ ...pick(r), errorsInfo: String(r.errorsInfo ?? '').slice(0, 2000) });
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const exportColumns = [
  'account',
  'realName',
  'gender',
  'mobilePhone',
  'email',
  'organize',
  'position',
  'roleName',
  'enabledMark',
  'creatorTime',
  'description',
] as const;

/** The list as a workbook: the chosen columns the user may see, values as the screen shows them. */
export async function listWorkbook(rows: UserListRow[], selectKeys: string[], hidden: Set<string>, lang: Language): Promise<Buffer> {
  const keys = exportColumns.filter((k) => !hidden.has(k) && (!selectKeys.length || selectKeys.includes(k)));
  const wb = new (await excel()).Workbook();
  const ws = wb.addWorksheet(translate(lang, 'import.sheet'));
  ws.columns = keys.map((k) => ({ header: translate(lang, `import.col.${k}`), key: k, width: k === 'organize' ? 40 : 20 }));
  styleHeader(ws);
  const gender = (g: number | null) => (g === 1 ? translate(lang, 'import.male') : g === 2 ? translate(lang, 'import.female') : '');
  for (const r of rows) {
    ws.addRow({
      ...r,
      gender: gender(r.gender),
      enabledMark: translate(lang, r.enabledMark === 1 ? 'user.enabled' : 'user.disabled'),
      creatorTime: new Date(r.creatorTime).toISOString().replace('T', ' ').slice(0, 19),
    });
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

// ---------------------------------------------------------------- uploaded files

const importDir = (ctx: AppContext) => path.join(ctx.config.dataDir, 'imports');
const KEEP_MS = 24 * 3600_000;

/** Keeps an uploaded workbook for a later preview by name; the name is bound to its uploader. */
export async function storeUpload(ctx: AppContext, userId: string, buffer: Buffer): Promise<string> {
  const dir = importDir(ctx);
  await fs.mkdir(dir, { recursive: true });
  const now = Date.now();
  for (const f of await fs.readdir(dir).catch(() => [] as string[])) {
    const stat = await fs.stat(path.join(dir, f)).catch(() => null);
    if (stat && now - stat.mtimeMs > KEEP_MS) await fs.rm(path.join(dir, f), { force: true });
  }
  const name = `${userId}_${newId()}.xlsx`;
  await fs.writeFile(path.join(dir, name), buffer);
  return name;
}

export async function readUpload(ctx: AppContext, userId: string, fileName: string): Promise<Buffer> {
  if (!/^\d{1,40}_\d{1,40}\.xlsx$/.test(fileName) || !fileName.startsWith(`${userId}_`)) throw badRequest('import.unknownFile');
  try {
    return await fs.readFile(path.join(importDir(ctx), fileName));
  } catch {
    throw badRequest('import.unknownFile');
  }
}
