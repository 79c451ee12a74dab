import { sql, type Kysely } from 'kysely';
import { IMAGING_CENTRES, imagingStage, maskName } from '@medalliance/contract';
import type { AppContext } from '../../context.ts';
import { translate } from '../../http/i18n.ts';
import { now } from '../../lib/clock.ts';
import { pushStoredMessages, storeSystemMessages } from '../message/system-messages.ts';
import { all } from '../health/plans/rows.ts';
import { RESIDENT_TABLE } from '../health/plans/worklist.ts';
import { breachedCondition, readersOf } from './centres.ts';

/**
 * The scheduled SLA check: each study past its stage deadline is marked
 * breached (it then shows in the breached list of every reader of the
 * centre — the list reads the deadline itself, so it never lags) and its
 * owner is reminded once: the assigned reader or auditor, else the centre's
 * rostered readers, and the applying side while the images are awaited.
 * reminded_at is cleared by every transition, so a new stage that runs out
 * is reminded again.
 */
const BATCH = 200;

export async function remindImagingBreaches(ctx: AppContext, at = now()): Promise<number> {
  const db = ctx.db.withoutPlugins() as unknown as Kysely<any>;
  const rows = await all(
    db,
    db
      .selectFrom('img_studies as s')
      .innerJoin(`${RESIDENT_TABLE} as r`, 'r.id', 's.resident_id')
      .where(breachedCondition(at))
      .where('s.reminded_at', 'is', null)
      .select([
        's.id as id',
        's.centre as centre',
        's.apply_no as applyNo',
        's.status as status',
        's.reader_id as readerId',
        's.auditor_id as auditorId',
        's.registered_by as registeredBy',
        's.version as version',
        sql.ref('r.fullName').as('fullName'),
      ])
      .orderBy('s.stage_due_at')
      .limit(BATCH),
  );
  if (!rows.length) return 0;
  const rostered = new Map<string, string[]>();
  for (const centre of IMAGING_CENTRES)
    rostered.set(
      centre,
      (await readersOf(db, centre)).filter((r) => r.rostered).map((r) => r.id),
    );
  let sent = 0;
  for (const r of rows) {
    const stage = imagingStage(String(r.status));
    const owner =
      stage === 'upload'
        ? [r.registeredBy]
        : stage === 'audit' && r.auditorId
          ? [r.auditorId]
          : r.readerId && stage !== 'qc' && stage !== 'triage'
            ? [r.readerId]
            : (rostered.get(String(r.centre)) ?? []);
    const to = owner.filter((u): u is string => !!u).map(String);
    const stored = await ctx.db.transaction().execute(async (t) => {
      const trx = t.withoutPlugins() as unknown as Kysely<any>;
      // Conditioned on the version read: a study that moved on meanwhile is not reminded for the old stage.
      const res = await trx
        .updateTable('img_studies')
        .set({ reminded_at: at, breached_at: at })
        .where('id', '=', r.id)
        .where('version', '=', Number(r.version))
        .where('reminded_at', 'is', null)
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) !== 1) return null;
      return storeSystemMessages(
        t,
        {
          toUserIds: to,
          title: translate('zh', 'imaging.msg.breach', { no: String(r.applyNo), name: maskName(String(r.fullName ?? '')) }),
          kind: 'imaging',
          body: { kind: 'imaging', centre: r.centre, id: r.id, action: 'breach', stage },
          dedupeKey: `imaging-breach-${r.id}-${r.version}`,
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
