/**
 * A data report grouped over 1,000,000 rows of a released model, next to the
 * same GROUP BY run directly, in the same run (goal: the report within 2× of it).
 *
 *   npx tsx bench/report-grouped.ts
 *   ROWS=100000 npx tsx bench/report-grouped.ts      (a quick run)
 *
 * Seeds a fresh SQLite file in a temporary folder: the demo data, then a model
 * released through the real services and ROWS rows inserted into its table by
 * multi-row INSERTs (as bench/lowcode-list.ts does). Then, in interleaved
 * rounds, times:
 *   - report: the report service's run (report-run.ts runReport) of a report
 *     grouped by town with a sum, an average and a count, the grand total and
 *     a chart of the sums by town, as an administrator (no row rule);
 *   - direct: one hand-written `select town, sum(amount), avg(qty),
 *     count(patientName) from <table> group by town order by town`.
 * Prints each one's median and their ratio.
 *
 * Env: ROWS (or BENCH_ROWS; 1000000), BENCH_ROUNDS (7), BENCH_KEEP=1 keeps the data.
 */
import fs from 'node:fs';
import path from 'node:path';
import { CompiledQuery, sql, type Kysely } from 'kysely';
import { formDefinition, listDefinition, reportDefinition, type ModelBody } from '@medalliance/contract';
import { openDb } from '../apps/server/src/db/connection.ts';
import { designerAuth } from '../apps/server/src/modules/report/report-access.ts';
import { runReport } from '../apps/server/src/modules/report/report-run.ts';
import { benchContext, benchWorkDir, seedReleasedModel } from './support.ts';

const ROWS = Number(process.env.ROWS ?? process.env.BENCH_ROWS ?? 1_000_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const GOAL = 2;
const TOWNS = 40;
const log = (...a: unknown[]) => console.log(...a);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function seedAll(dataDir: string) {
  const body = {
    fullName: '基准报表',
    enCode: 'benchReport',
    category: '',
    webType: 2,
    description: '',
    sortCode: 0,
    formData: formDefinition.parse({
      fields: [
        { id: 'f1', type: 'input', field: 'patientName', label: '姓名', maxLength: 40 },
        { id: 'f2', type: 'input', field: 'town', label: '乡镇', maxLength: 40 },
        { id: 'f3', type: 'inputNumber', field: 'amount', label: '金额' },
        { id: 'f4', type: 'inputNumber', field: 'qty', label: '数量' },
      ],
    }),
    columnData: listDefinition.parse({ columns: ['patientName', 'town', 'amount', 'qty'].map((field) => ({ field, label: field })) }),
  } as ModelBody;
  return seedReleasedModel(dataDir, body, async (ctx, model) => {
    const table = model.main.name;
    const raw = ctx.db.withoutPlugins() as unknown as Kysely<any>;
    const t0 = performance.now();
    await sql`pragma synchronous = OFF`.execute(raw);
    const columns = ['id', 'creator_user_id', 'creator_time', 'organize_id', 'flow_state', 'patientName', 'town', 'amount', 'qty'];
    const head = `insert into "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) values `;
    const PER_STATEMENT = 500;
    const PER_TRANSACTION = 100_000;
    const tuple = `(${columns.map(() => '?').join(', ')})`;
    const statementOf = (n: number) => head + Array.from({ length: n }, () => tuple).join(', ');
    const full = statementOf(PER_STATEMENT);
    const now = Date.now();
    const rowValues = (i: number) => [`r${i}`, 'admin', now - i, null, 0, `患者${i}`, `乡镇${i % TOWNS}`, (i % 997) / 10, i % 13];
    for (let from = 0; from < ROWS; from += PER_TRANSACTION) {
      const to = Math.min(ROWS, from + PER_TRANSACTION);
      await raw.transaction().execute(async (trx) => {
        for (let i = from; i < to; i += PER_STATEMENT) {
          const n = Math.min(PER_STATEMENT, to - i);
          const params = Array.from({ length: n }, (_, k) => rowValues(i + k)).flat();
          await trx.executeQuery(CompiledQuery.raw(n === PER_STATEMENT ? full : statementOf(n), params));
        }
      });
    }
    await sql`analyze`.execute(raw);
    await sql`pragma wal_checkpoint(truncate)`.execute(raw);
    log(`seeded ${ROWS} rows: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  });
}

async function main() {
  const { work, dataDir } = benchWorkDir('rpt');
  try {
    const { modelId, table } = await seedAll(dataDir);
    const handle = openDb({ databaseUrl: null, sqliteFile: path.join(dataDir, 'app.db') });
    try {
      const ctx = benchContext(handle, dataDir);
      const admin = await ctx.db.selectFrom('users').select('id').where('account', '=', 'admin').executeTakeFirstOrThrow();
      const caller = { userId: admin.id, isAdministrator: true, ip: null, userAgent: null };
      const auth = await designerAuth(ctx, caller);
      const definition = reportDefinition.parse({
        source: { kind: 'model', modelId },
        columns: [
          { field: 'town', title: '乡镇' },
          { field: 'amount', title: '金额', aggregate: 'sum' },
          { field: 'qty', title: '数量', aggregate: 'avg' },
          { field: 'patientName', title: '人次', aggregate: 'count' },
        ],
        grouping: { groupBy: ['town'], subtotals: false, grandTotal: true },
        charts: [{ kind: 'bar', category: 'town', values: ['amount'] }],
      });
      const raw = ctx.db.withoutPlugins() as unknown as Kysely<any>;
      const direct = CompiledQuery.raw(
        `select "town", sum("amount") as "amount", avg("qty") as "qty", count("patientName") as "patientName" from "${table}" group by "town" order by "town"`,
        [],
      );
      const request = { params: {}, sidx: '', sort: 'asc' as const, currentPage: 1, pageSize: 20 };
      // One of each first: both answer the same sums.
      const report = await runReport(ctx, definition, request, auth, caller);
      const plain = (await raw.executeQuery<Record<string, number>>(direct)).rows;
      const sumOf = (rows: Record<string, unknown>[]) => rows.reduce((a, r) => a + Number(r.amount), 0);
      if (Math.abs(sumOf(plain) - Number(report.total?.amount)) > 1e-6 || report.pagination.total !== plain.length)
        throw new Error(`the report and the direct GROUP BY disagree: ${report.total?.amount} vs ${sumOf(plain)}`);
      log(`${plain.length} groups, grand total ${report.total?.amount}, chart of ${report.charts[0]?.rows.length} categories`);
      const times = { report: [] as number[], direct: [] as number[] };
      for (let r = 0; r < ROUNDS; r++) {
        let t = performance.now();
        await runReport(ctx, definition, request, auth, caller);
        times.report.push(performance.now() - t);
        t = performance.now();
        await raw.executeQuery(direct);
        times.direct.push(performance.now() - t);
      }
      const rep = median(times.report);
      const dir = median(times.direct);
      const ratio = rep / dir;
      log(`report run (page, grand total, chart):  median ${rep.toFixed(1)} ms  [${times.report.map((x) => x.toFixed(0)).join(', ')}]`);
      log(`same GROUP BY directly:                 median ${dir.toFixed(1)} ms  [${times.direct.map((x) => x.toFixed(0)).join(', ')}]`);
      log(`ratio ${ratio.toFixed(2)}× (goal ≤ ${GOAL}×): ${ratio <= GOAL ? 'met' : 'NOT met'}`);
    } finally {
      await handle.close();
    }
  } finally {
    if (!process.env.BENCH_KEEP) fs.rmSync(work, { recursive: true, force: true });
    else log(`data kept in ${work}`);
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
