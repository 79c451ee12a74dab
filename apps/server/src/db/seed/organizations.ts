/**
 * The fictitious Qingshan County medical alliance (青山县医共体): a root, two
 * county hospitals with departments, three township health centres and their
 * village clinics. Ids are fixed so the seed is idempotent.
 */
export interface SeedOrg {
  id: string;
  parentId: string;
  category: 'company' | 'department';
  enCode: string;
  fullName: string;
  shortName?: string;
}

const o = (id: string, parentId: string, category: SeedOrg['category'], enCode: string, fullName: string, shortName?: string): SeedOrg => ({
  id,
  parentId,
  category,
  enCode,
  fullName,
  ...(shortName ? { shortName } : {}),
});

export const ROOT_ORG = '100000000000000001';

export const seedOrganizations: SeedOrg[] = [
  o(ROOT_ORG, '-1', 'company', 'QSYGT', '青山县医疗健康集团', '青山医共体'),
  o('100000000000000002', ROOT_ORG, 'department', 'QSYGT.XXZX', '信息中心'),
  o('100000000000000003', ROOT_ORG, 'department', 'QSYGT.YWB', '医务部（转诊中心）'),
  // County people's hospital
  o('100000000000000010', ROOT_ORG, 'company', 'QSRMYY', '青山县人民医院', '县人民医院'),
  o('100000000000000011', '100000000000000010', 'department', 'QSRMYY.NK', '内科'),
  o('100000000000000012', '100000000000000010', 'department', 'QSRMYY.WK', '外科'),
  o('100000000000000013', '100000000000000010', 'department', 'QSRMYY.FCK', '妇产科'),
  o('100000000000000014', '100000000000000010', 'department', 'QSRMYY.EK', '儿科'),
  o('100000000000000015', '100000000000000010', 'department', 'QSRMYY.CSK', '超声科'),
  o('100000000000000016', '100000000000000010', 'department', 'QSRMYY.YXK', '医学影像科'),
  o('100000000000000017', '100000000000000010', 'department', 'QSRMYY.KJK', '科教科'),
  // County TCM hospital
  o('100000000000000020', ROOT_ORG, 'company', 'QSZYY', '青山县中医院', '县中医院'),
  o('100000000000000021', '100000000000000020', 'department', 'QSZYY.ZYNK', '中医内科'),
  o('100000000000000022', '100000000000000020', 'department', 'QSZYY.ZJTN', '针灸推拿科'),
  o('100000000000000023', '100000000000000020', 'department', 'QSZYY.KFK', '康复科'),
  // Township health centres and village clinics
  o('100000000000000030', ROOT_ORG, 'company', 'CGZWSY', '青山县城关镇卫生院', '城关镇卫生院'),
  o('100000000000000031', '100000000000000030', 'department', 'CGZWSY.QK', '全科医疗科'),
  o('100000000000000032', '100000000000000030', 'department', 'CGZWSY.GWK', '公共卫生科'),
  o('100000000000000033', '100000000000000030', 'company', 'CGZ.DFC', '东风村卫生室'),
  o('100000000000000034', '100000000000000030', 'company', 'CGZ.LLC', '柳林村卫生室'),
  o('100000000000000040', ROOT_ORG, 'company', 'SQZWSY', '青山县石桥镇卫生院', '石桥镇卫生院'),
  o('100000000000000041', '100000000000000040', 'department', 'SQZWSY.QK', '全科医疗科'),
  o('100000000000000042', '100000000000000040', 'department', 'SQZWSY.GWK', '公共卫生科'),
  o('100000000000000043', '100000000000000040', 'company', 'SQZ.SQC', '石桥村卫生室'),
  o('100000000000000050', ROOT_ORG, 'company', 'HKXWSY', '青山县河口乡卫生院', '河口乡卫生院'),
  o('100000000000000051', '100000000000000050', 'department', 'HKXWSY.QK', '全科医疗科'),
  o('100000000000000052', '100000000000000050', 'company', 'HKX.HKC', '河口村卫生室'),
  o('100000000000000053', '100000000000000050', 'company', 'HKX.TYC', '桃园村卫生室'),
];
