import type { ReportDefinition, ReportRow } from '@medalliance/contract';
import type { AppContext } from '../../context.ts';

/**
 * Display names of the values the report answers in columns formatted as a
 * dictionary item or an organisation (models store their ids): field → value → name.
 */
export async function reportLabels(
  ctx: AppContext,
  def: ReportDefinition,
  rows: ReportRow[],
): Promise<Record<string, Record<string, string>>> {
  const wanted = def.columns.filter((c) => c.format === 'dictionary' || c.format === 'organization');
  const out: Record<string, Record<string, string>> = {};
  await Promise.all(
    wanted.map(async (c) => {
      const ids = [
        ...new Set(rows.map((r) => r[c.field]).filter((v): v is string | number => typeof v === 'string' || typeof v === 'number')),
      ].map(String);
      const names: Record<string, string> = {};
      for (let i = 0; i < ids.length; i += 500) {
        const chunk = ids.slice(i, i + 500);
        const found =
          c.format === 'organization'
            ? await ctx.db.selectFrom('organizations').select(['id', 'fullName']).where('id', 'in', chunk).execute()
            : await ctx.db.selectFrom('dictionaryData').select(['id', 'fullName']).where('id', 'in', chunk).execute();
        for (const f of found) names[f.id] = f.fullName;
      }
      out[c.field] = names;
    }),
  );
  return out;
}
