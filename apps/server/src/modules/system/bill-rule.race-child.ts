/**
 * Test helper (bill-rule.processes.test.ts): a separate OS process that issues
 * bill numbers on a SQLite file, as a second server would.
 *   node --import tsx bill-rule.race-child.ts <sqlite file> <rule enCode> <count>
 * Prints the issued numbers as JSON.
 */
import type { AppContext } from '../../context.ts';
import { openDb } from '../../db/connection.ts';
import { nextBillNumber } from './bill-rule.service.ts';
import { getSysConfig } from './sys-config.service.ts';

const [file, enCode, count] = process.argv.slice(2);
const handle = openDb({ databaseUrl: null, sqliteFile: file! });
const ctx = { db: handle.db, dialect: handle.dialect, config: {}, log: console } as unknown as AppContext;
await getSysConfig(ctx);
const numbers = await Promise.all(
  Array.from({ length: Number(count) }, () =>
    handle.db.transaction().execute(async (trx) => {
      const n = await nextBillNumber(ctx, trx, enCode!);
      await trx.updateTable('billRules').set({ description: n }).where('enCode', '=', enCode!).execute();
      return n;
    }),
  ),
);
process.stdout.write(JSON.stringify(numbers));
await handle.close();
