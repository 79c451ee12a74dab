import { sql, type Kysely } from 'kysely';
import type { ChronicProgramme } from '@medalliance/contract';
import { now } from '../../../lib/clock.ts';
import { getPlanSettings, PLAN_HORIZON_MS, rollRegularPlans } from '../plans/plans.service.ts';
import { enrolmentOut, planOwner } from './enrolment.service.ts';
import { all } from '../plans/rows.ts';

/**
 * Keeps a year of regular plans ahead of every enrolment under management:
 * enrolments whose last plan date is within the horizon get the next ones.
 */
export async function rollForwardAll(db: Kysely<any>, at = now(), programmes: ChronicProgramme[] = ['htn', 'dm']): Promise<number> {
  let added = 0;
  for (const programme of programmes) {
    const settings = await getPlanSettings(db, programme);
    const due = await all(
      db,
      db
        .selectFrom('health_chronic_enrolments as e')
        .leftJoin('health_plans as p', (j) => j.onRef('p.enrolment_id', '=', 'e.id').on('p.kind', '=', 'regular'))
        .selectAll('e')
        .where('e.programme', '=', programme)
        .where('e.outcome', '=', 0)
        .groupBy([
          'e.id',
          'e.resident_id',
          'e.programme',
          'e.diagnosed_at',
          'e.management_group',
          'e.risk_level',
          'e.doctor_id',
          'e.org_id',
          'e.outcome',
          'e.outcome_reason',
          'e.enrolled_at',
          'e.referral_flag',
          'e.last_classification',
          'e.last_visit_at',
          'e.created_at',
          'e.updated_at',
        ])
        .having(sql<boolean>`max(p.plan_date) is null or max(p.plan_date) <= ${at + PLAN_HORIZON_MS}`),
    );
    for (const r of due)
      await db.transaction().execute(async (trx) => (added += await rollRegularPlans(trx, planOwner(enrolmentOut(r)), settings, at)));
  }
  return added;
}
