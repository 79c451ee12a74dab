import type { FastifyRequest } from 'fastify';
import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import { IMAGING_OPEN_STATUSES, type ImagingCentre } from '@medalliance/contract';
import type { AppContext } from '../../context.ts';
import { forbidden } from '../../http/errors.ts';
import { grantsFor } from '../permission/grants.service.ts';
import { getSysConfig } from '../system/sys-config.service.ts';
import { all } from '../health/plans/rows.ts';
import { callerUnit, healthScope, inScope, type HealthScope } from '../health/privacy/scope.ts';
import type { SessionInfo } from '../oauth/sessions.service.ts';

/**
 * The two centres of one study engine and who stands where in them:
 * - a centre is used by whoever holds any of its menus;
 * - its readers are the users of its reader role (or with a roster row);
 * - its director is a reader whose position is a department director
 *   (en_code ending in `.DIRECTOR`), or an administrator;
 * - the applying side holds the registration (or released-report) menu and
 *   sees the studies of the units in its health scope.
 */
export interface CentreConfig {
  readerRole: string;
  menus: readonly string[];
  registerMenu: string;
  /** Menus of the applying side's released list (townships hold it). */
  releasedMenus: readonly string[];
  /** Menu whose holders (besides the director) may assign readers. */
  triageMenu: string;
}

export const CENTRES: Record<ImagingCentre, CentreConfig> = {
  ultrasound: {
    readerRole: 'ultrasoundDoctor',
    menus: [
      'ultras_regist',
      'ultras_release_query',
      'ultras_report_query',
      'ultras_diag_query',
      'ultras_triage_query',
      'ultras_collab_audit',
      'ultras_statis_diag_fee',
      'ultras_statis_apply_fee',
      'ultras_statis_diag_report',
      'ultras_statis_workload',
    ],
    registerMenu: 'ultras_regist',
    releasedMenus: ['ultras_release_query'],
    triageMenu: 'ultras_triage_query',
  },
  imaging: {
    readerRole: 'imagingDoctor',
    menus: [
      'img_regist',
      'img_first_trial',
      'img_diagnose',
      'img_publish',
      'img_check_item',
      'img_check_body',
      'img_org_sort',
      'img_diag_temp_sort',
      'img_fee_schedule',
      'img_statistics',
    ],
    registerMenu: 'img_regist',
    releasedMenus: ['img_publish'],
    triageMenu: 'img_first_trial',
  },
};

export const ALL_IMAGING_MENUS = [...CENTRES.ultrasound.menus, ...CENTRES.imaging.menus];

export interface ImagingCaller {
  userId: string;
  isAdministrator: boolean;
  unitId: string | null;
  scope: HealthScope;
  centre: ImagingCentre;
  isReader: boolean;
  isDirector: boolean;
  /** Holds the registration menu (applying side: register, upload, cancel early). */
  canRegister: boolean;
  /** Holds the registration or released-report menu (applying side: sees its units' studies). */
  applicantSide: boolean;
  canTriage: boolean;
  /** The deployment's time zone (system settings): a roster's weekday is a local weekday. */
  timeZone: string;
}

/** Whether a user reads for a centre: its reader role or a roster row. */
export async function isReaderOf(db: Kysely<any>, centre: ImagingCentre, userId: string): Promise<boolean> {
  const role = await db
    .selectFrom('user_relations as r')
    .innerJoin('roles as ro', 'ro.id', 'r.object_id')
    .select('ro.id')
    .where('r.user_id', '=', userId)
    .where('r.object_type', '=', 'Role')
    .where('ro.en_code', '=', CENTRES[centre].readerRole)
    .where('ro.enabled_mark', '=', 1)
    .executeTakeFirst();
  if (role) return true;
  const roster = await db
    .selectFrom('img_rosters')
    .select('id')
    .where('centre', '=', centre)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return !!roster;
}

async function isDirectorPosition(db: Kysely<any>, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('users as u')
    .innerJoin('positions as p', 'p.id', 'u.position_id')
    .select('p.en_code as enCode')
    .where('u.id', '=', userId)
    .executeTakeFirst();
  return !!row && String(row.enCode).endsWith('.DIRECTOR');
}

/** The caller of a centre's route; 403 without any menu of the centre. */
export const imagingCaller = (ctx: AppContext, req: FastifyRequest, centre: ImagingCentre): Promise<ImagingCaller> =>
  imagingCallerFor(ctx, req.session, centre);

