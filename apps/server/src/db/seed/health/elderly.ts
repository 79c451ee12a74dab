import type { Kysely } from 'kysely';
import {
  ageOn,
  computeBmi,
  DAY_MS,
  elderlyEligibleIn,
  SELF_CARE_FIELDS,
  SELF_CARE_ITEMS,
  selfCareBand,
  selfCareTotal,
  startOfUtcDay,
  yearOf,
} from '@medalliance/contract';
import type { AppContext } from '../../../context.ts';
import { stableId } from '../menus.ts';
import { ELDERLY_CHECK_MODEL, ELDERLY_CHECK_TABLE, seedElderlyModels } from './elderly-models.ts';
import { insertBatches } from '../batches.ts';
import { mulberry32 } from '../random.ts';

/**
 * Fictitious annual health checks of E's residents aged 65+ (issue 18 demo
 * data): this year about 60 % of the eligible residents checked, on dates
 * spread from 1 January to yesterday (so 本年未检 and the KPI show figures),
 * and the two previous years about 70 %; self-care mostly 可自理 with some
 * residents dependent (more often the oldest), a few positive cognition or
 * emotion screens. The rules are the contract's, as on save; each resident's
 * last check fills health_old_last. Deterministic for a date (fixed PRNG seed),
 * idempotent (skipped when a check exists), written in batches.
 */

const RESIDENT_TABLE = 'lc_health_resident';
const YEARS_BACK = 2;

export const elderlySeedId = (kind: string, key: string) => stableId('97', `old:${kind}:${key}`);

export interface ElderlyResident {
  id: string;
  birthDate: number | null;
  heightCm: number | null;
  manageOrgId: string | null;
  doctorId: string | null;
  archiveState: number;
}

const BAND_NAME: Record<string, string> = { '1': '可自理', '2': '轻度依赖', '3': '中度依赖', '4': '不能自理' };
const GUIDANCE = [
  '定期接受健康体检，适量运动，低盐低脂饮食',
  '防跌倒指导，注意居家安全',
  '建议到上级医院进一步检查',
  '戒烟限酒，保持心情愉快',
];

