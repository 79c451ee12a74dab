import type { Migration } from 'kysely';
import * as m0001 from './0001_foundation.ts';
import * as m0002 from './0002_permission.ts';
import * as m0003 from './0003_system.ts';
import * as m0004 from './0004_file.ts';
import * as m0005 from './0005_permission_list_index.ts';
import * as m0006 from './0006_user_relations_covering.ts';
import * as m0007 from './0007_org_user_order.ts';
import * as m0008 from './0008_signin_throttle.ts';
import * as m0009 from './0009_visualdev.ts';
import * as m0010 from './0010_users_trigram.ts';
import * as m0011 from './0011_report.ts';
import * as m0012 from './0012_portal.ts';
import * as m0013 from './0013_workflow.ts';
import * as m0014 from './0014_flow_draft.ts';
import * as m0015 from './0015_messages.ts';
import * as m0016 from './0016_workflow_actions.ts';
import * as m0018 from './0018_notices.ts';
import * as m0017 from './0017_flow_subflows.ts';
import * as m0019 from './0019_chat.ts';
import * as m0020 from './0020_health_records.ts';
import * as m0021 from './0021_health_chronic.ts';
import * as m0022 from './0022_health_kpi.ts';
import * as m0023 from './0023_health_psy.ts';
import * as m0024 from './0024_health_tb.ts';
import * as m0025 from './0025_health_maternal.ts';
import * as m0026 from './0026_health_child.ts';
import * as m0027 from './0027_health_elderly.ts';
import * as m0028 from './0028_referral.ts';
import * as m0029 from './0029_consult_meetings.ts';
import * as m0030 from './0030_referral_bench_indexes.ts';
import * as m0031 from './0031_health_programme_indexes.ts';
import * as m0032 from './0032_health_open_plans.ts';
import * as m0033 from './0033_imaging_catalog.ts';
import * as m0034 from './0034_imaging_studies.ts';
import * as m0035 from './0035_family_doctor_teams.ts';
import * as m0036 from './0036_family_doctor_contracts.ts';
import * as m0037 from './0037_training.ts';
import * as m0038 from './0038_training_exams.ts';
import * as m0039 from './0039_consult_reminders.ts';

/**
 * Every migration in order. A module adds its tables in its own numbered file;
 * once a migration has landed on main it never changes: add a new one instead.
 */
export const migrations: Record<string, Migration> = {
  '0001_foundation': m0001,
  '0002_permission': m0002,
  '0003_system': m0003,
  '0004_file': m0004,
  '0005_permission_list_index': m0005,
  '0006_user_relations_covering': m0006,
  '0007_org_user_order': m0007,
  '0008_signin_throttle': m0008,
  '0009_visualdev': m0009,
  '0010_users_trigram': m0010,
  '0011_report': m0011,
  '0012_portal': m0012,
  '0013_workflow': m0013,
  '0014_flow_draft': m0014,
  '0015_messages': m0015,
  '0016_workflow_actions': m0016,
  '0018_notices': m0018,
  '0017_flow_subflows': m0017,
  '0019_chat': m0019,
  '0020_health_records': m0020,
  '0021_health_chronic': m0021,
  '0022_health_kpi': m0022,
  '0023_health_psy': m0023,
  '0024_health_tb': m0024,
  '0025_health_maternal': m0025,
  '0026_health_child': m0026,
  '0027_health_elderly': m0027,
  '0028_referral': m0028,
  '0029_consult_meetings': m0029,
  '0030_referral_bench_indexes': m0030,
  '0031_health_programme_indexes': m0031,
  '0032_health_open_plans': m0032,
  '0033_imaging_catalog': m0033,
  '0034_imaging_studies': m0034,
  '0035_family_doctor_teams': m0035,
  '0036_family_doctor_contracts': m0036,
  '0037_training': m0037,
  '0038_training_exams': m0038,
  '0039_consult_reminders': m0039,
};
