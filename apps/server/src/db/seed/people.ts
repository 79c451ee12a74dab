import { ROOT_ORG } from './organizations.ts';

/** Roles, positions and the ~30 demo users (all names and numbers are fictitious). */
export const seedRoles = [
  { id: '200000000000000001', enCode: 'sysAdmin', fullName: '系统管理员', globalMark: 1 },
  { id: '200000000000000002', enCode: 'countyDoctor', fullName: '县级医生', globalMark: 1 },
  { id: '200000000000000003', enCode: 'townshipDoctor', fullName: '乡镇医生', globalMark: 1 },
  { id: '200000000000000004', enCode: 'villageDoctor', fullName: '村医', globalMark: 1 },
  { id: '200000000000000005', enCode: 'ultrasoundDoctor', fullName: '超声医生', globalMark: 1 },
  { id: '200000000000000006', enCode: 'imagingDoctor', fullName: '影像医生', globalMark: 1 },
  { id: '200000000000000007', enCode: 'referralCoordinator', fullName: '转诊协调员', globalMark: 1 },
  { id: '200000000000000008', enCode: 'trainer', fullName: '培训管理员', globalMark: 1 },
] as const;

export type RoleCode = (typeof seedRoles)[number]['enCode'];

export const seedPositions = [
  { id: '300000000000000001', organizeId: ROOT_ORG, enCode: 'P.ADMIN', fullName: '系统运维工程师' },
  { id: '300000000000000002', organizeId: '100000000000000010', enCode: 'P.RM.DEAN', fullName: '院长' },
  { id: '300000000000000003', organizeId: '100000000000000010', enCode: 'P.RM.DIRECTOR', fullName: '科主任' },
  { id: '300000000000000004', organizeId: '100000000000000010', enCode: 'P.RM.ATTENDING', fullName: '主治医师' },
  { id: '300000000000000005', organizeId: '100000000000000010', enCode: 'P.RM.RESIDENT', fullName: '住院医师' },
  { id: '300000000000000006', organizeId: '100000000000000020', enCode: 'P.ZY.DOCTOR', fullName: '中医师' },
  { id: '300000000000000007', organizeId: '100000000000000030', enCode: 'P.CG.GP', fullName: '全科医生' },
  { id: '300000000000000008', organizeId: '100000000000000030', enCode: 'P.CG.PH', fullName: '公卫医生' },
  { id: '300000000000000009', organizeId: '100000000000000040', enCode: 'P.SQ.GP', fullName: '全科医生' },
  { id: '300000000000000010', organizeId: '100000000000000050', enCode: 'P.HK.GP', fullName: '全科医生' },
  { id: '300000000000000011', organizeId: ROOT_ORG, enCode: 'P.VILLAGE', fullName: '乡村医生' },
  { id: '300000000000000012', organizeId: ROOT_ORG, enCode: 'P.COORD', fullName: '转诊协调专员' },
  { id: '300000000000000013', organizeId: '100000000000000010', enCode: 'P.RM.TRAINER', fullName: '培训专员' },
] as const;

export const seedGroups = [
  { id: '400000000000000001', enCode: 'G.FD.CG1', fullName: '城关镇家庭医生一团队', type: 'familyDoctor' },
  { id: '400000000000000002', enCode: 'G.FD.SQ1', fullName: '石桥镇家庭医生团队', type: 'familyDoctor' },
  { id: '400000000000000003', enCode: 'G.EXPERT', fullName: '县级专家会诊组', type: 'consultation' },
] as const;

export interface SeedUser {
  id: string;
  account: string;
  realName: string;
  gender: 1 | 2;
  organizeId: string;
  positionId: string;
  roles: RoleCode[];
  mobilePhone: string;
  isAdministrator?: boolean;
  groups?: string[];
}

let n = 0;
const u = (
  account: string,
  realName: string,
  gender: 1 | 2,
  organizeId: string,
  positionId: string,
  roles: RoleCode[],
  extra: Partial<SeedUser> = {},
): SeedUser => {
  n += 1;
  return {
    id: `5000000000000000${String(n).padStart(2, '0')}`,
    account,
    realName,
    gender,
    organizeId,
    positionId,
    roles,
    mobilePhone: `1380000${String(n).padStart(4, '0')}`,
    ...extra,
  };
};

