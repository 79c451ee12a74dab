import type { Kysely } from 'kysely';
import type { ImagingReview, ImagingReviewBody } from '@medalliance/contract';
import type { AppContext } from '../../context.ts';
import { forbidden } from '../../http/errors.ts';
import { newId } from '../../lib/ids.ts';
import type { ImagingCaller } from './centres.ts';
import { canReview, studyFor } from './studies.service.ts';

/**
 * Collaborative audit (second reading): a reader other than the reporter
 * grades the township's images against the 16-item checklist, with a grade,
 * a comment and whether they disagree with the report (the audit-change
 * rate of the statistics). Each review is also an event of the study.
 */
export async function addReview(
  ctx: AppContext,
  c: ImagingCaller,
  studyId: string,
  body: ImagingReviewBody,
  at: number,
): Promise<ImagingReview> {
  const db = ctx.db.withoutPlugins() as unknown as Kysely<any>;
  const s = await studyFor(db, c, studyId, at);
  if (!canReview(c, s)) throw forbidden('imaging.notYourPart');
  const id = newId();
  const items = [...new Set(body.items)].sort();
  await ctx.db.transaction().execute(async (t) => {
    const trx = t.withoutPlugins() as unknown as Kysely<any>;
    await trx
      .insertInto('img_quality_reviews')
      .values({
        id,
        study_id: studyId,
        reviewer_id: c.userId,
        items: JSON.stringify(items),
        grade: body.grade,
        comment: body.comment || null,
        disagrees: body.disagrees ? 1 : 0,
        created_at: at,
      })
      .execute();
    await trx
      .insertInto('img_events')
      .values({
        id: newId(),
        study_id: studyId,
        from_status: s.status,
        to_status: s.status,
        action: 'review',
        actor_id: c.userId,
        at,
        comment: body.comment ? body.comment.slice(0, 1000) : null,
        detail: JSON.stringify({ grade: body.grade, items, disagrees: body.disagrees }),
      })
      .execute();
  });
  const me = await db.selectFrom('users').select('real_name as realName').where('id', '=', c.userId).executeTakeFirst();
  return {
    id,
    reviewerId: c.userId,
    reviewerName: me ? String(me.realName) : null,
    items,
    grade: body.grade,
    comment: body.comment,
    disagrees: body.disagrees,
    createdAt: at,
  };
}
