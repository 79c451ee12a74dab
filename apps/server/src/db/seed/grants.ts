import type { RoleCode } from './people.ts';

/** Which menu subtrees each demo role is granted (with all their buttons and columns). */
export const roleGrants: Record<RoleCode, string[]> = {
  sysAdmin: ['system', 'permission', 'onlineDev', 'workFlow', 'dataApps', 'dataCenterHome'],
  countyDoctor: ['healthRecords', 'meetings', 'referral', 'workFlow', 'dataApps'],
  townshipDoctor: ['healthRecords', 'referral', 'familyDoctor', 'course_apply', 'video_demand', 'course_replay', 'workFlow'],
  villageDoctor: ['residentArchives', 'followUps', 'my_service', 'serve_list', 'flowLaunch', 'flowTodo', 'flowDone'],
  ultrasoundDoctor: ['ultrasound', 'workFlow'],
  imagingDoctor: ['imageCentre', 'workFlow'],
  referralCoordinator: ['referral', 'meetings', 'workFlow'],
  trainer: ['training', 'conference_manage', 'conference_apply'],
};

/**
 * Menus a role is granted without their buttons, although a subtree above
 * grants them: the county doctor sees the dictionary page read-only, where the
 * system administrator may add, edit and remove.
 */
export const viewOnlyGrants: Partial<Record<RoleCode, string[]>> = {
  countyDoctor: ['dictDemo'],
};
