import type { RoleCode } from './people.ts';

/**
 * The workflow screens every staff member works in; the monitor (flowMonitor)
 * and the designer (flowEngine) of the same menu folder are the system
 * administrator's only.
 */
const FLOW_USER = ['flowLaunch', 'flowTodo', 'flowDone', 'flowCirculate', 'flowEntrust'];

/** Which menu subtrees each demo role is granted (with all their buttons and columns). */
export const roleGrants: Record<RoleCode, string[]> = {
  sysAdmin: ['system', 'permission', 'onlineDev', 'workFlow', 'dataApps', 'dataCenterHome'],
  countyDoctor: ['healthRecords', 'meetings', 'referral', ...FLOW_USER, 'dataApps'],
  // Township doctors start the seeded outpatient-fee approvals, so they see the outpatient log the flows run over.
  townshipDoctor: [
    'healthRecords',
    'referral',
    'consult_apply',
    'familyDoctor',
    'ultras_regist',
    'ultras_release_query',
    'img_regist',
    'img_publish',
    'course_apply',
    'course_demand',
    'course_comment',
    'video_demand',
    'course_replay',
    'my_exam',
    'outpatientLog',
    ...FLOW_USER,
  ],
  villageDoctor: [
    'residentArchives',
    'archiveMoves',
    'hypertension_manage',
    'diabetes_manage',
    'tuberculosis_manage',
    'psychosis_manage',
    'old_people_manage',
    'referral_apply',
    'consult_apply',
    'followUps',
    'my_service',
    'plan_list',
    'serve_list',
    'course_apply',
    'video_demand',
    'course_replay',
    'my_exam',
    'flowLaunch',
    'flowTodo',
    'flowDone',
  ],
  // Ultrasound readers write from the shared catalogue and templates, which the image centre's menus manage.
  ultrasoundDoctor: ['ultrasound', 'img_check_item', 'img_check_body', 'img_diag_temp_sort', ...FLOW_USER],
  imagingDoctor: ['imageCentre', ...FLOW_USER],
  referralCoordinator: ['referral', 'meetings', ...FLOW_USER],
  trainer: ['training', 'conference_manage', 'conference_apply', ...FLOW_USER],
};

/**
 * Menus a role is granted without their buttons, although a subtree above
 * grants them: the county doctor sees the dictionary page read-only, where the
 * system administrator may add, edit and remove.
 */
export const viewOnlyGrants: Partial<Record<RoleCode, string[]>> = {
  countyDoctor: ['dictDemo'],
};