/** The administrator signs in with admin123, everyone else with demo123 (README lists them). */
export const seedUsers: SeedUser[] = [
  u('admin', '系统管理员', 1, '100000000000000002', '300000000000000001', ['sysAdmin'], { isAdministrator: true }),
  // County people's hospital
  u('zhangwei', '张伟', 1, '100000000000000011', '300000000000000003', ['countyDoctor'], { groups: ['400000000000000003'] }),
  u('liuyang', '刘洋', 2, '100000000000000011', '300000000000000004', ['countyDoctor']),
  u('chenjing', '陈静', 2, '100000000000000012', '300000000000000003', ['countyDoctor'], { groups: ['400000000000000003'] }),
  u('yangfan', '杨帆', 1, '100000000000000012', '300000000000000005', ['countyDoctor']),
  u('zhaomin', '赵敏', 2, '100000000000000013', '300000000000000004', ['countyDoctor']),
  u('sunli', '孙丽', 2, '100000000000000014', '300000000000000004', ['countyDoctor']),
  u('zhoujie', '周杰', 1, '100000000000000015', '300000000000000003', ['ultrasoundDoctor', 'countyDoctor']),
  u('wuqing', '吴青', 2, '100000000000000015', '300000000000000004', ['ultrasoundDoctor']),
  u('zhenghao', '郑浩', 1, '100000000000000015', '300000000000000005', ['ultrasoundDoctor']),
  u('wangfang', '王芳', 2, '100000000000000016', '300000000000000003', ['imagingDoctor', 'countyDoctor']),
  u('fengtao', '冯涛', 1, '100000000000000016', '300000000000000004', ['imagingDoctor']),
  u('heyun', '何芸', 2, '100000000000000003', '300000000000000012', ['referralCoordinator']),
  u('luoxin', '罗欣', 2, '100000000000000017', '300000000000000013', ['trainer']),
  u('huangqiang', '黄强', 1, '100000000000000010', '300000000000000002', ['countyDoctor']),
  // County TCM hospital
  u('linhua', '林华', 1, '100000000000000021', '300000000000000006', ['countyDoctor']),
  u('songyu', '宋雨', 2, '100000000000000022', '300000000000000006', ['countyDoctor']),
  u('tangming', '唐明', 1, '100000000000000023', '300000000000000006', ['countyDoctor']),
  // Township health centres
  u('xuli', '徐丽', 2, '100000000000000031', '300000000000000007', ['townshipDoctor'], { groups: ['400000000000000001'] }),
  u('majun', '马军', 1, '100000000000000032', '300000000000000008', ['townshipDoctor'], { groups: ['400000000000000001'] }),
  u('hujian', '胡健', 1, '100000000000000041', '300000000000000009', ['townshipDoctor'], { groups: ['400000000000000002'] }),
  u('guoping', '郭萍', 2, '100000000000000042', '300000000000000009', ['townshipDoctor'], { groups: ['400000000000000002'] }),
  u('linfeng', '林峰', 1, '100000000000000051', '300000000000000010', ['townshipDoctor']),
  u('xiechun', '谢春', 2, '100000000000000051', '300000000000000010', ['townshipDoctor']),
  // Village clinics
  u('dengshan', '邓山', 1, '100000000000000033', '300000000000000011', ['villageDoctor'], { groups: ['400000000000000001'] }),
  u('caoxia', '曹霞', 2, '100000000000000034', '300000000000000011', ['villageDoctor'], { groups: ['400000000000000001'] }),
  u('pengbo', '彭博', 1, '100000000000000043', '300000000000000011', ['villageDoctor'], { groups: ['400000000000000002'] }),
  u('zengli', '曾莉', 2, '100000000000000052', '300000000000000011', ['villageDoctor']),
  u('xiaoyu', '萧宇', 1, '100000000000000053', '300000000000000011', ['villageDoctor']),
  u('tianye', '田野', 1, '100000000000000031', '300000000000000007', ['townshipDoctor', 'villageDoctor']),
];

export const ADMIN_PASSWORD = 'admin123';
export const DEMO_PASSWORD = 'demo123';