/** The rows of the demo checks (pure and deterministic for `at`): checks, last-check rows, timeline entries. */
export function demoElderly(residents: ElderlyResident[], at: number) {
  const r = mulberry32(20260318);
  const today = startOfUtcDay(at);
  const thisYear = yearOf(at);
  const checks: Record<string, unknown>[] = [];
  const last = new Map<string, Record<string, unknown>>();
  const timeline: Record<string, unknown>[] = [];
  const sorted = residents.filter((p) => p.archiveState === 1 && p.birthDate !== null).sort((a, b) => (a.id < b.id ? -1 : 1));
  for (const p of sorted) {
    // A resident's frailty: the older, the more likely dependent; it stays from year to year.
    const age = ageOn(p.birthDate!, at);
    const frail = r() * (1 + Math.max(0, age - 65) / 80);
    const weight = 50 + r() * 25;
    const cognitivelyImpaired = r() < 0.06 + Math.max(0, age - 75) / 100;
    const low = r() < 0.08;
    for (let year = thisYear - YEARS_BACK; year <= thisYear; year++) {
      if (!elderlyEligibleIn(p.birthDate, year)) continue;
      const current = year === thisYear;
      if (r() >= (current ? 0.6 : 0.7)) continue;
      const start = Date.UTC(year, 0, 2);
      const end = current ? today - DAY_MS : Date.UTC(year, 11, 28);
      if (end < start) continue;
      const checkDate = startOfUtcDay(start + Math.floor(r() * ((end - start) / DAY_MS + 1)) * DAY_MS);
      const id = elderlySeedId('check', `${p.id}:${year}`);
      // About 85 % 可自理 at 65, fewer among the oldest; a few fully dependent.
      const depth = frail < 0.85 ? 0 : frail < 0.95 ? 1 : frail < 1.02 ? 2 : 3;
      // Item levels drawn until their total falls in the resident's band (deterministic: the same PRNG).
      let levels: Record<string, string> = {};
      for (let tries = 0; tries < 60; tries++) {
        levels = {};
        for (const item of SELF_CARE_ITEMS) levels[SELF_CARE_FIELDS[item]] = String(Math.min(4, 1 + Math.floor(r() * (depth + 2))));
        if (selfCareBand(selfCareTotal(levels)) === String(depth + 1)) break;
      }
      const total = selfCareTotal(levels)!;
      const cognition = cognitivelyImpaired && r() < 0.8 ? '2' : '1';
      const emotion = low && r() < 0.8 ? '2' : '1';
      const weightKg = Math.round((weight + r() * 3 - 1.5) * 10) / 10;
      const heightCm = p.heightCm ?? 160;
      const sys = 118 + Math.floor(r() * 40);
      const dia = 68 + Math.floor(r() * 22);
      const row = {
        id,
        creator_user_id: p.doctorId,
        creator_time: Math.min(at - 3_600_000, checkDate + 9 * 3_600_000),
        last_modify_user_id: null,
        last_modify_time: null,
        organize_id: p.manageOrgId,
        flow_state: 0,
        residentId: p.id,
        checkDate,
        checkYear: year,
        temperature: Math.round((36.2 + r() * 0.7) * 10) / 10,
        pulse: 62 + Math.floor(r() * 28),
        respiration: 16 + Math.floor(r() * 6),
        leftSystolic: sys,
        leftDiastolic: dia,
        rightSystolic: sys + Math.floor(r() * 7) - 3,
        rightDiastolic: dia + Math.floor(r() * 5) - 2,
        heightCm,
        weightKg,
        waistCm: Math.round((75 + r() * 25) * 10) / 10,
        bmi: computeBmi(weightKg, heightCm),
        selfRating: String(1 + Math.min(4, Math.floor(r() * 3) + (depth > 1 ? 2 : 0))),
        ...levels,
        selfCareScore: total,
        selfCareBand: selfCareBand(total),
        cognition,
        mmseScore: cognition === '2' ? 15 + Math.floor(r() * 8) : null,
        emotion,
        depressionScore: emotion === '2' ? 8 + Math.floor(r() * 10) : null,
        hospitalHistory: null,
        homeBedHistory: null,
        medication: null,
        vaccination: null,
        guidance: GUIDANCE[Math.floor(r() * GUIDANCE.length)],
        doctorId: p.doctorId,
        manageOrgId: p.manageOrgId,
      };
      checks.push(row);
      const prev = last.get(p.id);
      if (!prev || Number(prev.check_date) < checkDate)
        last.set(p.id, {
          resident_id: p.id,
          check_id: id,
          check_date: checkDate,
          check_year: year,
          self_care_score: total,
          self_care_band: selfCareBand(total),
          cognition,
          emotion,
          updated_at: row.creator_time,
        });
      const screens = [cognition === '2' ? '认知粗筛阳性' : '', emotion === '2' ? '情感粗筛阳性' : ''].filter(Boolean).join('，');
      timeline.push({
        id: `${id}-t`,
        resident_id: p.id,
        kind: ELDERLY_CHECK_MODEL,
        title: `老年人健康体检：自理能力${BAND_NAME[selfCareBand(total)!]}（${total}分）${screens ? `，${screens}` : ''}`,
        ref_model: ELDERLY_CHECK_MODEL,
        ref_id: id,
        at: checkDate,
        org_id: p.manageOrgId,
      });
    }
  }
  return { checks, last: [...last.values()], timeline };
}

/** Seeds the check model and, once, the demo checks; returns how many checks were written. */
export async function seedElderly(ctx: AppContext, at = Date.now()): Promise<number> {
  await seedElderlyModels(ctx);
  const db = ctx.db.withoutPlugins() as unknown as Kysely<any>;
  if (await db.selectFrom(ELDERLY_CHECK_TABLE).select('id').limit(1).executeTakeFirst()) return 0;
  const rows = await db
    .selectFrom(RESIDENT_TABLE)
    .select(['id', 'birthDate', 'heightCm', 'manageOrgId', 'doctorId', 'archiveState'])
    .orderBy('id')
    .execute();
  if (!rows.length) return 0;
  const residents: ElderlyResident[] = rows.map((x) => ({
    id: String(x.id),
    birthDate: x.birthDate === null ? null : Number(x.birthDate),
    heightCm: x.heightCm === null ? null : Number(x.heightCm),
    manageOrgId: (x.manageOrgId as string | null) ?? null,
    doctorId: (x.doctorId as string | null) ?? null,
    archiveState: Number(x.archiveState ?? 1),
  }));
  const d = demoElderly(residents, at);
  await ctx.db.transaction().execute(async (trx) => {
    const t = trx.withoutPlugins() as unknown as Kysely<any>;
    await insertBatches(t, ELDERLY_CHECK_TABLE, d.checks);
    await insertBatches(t, 'health_old_last', d.last);
    await insertBatches(t, 'health_timeline', d.timeline);
  });
  return d.checks.length;
}
