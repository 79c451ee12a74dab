/**
 * Record import through the API (POST /api/visualdev/OnlineDev/{id}/Actions/Import,
 * an xlsx of N rows, every row validated against the released form), against
 * the real server on loopback, next to the same rows inserted directly into
 * the same SQLite file with one prepared statement in one transaction.
 *
 *   npx tsx bench/lowcode-import.ts
 *   BENCH_IMPORT_ROWS=5000 npx tsx bench/lowcode-import.ts
 *
 * The model has a required text field with a length limit and a pattern rule,
 * a number with a range, a static select (cells hold labels, mapped to ids), a
 * date and a contains-searched text (trigram index kept by its triggers on
 * both sides). Rounds alternate API and direct insert; medians are printed with
 * the goal (≥ 20,000 rows/s through the API). Each round also imports a
 * master-detail sheet of as many lines (a record with its sub-table rows on
 * the lines below it), printed beside them.
 *
 * Env: BENCH_IMPORT_ROWS (20000), BENCH_ROUNDS (3), BENCH_KEEP=1 keeps the data.
 * BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the server.
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import ExcelJS from 'exceljs';
import { formDefinition, listDefinition, type ModelBody } from '@medalliance/contract';
import { benchWorkDir, median, seedReleasedModel, startSignedIn, stopServer, treeCpuMs } from './support.ts';

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 20_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const GOAL = 20_000;
/** Sheet lines per record in the master-detail round (each line one sub-table row). */
const SUB_PER_RECORD = 4;
const log = (...a: unknown[]) => console.log(...a);
const NAMES = ['张三丰', '李四海', '王五洲', '赵六合', '钱七星'];
const KINDS = [
  { id: 'o', fullName: '门诊' },
  { id: 'i', fullName: '住院' },
];

/** One data row as the sheet holds it: name, code, age, kind label, visit date, note. */
const sheetRow = (i: number) => [`${NAMES[i % 5]}${i}`, `C${i % 100}`, i % 100, KINDS[i % 2]!.fullName, '2024-05-01', `备注${i}`];

async function workbook(): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('data');
  ws.addRow(['姓名', '编号', '年龄', '类别', '就诊日期', '备注']);
  for (let i = 0; i < ROWS; i++) ws.addRow(sheetRow(i));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** The master-detail layout: ROWS sheet lines, a record every SUB_PER_RECORD lines, each line one sub-table row. */
async function masterDetailWorkbook(): Promise<{ file: Buffer; records: number }> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('data');
  ws.addRow(['姓名', '编号', '年龄', '类别', '就诊日期', '备注', '明细-药品', '明细-剂量']);
  let records = 0;
  for (let i = 0; i < ROWS; i++) {
    const first = i % SUB_PER_RECORD === 0;
    if (first) records++;
    ws.addRow([...(first ? sheetRow(i) : ['', '', '', '', '', '']), `药品${i % 50}`, i % 10]);
  }
  return { file: Buffer.from(await wb.xlsx.writeBuffer()), records };
}

const MODEL = {
  fullName: '基准导入',
  enCode: 'benchImport',
  category: '',
  webType: 2,
  description: '',
  sortCode: 0,
  formData: formDefinition.parse({
    fields: [
      {
        id: 'f1',
        type: 'input',
        field: 'patientName',
        label: '姓名',
        required: true,
        maxLength: 40,
        rules: [{ pattern: '^[^0-9]{2,}[0-9]*$', message: '姓名格式不对' }],
      },
      { id: 'f2', type: 'input', field: 'code', label: '编号', maxLength: 20 },
      { id: 'f3', type: 'inputNumber', field: 'age', label: '年龄', min: 0, max: 150 },
      { id: 'f4', type: 'select', field: 'kind', label: '类别', options: { source: 'static', items: KINDS } },
      { id: 'f5', type: 'datePicker', field: 'visitDate', label: '就诊日期' },
      { id: 'f6', type: 'textarea', field: 'note', label: '备注', maxLength: 200 },
      {
        id: 'f7',
        type: 'table',
        field: 'items',
        tableName: 'items',
        label: '明细',
        children: [
          { id: 'f8', type: 'input', field: 'drug', label: '药品', required: true, maxLength: 40 },
          { id: 'f9', type: 'inputNumber', field: 'dose', label: '剂量', min: 0, max: 1000 },
        ],
      },
    ],
  }),
  columnData: listDefinition.parse({
    columns: ['patientName', 'code', 'age', 'kind', 'visitDate', 'note'].map((field) => ({ field, label: field })),
    search: [
      { field: 'patientName', match: 'contains' },
      { field: 'code', match: 'equal' },
    ],
  }),
} as ModelBody;

