import { CompiledQuery, sql, type Kysely } from 'kysely';
import { fieldTypeInfo, type RecordData } from '@medalliance/contract';
import type { AppContext } from '../../context.ts';
import { forbidden } from '../../http/errors.ts';
import { newId } from '../../lib/ids.ts';
import type { SessionInfo } from '../oauth/sessions.service.ts';
import { toRowValue, type ModelColumn, type ModelTable } from './model-tables.ts';
import { fillSubSystem, rowFilterOf, serverFill, writeContext, type Authorized, type RuntimeModel } from './records.service.ts';
import { withBulkTrigramInsert } from './trigram.ts';

/**
 * The record import's writes: validated records and their sub-table rows in
 * one transaction, many rows per INSERT with bound parameters (chunked under
 * SQLite's and PostgreSQL's parameter limits), the trigram index fed once for
 * a large import, every record checked against the importer's row rules.
 */
/** From this many rows, an import feeds the trigram index once, after its inserts (trigram.ts withBulkTrigramInsert). */
const BULK_TRIGRAM_ROWS = 1000;
/** Bound parameters per INSERT: under SQLite's 32,766 and PostgreSQL's 65,535. */
const MAX_PARAMS = 30_000;
/** Rows per INSERT at most. */
const MAX_ROWS_PER_INSERT = 1000;

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Multi-row INSERTs into one table: the statement text is built once per row
 * count and cached, values are bound (`?` on SQLite, `$n` on PostgreSQL).
 */
class BatchInsert {
  readonly perStatement: number;
  private texts = new Map<number, string>();
  private head: string;
  private width: number;
  constructor(
    private dialect: AppContext['dialect'],
    table: string,
    columns: string[],
  ) {
    this.width = columns.length;
    this.perStatement = Math.max(1, Math.min(MAX_ROWS_PER_INSERT, Math.floor(MAX_PARAMS / this.width)));
    this.head = `insert into ${quote(table)} (${columns.map(quote).join(', ')}) values `;
  }

  private text(rows: number): string {
    let t = this.texts.get(rows);
    if (t) return t;
    const tuples: string[] = [];
    let n = 1;
    for (let r = 0; r < rows; r++) {
      const slots: string[] = [];
      for (let c = 0; c < this.width; c++) slots.push(this.dialect === 'postgres' ? `$${n++}` : '?');
      tuples.push(`(${slots.join(', ')})`);
    }
    t = this.head + tuples.join(', ');
    this.texts.set(rows, t);
    return t;
  }

  /** Inserts `params` (rows × width values, row after row). */
  async run(db: Kysely<any>, params: unknown[]) {
    const rows = params.length / this.width;
    for (let at = 0; at < rows; at += this.perStatement) {
      const n = Math.min(this.perStatement, rows - at);
      const part = n === rows ? params : params.slice(at * this.width, (at + n) * this.width);
      await db.executeQuery(CompiledQuery.raw(this.text(n), part));
    }
  }
}

const MAIN_SYSTEM = ['id', 'creator_user_id', 'creator_time', 'organize_id', 'flow_state'];
const SUB_SYSTEM = ['id', 'parent_id', 'sort_code', 'creator_user_id', 'creator_time', 'organize_id', 'flow_state'];

function pushValues(params: unknown[], columns: ModelColumn[], record: RecordData) {
  for (const c of columns) params.push(toRowValue(c, record[c.name]));
}

/**
 * Inserts records and their sub-table rows in one transaction; every record
 * must be the importer's under their row rules (else nothing is written).
 */
export async function writeRecords(ctx: AppContext, session: SessionInfo, model: RuntimeModel, auth: Authorized, records: RecordData[]) {
  if (!records.length) return;
  const w = await writeContext(ctx, session, auth);
  const filter = rowFilterOf(ctx, model, auth);
  const needsFill = [...model.fields.values()].some((f) => fieldTypeInfo(f.type).serverFilled && f.type !== 'calculate');
  const main = new BatchInsert(ctx.dialect, model.main.name, [...MAIN_SYSTEM, ...model.main.columns.map((c) => c.name)]);
  const subs: { sub: ModelTable; fixed: RecordData; insert: BatchInsert }[] = [];
  for (const sub of model.subs) {
    // Sub-table system fields hold the same values on every row of one import.
    const fixed: RecordData = {};
    await fillSubSystem(model.subFields.get(sub.tableField!) ?? new Map(), fixed, w);
    subs.push({ sub, fixed, insert: new BatchInsert(ctx.dialect, sub.name, [...SUB_SYSTEM, ...sub.columns.map((c) => c.name)]) });
  }
  const fixedKeys = subs.map((s) => Object.keys(s.fixed).length > 0);
  // Records per round: one main INSERT's worth, so the row-rule check reads its own rows.
  const perRound = main.perStatement;
  await ctx.db.transaction().execute(async (trx) => {
    const db = trx.withoutPlugins() as unknown as Kysely<any>;
    const trigram = records.length >= BULK_TRIGRAM_ROWS ? [...(model.spec.trigram ?? [])] : [];
    await withBulkTrigramInsert(db, model.main.name, trigram, async () => {
      for (let at = 0; at < records.length; at += perRound) {
        const end = Math.min(records.length, at + perRound);
        const params: unknown[] = [];
        const ids: string[] = [];
        const subParams = subs.map(() => [] as unknown[]);
        for (let i = at; i < end; i++) {
          const record = records[i]!;
          if (needsFill) await serverFill(ctx, trx, model.fields, record, w, true, null);
          const id = newId();
          ids.push(id);
          params.push(id, session.userId, w.now, w.organizeId, 0);
          pushValues(params, model.main.columns, record);
          subs.forEach(({ sub, fixed }, s) => {
            const rows = (record[sub.tableField!] as RecordData[] | undefined) ?? [];
            for (let n = 0; n < rows.length; n++) {
              subParams[s]!.push(newId(), id, n, session.userId, w.now, w.organizeId, 0);
              pushValues(subParams[s]!, sub.columns, fixedKeys[s] ? { ...rows[n], ...fixed } : rows[n]!);
            }
          });
        }
        await main.run(db, params);
        for (let s = 0; s < subs.length; s++) if (subParams[s]!.length) await subs[s]!.insert.run(db, subParams[s]!);
        if (filter) {
          const seen = await db
            .selectFrom(model.main.name)
            .select(sql<number>`count(*)`.as('n'))
            .where('id', 'in', ids)
            .where(filter)
            .executeTakeFirst();
          if (Number(seen?.n ?? 0) !== ids.length) throw forbidden();
        }
      }
    });
  });
}
