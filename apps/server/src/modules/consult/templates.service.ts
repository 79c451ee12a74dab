import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { templateBody } from '@medalliance/contract';
import { badRequest, notFound } from '../../http/errors.ts';
import { now } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { all } from '../health/plans/rows.ts';

/** Diagnosis templates (menu diagnosis_template): per department, in the department's own order; experts start their opinion from one. */
export interface TemplateRow {
  id: string;
  deptId: string;
  deptName: string | null;
  title: string;
  content: string;
  sortCode: number;
}

export async function listTemplates(db: Kysely<any>, deptId?: string): Promise<TemplateRow[]> {
  let q = db
    .selectFrom('consult_templates as t')
    .leftJoin('organizations as o', 'o.id', 't.dept_id')
    .select([
      't.id as id',
      't.dept_id as deptId',
      'o.full_name as deptName',
      't.title as title',
      't.content as content',
      't.sort_code as sortCode',
    ]);
  if (deptId) q = q.where('t.dept_id', '=', deptId);
  const rows = await all<TemplateRow>(db, q.orderBy('o.full_name').orderBy('t.sort_code').orderBy('t.id'));
  return rows.map((r) => ({ ...r, sortCode: Number(r.sortCode) }));
}

type Body = z.output<typeof templateBody>;

async function checkDept(db: Kysely<any>, deptId: string) {
  const d = await db.selectFrom('organizations').select('id').where('id', '=', deptId).executeTakeFirst();
  if (!d) throw badRequest('consult.unknownDept');
}

export async function createTemplate(db: Kysely<any>, b: Body, userId: string): Promise<string> {
  await checkDept(db, b.deptId);
  const id = newId();
  await db
    .insertInto('consult_templates')
    .values({ id, dept_id: b.deptId, title: b.title, content: b.content, sort_code: b.sortCode, created_at: now(), created_by: userId })
    .execute();
  return id;
}

export async function updateTemplate(db: Kysely<any>, id: string, b: Body): Promise<void> {
  await checkDept(db, b.deptId);
  const r = await db
    .updateTable('consult_templates')
    .set({ dept_id: b.deptId, title: b.title, content: b.content, sort_code: b.sortCode, updated_at: now() })
    .where('id', '=', id)
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) !== 1) throw notFound('consult.templateNotFound');
}

export async function removeTemplate(db: Kysely<any>, id: string): Promise<void> {
  const r = await db.deleteFrom('consult_templates').where('id', '=', id).executeTakeFirst();
  if (Number(r.numDeletedRows) !== 1) throw notFound('consult.templateNotFound');
}

/** New order of one department's templates: sort codes 10, 20, 30… in the given order (all ids must exist). */
export async function sortTemplates(db: Kysely<any>, ids: string[]): Promise<void> {
  const unique = [...new Set(ids)];
  const found = await db.selectFrom('consult_templates').select('id').where('id', 'in', unique).execute();
  if (found.length !== unique.length) throw notFound('consult.templateNotFound');
  await db.transaction().execute(async (trx) => {
    for (const [i, id] of unique.entries())
      await trx
        .updateTable('consult_templates')
        .set({ sort_code: (i + 1) * 10, updated_at: now() })
        .where('id', '=', id)
        .execute();
  });
}