async function upload(base: string, modelId: string, token: string, file: Buffer, expected = ROWS) {
  const form = new FormData();
  form.append('allOrNothing', '1');
  form.append('file', new Blob([new Uint8Array(file)]), 'import.xlsx');
  const res = await fetch(`${base}/api/visualdev/OnlineDev/${modelId}/Actions/Import`, {
    method: 'POST',
    headers: { authorization: token },
    body: form,
  });
  const body = (await res.json()) as { code: number; msg: string; data: { snum: number; fnum: number; errors?: unknown[] } };
  if (body.code !== 200 || body.data.snum !== expected)
    throw new Error(`import: ${body.code} ${body.msg} ${JSON.stringify(body.data).slice(0, 300)}`);
}

/** The same rows, converted as import converts them, through one prepared INSERT in one transaction. */
function direct(file: string, table: string, round: number) {
  const db = new Database(file);
  try {
    const insert = db.prepare(
      `insert into "${table}" (id, creator_user_id, creator_time, organize_id, flow_state, "patientName", "code", "age", "kind", "visitDate", "note") values (?, ?, ?, ?, 0, ?, ?, ?, ?, ?, ?)`,
    );
    const now = Date.now();
    const visit = Date.UTC(2024, 4, 1);
    const t0 = performance.now();
    db.transaction(() => {
      for (let i = 0; i < ROWS; i++) {
        const [name, code, age, , , note] = sheetRow(i);
        insert.run(`direct${round}_${i}`, 'admin', now, null, name, code, age, KINDS[i % 2]!.id, visit, note);
      }
    })();
    return performance.now() - t0;
  } finally {
    db.close();
  }
}

async function main() {
  const { work, dataDir } = benchWorkDir('lci');
  let server: ChildProcess | null = null;
  try {
    const { modelId, table } = await seedReleasedModel(dataDir, MODEL);
    const file = await workbook();
    const detail = await masterDetailWorkbook();
    const running = await startSignedIn({ dataDir, work, databaseUrl: null });
    server = running.server;
    const { base, token } = running;
    const api: number[] = [];
    const apiCpu: number[] = [];
    const bare: number[] = [];
    const sub: number[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      const cpu0 = treeCpuMs(server.pid);
      const t0 = performance.now();
      await upload(base, modelId, token, file);
      api.push(performance.now() - t0);
      apiCpu.push(treeCpuMs(server.pid) - cpu0);
      bare.push(direct(path.join(dataDir, 'app.db'), table, r));
      const t1 = performance.now();
      await upload(base, modelId, token, detail.file, detail.records);
      sub.push(performance.now() - t1);
    }
    const rate = (msTaken: number) => (ROWS / msTaken) * 1000;
    log('');
    log(
      `import of ${ROWS} rows (xlsx ${(file.length / 1024).toFixed(0)} KiB, validated, all-or-nothing), ${ROUNDS} rounds, SQLite, ${os.cpus().length} CPUs, load average ${os
        .loadavg()
        .map((x) => x.toFixed(1))
        .join(' ')}`,
    );
    log(
      `  API import:           ${median(api).toFixed(0).padStart(6)} ms   ${rate(median(api)).toFixed(0).padStart(8)} rows/s   server CPU ${median(apiCpu).toFixed(0)} ms`,
    );
    log(
      `  server CPU-bound rate: ${rate(median(apiCpu)).toFixed(0).padStart(8)} rows/s   (rows per second of server CPU: what a core of its own would give on a loaded machine)`,
    );
    log(`  direct prepared insert: ${median(bare).toFixed(0).padStart(4)} ms   ${rate(median(bare)).toFixed(0).padStart(8)} rows/s`);
    log(
      `  master-detail sheet:  ${median(sub).toFixed(0).padStart(6)} ms   ${rate(median(sub)).toFixed(0).padStart(8)} lines/s   (${detail.records} records of ${SUB_PER_RECORD} sub-table rows, one per line)`,
    );
    log(`  goal ≥ ${GOAL} rows/s through the API: ${rate(median(api)) >= GOAL ? 'met' : 'NOT met'}`);
  } finally {
    await stopServer(server);
    if (process.env.BENCH_KEEP) log(`kept: ${dataDir}`);
    else fs.rmSync(work, { recursive: true, force: true });
  }
}

main()
  .then(() => process.exit(0))
  .catch((err) => {
    console.error(err);
    process.exit(1);
  });
