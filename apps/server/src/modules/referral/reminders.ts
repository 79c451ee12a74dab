import type { Kysely } from 'kysely';
import { maskName, waitingStep } from '@medalliance/contract';
import type { AppContext } from '../../context.ts';
import { translate } from '../../http/i18n.ts';
import { now } from '../../lib/clock.ts';
import { pushStoredMessages, storeSystemMessages } from '../message/system-messages.ts';
import { all } from '../health/plans/rows.ts';
import { RESIDENT_TABLE } from '../health/plans/worklist.ts';
import { loadOrgTree, usersWithMenu } from './parties.ts';
import { breachedCondition } from './rows.ts';
import { getReferralLimits } from './settings.ts';

/**
 * The scheduled check of the time limits: every referral whose waiting step
 * ran out is reminded to the owners of that step (the sending approvers for
 * 待审批, the receiving unit otherwise), once per step — reminded_step
 * remembers the step_since it was reminded for, so a new step is reminded
 * again when it runs out too.
 */
const BATCH = 200;

export async function remindBreaches(ctx: AppContext, at = now()): Promise<number> {
  const db = ctx.db.withoutPlugins() as unknown as Kysely<any>;
  const limits = await getReferralLimits(db);
  const rows = await all(
    db,
    db
      .selectFrom('referrals as f')
      .innerJoin(`${RESIDENT_TABLE} as r`, 'r.id', 'f.resident_id')
      .where(breachedCondition(limits, at))
      .where((eb) => eb.or([eb('f.reminded_step', 'is', null), eb('f.reminded_step', '<>', eb.ref('f.step_since'))]))
      .select([
        'f.id as id',
        'f.referral_no as referralNo',
        'f.status as status',
        'f.arrived as arrived',
        'f.from_unit_id as fromUnitId',
        'f.to_unit_id as toUnitId',
        'f.to_doctor_id as toDoctorId',
        'f.step_since as stepSince',
        'r.fullName as fullName',
      ])
      .orderBy('f.step_since')
      .limit(BATCH),
  );
  if (!rows.length) return 0;
  const tree = await loadOrgTree(db);
  const owners = new Map<string, string[]>();
  const ownersOf = async (units: string[], menu: string) => {
    const key = `${menu}|${units.join(',')}`;
    if (!owners.has(key)) owners.set(key, await usersWithMenu(ctx, tree, units, menu));
    return owners.get(key)!;
  };
  let sent = 0;
  for (const r of rows) {
    const step = waitingStep(String(r.status), Number(r.arrived) === 1);
    const to =
      step === 'approval'
        ? await ownersOf(tree.senderUnits(String(r.fromUnitId)), 'referral_examine')
        : [...(await ownersOf(tree.unitAndAbove(String(r.toUnitId)), 'referral_deal')), ...(r.toDoctorId ? [String(r.toDoctorId)] : [])];
    const stored = await ctx.db.transaction().execute(async (t) => {
      const trx = t.withoutPlugins() as unknown as Kysely<any>;
      const res = await trx
        .updateTable('referrals')
        .set({ reminded_step: Number(r.stepSince) })
        .where('id', '=', r.id)
        .where('step_since', '=', Number(r.stepSince))
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) !== 1) return null;
      return storeSystemMessages(
        t,
        {
          toUserIds: to,
          title: translate('zh', 'referral.msg.breach', { no: String(r.referralNo), name: maskName(String(r.fullName ?? '')) }),
          kind: 'referral',
          body: { kind: 'referral', id: r.id, action: 'breach', step },
          dedupeKey: `referral-breach-${r.id}-${r.stepSince}`,
        },
        at,
      );
    });
    if (stored) {
      pushStoredMessages(ctx, stored);
      sent++;
    }
  }
  return sent;
}
