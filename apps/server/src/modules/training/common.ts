import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/connection.ts';
import { forbidden } from '../../http/errors.ts';
import { grantsFor } from '../permission/grants.service.ts';
import { callerUnit } from '../health/privacy/scope.ts';

/** Shared by the training routes: the untyped handle on our own tables, the menus, and what the caller may do. */

export const raw = (db: Db | AppContext['db']) => db.withoutPlugins() as unknown as Kysely<any>;

/** Every training menu of helper F; any one of them opens the API, each route then checks its own. */
export const TRAINING_MENUS = [
  'course_manage',
  'course_review',
  'course_apply',
  'course_demand',
  'course_comment',
  'live_apply',
  'live_online',
  'course_replay',
  'video_demand',
] as const;

export interface TrainingRights {
  /** Courses: create, edit, materials, submit (课程管理). */
  manage: boolean;
  /** Courses: approve or reject the submitted ones; sees every application (课程审核). */
  review: boolean;
  apply: boolean;
  demand: boolean;
  /** Reply to and aggregate the units' demands: the training centre. */
  demandAdmin: boolean;
  comment: boolean;
  /** Hide or show comments: the training centre. */
  moderate: boolean;
  liveApply: boolean;
  live: boolean;
  replay: boolean;
  video: boolean;
}

export interface Caller {
  userId: string;
  orgId: string | null;
  unitId: string | null;
  rights: TrainingRights;
}

export async function trainingRights(ctx: AppContext, userId: string, isAdministrator: boolean): Promise<TrainingRights> {
  const g = await grantsFor(ctx, userId, isAdministrator);
  const has = (m: string, b?: string) => g.isAdministrator || (g.modules.has(m) && (!b || g.modules.get(m)!.has(b)));
  const manage = has('course_manage');
  const review = has('course_review');
  return {
    manage,
    review,
    apply: has('course_apply'),
    demand: has('course_demand'),
    demandAdmin: manage || review,
    comment: has('course_comment') || has('video_demand') || has('course_replay'),
    moderate: manage || review,
    liveApply: has('live_apply'),
    live: has('live_online'),
    replay: has('course_replay'),
    video: has('video_demand'),
  };
}

export async function callerOf(ctx: AppContext, req: FastifyRequest): Promise<Caller> {
  const [rights, unit] = await Promise.all([
    trainingRights(ctx, req.session.userId, req.session.isAdministrator),
    callerUnit(ctx, req.session.userId),
  ]);
  return { userId: req.session.userId, orgId: unit.orgId, unitId: unit.unitId, rights };
}

/** 403 unless the caller holds one of these rights. */
export function need(c: Caller, ...rights: (keyof TrainingRights)[]): void {
  if (!rights.some((r) => c.rights[r])) throw forbidden();
}

/** Numbers come back as strings from PostgreSQL's bigint; null stays null. */
export const num = (v: unknown): number => (v === null || v === undefined ? 0 : Number(v));
export const numOrNull = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
export const strOrNull = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));