/** The same for a user outside a request (seeds, scheduled work). */
export async function imagingCallerFor(
  ctx: AppContext,
  s: { userId: string; isAdministrator: boolean },
  centre: ImagingCentre,
): Promise<ImagingCaller> {
  const db = ctx.db.withoutPlugins() as unknown as Kysely<any>;
  const g = await grantsFor(ctx, s.userId, s.isAdministrator);
  const cfg = CENTRES[centre];
  const has = (m: string) => g.isAdministrator || g.modules.has(m);
  if (!cfg.menus.some(has)) throw forbidden();
  const [scope, unit, reader, sys] = await Promise.all([
    healthScope(ctx, s as SessionInfo),
    callerUnit(ctx, s.userId),
    isReaderOf(db, centre, s.userId),
    getSysConfig(ctx),
  ]);
  const director = g.isAdministrator || (reader && (await isDirectorPosition(db, s.userId)));
  return {
    userId: s.userId,
    isAdministrator: g.isAdministrator,
    unitId: unit.unitId,
    scope,
    centre,
    isReader: reader || g.isAdministrator,
    isDirector: director,
    canRegister: has(cfg.registerMenu),
    applicantSide: has(cfg.registerMenu) || cfg.releasedMenus.some(has),
    canTriage: director || (reader && has(cfg.triageMenu)),
    timeZone: sys.timeZone,
  };
}

/** The readers of a centre (enabled users of its role or roster), by name. */
export async function readersOf(db: Kysely<any>, centre: ImagingCentre): Promise<{ id: string; realName: string; rostered: boolean }[]> {
  const rows = await all(
    db,
    db
      .selectFrom('users as u')
      .select(['u.id as id', 'u.real_name as realName'])
      .select((eb) =>
        eb
          .exists(eb.selectFrom('img_rosters as ro').select('ro.id').where('ro.centre', '=', centre).whereRef('ro.user_id', '=', 'u.id'))
          .as('rostered'),
      )
      .where('u.enabled_mark', '=', 1)
      .where((eb) =>
        eb.or([
          eb.exists(
            eb
              .selectFrom('user_relations as r')
              .innerJoin('roles as ro', 'ro.id', 'r.object_id')
              .select('r.id')
              .whereRef('r.user_id', '=', 'u.id')
              .where('r.object_type', '=', 'Role')
              .where('ro.en_code', '=', CENTRES[centre].readerRole),
          ),
          eb.exists(eb.selectFrom('img_rosters as ro').select('ro.id').where('ro.centre', '=', centre).whereRef('ro.user_id', '=', 'u.id')),
        ]),
      )
      .orderBy('u.id'),
  );
  return rows.map((r) => ({ id: String(r.id), realName: String(r.realName ?? ''), rostered: Boolean(Number(r.rostered)) }));
}

/** Statuses a rostered reader sees while the study is unassigned (the centre's queues). */
const QUEUE_STATUSES = ['uploaded', 'qc_passed'];
const AUDIT_STATUSES = ['preliminary', 'auditing'];

/**
 * The studies (alias `s`) a caller sees in a centre:
 * director / administrator: all of the centre; the applying side: its
 * units' studies; a reader: assigned to them (as reader or auditor), the
 * unassigned queue and the audit queue of items they are rostered for, and
 * every study of the centre past its stage deadline (ownership ends at the
 * SLA breach).
 */
export function visibleCondition(c: ImagingCaller, at: number): Expression<SqlBool> {
  const centre = sql<SqlBool>`s.centre = ${c.centre}`;
  if (c.isDirector || c.isAdministrator) return centre;
  const parts: Expression<SqlBool>[] = [];
  if (c.applicantSide) parts.push(inScope(c.scope, 's.apply_org_id'));
  if (c.isReader) {
    // Rostered: for the study's item (or every item) on today's weekday (or every day).
    const rostered = sql<SqlBool>`exists (select 1 from img_rosters ro where ro.centre = s.centre and ro.user_id = ${c.userId} and (ro.item_id is null or ro.item_id = s.item_id) and (ro.weekday is null or ro.weekday = ${localWeekday(at, c.timeZone)}))`;
    parts.push(
      sql<SqlBool>`s.reader_id = ${c.userId}`,
      sql<SqlBool>`s.auditor_id = ${c.userId}`,
      sql<SqlBool>`(s.reader_id is null and s.status in (${sql.join(QUEUE_STATUSES)}) and ${rostered})`,
      sql<SqlBool>`(s.auditor_id is null and s.status in (${sql.join(AUDIT_STATUSES)}) and ${rostered})`,
      breachedCondition(at),
    );
  }
  if (!parts.length) return sql<SqlBool>`1 = 0`;
  return sql<SqlBool>`(${centre} and (${sql.join(parts, sql` or `)}))`;
}

/** Open studies past their stage deadline at `at`. */
export function breachedCondition(at: number): Expression<SqlBool> {
  return sql<SqlBool>`(s.stage_due_at is not null and s.stage_due_at < ${at} and s.status in (${sql.join(IMAGING_OPEN_STATUSES)}))`;
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
/** 0 (Sunday) … 6 of a time in a time zone. */
export function localWeekday(at: number, timeZone: string): number {
  let name: string;
  try {
    name = new Intl.DateTimeFormat('en-US', { weekday: 'short', timeZone }).format(at);
  } catch {
    name = new Intl.DateTimeFormat('en-US', { weekday: 'short', timeZone: 'UTC' }).format(at);
  }
  return WEEKDAYS.indexOf(name);
}
